/* Device kernels of the cube operators (matmul and convolution families): each block runs its
 * share of a plan the stage-1 planner built. */
#include <string.h>

#include "aclemu/kernel.h"
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
