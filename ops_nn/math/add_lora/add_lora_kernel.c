/* Device side of AddLora (see add_lora_args.h). A block sorts its tokens by LoRA index and
 * converts each index's weightA / weightB slices to FLOAT32 once (when they fit in 16 MiB),
 * so the per-token work is two small dense products (weightB kept transposed, [R][H2], so the
 * second product runs along H2). */
#include <stdlib.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "add_lora_args.h"
#include "dtype.h"
#include "kernels.h"

#define LORA_CACHE_FLOATS ((int64_t)2 << 20)

static inline float r16(float v) { return aclemu_half_to_float(aclemu_float_to_half(v)); }

/* v[0..n) rounded to FLOAT16 in place (F16C / AVX-512 where the CPU has them) */
static void r16_run(float *v, uint16_t *h, int64_t n)
{
    vec_cvt_f32_to_f16(v, h, n);
    vec_cvt_f16_to_f32(h, v, n);
}

/* the vector library's FP32 dot product (AVX-512 / AVX2 / scalar by the CPU) */
static float dot(const float *a, const float *b, int64_t n) { return vec_kernels_get()->row_dot(a, b, n); }

/* acc[j] += z * w[j] over n (vectorises across j) */
ACLEMU_ISA_CLONES
static void axpy(float *acc, float z, const float *w, int64_t n)
{
    for (int64_t j = 0; j < n; j++)
        acc[j] += z * w[j];
}

static const char *at(const aclemu_tdesc *t, int64_t elem_off)
{
    return (const char *)(uintptr_t)t->addr + (t->offset + elem_off) * (int64_t)aclemu_kdtype_size(t->dtype);
}

/* Row `r` (elements along the last dim) of the 4-D weight slice [i, layer]. */
static void load_w_row(float *dst, const aclemu_tdesc *w, int64_t i, int64_t layer, int64_t r, int64_t n)
{
    const char *p = at(w, i * w->stride[0] + layer * w->stride[1] + r * w->stride[2]);
    vec_load_f32(p, w->dtype, w->stride[3], dst, n);
}

static int cmp_pair(const void *p, const void *q)
{
    const int64_t *u = (const int64_t *)p, *v = (const int64_t *)q;
    return u[0] != v[0] ? (u[0] < v[0] ? -1 : 1) : (u[1] < v[1] ? -1 : u[1] > v[1]);
}

static int k_add_lora(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(add_lora_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const add_lora_args *a = (const add_lora_args *)args;
    const int64_t H1 = a->H1, H2 = a->H2, H3 = a->H3, R = a->R, W = a->W, K = a->has_a ? H1 : R;
    if (a->y.ndim != 2 || a->x.ndim != 2 || a->out.ndim != 2 || a->weight_b.ndim != 4 || a->indices.ndim != 1 ||
        (a->has_a && a->weight_a.ndim != 4) || a->y_offset < 0 || a->y_offset + H2 > H3 || K > H1)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t lo, hi;
    aclemu_block_range((uint64_t)a->B, (uint64_t)a->per_block, blk, &lo, &hi);
    if (lo >= hi)
        return 0;
    const int64_t n = (int64_t)(hi - lo);
    const int cache = R * ((a->has_a ? H1 : 0) + H2) <= LORA_CACHE_FLOATS;
    int64_t *order = (int64_t *)malloc(sizeof(int64_t) * (size_t)n * 2);
    float *row = (float *)malloc(sizeof(float) * (size_t)(H3 + K + R + (H1 > R ? H1 : R) + H2));
    uint16_t *h16 = (uint16_t *)malloc(sizeof(uint16_t) * (size_t)H2);
    float *wa = NULL, *wb = NULL;
    if (cache) {
        wa = a->has_a ? (float *)malloc(sizeof(float) * (size_t)(R * H1)) : NULL;
        wb = (float *)malloc(sizeof(float) * (size_t)(2 * H2 * R));
    }
    if (!order || !row || !h16 || (cache && (!wb || (a->has_a && !wa)))) {
        free(order), free(row), free(h16), free(wa), free(wb);
        return ACLEMU_KERNEL_BAD_ARGS;
    }
    float *xr = row + H3, *z1 = xr + K, *tmp = z1 + R, *acc = tmp + (H1 > R ? H1 : R);
    /* (index, token) pairs sorted by index: each index's weights are converted once */
    for (int64_t t = 0; t < n; t++) {
        int64_t b = (int64_t)lo + t;
        int32_t v;
        memcpy(&v, at(&a->indices, b * a->indices.stride[0]), sizeof v);
        order[2 * t] = v;
        order[2 * t + 1] = b;
    }
    qsort(order, (size_t)n, 2 * sizeof(int64_t), cmp_pair);
    int64_t cached = -1;
    for (int64_t t = 0; t < n; t++) {
        const int64_t i = order[2 * t], b = order[2 * t + 1];
        const aclemu_tdesc *y = &a->y, *o = &a->out, *x = &a->x;
        vec_load_f32(at(y, b * y->stride[0]), y->dtype, y->stride[1], row, H3);
        if (i >= 0 && i < W) {
            vec_load_f32(at(x, b * x->stride[0]), x->dtype, x->stride[1], xr, K);
            if (cache && cached != i) {
                for (int64_t r = 0; a->has_a && r < R; r++)
                    load_w_row(wa + r * H1, &a->weight_a, i, a->layer, r, H1);
                float *stage = wb + H2 * R; /* [H2][R] as stored, then transposed */
                const aclemu_tdesc *w = &a->weight_b;
                if (w->stride[3] == 1 && w->stride[2] == R)
                    vec_load_f32(at(w, i * w->stride[0] + a->layer * w->stride[1]), w->dtype, 1, stage, H2 * R);
                else
                    for (int64_t j = 0; j < H2; j++)
                        load_w_row(stage + j * R, w, i, a->layer, j, R);
                for (int64_t j = 0; j < H2; j++)
                    for (int64_t r = 0; r < R; r++)
                        wb[r * H2 + j] = stage[j * R + r];
                cached = i;
            }
            for (int64_t r = 0; r < R; r++) {
                if (!a->has_a) {
                    z1[r] = xr[r];
                    continue;
                }
                const float *ar = wa ? wa + r * H1 : tmp;
                if (!wa)
                    load_w_row(tmp, &a->weight_a, i, a->layer, r, H1);
                z1[r] = r16(dot(xr, ar, H1));
            }
            float *dst = row + a->y_offset;
            if (wb) {
                memset(acc, 0, sizeof(float) * (size_t)H2);
                for (int64_t r = 0; r < R; r++)
                    axpy(acc, z1[r], wb + r * H2, H2);
            } else {
                for (int64_t j = 0; j < H2; j++) {
                    load_w_row(tmp, &a->weight_b, i, a->layer, j, R);
                    acc[j] = dot(z1, tmp, R);
                }
            }
            /* FLOAT16 steps: the product leaves the Cube, is scaled, then accumulated */
            r16_run(acc, h16, H2);
            for (int64_t j = 0; j < H2; j++)
                acc[j] *= a->scale;
            r16_run(acc, h16, H2);
            for (int64_t j = 0; j < H2; j++)
                dst[j] += acc[j];
        }
        vec_store_f32(row, (char *)at(o, b * o->stride[0]), o->dtype, o->stride[1], H3);
    }
    free(order), free(row), free(h16), free(wa), free(wb);
    return 0;
}

ACLEMU_KERNEL("AddLora", k_add_lora);
