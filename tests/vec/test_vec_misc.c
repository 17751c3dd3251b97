/* Channel-statistics norms (BatchNorm, GroupNorm(+SiLU), InstanceNorm),
 * losses (MSE, NLL, CrossEntropy with label smoothing), Embedding and
 * AdamW against double-precision references written here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "chan_norm.h"
#include "embedding.h"
#include "loss.h"
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

/* element (n, c, s) offset in either layout */
static int64_t at(const vec_nchw *L, int64_t n, int64_t c, int64_t s)
{
    return L->channel_last ? (n * L->S + s) * L->C + c : (n * L->C + c) * L->S + s;
}

static void batch_norm_case(int dt, int64_t N, int64_t C, int64_t S, int cl, int training)
{
    vec_nchw L = {N, C, S, cl};
    int64_t tot = N * C * S;
    vt_buf x = rand_buf(dt, tot, -2, 4, tot + C), y = vt_alloc(dt, tot);
    vt_buf w = rand_buf(VEC_DT_FLOAT, C, 0.5, 1.5, 1), b = rand_buf(VEC_DT_FLOAT, C, -1, 1, 2);
    vt_buf rm = rand_buf(VEC_DT_FLOAT, C, -0.5, 0.5, 3), rv = rand_buf(VEC_DT_FLOAT, C, 0.5, 2, 4);
    vt_buf sm = vt_alloc(VEC_DT_FLOAT, C), si = vt_alloc(VEC_DT_FLOAT, C);
    double *rm0 = to_d(&rm), *rv0 = to_d(&rv), *xd = to_d(&x), *wd = to_d(&w), *bd = to_d(&b);
    const double mom = 0.1, eps = 1e-5;
    for (int blk = 0; blk < 2; blk++) {
        int64_t s, e;
        vec_block_range(C, blk, 2, 1, &s, &e);
        assert_int_equal(vec_batch_norm(vb(&x), vb(&w), vb(&b), vb(&rm), vb(&rv), training, mom, eps,
                                        vb(&y), vb(&sm), vb(&si), 0, &L, s, e), 0);
    }
    double *gy = malloc(tot * 8), *oy = to_d(&y);
    for (int64_t c = 0; c < C; c++) {
        double m = 0, v = 0, cnt = (double)N * S;
        for (int64_t n = 0; n < N; n++)
            for (int64_t s = 0; s < S; s++) m += xd[at(&L, n, c, s)];
        m /= cnt;
        for (int64_t n = 0; n < N; n++)
            for (int64_t s = 0; s < S; s++) v += pow(xd[at(&L, n, c, s)] - m, 2);
        double vb_ = v / cnt, vu = cnt > 1 ? v / (cnt - 1) : vb_;
        double mu = training ? m : rm0[c], var = training ? vb_ : rv0[c];
        for (int64_t n = 0; n < N; n++)
            for (int64_t s = 0; s < S; s++) {
                int64_t k = at(&L, n, c, s);
                gy[k] = (xd[k] - mu) / sqrt(var + eps) * wd[c] + bd[c];
            }
        if (training) {
            assert_true(fabs(((float *)rm.p)[c] - ((1 - mom) * rm0[c] + mom * m)) < 1e-5);
            assert_true(fabs(((float *)rv.p)[c] - ((1 - mom) * rv0[c] + mom * vu)) < 1e-4);
            assert_true(fabs(((float *)sm.p)[c] - m) < 1e-5);
            assert_true(fabs(((float *)si.p)[c] - 1 / sqrt(vb_ + eps)) < 1e-4 / sqrt(vb_ + eps));
        }
    }
    assert_true(vt_check("batch_norm", dt, oy, gy, tot, 4.0));
    /* backward */
    vt_buf dy = rand_buf(dt, tot, -1, 1, 5), dx = vt_alloc(dt, tot);
    vt_buf dw = vt_alloc(VEC_DT_FLOAT, C), db = vt_alloc(VEC_DT_FLOAT, C);
    assert_int_equal(vec_batch_norm_backward(vb(&dy), vb(&x), vb(&w), vb(&rm), vb(&rv), vb(&sm),
                                             vb(&si), training, eps, 0, vb(&dx), vb(&dw), vb(&db),
                                             &L, 0, C), 0);
    double *dyd = to_d(&dy), *gdx = malloc(tot * 8), *gdw = malloc(C * 8), *gdb = malloc(C * 8);
    for (int64_t c = 0; c < C; c++) {
        double mu = training ? ((float *)sm.p)[c] : ((float *)rm.p)[c];
        double is = training ? ((float *)si.p)[c] : 1 / sqrt(((float *)rv.p)[c] + eps);
        double sdy = 0, sdyx = 0, cnt = (double)N * S;
        for (int64_t n = 0; n < N; n++)
            for (int64_t s = 0; s < S; s++) {
                int64_t k = at(&L, n, c, s);
                sdy += dyd[k];
                sdyx += dyd[k] * (xd[k] - mu) * is;
            }
        gdw[c] = sdyx;
        gdb[c] = sdy;
        for (int64_t n = 0; n < N; n++)
            for (int64_t s = 0; s < S; s++) {
                int64_t k = at(&L, n, c, s);
                double xh = (xd[k] - mu) * is;
                gdx[k] = training ? wd[c] * is * (dyd[k] - sdy / cnt - xh * sdyx / cnt)
                                  : dyd[k] * wd[c] * is;
            }
    }
    double *odx = to_d(&dx), *odw = to_d(&dw), *odb = to_d(&db);
    assert_true(vt_check("batch_norm bwd dx", dt, odx, gdx, tot, 10.0));
    assert_true(vt_check("batch_norm bwd dw", VEC_DT_FLOAT, odw, gdw, C, 50.0));
    assert_true(vt_check("batch_norm bwd db", VEC_DT_FLOAT, odb, gdb, C, 50.0));
    free(rm0); free(rv0); free(xd); free(wd); free(bd); free(gy); free(oy);
    free(dyd); free(gdx); free(gdw); free(gdb); free(odx); free(odw); free(odb);
    vt_free(&x); vt_free(&y); vt_free(&w); vt_free(&b); vt_free(&rm); vt_free(&rv);
    vt_free(&sm); vt_free(&si); vt_free(&dy); vt_free(&dx); vt_free(&dw); vt_free(&db);
}

