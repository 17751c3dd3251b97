/* The elementwise optimizer kernel (see optim_ew_args.h): FP32 like the Ascend C kernels, which
 * cast FP16 / BF16 up and round once into each output. */
#include <math.h>

#include "norm_rows.h"
#include "optim_ew_args.h"

static void rule(const oe_args *a, const float *x, float *y)
{
    switch (a->op) {
    case OE_ADAM_APPLY_ONE:
    case OE_ADAM_APPLY_ONE_DECAY: {
        int d = a->op == OE_ADAM_APPLY_ONE_DECAY; /* mul4_x at 9, add2_y after it */
        float g = x[0], v = g * g * x[8] + x[1] * x[7], m = x[2] * x[5] + g * x[6];
        float upd = m / (sqrtf(v) + x[9 + d]);
        if (d)
            upd += x[3] * x[9];
        y[0] = v;
        y[1] = m;
        y[2] = x[3] - upd * x[4];
        break;
    }
    case OE_GRADIENT_DESCENT: y[0] = x[0] - x[1] * x[2]; break;
    case OE_ADAGRAD: {
        float accum = a->flag ? x[1] + x[3] * x[3] : x[1];
        y[0] = x[0] - x[2] * x[3] / sqrtf(accum);
        y[1] = accum;
        break;
    }
    case OE_ADAM: {
        float b1p = x[3], b2p = x[4], lr = x[5], b1 = x[6], b2 = x[7], eps = x[8], g = x[9];
        float lr_t = lr * sqrtf(1.0f - b2p) / (1.0f - b1p);
        float m = x[1] + (1.0f - b1) * (g - x[1]), v = x[2] + (1.0f - b2) * (g * g - x[2]);
        float num = a->flag ? m * b1 + (1.0f - b1) * g : m;
        y[0] = x[0] - lr_t * num / (eps + sqrtf(v));
        y[1] = m;
        y[2] = v;
        break;
    }
    case OE_RMS_PROP: {
        float lr = (float)a->s[0], rho = (float)a->s[1], mu = (float)a->s[2], eps = (float)a->s[3], g = x[3];
        float ms = x[1] + (1.0f - rho) * (g * g - x[1]);
        float mom = mu * x[2] + lr * g / sqrtf(eps + ms);
        y[0] = x[0] - mom;
        y[1] = ms;
        y[2] = mom;
        break;
    }
    case OE_CENTERED_RMS_PROP: {
        float lr = x[4], rho = x[5], mu = x[6], eps = x[7], g = x[8];
        float mg = rho * x[1] + (1.0f - rho) * g, ms = rho * x[2] + (1.0f - rho) * g * g;
        float mom = mu * x[3] + lr * g / sqrtf(ms - mg * mg + eps);
        y[0] = x[0] - mom;
        y[1] = mg;
        y[2] = ms;
        y[3] = mom;
        break;
    }
    case OE_PROXIMAL_ADAGRAD: {
        float lr = x[2], l1 = x[3], l2 = x[4], g = x[5];
        float accum = x[1] + g * g, eta = lr / sqrtf(accum), prox = x[0] - eta * g;
        float mag = fabsf(prox) - eta * l1;
        float sgn = prox > 0 ? 1.0f : prox < 0 ? -1.0f : prox;
        y[0] = l1 > 0 ? sgn * (mag > 0 ? mag : 0.0f) / (1.0f + eta * l2) : prox / (1.0f + eta * l2);
        y[1] = accum;
        break;
    }
    case OE_ADADELTA: {
        float lr = (float)a->s[0], rho = (float)a->s[1], eps = (float)a->s[2], g = x[3];
        float accum = rho * x[1] + (1.0f - rho) * g * g;
        float upd = sqrtf(x[2] + eps) / sqrtf(accum + eps) * g;
        y[0] = x[0] - lr * upd;
        y[1] = accum;
        y[2] = rho * x[2] + (1.0f - rho) * upd * upd;
        break;
    }
    case OE_ADAMAX: {
        float b1p = (float)a->s[0], lr = (float)a->s[1], b1 = (float)a->s[2], b2 = (float)a->s[3];
        float eps = (float)a->s[4], g = x[3];
        float m = b1 * x[1] + (1.0f - b1) * g, bv = b2 * x[2], ag = fabsf(g);
        float v = bv > ag ? bv : ag;
        y[0] = x[0] - lr / (1.0f - b1p) * (m / (v + eps));
        y[1] = m;
        y[2] = v;
        break;
    }
    case OE_FTRL: {
        float g = x[3], lr = x[4], l1 = x[5], l2 = x[6], p = x[7];
        float accum = x[1] + g * g, pn = powf(accum, -p), po = powf(x[1], -p);
        float lin = x[2] + g - (pn - po) / lr * x[0];
        float quad = pn / lr + 2.0f * l2, sgn = lin > 0 ? 1.0f : lin < 0 ? -1.0f : 0.0f;
        y[0] = fabsf(lin) > l1 ? (sgn * l1 - lin) / quad : 0.0f;
        y[1] = accum;
        y[2] = lin;
        break;
    }
    case OE_FUSED_EMA_ADAM: { /* ApplyFusedEmaAdam: Adam(W) step, then the EMA of var */
        float lr = (float)a->s[0], ema = (float)a->s[1], b1 = (float)a->s[2], b2 = (float)a->s[3];
        float eps = (float)a->s[4], wd = (float)a->s[5], step = x[5];
        int adamw = a->flag & 1;
        float c1 = 1.0f, c2 = 1.0f;
        if (a->flag & 2) {
            c1 = 1.0f - powf(b1, step);
            c2 = 1.0f - powf(b2, step);
        }
        float g = adamw ? x[4] : x[4] + wd * x[0];
        float m = b1 * x[1] + (1.0f - b1) * g, v = b2 * x[2] + (1.0f - b2) * g * g;
        float upd = (m / c1) / (sqrtf(v / c2) + eps);
        if (adamw)
            upd += wd * x[0];
        y[0] = x[0] - lr * upd;
        y[1] = m;
        y[2] = v;
        y[3] = ema * x[3] + (1.0f - ema) * y[0];
        break;
    }
    case OE_KERAS_MOMENTUM: { /* the arch35 kernel's order: accum*mom - grad*lr, then var */
        float lg = x[3] * x[2], acc = x[1] * x[4] - lg;
        y[0] = a->flag ? x[0] + (acc * x[4] - lg) : x[0] + acc;
        y[1] = acc;
        break;
    }
    case OE_PROXIMAL_GD: { /* the kernel's steps: alpha * l1 and 1 / (1 + alpha * l2) as scalars,
                            * prox = var - delta * alpha, max(|prox| - alpha * l1, 0) * sign(prox) */
        float al1 = x[1] * x[2], inv = 1.0f / (1.0f + x[1] * x[3]);
        float prox = x[0] - x[4] * x[1], mag = fabsf(prox) - al1;
        float sgn = prox > 0 ? 1.0f : prox < 0 ? -1.0f : 0.0f;
        y[0] = sgn * (mag > 0.0f ? mag : 0.0f) * inv;
        break;
    }
    case OE_SYNC_BN_BACKWARD_REDUCE: { /* sum_dy_xmu = sum_dy_dx_pad - mean * sum_dy; y = sum_dy_xmu * invstd */
        float xmu = x[1] - x[2] * x[0];
        y[0] = xmu;
        y[1] = xmu * x[3];
        break;
    }
    default: break;
    }
}

static int optim_ew_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(oe_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const oe_args *a = (const oe_args *)args;
    if (a->op < 0 || a->op >= OE_OP_END || a->nin < 1 || a->nin > OE_MAX_IN || a->nout < 1 || a->nout > OE_MAX_OUT)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t s, e;
    nr_block_rows(&a->h, blk, &s, &e);
    float x[OE_MAX_IN] = {0}, y[OE_MAX_OUT] = {0};
    for (int64_t i = s; i < e; i++) {
        for (int j = 0; j < a->nin; j++)
            x[j] = (float)nn_load(&a->in[j], (a->one_mask >> j) & 1u ? 0 : i);
        rule(a, x, y);
        for (int k = 0; k < a->nout; k++)
            nn_store(&a->out[k], i, y[k]);
    }
    return 0;
}

ACLEMU_KERNEL("OptimEw", optim_ew_kernel);
