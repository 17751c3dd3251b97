/* Row kernels: Softmax/LogSoftmax (+backward), LayerNorm/RmsNorm and their
 * residual-add forms (+backward) against double-precision references, for
 * every dtype and ISA, odd sizes, inner > 1 layouts, several blocks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "norm.h"
#include "softmax.h"
#include "vt_util.h"

static vt_buf rand_buf(int dt, int64_t n, double lo, double hi, uint64_t seed)
{
    vt_buf b = vt_alloc(dt, n);
    vt_rng r = {seed};
    for (int64_t i = 0; i < n; i++) vt_set(&b, i, vt_uniform(&r, lo, hi));
    return b;
}
static double *to_d(const vt_buf *b)
{
    double *d = malloc((size_t)(b->n > 0 ? b->n : 1) * 8);
    for (int64_t i = 0; i < b->n; i++) d[i] = vt_get(b, i);
    return d;
}
static vec_buf vb(const vt_buf *b) { return vec_buf_of(b->p, b->dt); }
static const vec_buf NONE = {0};

/* ---- softmax ---- */
static void ref_softmax(const double *x, double *y, int64_t O, int64_t L, int64_t I, int is_log)
{
    for (int64_t o = 0; o < O; o++)
        for (int64_t j = 0; j < I; j++) {
            double m = -INFINITY, s = 0;
            for (int64_t r = 0; r < L; r++) m = fmax(m, x[(o * L + r) * I + j]);
            for (int64_t r = 0; r < L; r++) s += exp(x[(o * L + r) * I + j] - m);
            for (int64_t r = 0; r < L; r++) {
                double v = x[(o * L + r) * I + j] - m;
                y[(o * L + r) * I + j] = is_log ? v - log(s) : exp(v) / s;
            }
        }
}

static void softmax_case(int dt, int64_t O, int64_t L, int64_t I, int is_log, int nblk)
{
    int64_t n = O * L * I;
    vt_buf x = rand_buf(dt, n, -8, 8, 7 + n), y = vt_alloc(dt, n);
    for (int b = 0; b < nblk; b++) {
        int64_t s, e;
        vec_block_range(O * I, b, nblk, 1, &s, &e);
        assert_int_equal(vec_softmax(vb(&x), vb(&y), O, L, I, is_log, s, e), 0);
    }
    double *xd = to_d(&x), *yd = to_d(&y), *g = malloc(n * 8);
    ref_softmax(xd, g, O, L, I, is_log);
    char what[64];
    snprintf(what, sizeof what, "%ssoftmax %lldx%lldx%lld", is_log ? "log_" : "", (long long)O,
             (long long)L, (long long)I);
    assert_true(vt_check(what, dt, yd, g, n, 1.0));
    /* backward with dy random, y the reference output rounded to dt */
    vt_buf dy = rand_buf(dt, n, -1, 1, 99 + n), yy = vt_alloc(dt, n), dx = vt_alloc(dt, n);
    for (int64_t i = 0; i < n; i++) vt_set(&yy, i, g[i]);
    double *dyd = to_d(&dy), *yyd = to_d(&yy), *gd = malloc(n * 8);
    for (int64_t o = 0; o < O; o++)
        for (int64_t j = 0; j < I; j++) {
            double s = 0;
            for (int64_t r = 0; r < L; r++) {
                int64_t k = (o * L + r) * I + j;
                s += is_log ? dyd[k] : dyd[k] * yyd[k];
            }
            for (int64_t r = 0; r < L; r++) {
                int64_t k = (o * L + r) * I + j;
                gd[k] = is_log ? dyd[k] - exp(yyd[k]) * s : yyd[k] * (dyd[k] - s);
            }
        }
    for (int b = 0; b < nblk; b++) {
        int64_t s, e;
        vec_block_range(O * I, b, nblk, 1, &s, &e);
        assert_int_equal(vec_softmax_backward(vb(&dy), vb(&yy), vb(&dx), O, L, I, is_log, s, e), 0);
    }
    double *dxd = to_d(&dx);
    strncat(what, " bwd", sizeof what - strlen(what) - 1);
    /* the sum over a row amplifies input rounding for FP16/BF16 */
    assert_true(vt_check(what, dt, dxd, gd, n, dt == VEC_DT_FLOAT ? 10.0 : 4.0));
    free(xd); free(yd); free(g); free(dyd); free(yyd); free(gd); free(dxd);
    vt_free(&x); vt_free(&y); vt_free(&dy); vt_free(&yy); vt_free(&dx);
}