static void batch_norm_all(void **state)
{
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        for (int d = 0; d < VT_NDT; d++)
            for (int cl = 0; cl < 2; cl++)
                for (int tr = 0; tr < 2; tr++) {
                    batch_norm_case(vt_dtypes[d], 2, 3, 35, cl, tr);
                    batch_norm_case(vt_dtypes[d], 4, 5, 1, cl, tr);
                }
    }
    vec_isa_force(VEC_ISA_AVX512);
    /* save_var: saveInvstd holds the biased variance */
    float x[4] = {1, 2, 3, 6}, y[4], sm, sv;
    vec_nchw L = {4, 1, 1, 0};
    assert_int_equal(vec_batch_norm(vec_buf_of(x, VEC_DT_FLOAT), NONE, NONE, NONE, NONE, 1, 0.1,
                                    1e-5, vec_buf_of(y, VEC_DT_FLOAT), vec_buf_of(&sm, VEC_DT_FLOAT),
                                    vec_buf_of(&sv, VEC_DT_FLOAT), 1, &L, 0, 1), 0);
    assert_true(fabs(sm - 3.0f) < 1e-6 && fabs(sv - 3.5f) < 1e-6);
}

static void group_instance_norm(void **state)
{
    for (int d = 0; d < VT_NDT; d++)
        for (int silu = 0; silu < 2; silu++) {
            int dt = vt_dtypes[d];
            vec_nchw L = {2, 6, 13, 0};
            int64_t G = 3, tot = 2 * 6 * 13;
            vt_buf x = rand_buf(dt, tot, -2, 3, 8), y = vt_alloc(dt, tot);
            vt_buf g = rand_buf(dt, 6, 0.5, 1.5, 9), b = rand_buf(dt, 6, -1, 1, 10);
            vt_buf m = vt_alloc(VEC_DT_FLOAT, 2 * G), r = vt_alloc(VEC_DT_FLOAT, 2 * G);
            for (int blk = 0; blk < 4; blk++) {
                int64_t s, e;
                vec_block_range(2 * G, blk, 4, 1, &s, &e);
                assert_int_equal(vec_group_norm(vb(&x), vb(&g), vb(&b), G, 1e-5, silu, vb(&y), vb(&m),
                                                vb(&r), &L, s, e), 0);
            }
            double *xd = to_d(&x), *gd = to_d(&g), *bd = to_d(&b), *oy = to_d(&y), *gy = malloc(tot * 8);
            for (int64_t n = 0; n < 2; n++)
                for (int64_t gi = 0; gi < G; gi++) {
                    int64_t off = (n * 6 + gi * 2) * 13, len = 2 * 13;
                    double mu = 0, v = 0;
                    for (int64_t i = 0; i < len; i++) mu += xd[off + i];
                    mu /= len;
                    for (int64_t i = 0; i < len; i++) v += pow(xd[off + i] - mu, 2);
                    v /= len;
                    assert_true(fabs(((float *)m.p)[n * G + gi] - mu) < 1e-5);
                    assert_true(fabs(((float *)r.p)[n * G + gi] - 1 / sqrt(v + 1e-5)) < 1e-4);
                    for (int64_t i = 0; i < len; i++) {
                        int64_t c = gi * 2 + i / 13;
                        double t = (xd[off + i] - mu) / sqrt(v + 1e-5) * gd[c] + bd[c];
                        gy[off + i] = silu ? t / (1 + exp(-t)) : t;
                    }
                }
            assert_true(vt_check("group_norm", dt, oy, gy, tot, 4.0));
            /* instance norm, both layouts */
            for (int cl = 0; cl < 2; cl++) {
                vec_nchw Li = {2, 6, 13, cl};
                vt_buf mi = vt_alloc(VEC_DT_FLOAT, 12), vi = vt_alloc(VEC_DT_FLOAT, 12);
                assert_int_equal(vec_instance_norm(vb(&x), vb(&g), vb(&b), 1e-5, vb(&y), vb(&mi),
                                                   vb(&vi), &Li, 0, 12), 0);
                double *o2 = to_d(&y);
                for (int64_t n = 0; n < 2; n++)
                    for (int64_t c = 0; c < 6; c++) {
                        double mu = 0, v = 0;
                        for (int64_t s = 0; s < 13; s++) mu += xd[at(&Li, n, c, s)];
                        mu /= 13;
                        for (int64_t s = 0; s < 13; s++) v += pow(xd[at(&Li, n, c, s)] - mu, 2);
                        v /= 13;
                        assert_true(fabs(((float *)mi.p)[n * 6 + c] - mu) < 1e-5);
                        assert_true(fabs(((float *)vi.p)[n * 6 + c] - v) < 1e-4 * (1 + v));
                        for (int64_t s = 0; s < 13; s++) {
                            int64_t k = at(&Li, n, c, s);
                            gy[k] = (xd[k] - mu) / sqrt(v + 1e-5) * gd[c] + bd[c];
                        }
                    }
                assert_true(vt_check("instance_norm", dt, o2, gy, tot, 4.0));
                free(o2);
                vt_free(&mi); vt_free(&vi);
            }
            free(xd); free(gd); free(bd); free(oy); free(gy);
            vt_free(&x); vt_free(&y); vt_free(&g); vt_free(&b); vt_free(&m); vt_free(&r);
        }
    /* group count not dividing C is refused */
    float z[4];
    vec_nchw L = {1, 4, 1, 0};
    assert_int_equal(vec_group_norm(vec_buf_of(z, VEC_DT_FLOAT), NONE, NONE, 3, 1e-5, 0,
                                    vec_buf_of(z, VEC_DT_FLOAT), NONE, NONE, &L, 0, 1), -1);
}

