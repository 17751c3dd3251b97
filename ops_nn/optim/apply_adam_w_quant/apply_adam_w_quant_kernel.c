/* ApplyAdamWQuant kernel, one 256-element quantisation block per row, in FP32 as the real kernel:
 *   t = step + 1;  c1 = 1 - beta1^t;  c2 = sqrt(1 - beta2^t);  stepSize = -lr * c2 / c1
 *   m = qmapM[mCode] * absmaxM[blk];  v = qmapV[vCode] * absmaxV[blk];  g = grad * gnormScale
 *   m = m * beta1 + g * (1 - beta1);  v = v * beta2 + g^2 * (1 - beta2)
 *   var = var + m * stepSize / (sqrt(v) + eps * c2);  var *= 1 - lr * weightDecay when weightDecay > 0
 *   absmax = max |state| over the block; code = the 8-step binary search of state / absmax in the
 *   ascending map (the nearer of the two final pivots, the lower on a tie); for m, a code whose map
 *   value has the sign opposite to state / absmax moves one step toward it (clamped to 0..255).
 * The sign rule and the tail block (only the elements present) are those of the 950 kernel and of
 * the op's test reference; the A2 kernel's sign step (which reads the normalised values after the
 * codes have overwritten part of its buffer) is not reproduced. */
#include <math.h>

#include "apply_adam_w_quant_args.h"
#include "norm_rows.h"

static int32_t qmap_search(const float *q, float x)
{
    int32_t lo = 0, hi = 255, p = 127;
    if (x > q[p])
        lo = p;
    else
        hi = p;
    for (int i = 0; i < 7; i++) {
        p = (lo + hi) >> 1;
        if (x > q[p])
            lo = p;
        else
            hi = p;
    }
    return fabsf(x - q[lo]) <= fabsf(x - q[hi]) ? lo : hi;
}

/* state[0..n) -> codes, returns the block's absmax */
static float quantise(const float *state, int64_t n, const float *q, int sign_fix, uint8_t *codes)
{
    float amax = 0.0f;
    for (int64_t i = 0; i < n; i++) {
        float a = fabsf(state[i]);
        amax = a > amax ? a : amax;
    }
    for (int64_t i = 0; i < n; i++) {
        float x = state[i] / amax;
        int32_t c = qmap_search(q, x);
        if (sign_fix) {
            if (x > 0.0f && q[c] < 0.0f)
                c++;
            else if (x < 0.0f && q[c] > 0.0f)
                c--;
            c = c < 0 ? 0 : c > 255 ? 255 : c;
        }
        codes[i] = (uint8_t)c;
    }
    return amax;
}

static int apply_adam_w_quant_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(apply_adam_w_quant_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const apply_adam_w_quant_args *a = (const apply_adam_w_quant_args *)args;
    int64_t s, e;
    nr_block_rows(&a->h, blk, &s, &e);
    float *buf = nr_scratch(4, 256);
    if (!buf)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *var = buf, *g = buf + 256, *m = buf + 512, *v = buf + 768;
    const float *qm = (const float *)nn_ptr(&a->qmap_m), *qv = (const float *)nn_ptr(&a->qmap_v);
    const float *am_in = (const float *)nn_ptr(&a->am_in), *av_in = (const float *)nn_ptr(&a->av_in);
    float *am_out = (float *)nn_ptr(&a->am_out), *av_out = (float *)nn_ptr(&a->av_out);
    const uint8_t *mc_in = (const uint8_t *)nn_ptr(&a->m_in), *vc_in = (const uint8_t *)nn_ptr(&a->v_in);
    uint8_t *mc_out = (uint8_t *)nn_ptr(&a->m_out), *vc_out = (uint8_t *)nn_ptr(&a->v_out);
    const float t = (float)nn_load_int(&a->step, 0) + 1.0f;
    const float c1 = 1.0f - powf(a->beta1, t), c2 = sqrtf(1.0f - powf(a->beta2, t));
    const float step_size = -a->lr * c2 / c1, eps_c2 = a->eps * c2;
    const float omb1 = 1.0f - a->beta1, omb2 = 1.0f - a->beta2, decay = 1.0f - a->lr * a->weight_decay;
    for (int64_t r = s; r < e; r++) {
        const int64_t first = r * 256, n = a->numel - first < 256 ? a->numel - first : 256;
        nr_load(&a->var_in, first, n, var);
        nr_load(&a->grad, first, n, g);
        const float amx = am_in[r], avx = av_in[r];
        for (int64_t i = 0; i < n; i++) {
            float gi = g[i] * a->gnorm_scale;
            float mi = qm[mc_in[first + i]] * amx, vi = qv[vc_in[first + i]] * avx;
            mi = mi * a->beta1 + gi * omb1;
            vi = vi * a->beta2 + (gi * gi) * omb2;
            float x = var[i] + (mi * step_size) / (sqrtf(vi) + eps_c2);
            if (a->weight_decay > 0.0f)
                x = x * decay;
            var[i] = x;
            m[i] = mi;
            v[i] = vi;
        }
        nr_store(&a->var_out, first, n, var);
        am_out[r] = quantise(m, n, qm, 1, mc_out + first);
        av_out[r] = quantise(v, n, qv, 0, vc_out + first);
    }
    return 0;
}

ACLEMU_KERNEL("ApplyAdamWQuant", apply_adam_w_quant_kernel);
