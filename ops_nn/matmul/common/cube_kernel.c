/* Device kernels of the cube operators (matmul and convolution families): each block runs its
 * share of a plan the stage-1 planner built. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "cube_args.h"

#define KERNEL_BAD_ARGS 507015 /* ACL_ERROR_RT_AICORE_EXCEPTION: a blob that does not fit */

static const void **view_ptr(gemm_plan *p, int slot)
{
    switch (slot) {
    case CUBE_OP_A: return &p->d.a.ptr;
    case CUBE_OP_B: return &p->d.b.ptr;
    case CUBE_OP_C: return &p->d.c.ptr;
    case CUBE_OP_D: return &p->d.d.ptr;
    default: return &p->d.bias.ptr;
    }
}

static int cube_gemm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(cube_gemm_args))
        return KERNEL_BAD_ARGS;
    const cube_gemm_args *a = (const cube_gemm_args *)args;
    if (blk->block_idx >= (uint32_t)a->plan.nblocks)
        return 0;
    gemm_plan p;
    memcpy(&p, &a->plan, sizeof p);
    for (int i = 0; i < CUBE_NOPS; i++) {
        const void **vp = view_ptr(&p, i);
        if (!*vp)
            continue;
        uint64_t rel = (uint64_t)(uintptr_t)*vp - CUBE_SYNTH_BASE(i);
        *vp = (const void *)(uintptr_t)(a->addr[i] + rel);
    }
    return gemm_run_block(&p, blk->block_idx, NULL) == GEMM_OK ? 0 : KERNEL_BAD_ARGS;
}
ACLEMU_KERNEL("CubeGemm", cube_gemm_kernel);

static int cube_dw_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(cube_dw_args))
        return KERNEL_BAD_ARGS;
    const cube_dw_args *a = (const cube_dw_args *)args;
    gemm_dw_plan p;
    if (gemm_dw_plan_init(&p, &a->cp, (const void *)(uintptr_t)(a->x + a->x_off),
                          (const void *)(uintptr_t)(a->w + a->w_off),
                          a->bias ? (const void *)(uintptr_t)(a->bias + a->bias_off) : NULL,
                          (void *)(uintptr_t)(a->y + a->y_off), a->max_blocks) != GEMM_OK)
        return KERNEL_BAD_ARGS;
    if (a->act < GEMM_ACT_NONE || a->act > GEMM_ACT_LAST)
        return KERNEL_BAD_ARGS;
    p.act = a->act;
    p.act_param[0] = a->act_param[0];
    p.act_param[1] = a->act_param[1];
    if (blk->block_idx >= (uint32_t)p.nblocks)
        return 0;
    return gemm_dw_run_block(&p, blk->block_idx) == GEMM_OK ? 0 : KERNEL_BAD_ARGS;
}
ACLEMU_KERNEL("CubeDepthwise", cube_dw_kernel);

static int cube_bias_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(cube_bias_grad_args))
        return KERNEL_BAD_ARGS;
    const cube_bias_grad_args *a = (const cube_bias_grad_args *)args;
    int64_t c0 = (int64_t)blk->block_idx * a->per_block, c1 = c0 + a->per_block;
    if (c1 > a->channels)
        c1 = a->channels;
    if (c0 < c1)
        gemm_conv_bias_grad((const void *)(uintptr_t)(a->dy + a->dy_off), a->dy_dtype, a->batch, a->channels, a->positions,
                            (void *)(uintptr_t)(a->db + a->db_off), a->db_dtype, c0, c1);
    return 0;
}
ACLEMU_KERNEL("CubeBiasGrad", cube_bias_grad_kernel);

/* ---- elementwise step after a GEMM (FusedMatmul "mul", TransposeBatchMatMul with scale) ---- */