static void mse_loss(void **state)
{
    for (int d = 0; d < VT_NDT; d++) {
        int dt = vt_dtypes[d];
        /* a (5, 7), b (7,) broadcast */
        vt_buf a = rand_buf(dt, 35, -3, 3, 1), b = rand_buf(dt, 7, -3, 3, 2), o = vt_alloc(dt, 35);
        int64_t s57[2] = {5, 7}, s7[1] = {7};
        vec_view av, bv, ov;
        vec_view_init(&av, a.p, dt, 2, s57, NULL);
        vec_view_init(&bv, b.p, dt, 1, s7, NULL);
        vec_view_init(&ov, o.p, dt, 2, s57, NULL);
        assert_int_equal(vec_mse_loss_none(&av, &bv, &ov, 0, 35), 0);
        double *ad = to_d(&a), *bd = to_d(&b), *od = to_d(&o), g[35], tot = 0;
        for (int i = 0; i < 35; i++) {
            g[i] = pow(ad[i] - bd[i % 7], 2);
            tot += g[i];
        }
        assert_true(vt_check("mse none", dt, od, g, 35, 1.0));
        double parts[3];
        for (int blk = 0; blk < 3; blk++) {
            int64_t s, e;
            vec_block_range(35, blk, 3, 1, &s, &e);
            assert_int_equal(vec_mse_loss_partial(&av, &bv, &ov, s, e, &parts[blk]), 0);
        }
        for (int red = 1; red <= 2; red++) {
            vt_buf out = vt_alloc(dt, 1);
            assert_int_equal(vec_mse_loss_finish(parts, 3, red, 35, vb(&out)), 0);
            double got = vt_get(&out, 0), want = red == 1 ? tot / 35 : tot;
            assert_true(vt_check("mse reduce", dt, &got, &want, 1, 1.0));
            /* backward with a scalar dy */
            vt_buf dy = vt_alloc(dt, 1), dx = vt_alloc(dt, 35);
            vt_set(&dy, 0, 0.75);
            int64_t s1[1] = {1};
            vec_view dyv, dxv;
            vec_view_init(&dyv, dy.p, dt, 1, s1, NULL);
            vec_view_init(&dxv, dx.p, dt, 2, s57, NULL);
            assert_int_equal(vec_mse_loss_backward(&dyv, &av, &bv, &dxv, red, 35, 0, 35), 0);
            double gx[35], *ox = to_d(&dx);
            for (int i = 0; i < 35; i++)
                gx[i] = 2 * (ad[i] - bd[i % 7]) * vt_get(&dy, 0) / (red == 1 ? 35.0 : 1.0);
            assert_true(vt_check("mse bwd", dt, ox, gx, 35, 1.0));
            free(ox);
            vt_free(&out); vt_free(&dy); vt_free(&dx);
        }
        free(ad); free(bd); free(od);
        vt_free(&a); vt_free(&b); vt_free(&o);
    }
}

