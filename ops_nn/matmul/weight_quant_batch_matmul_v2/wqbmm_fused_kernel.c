/* "WqbmmFusedGemm" (wqbmm_fused_args.h): one block of the fused weight-dequantising GEMM. */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "wqbmm_fused_args.h"

static const void **slot_ptr(gemm_plan *p, int slot)
{
    switch (slot) {
    case CUBE_OP_A: return &p->d.a.ptr;
    case CUBE_OP_B: return &p->d.b.ptr;
    case CUBE_OP_C: return &p->d.c.ptr;
    case CUBE_OP_D: return &p->d.d.ptr;
    case CUBE_OP_BIAS: return &p->d.bias.ptr;
    case WQBMM_SLOT_SCALE: return &p->d.wq.scale.ptr;
    default: return &p->d.wq.offset.ptr;
    }
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(wqbmm_fused_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const wqbmm_fused_args *a = args;
    if (a->plan.d.conv.kind != GEMM_BSRC_WQ)
        return ACLEMU_KERNEL_BAD_ARGS;
    if (blk->block_idx >= (uint32_t)a->plan.nblocks)
        return 0;
    gemm_plan p;
    memcpy(&p, &a->plan, sizeof p);
    for (int i = 0; i < WQBMM_NSLOTS; i++) {
        const void **vp = slot_ptr(&p, i);
        if (!*vp)
            continue;
        uint64_t rel = (uint64_t)(uintptr_t)*vp - CUBE_SYNTH_BASE(i);
        *vp = (const void *)(uintptr_t)(a->addr[i] + rel);
    }
    return gemm_run_block(&p, blk->block_idx, NULL) == GEMM_OK ? 0 : ACLEMU_KERNEL_BAD_ARGS;
}

ACLEMU_KERNEL("WqbmmFusedGemm", k);
