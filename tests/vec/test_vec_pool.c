/* Pooling kernels against direct double-precision loops with PyTorch's
 * window rules: max (indices, NaN, dilation, ceil mode), avg
 * (count_include_pad, divisor_override, ceil mode), adaptive avg/max, and
 * the backward passes; every dtype, every ISA. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "pool.h"
#include "vt_util.h"

static int64_t out_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, int ceil_mode)
{
    double v = (double)(in + 2 * p - d * (k - 1) - 1) / (double)s;
    int64_t o = (int64_t)(ceil_mode ? ceil(v) : floor(v)) + 1;
    if (ceil_mode && (o - 1) * s >= in + p) o--;
    return o;
}

static vt_buf rand_buf(int dt, int64_t n, uint64_t seed)
{
    vt_buf b = vt_alloc(dt, n);
    vt_rng r = {seed};
    for (int64_t i = 0; i < n; i++) vt_set(&b, i, vt_uniform(&r, -4, 4));
    return b;
}

typedef struct { int64_t planes, H, W, k, s, p, d; int ceil; } pcase;
static const pcase pcases[] = {
    {3, 7, 9, 3, 2, 1, 1, 0},  {2, 8, 8, 2, 2, 0, 1, 0},  {2, 11, 10, 3, 2, 1, 1, 1},
    {1, 13, 17, 3, 1, 1, 2, 0}, {4, 5, 5, 5, 3, 2, 1, 1}, {1, 1, 1, 1, 1, 0, 1, 0},
    {2, 40, 37, 3, 2, 1, 1, 0},
};

static void max_case(int dt, const pcase *c, int idx64)
{
    vec_pool2d p = {0};
    p.H = c->H; p.W = c->W; p.kh = p.kw = c->k; p.sh = p.sw = c->s; p.ph = p.pw = c->p;
    p.dh = p.dw = c->d; p.ceil_mode = c->ceil;
    p.OH = out_size(c->H, c->k, c->s, c->p, c->d, c->ceil);
    p.OW = out_size(c->W, c->k, c->s, c->p, c->d, c->ceil);
    assert_int_equal(vec_pool_out_size(c->H, c->k, c->s, c->p, c->d, c->ceil), p.OH);
    int64_t nin = c->planes * c->H * c->W, nout = c->planes * p.OH * p.OW;
    vt_buf x = rand_buf(dt, nin, 3 + nin), y = vt_alloc(dt, nout);
    /* a few NaNs and ties */
    if (nin > 20) {
        vt_set(&x, 5, NAN);
        vt_set(&x, 11, 1.5);
        vt_set(&x, 12, 1.5);
    }
    void *idx = calloc(nout, 8);
    vec_buf ib = vec_buf_of(idx, idx64 ? VEC_DT_INT64 : VEC_DT_INT32);
    for (int b = 0; b < 2; b++) {
        int64_t s, e;
        vec_block_range(c->planes, b, 2, 1, &s, &e);
        assert_int_equal(vec_max_pool2d(vec_buf_of(x.p, dt), vec_buf_of(y.p, dt), ib, &p, s, e), 0);
    }
    for (int64_t pl = 0; pl < c->planes; pl++)
        for (int64_t oh = 0; oh < p.OH; oh++)
            for (int64_t ow = 0; ow < p.OW; ow++) {
                double best = -INFINITY;
                int64_t bi = -1;
                for (int64_t i = 0; i < c->k; i++)
                    for (int64_t j = 0; j < c->k; j++) {
                        int64_t h = oh * c->s - c->p + i * c->d, w = ow * c->s - c->p + j * c->d;
                        if (h < 0 || h >= c->H || w < 0 || w >= c->W) continue;
                        double v = vt_get(&x, (pl * c->H + h) * c->W + w);
                        if (bi < 0) bi = h * c->W + w;
                        if (v > best || isnan(v)) { best = v; bi = h * c->W + w; }
                    }
                int64_t o = (pl * p.OH + oh) * p.OW + ow;
                double got = vt_get(&y, o);
                int64_t gi = idx64 ? ((int64_t *)idx)[o] : ((int32_t *)idx)[o];
                if (!(isnan(best) ? isnan(got) : got == best) || gi != bi)
                    fail_msg("maxpool %s plane %lld (%lld,%lld): got %g@%lld want %g@%lld",
                             vt_dt_name(dt), (long long)pl, (long long)oh, (long long)ow, got,
                             (long long)gi, best, (long long)bi);
            }
    /* backward: scatter-add of dy at the indices */
    vt_buf dy = rand_buf(dt, nout, 77), dx = vt_alloc(dt, nin);
    assert_int_equal(vec_max_pool2d_backward(vec_buf_of(dy.p, dt), ib, vec_buf_of(dx.p, dt), &p, 0,
                                             c->planes), 0);
    double *gold = calloc(nin, 8), *got = malloc(nin * 8);
    for (int64_t pl = 0; pl < c->planes; pl++)
        for (int64_t o = 0; o < p.OH * p.OW; o++) {
            int64_t gi = idx64 ? ((int64_t *)idx)[pl * p.OH * p.OW + o]
                               : ((int32_t *)idx)[pl * p.OH * p.OW + o];
            gold[pl * c->H * c->W + gi] += vt_get(&dy, pl * p.OH * p.OW + o);
        }
    for (int64_t i = 0; i < nin; i++) got[i] = vt_get(&dx, i);
    assert_true(vt_check("maxpool bwd", dt, got, gold, nin, 2.0));
    free(gold); free(got); free(idx);
    vt_free(&x); vt_free(&y); vt_free(&dy); vt_free(&dx);
}