static void nll_and_ce(void **state)
{
    const int64_t N = 9, C = 11, IGN = -100;
    int64_t tgt[9] = {0, 3, 10, -100, 5, 5, 1, 9, 2};
    vec_buf tb = vec_buf_of(tgt, VEC_DT_INT64);
    for (int d = 0; d < VT_NDT; d++)
        for (int weighted = 0; weighted < 2; weighted++) {
            int dt = vt_dtypes[d];
            vt_buf x = rand_buf(dt, N * C, -3, 3, 40 + d), w = rand_buf(VEC_DT_FLOAT, C, 0.2, 2, 41);
            vec_buf wb = weighted ? vb(&w) : NONE;
            double *xd = to_d(&x), *wd = to_d(&w);
            /* NLL on x as log-probs */
            vt_buf none = vt_alloc(dt, N), out = vt_alloc(dt, 1), twt = vt_alloc(VEC_DT_FLOAT, 1);
            vec_nll_part parts[2];
            for (int blk = 0; blk < 2; blk++) {
                int64_t s, e;
                vec_block_range(N, blk, 2, 1, &s, &e);
                assert_int_equal(vec_nll_loss(vb(&x), tb, wb, N, C, IGN, vb(&none), s, e, &parts[blk]), 0);
            }
            double ls = 0, ws = 0, gn[9];
            for (int64_t n = 0; n < N; n++) {
                gn[n] = 0;
                if (tgt[n] == IGN) continue;
                double wt = weighted ? wd[tgt[n]] : 1;
                gn[n] = -wt * xd[n * C + tgt[n]];
                ls += gn[n];
                ws += wt;
            }
            double *on = to_d(&none);
            assert_true(vt_check("nll none", dt, on, gn, N, 1.0));
            assert_int_equal(vec_nll_loss_finish(parts, 2, 1, vb(&out), vb(&twt)), 0);
            double got = vt_get(&out, 0), want = ls / ws;
            assert_true(vt_check("nll mean", dt, &got, &want, 1, 1.0));
            assert_true(fabs(((float *)twt.p)[0] - ws) < 1e-5);
            /* NLL backward, mean */
            vt_buf dy = vt_alloc(dt, 1), dx = vt_alloc(dt, N * C);
            vt_set(&dy, 0, 1.0);
            assert_int_equal(vec_nll_loss_backward(vb(&dy), tb, wb, vb(&twt), N, C, IGN, 1, vb(&dx), 0, N), 0);
            double *odx = to_d(&dx), *gdx = calloc(N * C, 8);
            for (int64_t n = 0; n < N; n++)
                if (tgt[n] != IGN) gdx[n * C + tgt[n]] = -(weighted ? wd[tgt[n]] : 1) / ws;
            assert_true(vt_check("nll bwd", dt, odx, gdx, N * C, 1.0));
            /* CE with label smoothing on logits x */
            const double eps = 0.1;
            vt_buf lp = vt_alloc(dt, N * C), lse = vt_alloc(VEC_DT_FLOAT, N), cnone = vt_alloc(dt, N);
            vec_ce_part cp[3];
            for (int blk = 0; blk < 3; blk++) {
                int64_t s, e;
                vec_block_range(N, blk, 3, 1, &s, &e);
                assert_int_equal(vec_cross_entropy(vb(&x), tb, wb, N, C, IGN, eps, vb(&lp), vb(&lse),
                                                   vb(&cnone), s, e, &cp[blk]), 0);
            }
            double glp[9 * 11], gl[9], a = 0, bsum = 0, wsum = 0;
            for (int64_t n = 0; n < N; n++) {
                double m = -INFINITY, s = 0;
                for (int64_t c = 0; c < C; c++) m = fmax(m, xd[n * C + c]);
                for (int64_t c = 0; c < C; c++) s += exp(xd[n * C + c] - m);
                for (int64_t c = 0; c < C; c++) glp[n * C + c] = xd[n * C + c] - m - log(s);
                gl[n] = 0;
                if (tgt[n] == IGN) continue;
                double wt = weighted ? wd[tgt[n]] : 1, sm = 0;
                for (int64_t c = 0; c < C; c++) sm -= (weighted ? wd[c] : 1) * glp[n * C + c];
                sm /= C;
                double nl = -wt * glp[n * C + tgt[n]];
                gl[n] = (1 - eps) * nl + eps * sm;
                a += nl;
                bsum += sm;
                wsum += wt;
            }
            double *olp = to_d(&lp), *ocn = to_d(&cnone);
            assert_true(vt_check("ce log_prob", dt, olp, glp, N * C, 1.0));
            assert_true(vt_check("ce none", dt, ocn, gl, N, 2.0));
            vt_buf cm = vt_alloc(dt, 1);
            assert_int_equal(vec_cross_entropy_finish(cp, 3, 1, eps, vb(&cm)), 0);
            got = vt_get(&cm, 0);
            want = ((1 - eps) * a + eps * bsum) / wsum;
            assert_true(vt_check("ce mean", dt, &got, &want, 1, 2.0));
            /* CE grad (mean) from the kernel's own log_prob: compare with
             * the analytic softmax-minus-target form in double */
            assert_int_equal(vec_cross_entropy_backward(vb(&dy), vb(&lp), tb, wb, N, C, IGN, eps, 1,
                                                        wsum, vb(&dx), 0, N), 0);
            double *ocg = to_d(&dx), *gcg = calloc(N * C, 8), wall = 0;
            for (int64_t c = 0; c < C; c++) wall += weighted ? wd[c] : 1;
            for (int64_t n = 0; n < N; n++) {
                if (tgt[n] == IGN) continue;
                double wt = weighted ? wd[tgt[n]] : 1;
                for (int64_t c = 0; c < C; c++) {
                    double p = exp(glp[n * C + c]), wc = weighted ? wd[c] : 1;
                    gcg[n * C + c] = (p * ((1 - eps) * wt + eps * wall / C) - eps * wc / C -
                                      (c == tgt[n] ? (1 - eps) * wt : 0)) / wsum;
                }
            }
            assert_true(vt_check("ce grad", dt, ocg, gcg, N * C, 4.0));
            free(xd); free(wd); free(on); free(odx); free(gdx); free(olp); free(ocn); free(ocg); free(gcg);
            vt_free(&x); vt_free(&w); vt_free(&none); vt_free(&out); vt_free(&twt); vt_free(&dy);
            vt_free(&dx); vt_free(&lp); vt_free(&lse); vt_free(&cnone); vt_free(&cm);
        }
    /* a target outside [0, C) is reported */
    float xx[4] = {0, 0, 0, 0}, l;
    int64_t bad = 7;
    vec_nll_part part;
    assert_int_equal(vec_nll_loss(vec_buf_of(xx, VEC_DT_FLOAT), vec_buf_of(&bad, VEC_DT_INT64), NONE,
                                  1, 4, -100, vec_buf_of(&l, VEC_DT_FLOAT), 0, 1, &part), -3);
    assert_true(l == 0.0f);
}

