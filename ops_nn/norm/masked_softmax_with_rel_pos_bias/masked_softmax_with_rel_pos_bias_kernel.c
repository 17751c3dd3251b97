/* MaskedSoftmaxWithRelPosBias kernel, in the FP32 steps of the real kernel (FLOAT16 / BF16 cast
 * to FP32 first): v = x * scale (skipped for scale 1) + mask + bias, each step rounded to FP32,
 * then the shared FP32 softmax rows of ops_nn/vec (max, exp(v - max), / sum) and the result
 * rounded to y's dtype (nearest even). */
#include "masked_softmax_with_rel_pos_bias_args.h"
#include "nn_kernel.h"
#include "softmax.h"

#define MSRPB_CHUNK_FLOATS (64 * 1024)

static int msrpb_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(msrpb_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const msrpb_args *a = (const msrpb_args *)args;
    int64_t r0, r1;
    nn_block_items(a->rows, a->rows_per_block, blk, &r0, &r1);
    const int64_t S1 = a->S1, S2 = a->S2, N = a->N, W = a->W;
    int64_t chunk = MSRPB_CHUNK_FLOATS / S2;
    if (chunk < 1)
        chunk = 1;
    float *buf = (float *)aclemu_worker_scratch((size_t)(chunk + 1) * (size_t)S2 * sizeof(float));
    if (!buf)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *tmp = buf + chunk * S2;
    const char *xp = (const char *)nn_ptr(&a->x), *mp = (const char *)nn_ptr(&a->mask);
    const char *bp = (const char *)nn_ptr(&a->bias);
    char *yp = (char *)nn_ptr(&a->y);
    const int64_t xes = (int64_t)aclemu_kdtype_size(a->x.dtype), yes = (int64_t)aclemu_kdtype_size(a->y.dtype);
    const int64_t mes = a->has_mask ? (int64_t)aclemu_kdtype_size(a->mask.dtype) : 0;
    const int64_t bes = (int64_t)aclemu_kdtype_size(a->bias.dtype);
    for (int64_t c0 = r0; c0 < r1; c0 += chunk) {
        int64_t nr = r1 - c0 < chunk ? r1 - c0 : chunk;
        for (int64_t k = 0; k < nr; k++) {
            int64_t r = c0 + k, s1 = r % S1, n = (r / S1) % N, w = (r / (S1 * N)) % W;
            float *v = buf + k * S2;
            aclemu_load_f32(v, xp + r * S2 * xes, a->x.dtype, xes, S2);
            if (a->scale != 1.0f)
                for (int64_t j = 0; j < S2; j++) v[j] = v[j] * a->scale;
            if (a->has_mask) {
                aclemu_load_f32(tmp, mp + (w * S1 + s1) * S2 * mes, a->mask.dtype, mes, S2);
                for (int64_t j = 0; j < S2; j++) v[j] = v[j] + tmp[j];
            }
            aclemu_load_f32(tmp, bp + (n * S1 + s1) * S2 * bes, a->bias.dtype, bes, S2);
            for (int64_t j = 0; j < S2; j++) v[j] = v[j] + tmp[j];
        }
        vec_buf vb = {buf, 0 /* FLOAT */};
        if (vec_softmax(vb, vb, nr, S2, 1, 0, 0, nr))
            return ACLEMU_KERNEL_BAD_ARGS;
        aclemu_store_f32(yp + c0 * S2 * yes, a->y.dtype, yes, buf, nr * S2);
    }
    return 0;
}

ACLEMU_KERNEL("MaskedSoftmaxWithRelPosBias", msrpb_kernel);