static void max_pool_all(void **state)
{
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        for (int d = 0; d < VT_NDT; d++)
            for (size_t c = 0; c < sizeof(pcases) / sizeof(pcases[0]); c++)
                max_case(vt_dtypes[d], &pcases[c], (int)(c & 1));
    }
    vec_isa_force(VEC_ISA_AVX512);
}

static void avg_case(int dt, const pcase *c, int cip, int64_t divov)
{
    vec_pool2d p = {0};
    p.H = c->H; p.W = c->W; p.kh = p.kw = c->k; p.sh = p.sw = c->s; p.ph = p.pw = c->p;
    p.dh = p.dw = 1; p.ceil_mode = c->ceil; p.count_include_pad = cip; p.divisor_override = divov;
    p.OH = out_size(c->H, c->k, c->s, c->p, 1, c->ceil);
    p.OW = out_size(c->W, c->k, c->s, c->p, 1, c->ceil);
    int64_t nin = c->planes * c->H * c->W, nout = c->planes * p.OH * p.OW;
    vt_buf x = rand_buf(dt, nin, 5 + nin), y = vt_alloc(dt, nout);
    assert_int_equal(vec_avg_pool2d(vec_buf_of(x.p, dt), vec_buf_of(y.p, dt), &p, 0, c->planes), 0);
    double *gold = malloc(nout * 8), *got = malloc(nout * 8), *div = malloc(nout * 8);
    for (int64_t pl = 0; pl < c->planes; pl++)
        for (int64_t oh = 0; oh < p.OH; oh++)
            for (int64_t ow = 0; ow < p.OW; ow++) {
                /* torch: window clipped to the padded input for the pool size */
                int64_t h0 = oh * c->s - c->p, w0 = ow * c->s - c->p;
                int64_t h1 = h0 + c->k < c->H + c->p ? h0 + c->k : c->H + c->p;
                int64_t w1 = w0 + c->k < c->W + c->p ? w0 + c->k : c->W + c->p;
                double psz = (double)((h1 - h0) * (w1 - w0)), s = 0, cnt = 0;
                for (int64_t h = h0; h < h1; h++)
                    for (int64_t w = w0; w < w1; w++)
                        if (h >= 0 && h < c->H && w >= 0 && w < c->W) {
                            s += vt_get(&x, (pl * c->H + h) * c->W + w);
                            cnt++;
                        }
                int64_t o = (pl * p.OH + oh) * p.OW + ow;
                div[o] = divov ? (double)divov : cip ? psz : cnt;
                gold[o] = cnt > 0 ? s / div[o] : 0;
                got[o] = vt_get(&y, o);
            }
    assert_true(vt_check("avgpool", dt, got, gold, nout, 2.0));
    vt_buf dy = rand_buf(dt, nout, 9), dx = vt_alloc(dt, nin);
    assert_int_equal(vec_avg_pool2d_backward(vec_buf_of(dy.p, dt), vec_buf_of(dx.p, dt), &p, 0,
                                             c->planes), 0);
    double *gx = calloc(nin, 8), *gotx = malloc(nin * 8);
    for (int64_t pl = 0; pl < c->planes; pl++)
        for (int64_t oh = 0; oh < p.OH; oh++)
            for (int64_t ow = 0; ow < p.OW; ow++) {
                int64_t o = (pl * p.OH + oh) * p.OW + ow;
                for (int64_t h = oh * c->s - c->p; h < oh * c->s - c->p + c->k; h++)
                    for (int64_t w = ow * c->s - c->p; w < ow * c->s - c->p + c->k; w++)
                        if (h >= 0 && h < c->H && w >= 0 && w < c->W)
                            gx[(pl * c->H + h) * c->W + w] += vt_get(&dy, o) / div[o];
            }
    for (int64_t i = 0; i < nin; i++) gotx[i] = vt_get(&dx, i);
    assert_true(vt_check("avgpool bwd", dt, gotx, gx, nin, 2.0));
    free(gold); free(got); free(div); free(gx); free(gotx);
    vt_free(&x); vt_free(&y); vt_free(&dy); vt_free(&dx);
}