static void embedding_and_adamw(void **state)
{
    /* gather rows of an INT16 table */
    int16_t wtab[4 * 3];
    for (int i = 0; i < 12; i++) wtab[i] = (int16_t)(i * 7 - 20);
    int32_t idx[5] = {3, 0, 3, 2, 1};
    int16_t out[15];
    assert_int_equal(vec_embedding(vec_buf_of(wtab, VEC_DT_INT16), 4, 3, vec_buf_of(idx, VEC_DT_INT32),
                                   vec_buf_of(out, VEC_DT_INT16), 0, 5), 0);
    for (int i = 0; i < 5; i++)
        for (int d = 0; d < 3; d++) assert_int_equal(out[i * 3 + d], wtab[idx[i] * 3 + d]);
    idx[1] = -1;
    assert_int_equal(vec_embedding(vec_buf_of(wtab, VEC_DT_INT16), 4, 3, vec_buf_of(idx, VEC_DT_INT32),
                                   vec_buf_of(out, VEC_DT_INT16), 0, 5), -3);
    idx[1] = 0;
    /* dense backward with padding_idx 2 and scale by frequency */
    for (int sf = 0; sf < 2; sf++) {
        float grad[15], o[12];
        for (int i = 0; i < 15; i++) grad[i] = (float)i * 0.5f - 3;
        for (int blk = 0; blk < 3; blk++) {
            int64_t s, e;
            vec_block_range(4, blk, 3, 1, &s, &e);
            assert_int_equal(vec_embedding_dense_backward(vec_buf_of(grad, VEC_DT_FLOAT),
                                                          vec_buf_of(idx, VEC_DT_INT32), 5, 3, 4, 2, sf,
                                                          vec_buf_of(o, VEC_DT_FLOAT), s, e), 0);
        }
        double want[12] = {0};
        int cnt[4] = {0};
        for (int i = 0; i < 5; i++) cnt[idx[i]]++;
        for (int i = 0; i < 5; i++)
            if (idx[i] != 2)
                for (int d = 0; d < 3; d++)
                    want[idx[i] * 3 + d] += grad[i * 3 + d] / (sf ? cnt[idx[i]] : 1);
        for (int i = 0; i < 12; i++) assert_true(fabs(o[i] - want[i]) < 1e-6);
    }
    /* AdamW, amsgrad and maximize variants, FP32 and BF16 */
    for (int d = 0; d < VT_NDT; d++)
        for (int ams = 0; ams < 2; ams++) {
            int dt = vt_dtypes[d];
            const int64_t n = 37;
            vt_buf var = rand_buf(dt, n, -1, 1, 1), m = rand_buf(dt, n, -0.1, 0.1, 2);
            vt_buf v = rand_buf(dt, n, 0, 0.01, 3), vm = rand_buf(dt, n, 0, 0.02, 4);
            vt_buf g = rand_buf(dt, n, -1, 1, 5);
            double *v0 = to_d(&var), *m0 = to_d(&m), *q0 = to_d(&v), *x0 = to_d(&vm), *g0 = to_d(&g);
            vec_adamw h = {1e-3f, 0.9f, 0.999f, 0.01f, 1e-8f, 3.0, ams, ams};
            assert_int_equal(vec_apply_adamw(vb(&var), vb(&m), vb(&v), ams ? vb(&vm) : NONE, vb(&g),
                                             &h, 0, n), 0);
            double gv[37], gm[37], gq[37];
            for (int64_t i = 0; i < n; i++) {
                double gr = ams ? -g0[i] : g0[i];
                double p = v0[i] * (1 - 1e-3 * 0.01);
                gm[i] = 0.9 * m0[i] + 0.1 * gr;
                gq[i] = 0.999 * q0[i] + 0.001 * gr * gr;
                double vd = ams ? fmax(x0[i], gq[i]) : gq[i];
                double den = sqrt(vd) / sqrt(1 - pow(0.999, 3)) + 1e-8;
                gv[i] = p - 1e-3 / (1 - pow(0.9, 3)) * gm[i] / den;
            }
            double *ov = to_d(&var), *om = to_d(&m), *oq = to_d(&v);
            assert_true(vt_check("adamw var", dt, ov, gv, n, 1.0));
            assert_true(vt_check("adamw m", dt, om, gm, n, 1.0));
            assert_true(vt_check("adamw v", dt, oq, gq, n, 1.0));
            free(v0); free(m0); free(q0); free(x0); free(g0); free(ov); free(om); free(oq);
            vt_free(&var); vt_free(&m); vt_free(&v); vt_free(&vm); vt_free(&g);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(batch_norm_all),
        cmocka_unit_test(group_instance_norm),
        cmocka_unit_test(mse_loss),
        cmocka_unit_test(nll_and_ce),
        cmocka_unit_test(embedding_and_adamw),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