/* The FP32 scale a TransQuantParam UINT64 carries: bits 0..31 (already cut to 19 bits). */
static float quant_scale(uint64_t q)
{
    uint32_t bits = (uint32_t)(q & 0xFFFFE000u);
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

static int cube_post_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(cube_post_args))
        return KERNEL_BAD_ARGS;
    const cube_post_args *a = (const cube_post_args *)args;
    const int32_t odt = a->ew.op[0].dtype, xdt = a->ew.op[2].dtype;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[3] = {0, 0, 0};
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t so = it.inner_stride[0], sa = it.inner_stride[1], sx = it.inner_stride[2];
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            float acc[ACLEMU_CHUNK], x[ACLEMU_CHUNK];
            aclemu_load_f32(acc, p[1] + c * sa, ACL_FLOAT, sa, m);
            if (a->mode == CUBE_POST_MUL) {
                aclemu_load_f32(x, p[2] + c * sx, xdt, sx, m);
                for (int64_t i = 0; i < m; i++) acc[i] *= x[i];
            } else {
                for (int64_t i = 0; i < m; i++) {
                    uint64_t q;
                    memcpy(&q, p[2] + (c + i) * sx, 8);
                    float v = acc[i] * quant_scale(q);
                    if (a->mode == CUBE_POST_QUANT_OFS) /* INT9, two's complement */
                        v += (float)((int32_t)((uint32_t)(q >> 37) << 23) >> 23);
                    v = nearbyintf(v); /* round half to even */
                    acc[i] = v > 127.0f ? 127.0f : v < -128.0f ? -128.0f : v != v ? 0.0f : v;
                }
            }
            aclemu_store_f32(p[0] + c * so, odt, so, acc, m);
        }
    }
    return 0;
}
ACLEMU_KERNEL("CubeEwPost", cube_post_kernel);

/* ---- FRACTAL_NZ weights (aclnnTransMatmulWeight) ---------------------------------------------- */

static int cube_nz_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(cube_nz_args))
        return KERNEL_BAD_ARGS;
    const cube_nz_args *a = (const cube_nz_args *)args;
    const char *src = (const char *)(uintptr_t)(a->src + a->src_off);
    char *dst = (char *)(uintptr_t)(a->dst + a->dst_off);
    const int64_t es = a->esize;
    if (a->mode == CUBE_NZ_COPY) {
        int64_t b0 = (int64_t)blk->block_idx * a->per_block, b1 = b0 + a->per_block;
        if (b1 > a->bytes)
            b1 = a->bytes;
        if (b0 < b1)
            memcpy(dst + b0, src + b0, (size_t)(b1 - b0));
        return 0;
    }
    /* PACK / UNPACK: panel (b, n1) holds rows k of [K1*16, N0] elements at dst + ((b*N1 + n1)*K1*16*N0)*es */
    int64_t panels = a->batch * a->N1, p0 = (int64_t)blk->block_idx * a->per_block, p1 = p0 + a->per_block;
    if (p1 > panels)
        p1 = panels;
    const int64_t rows = a->K1 * 16, row_bytes = a->N0 * es;
    for (int64_t pnl = p0; pnl < p1; pnl++) {
        int64_t b = pnl / a->N1, n1 = pnl % a->N1, n0 = n1 * a->N0;
        int64_t width = a->N - n0 < a->N0 ? a->N - n0 : a->N0;
        char *panel = dst + pnl * rows * row_bytes;
        if (a->mode == CUBE_NZ_UNPACK) { /* the panel's real rows and columns back into the ND view */
            const char *pin = (const char *)(uintptr_t)(a->src + a->src_off) + pnl * rows * row_bytes;
            char *out = (char *)(uintptr_t)(a->dst + a->dst_off);
            for (int64_t k = 0; k < a->K; k++) {
                char *o = out + ((b * a->sb + k * a->sk + n0 * a->sn) * es);
                const char *s = pin + k * row_bytes;
                if (a->sn == 1) {
                    memcpy(o, s, (size_t)(width * es));
                } else {
                    for (int64_t j = 0; j < width; j++) memcpy(o + j * a->sn * es, s + j * es, (size_t)es);
                }
            }
            continue;
        }
        for (int64_t k = 0; k < rows; k++) {
            char *d = panel + k * row_bytes;
            if (k >= a->K) {
                memset(d, 0, (size_t)row_bytes);
                continue;
            }
            const char *s = src + ((b * a->sb + k * a->sk + n0 * a->sn) * es);
            if (a->sn == 1) {
                memcpy(d, s, (size_t)(width * es));
            } else {
                for (int64_t j = 0; j < width; j++) memcpy(d + j * es, s + j * a->sn * es, (size_t)es);
            }
            if (width < a->N0)
                memset(d + width * es, 0, (size_t)((a->N0 - width) * es));
        }
    }
    return 0;
}
ACLEMU_KERNEL("CubeNz", cube_nz_kernel);

static int cube_fill_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(cube_fill_args))
        return KERNEL_BAD_ARGS;
    const cube_fill_args *a = (const cube_fill_args *)args;
    int64_t b0 = (int64_t)blk->block_idx * a->per_block, b1 = b0 + a->per_block;
    if (b1 > a->bytes)
        b1 = a->bytes;
    if (b0 < b1)
        memset((char *)(uintptr_t)(a->dst + a->off) + b0, 0, (size_t)(b1 - b0));
    return 0;
}
ACLEMU_KERNEL("CubeFill", cube_fill_kernel);
