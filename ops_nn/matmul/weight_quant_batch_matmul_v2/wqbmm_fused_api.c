/* Stage 1 of the fused WeightQuantBatchMatmul route (wqbmm_fused.h): one GEMM whose B packer
 * dequantises the weight (gemm.h GEMM_BSRC_WQ) with the WeightAntiquant kernel's rounding, so y
 * is bit-identical to the two-launch route without its K x N FP32 workspace round trip. */
#include <stdlib.h>
#include <string.h>

#include "mm_common.h"
#include "wqbmm_fused.h"
#include "wqbmm_fused_args.h"

static int float_dt(aclDataType dt) { return dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_FLOAT; }

/* ACLEMU_WQBMM_FUSED: "0" keeps the two-launch route, "1" forces this one; otherwise -1 (the
 * planner's choice). */
static int fused_forced(void)
{
    const char *env = getenv("ACLEMU_WQBMM_FUSED");
    return env && !strcmp(env, "0") ? 0 : env && !strcmp(env, "1") ? 1 : -1;
}

int wqbmm_fused_ok(const aclTensor *x, const aclTensor *weight, const aclTensor *scale, const aclTensor *off)
{
    if (fused_forced() == 0)
        return 0;
    return (x->dtype == ACL_FLOAT16 || x->dtype == ACL_BF16) &&
           (weight->dtype == ACL_INT8 || weight->dtype == ACL_INT4) && weight->ndim == 2 && float_dt(scale->dtype) &&
           scale->ndim <= 2 && (!off || (float_dt(off->dtype) && off->ndim <= 2));
}

/* A (R, C) parameter view for slot `slot` (size-1 dims with stride 0). */
static void param_view(gemm_view *v, int slot, const aclTensor *t, int64_t R, int64_t C)
{
    memset(v, 0, sizeof *v);
    v->dtype = cube_gemm_dtype(t->dtype);
    v->ptr = (const void *)(uintptr_t)(CUBE_SYNTH_BASE(slot) + (uint64_t)t->offset * aclemu_dtype_size(t->dtype));
    v->rs = R == 1 || t->ndim != 2 ? 0 : t->stride[0];
    v->cs = C == 1 || !t->ndim ? 0 : t->stride[t->ndim - 1];
}

aclnnStatus wqbmm_fused_emit(aclOpExecutor *ex, const aclTensor *x, const aclTensor *weight, const aclTensor *scale,
                             const aclTensor *off, const aclTensor *bias, const aclTensor *y, int64_t R, int64_t C,
                             int group, int64_t m, int64_t k, int64_t n, int *declined)
{
    *declined = 0;
    gemm_desc d;
    mm_desc_init(&d, m, n, k, GEMM_MATH_KEEP);
    cube_view(&d.a, CUBE_OP_A, x, 0, 1, 0, 0);
    memset(&d.b, 0, sizeof d.b);
    d.b.ptr = (const void *)(uintptr_t)CUBE_SYNTH_BASE(CUBE_OP_B);
    d.b.dtype = cube_gemm_dtype(x->dtype);
    d.b.rs = weight->stride[0];
    d.b.cs = weight->stride[1];
    cube_view(&d.c, CUBE_OP_C, y, 0, 1, 0, 0);
    if (bias)
        cube_view_bcast(&d.bias, CUBE_OP_BIAS, bias, 0, CUBE_BCAST_MATRIX);
    d.conv.kind = GEMM_BSRC_WQ;
    d.wq.wbits = weight->dtype == ACL_INT8 ? 8 : 4;
    d.wq.round = d.b.dtype;
    d.wq.woff = weight->offset;
    d.wq.group = group;
    d.wq.prows = R;
    param_view(&d.wq.scale, WQBMM_SLOT_SCALE, scale, R, C);
    if (off)
        param_view(&d.wq.offset, WQBMM_SLOT_OFFSET, off, R, C);
    gemm_plan plan;
    if (gemm_plan_init(&plan, &d, cube_max_blocks(), cube_workers()) != GEMM_OK)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, aclemu_exec_api(ex),
                               "cube tiling failed for M=%lld N=%lld K=%lld.", (long long)m, (long long)n, (long long)k);
    if (plan.nblocks == 0)
        return ACLNN_SUCCESS;
    /* Each M tile packs (so dequantises) the whole weight once: with one tile along M that is
     * strictly less work than the two-launch route; with more, the dequantisation is repeated per
     * tile and the two-launch route (dequantised once, FP32 rows re-read) measured as fast or
     * faster (1024^3: 2 tiles), so it is kept there unless ACLEMU_WQBMM_FUSED=1 forces this one. */
    if (plan.gm > 1 && fused_forced() != 1) {
        *declined = 1;
        return ACLNN_SUCCESS;
    }
    wqbmm_fused_args *a = aclemu_exec_add_launch(ex, "WqbmmFusedGemm", (uint32_t)plan.nblocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    memcpy(&a->plan, &plan, sizeof plan);
    const aclTensor *t[WQBMM_NSLOTS] = {x, weight, y, NULL, bias, scale, off};
    for (int i = 0; i < WQBMM_NSLOTS; i++) {
        aclnnStatus st;
        if (t[i] && (st = aclemu_exec_bind_tensor(ex, a, &a->addr[i], t[i])))
            return st;
    }
    return ACLNN_SUCCESS;
}
