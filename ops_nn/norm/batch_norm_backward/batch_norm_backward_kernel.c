/* BatchNormGrad kernel, per channel c with xhat = (x - mean) * invstd over M = N*S elements:
 *   training:  dx = w * invstd * (dy - sum(dy)/M - xhat * sum(dy*xhat)/M)
 *   inference: dx = w * invstd * dy (running statistics are constants; x may be absent when
 *              only dx is asked for)
 *   dw = sum(dy * xhat), db = sum(dy).
 * An absent statistic reads as the real ops' fill: mean 0, variance (or saveInvstd) 1. */
#include <math.h>
#include <string.h>

#include "batch_norm_backward_args.h"
#include "nn_kernel.h"

static int batch_norm_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(batch_norm_backward_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const batch_norm_backward_args *a = (const batch_norm_backward_args *)args;
    int64_t c0, c1, N = a->N, C = a->C, S = a->S;
    nn_block_items(C, a->ch_per_block, blk, &c0, &c1);
    float *xr = (float *)aclemu_worker_scratch((size_t)(S ? S : 1) * 2 * sizeof(float));
    if (!xr)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *gr = xr + S;
    const char *xp = (const char *)nn_ptr(&a->x), *gp = (const char *)nn_ptr(&a->dy);
    char *dxp = (char *)nn_ptr(&a->dx);
    int64_t xes = (int64_t)aclemu_kdtype_size(a->x.dtype), ges = (int64_t)aclemu_kdtype_size(a->dy.dtype);
    int64_t des = a->dx.present ? (int64_t)aclemu_kdtype_size(a->dx.dtype) : 0;
    double M = (double)N * (double)S;
    for (int64_t c = c0; c < c1; c++) {
        double mean, invstd;
        if (a->training) { /* absent statistics (FastBatchNormBackward): mean 0, saveInvstd 1 */
            mean = a->sm.present ? nn_load(&a->sm, c) : 0.0;
            double v = a->si.present ? nn_load(&a->si, c) : 1.0;
            invstd = a->invstd_is_var ? 1.0 / sqrt(v + a->eps) : v;
        } else { /* absent runningMean 0 (BnInferGrad has none), runningVar 1 */
            mean = a->rm.present ? nn_load(&a->rm, c) : 0.0;
            invstd = 1.0 / sqrt((a->rv.present ? nn_load(&a->rv, c) : 1.0) + a->eps);
        }
        double sdy = 0, sdyx = 0;
        for (int64_t n = 0; xp && n < N; n++) { /* no sums without x (BnInferGrad) */
            int64_t off = (n * C + c) * S;
            aclemu_load_f32(xr, xp + off * xes, a->x.dtype, xes, S);
            aclemu_load_f32(gr, gp + off * ges, a->dy.dtype, ges, S);
            for (int64_t i = 0; i < S; i++) {
                sdy += gr[i];
                sdyx += gr[i] * (((double)xr[i] - mean) * invstd);
            }
        }
        double w = a->w.present ? nn_load(&a->w, c) : 1.0;
        if (a->dx.present) {
            double k = w * invstd;
            double mdy = a->training ? sdy / M : 0.0, mdyx = a->training ? sdyx / M : 0.0;
            for (int64_t n = 0; n < N; n++) {
                int64_t off = (n * C + c) * S;
                if (xp)
                    aclemu_load_f32(xr, xp + off * xes, a->x.dtype, xes, S);
                else
                    memset(xr, 0, (size_t)S * sizeof(float));
                aclemu_load_f32(gr, gp + off * ges, a->dy.dtype, ges, S);
                for (int64_t i = 0; i < S; i++) {
                    double xh = ((double)xr[i] - mean) * invstd;
                    gr[i] = (float)(k * ((double)gr[i] - mdy - xh * mdyx));
                }
                aclemu_store_f32(dxp + off * des, a->dx.dtype, des, gr, S);
            }
        }
        if (a->dw.present)
            nn_store(&a->dw, c, sdyx);
        if (a->db.present)
            nn_store(&a->db, c, sdy);
    }
    return 0;
}

ACLEMU_KERNEL("BatchNormGrad", batch_norm_grad_kernel);