static void softmax_all(void **state)
{
    static const int64_t shapes[][3] = {{1, 1, 1}, {3, 17, 1}, {5, 1000, 1}, {2, 33, 5},
                                        {3, 7, 130}, {1, 4096, 1}};
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        for (int d = 0; d < VT_NDT; d++)
            for (size_t s = 0; s < 6; s++)
                for (int lg = 0; lg < 2; lg++)
                    softmax_case(vt_dtypes[d], shapes[s][0], shapes[s][1], shapes[s][2], lg, 3);
    }
    vec_isa_force(VEC_ISA_AVX512);
}

static void softmax_special(void **state)
{
    float x[4] = {1.0f, -INFINITY, 2.0f, -INFINITY}, y[4];
    assert_int_equal(vec_softmax(vec_buf_of(x, VEC_DT_FLOAT), vec_buf_of(y, VEC_DT_FLOAT), 1, 4, 1,
                                 0, 0, 1), 0);
    assert_true(y[1] == 0.0f && y[3] == 0.0f && fabs(y[0] + y[2] - 1) < 1e-6);
    x[2] = NAN;
    assert_int_equal(vec_softmax(vec_buf_of(x, VEC_DT_FLOAT), vec_buf_of(y, VEC_DT_FLOAT), 1, 4, 1,
                                 0, 0, 1), 0);
    for (int i = 0; i < 4; i++) assert_true(isnan(y[i]));
    float big[3] = {1e30f, 1e30f, -1e30f};
    assert_int_equal(vec_softmax(vec_buf_of(big, VEC_DT_FLOAT), vec_buf_of(y, VEC_DT_FLOAT), 1, 3, 1,
                                 1, 0, 1), 0);
    assert_true(fabs(y[0] - (float)-log(2.0)) < 1e-6 && fabs(y[2] / -2e30f - 1) < 1e-6);
    double dd[2];
    assert_int_equal(vec_softmax(vec_buf_of(dd, VEC_DT_DOUBLE), vec_buf_of(y, VEC_DT_FLOAT), 1, 2, 1,
                                 0, 0, 1), -1);
    /* DOUBLE: (2, 3, 2) over dim 1, both forms and backward */
    double xd[12], yd[12], gd[12], dyd[12], dxd[12], gdx[12];
    for (int i = 0; i < 12; i++) { xd[i] = i * 0.7 - 3; dyd[i] = 0.1 * i - 0.5; }
    for (int lg = 0; lg < 2; lg++) {
        assert_int_equal(vec_softmax(vec_buf_of(xd, VEC_DT_DOUBLE), vec_buf_of(yd, VEC_DT_DOUBLE), 2, 3,
                                     2, lg, 0, 4), 0);
        ref_softmax(xd, gd, 2, 3, 2, lg);
        for (int i = 0; i < 12; i++) assert_true(fabs(yd[i] - gd[i]) < 1e-14);
        assert_int_equal(vec_softmax_backward(vec_buf_of(dyd, VEC_DT_DOUBLE), vec_buf_of(yd, VEC_DT_DOUBLE),
                                              vec_buf_of(dxd, VEC_DT_DOUBLE), 2, 3, 2, lg, 0, 4), 0);
        for (int o = 0; o < 2; o++)
            for (int j = 0; j < 2; j++) {
                double s = 0;
                for (int r = 0; r < 3; r++) {
                    int k = (o * 3 + r) * 2 + j;
                    s += lg ? dyd[k] : dyd[k] * yd[k];
                }
                for (int r = 0; r < 3; r++) {
                    int k = (o * 3 + r) * 2 + j;
                    gdx[k] = lg ? dyd[k] - exp(yd[k]) * s : yd[k] * (dyd[k] - s);
                }
            }
        for (int i = 0; i < 12; i++) assert_true(fabs(dxd[i] - gdx[i]) < 1e-14);
    }
}