static void avg_pool_all(void **state)
{
    for (int d = 0; d < VT_NDT; d++)
        for (size_t c = 0; c < sizeof(pcases) / sizeof(pcases[0]); c++) {
            if (pcases[c].d != 1) continue;
            avg_case(vt_dtypes[d], &pcases[c], 1, 0);
            avg_case(vt_dtypes[d], &pcases[c], 0, 0);
            avg_case(vt_dtypes[d], &pcases[c], 0, 7);
        }
}

static void adaptive_all(void **state)
{
    static const int64_t sz[][4] = {{7, 9, 3, 4}, {8, 8, 8, 8}, {5, 13, 1, 1}, {10, 10, 3, 7}, {3, 2, 5, 4}};
    for (int d = 0; d < VT_NDT; d++)
        for (int c = 0; c < 5; c++) {
            int dt = vt_dtypes[d];
            vec_pool2d p = {0};
            p.H = sz[c][0]; p.W = sz[c][1]; p.OH = sz[c][2]; p.OW = sz[c][3];
            int64_t planes = 3, nin = planes * p.H * p.W, nout = planes * p.OH * p.OW;
            vt_buf x = rand_buf(dt, nin, 17 + c), ya = vt_alloc(dt, nout), ym = vt_alloc(dt, nout);
            int64_t *idx = malloc(nout * 8);
            assert_int_equal(vec_adaptive_avg_pool2d(vec_buf_of(x.p, dt), vec_buf_of(ya.p, dt), &p, 0, planes), 0);
            assert_int_equal(vec_adaptive_max_pool2d(vec_buf_of(x.p, dt), vec_buf_of(ym.p, dt),
                                                     vec_buf_of(idx, VEC_DT_INT64), &p, 0, planes), 0);
            double *ga = malloc(nout * 8), *gm = malloc(nout * 8), *oa = malloc(nout * 8), *om = malloc(nout * 8);
            for (int64_t pl = 0; pl < planes; pl++)
                for (int64_t i = 0; i < p.OH; i++)
                    for (int64_t j = 0; j < p.OW; j++) {
                        int64_t hs = (int64_t)floor((double)i * p.H / p.OH);
                        int64_t he = (int64_t)ceil((double)(i + 1) * p.H / p.OH);
                        int64_t ws = (int64_t)floor((double)j * p.W / p.OW);
                        int64_t we = (int64_t)ceil((double)(j + 1) * p.W / p.OW);
                        double s = 0, m = -INFINITY;
                        int64_t mi = -1;
                        for (int64_t h = hs; h < he; h++)
                            for (int64_t w = ws; w < we; w++) {
                                double v = vt_get(&x, (pl * p.H + h) * p.W + w);
                                s += v;
                                if (mi < 0 || v > m) { m = v; mi = h * p.W + w; }
                            }
                        int64_t o = (pl * p.OH + i) * p.OW + j;
                        ga[o] = s / (double)((he - hs) * (we - ws));
                        gm[o] = m;
                        oa[o] = vt_get(&ya, o);
                        om[o] = vt_get(&ym, o);
                        assert_int_equal(idx[o], mi);
                    }
            assert_true(vt_check("adaptive avg", dt, oa, ga, nout, 2.0));
            assert_true(vt_check("adaptive max", dt, om, gm, nout, 1.0));
            /* adaptive avg backward: each input gets dy/area of every window covering it */
            vt_buf dy = rand_buf(dt, nout, 23), dx = vt_alloc(dt, nin);
            assert_int_equal(vec_adaptive_avg_pool2d_backward(vec_buf_of(dy.p, dt), vec_buf_of(dx.p, dt), &p, 0, planes), 0);
            double *gx = calloc(nin, 8), *ox = malloc(nin * 8);
            for (int64_t pl = 0; pl < planes; pl++)
                for (int64_t i = 0; i < p.OH; i++)
                    for (int64_t j = 0; j < p.OW; j++) {
                        int64_t hs = (int64_t)floor((double)i * p.H / p.OH), he = (int64_t)ceil((double)(i + 1) * p.H / p.OH);
                        int64_t ws = (int64_t)floor((double)j * p.W / p.OW), we = (int64_t)ceil((double)(j + 1) * p.W / p.OW);
                        double g = vt_get(&dy, (pl * p.OH + i) * p.OW + j) / (double)((he - hs) * (we - ws));
                        for (int64_t h = hs; h < he; h++)
                            for (int64_t w = ws; w < we; w++) gx[(pl * p.H + h) * p.W + w] += g;
                    }
            for (int64_t i = 0; i < nin; i++) ox[i] = vt_get(&dx, i);
            assert_true(vt_check("adaptive avg bwd", dt, ox, gx, nin, 2.0));
            free(ga); free(gm); free(oa); free(om); free(idx); free(gx); free(ox);
            vt_free(&x); vt_free(&ya); vt_free(&ym); vt_free(&dy); vt_free(&dx);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(max_pool_all),
        cmocka_unit_test(avg_pool_all),
        cmocka_unit_test(adaptive_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