/* ---- layer norm / rms norm ---- */
static void ln_case(int dt, int64_t rows, int64_t n, int with_add, int affine, int nblk)
{
    int64_t tot = rows * n;
    vt_buf x = rand_buf(dt, tot, -3, 5, 11 + tot), x2 = rand_buf(dt, tot, -1, 1, 12 + tot);
    vt_buf g = rand_buf(dt, n, 0.5, 1.5, 13), be = rand_buf(dt, n, -1, 1, 14);
    vt_buf bias = rand_buf(dt, n, -0.5, 0.5, 15);
    vt_buf y = vt_alloc(dt, tot), xo = vt_alloc(dt, tot);
    vt_buf mean = vt_alloc(VEC_DT_FLOAT, rows), rstd = vt_alloc(VEC_DT_FLOAT, rows);
    const double eps = 1e-5;
    for (int b = 0; b < nblk; b++) {
        int64_t s, e;
        vec_block_range(rows, b, nblk, 1, &s, &e);
        assert_int_equal(vec_layer_norm(vb(&x), with_add ? vb(&x2) : NONE,
                                        with_add ? vb(&bias) : NONE, affine ? vb(&g) : NONE,
                                        affine ? vb(&be) : NONE, eps, vb(&y), vb(&mean), vb(&rstd),
                                        with_add ? vb(&xo) : NONE, rows, n, s, e), 0);
    }
    double *xd = to_d(&x), *x2d = to_d(&x2), *gd = to_d(&g), *bd = to_d(&be), *bsd = to_d(&bias);
    double *gold = malloc(tot * 8), *got = to_d(&y), *sum = malloc(tot * 8);
    double *gm = malloc(rows * 8), *gr = malloc(rows * 8);
    for (int64_t r = 0; r < rows; r++) {
        double m = 0, v = 0;
        for (int64_t i = 0; i < n; i++) {
            int64_t k = r * n + i;
            sum[k] = with_add ? xd[k] + x2d[k] + bsd[i] : xd[k];
            m += sum[k];
        }
        m /= n;
        for (int64_t i = 0; i < n; i++) v += (sum[r * n + i] - m) * (sum[r * n + i] - m);
        v /= n;
        double rs = 1 / sqrt(v + eps);
        gm[r] = m;
        gr[r] = rs;
        for (int64_t i = 0; i < n; i++)
            gold[r * n + i] = (sum[r * n + i] - m) * rs * (affine ? gd[i] : 1) + (affine ? bd[i] : 0);
    }
    char what[64];
    snprintf(what, sizeof what, "layer_norm %lldx%lld add=%d", (long long)rows, (long long)n, with_add);
    assert_true(vt_check(what, dt, got, gold, tot, 2.0));
    double *md = to_d(&mean), *rd = to_d(&rstd);
    assert_true(vt_check("ln mean", VEC_DT_FLOAT, md, gm, rows, 10.0));
    assert_true(vt_check("ln rstd", VEC_DT_FLOAT, rd, gr, rows, 10.0));
    if (with_add) {
        double *xod = to_d(&xo);
        assert_true(vt_check("ln x_out", dt, xod, sum, tot, 1.0));
        free(xod);
    }
    /* backward (no add): dy random; mean/rstd from the reference */
    if (!with_add) {
        vt_buf dy = rand_buf(dt, tot, -1, 1, 21), dx = vt_alloc(dt, tot);
        vt_buf dg = vt_alloc(VEC_DT_FLOAT, n), db = vt_alloc(VEC_DT_FLOAT, n);
        for (int64_t r = 0; r < rows; r++) {
            ((float *)mean.p)[r] = (float)gm[r];
            ((float *)rstd.p)[r] = (float)gr[r];
        }
        float *pg = malloc(nblk * n * 4), *pb = malloc(nblk * n * 4);
        for (int b = 0; b < nblk; b++) {
            int64_t s, e;
            vec_block_range(rows, b, nblk, 1, &s, &e);
            assert_int_equal(vec_layer_norm_backward(vb(&dy), vb(&x), vb(&mean), vb(&rstd),
                                                     affine ? vb(&g) : NONE, vb(&dx), pg + b * n,
                                                     pb + b * n, rows, n, s, e), 0);
        }
        assert_int_equal(vec_sum_parts(pg, nblk, n, vb(&dg), 0, n), 0);
        assert_int_equal(vec_sum_parts(pb, nblk, n, vb(&db), 0, n), 0);
        double *dyd = to_d(&dy), *gdx = malloc(tot * 8), *gdg = calloc(n, 8), *gdb = calloc(n, 8);
        for (int64_t r = 0; r < rows; r++) {
            double mg = 0, mgx = 0, rs = (float)gr[r], mu = (float)gm[r];
            for (int64_t i = 0; i < n; i++) {
                int64_t k = r * n + i;
                double xh = (xd[k] - mu) * rs, gg = dyd[k] * (affine ? gd[i] : 1);
                mg += gg;
                mgx += gg * xh;
                gdg[i] += dyd[k] * xh;
                gdb[i] += dyd[k];
            }
            mg /= n;
            mgx /= n;
            for (int64_t i = 0; i < n; i++) {
                int64_t k = r * n + i;
                double xh = (xd[k] - mu) * rs, gg = dyd[k] * (affine ? gd[i] : 1);
                gdx[k] = rs * (gg - mg - xh * mgx);
            }
        }
        double *dxd = to_d(&dx), *dgd = to_d(&dg), *dbd = to_d(&db);
        assert_true(vt_check("ln bwd dx", dt, dxd, gdx, tot, 10.0));
        assert_true(vt_check("ln bwd dgamma", VEC_DT_FLOAT, dgd, gdg, n, 20.0));
        assert_true(vt_check("ln bwd dbeta", VEC_DT_FLOAT, dbd, gdb, n, 20.0));
        free(dyd); free(gdx); free(gdg); free(gdb); free(dxd); free(dgd); free(dbd);
        free(pg); free(pb);
        vt_free(&dy); vt_free(&dx); vt_free(&dg); vt_free(&db);
    }
    free(xd); free(x2d); free(gd); free(bd); free(bsd); free(gold); free(got); free(sum);
    free(gm); free(gr); free(md); free(rd);
    vt_free(&x); vt_free(&x2); vt_free(&g); vt_free(&be); vt_free(&bias); vt_free(&y);
    vt_free(&xo); vt_free(&mean); vt_free(&rstd);
}

static void layer_norm_all(void **state)
{
    static const int64_t shapes[][2] = {{1, 1}, {3, 7}, {5, 64}, {4, 1000}, {2, 4096}};
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        for (int d = 0; d < VT_NDT; d++)
            for (int s = 0; s < 5; s++)
                for (int add = 0; add < 2; add++)
                    ln_case(vt_dtypes[d], shapes[s][0], shapes[s][1], add, (s + add) % 2 == 0 || s == 4, 2);
    }
    vec_isa_force(VEC_ISA_AVX512);
}

static void rms_case(int dt, int64_t rows, int64_t n, int with_add, int nblk)
{
    int64_t tot = rows * n;
    vt_buf x = rand_buf(dt, tot, -3, 3, 31 + tot), x2 = rand_buf(dt, tot, -1, 1, 32 + tot);
    vt_buf g = rand_buf(dt, n, 0.5, 1.5, 33), y = vt_alloc(dt, tot), xo = vt_alloc(dt, tot);
    vt_buf rstd = vt_alloc(VEC_DT_FLOAT, rows);
    const double eps = 1e-6;
    for (int b = 0; b < nblk; b++) {
        int64_t s, e;
        vec_block_range(rows, b, nblk, 1, &s, &e);
        assert_int_equal(vec_rms_norm(vb(&x), with_add ? vb(&x2) : NONE, vb(&g), eps, vb(&y),
                                      vb(&rstd), with_add ? vb(&xo) : NONE, rows, n, s, e), 0);
    }
    double *xd = to_d(&x), *x2d = to_d(&x2), *gd = to_d(&g), *got = to_d(&y), *rd = to_d(&rstd);
    double *gold = malloc(tot * 8), *sum = malloc(tot * 8), *gr = malloc(rows * 8);
    for (int64_t r = 0; r < rows; r++) {
        double q = 0;
        for (int64_t i = 0; i < n; i++) {
            int64_t k = r * n + i;
            sum[k] = with_add ? xd[k] + x2d[k] : xd[k];
            q += sum[k] * sum[k];
        }
        gr[r] = 1 / sqrt(q / n + eps);
        for (int64_t i = 0; i < n; i++) gold[r * n + i] = sum[r * n + i] * gr[r] * gd[i];
    }
    assert_true(vt_check("rms_norm", dt, got, gold, tot, 2.0));
    assert_true(vt_check("rms rstd", VEC_DT_FLOAT, rd, gr, rows, 10.0));
    if (with_add) {
        double *xod = to_d(&xo);
        assert_true(vt_check("add_rms x_out", dt, xod, sum, tot, 1.0));
        free(xod);
    } else {
        vt_buf dy = rand_buf(dt, tot, -1, 1, 41), dx = vt_alloc(dt, tot), dg = vt_alloc(VEC_DT_FLOAT, n);
        float *pg = malloc(nblk * n * 4);
        for (int b = 0; b < nblk; b++) {
            int64_t s, e;
            vec_block_range(rows, b, nblk, 1, &s, &e);
            assert_int_equal(vec_rms_norm_grad(vb(&dy), vb(&x), vb(&rstd), vb(&g), vb(&dx),
                                               pg + b * n, rows, n, s, e), 0);
        }
        assert_int_equal(vec_sum_parts(pg, nblk, n, vb(&dg), 0, n), 0);
        double *dyd = to_d(&dy), *gdx = malloc(tot * 8), *gdg = calloc(n, 8);
        for (int64_t r = 0; r < rows; r++) {
            double rs = ((float *)rstd.p)[r], m = 0;
            for (int64_t i = 0; i < n; i++) m += dyd[r * n + i] * gd[i] * xd[r * n + i];
            m /= n;
            for (int64_t i = 0; i < n; i++) {
                int64_t k = r * n + i;
                gdx[k] = rs * dyd[k] * gd[i] - xd[k] * rs * rs * rs * m;
                gdg[i] += dyd[k] * xd[k] * rs;
            }
        }
        double *dxd = to_d(&dx), *dgd = to_d(&dg);
        assert_true(vt_check("rms grad dx", dt, dxd, gdx, tot, 10.0));
        assert_true(vt_check("rms grad dgamma", VEC_DT_FLOAT, dgd, gdg, n, 20.0));
        free(dyd); free(gdx); free(gdg); free(dxd); free(dgd); free(pg);
        vt_free(&dy); vt_free(&dx); vt_free(&dg);
    }
    free(xd); free(x2d); free(gd); free(got); free(rd); free(gold); free(sum); free(gr);
    vt_free(&x); vt_free(&x2); vt_free(&g); vt_free(&y); vt_free(&xo); vt_free(&rstd);
}

static void rms_norm_all(void **state)
{
    static const int64_t shapes[][2] = {{1, 1}, {3, 7}, {5, 64}, {4, 1000}, {2, 4096}};
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        for (int d = 0; d < VT_NDT; d++)
            for (int s = 0; s < 5; s++)
                for (int add = 0; add < 2; add++)
                    rms_case(vt_dtypes[d], shapes[s][0], shapes[s][1], add, 3);
    }
    vec_isa_force(VEC_ISA_AVX512);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(softmax_all),
        cmocka_unit_test(softmax_special),
        cmocka_unit_test(layer_norm_all),
        cmocka_unit_test(rms_norm_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
