/* Stage-1 helpers of the cube operators: chip rules, operand views, launches. */
#include <stdio.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "cube.h"

static const char *soc_name(void) { return aclemu_op_profile()->short_soc_version; }

aclnnStatus cube_check_soc(const char *api, unsigned allowed)
{
    const aclemu_chip_profile *p = aclemu_op_profile();
    if (allowed & CUBE_SOC(p->family))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s is not supported by the current SOC version [%s].", api, soc_name());
}

aclemu_dtype_set cube_float_dtypes(void)
{
    return aclemu_chip_dtypes(ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16));
}

/* The Cube units that compute FP32 (as HF32 when asked): A2/A3 and 950 (NpuArch 2201 / 3510) and
 * the 310B (NpuArch 3002: its convolution doc turns FP32 into HF32 for cubeMathType 1 and 3).
 * 910 and 310P have an FP16-only Cube unit: FP32 is computed by converting it to FP16. */
static int chip_has_hf32(void)
{
    aclemu_family f = aclemu_op_profile()->family;
    return f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950 || f == ACLEMU_FAMILY_310B;
}

/* The real checks' wording when the Cube unit cannot take FP32 (or BF16) as it is: the shared
 * CheckCubeMathType (ops-nn matmul/common/op_host/op_api/cube_util.cpp, used by the convolution
 * family) and the matmul rule of 910/310P (DefaultMatMulRule in matmul_util.cpp). */
static aclnnStatus no_fp32_cube(const char *api, cube_family fam)
{
    if (fam == CUBE_MATMUL)
        return ACLEMU_PARAM_ERROR(api, "The npu arch does not support FP32 for calculations when the cubeMathType is "
                                       "KEEP_DTYPE or USE_HF32, please change the setting of cubeMathType or the Dtype "
                                       "of input tensor.");
    return ACLEMU_PARAM_ERROR(api, "The soc version does not support bf16 / fp32 for calculations, please change the "
                                   "setting of cubeMathType or the Dtype of input tensor.");
}

/* Follows the real CheckCubeMathType / CheckCubeMathTypeForMm (cube_util.cpp) and the promotion
 * tables of matmul_util.cpp (Dav2201MatMulRule for A2/A3/950, DefaultMatMulRule for 910/310P):
 *  - KEEP_DTYPE, USE_HF32, USE_FP32_ADD: FP32 (and BF16) need a Cube unit with an FP32 path
 *    (IsCubeSupportFp32: DAV_2201, DAV_3510, DAV_3002); then FP32 stays FP32 — also for the
 *    convolutions on A2/A3, whose docs still say "not supported yet" but whose code accepts it;
 *  - ALLOW_FP32_DOWN_PRECISION: FP32 becomes HF32 where the unit has it, else FP16;
 *  - USE_FP16: FP32 is computed in FP16; BF16 is accepted with a warning: the matmul table
 *    keeps BF16 ("USE_FP16 will be ignored when all inputs dtype are BF16"), the convolution's
 *    CalcPromoteTypeCubemathtype computes it in FP16;
 *  - USE_HF32 with FP16/BF16 is accepted and ignored (a warning in the real code). */
aclnnStatus cube_math(const char *api, cube_family fam, aclDataType dt, int8_t cmt, int32_t *math)
{
    *math = GEMM_MATH_KEEP;
    if (cmt < CUBE_KEEP_DTYPE || cmt > CUBE_USE_FP32_ADD)
        return ACLEMU_PARAM_ERROR(api, "The value of cubeMathType only support {0: KEEP_DTYPE, 1: "
                                       "ALLOW_FP32_DOWN_PRECISION, 2: USE_FP16, 3: USE_HF32, 4: USE_FP32_ADD}, but "
                                       "got %d",
                                  (int)cmt);
    /* the convolution docs list 0..3 only */
    if (fam == CUBE_CONV && cmt == CUBE_USE_FP32_ADD)
        return ACLEMU_PARAM_ERROR(api, "The value of cubeMathType only support {0: KEEP_DTYPE, 1: "
                                       "ALLOW_FP32_DOWN_PRECISION, 2: USE_FP16, 3: USE_HF32}, but got %d",
                                  (int)cmt);
    int fp32_cube = chip_has_hf32();
    int wide = dt == ACL_FLOAT || dt == ACL_BF16;
    switch (cmt) {
    case CUBE_KEEP_DTYPE:
    case CUBE_USE_FP32_ADD: /* FP32 accumulation is what the engine does anyway (split K is an
                               accuracy measure on the card) */
        if (wide && !fp32_cube)
            return no_fp32_cube(api, fam);
        return ACLNN_SUCCESS;
    case CUBE_ALLOW_FP32_DOWN_PRECISION:
        if (dt == ACL_BF16 && !fp32_cube)
            return no_fp32_cube(api, CUBE_CONV);
        if (dt == ACL_FLOAT)
            *math = fp32_cube ? GEMM_MATH_HF32 : GEMM_MATH_FP16;
        return ACLNN_SUCCESS;
    case CUBE_USE_FP16:
        if (dt == ACL_BF16 && !fp32_cube)
            return no_fp32_cube(api, CUBE_CONV);
        if (!(dt == ACL_BF16 && fam == CUBE_MATMUL))
            *math = GEMM_MATH_FP16;
        return ACLNN_SUCCESS;
    default: /* USE_HF32 */
        if (wide && !fp32_cube)
            return no_fp32_cube(api, fam);
        if (dt == ACL_FLOAT)
            *math = GEMM_MATH_HF32;
        return ACLNN_SUCCESS;
    }
}

aclnnStatus cube_promote(const char *api, cube_family fam, const aclTensor *a, const char *an, const aclTensor *b,
                         const char *bn, aclDataType *out)
{
    *out = ACL_DT_UNDEFINED;
    int abf = a->dtype == ACL_BF16, bbf = b->dtype == ACL_BF16;
    if (abf == bbf) {
        *out = aclemu_promote_types(a->dtype, b->dtype);
        return ACLNN_SUCCESS;
    }
    /* Matmul on A2/A3/950 (the only chips where BF16 passes the dtype check): the promotion table
     * of Dav2201MatMulRule computes FP32 + BF16 and FP16 + BF16 in FP32. */
    if (fam == CUBE_MATMUL) {
        *out = ACL_FLOAT;
        return ACLNN_SUCCESS;
    }
    return ACLEMU_PARAM_ERROR(api, "%s dtype %s and %s dtype %s cannot be promoted: BFLOAT16 may not be mixed "
                                   "with another dtype.",
                              an, aclemu_dtype_name(a->dtype), bn, aclemu_dtype_name(b->dtype));
}

int32_t cube_gemm_dtype(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return GEMM_F32;
    case ACL_FLOAT16: return GEMM_F16;
    case ACL_BF16: return GEMM_BF16;
    default: return -1;
    }
}

/* A model's load-time pass (acl/mdl, after stage 1 of its steps): every CubeGemm launch of `ex`
 * whose A operand lies in the constant range [lo, lo + len) (the model's weights; host view at
 * host_lo) gets A packed once into dst (device address dst_dev, host view dst_host, dst_cap bytes)
 * and its plan pointed at it (gemm_prepack_a: the same values the tiles would pack, so results stay
 * bit-identical); per execution the tiles then skip packing their A rows. With dst_host NULL only
 * the bytes needed are counted. Returns the bytes used (64-byte aligned pieces). */
ACLNN_API uint64_t aclemuPrepackWeights(aclOpExecutor *ex, uint64_t lo, uint64_t len, const void *host_lo,
                                        void *dst_host, uint64_t dst_dev, uint64_t dst_cap)
{
    uint64_t used = 0;
    const char *kernel;
    size_t size;
    void *blob;
    for (uint32_t i = 0; (blob = aclemu_exec_launch_at(ex, i, &kernel, &size)) != NULL; i++) {
        if (strcmp(kernel, "CubeGemm") != 0 || size != sizeof(cube_gemm_args))
            continue;
        cube_gemm_args *a = (cube_gemm_args *)blob;
        gemm_plan *p = &a->plan;
        const gemm_view *v = &p->d.a;
        int64_t n = p->a_packed || !v->ptr || !a->addr[CUBE_OP_A] ? 0 : gemm_prepack_a_floats(p);
        if (n <= 0 || v->rs < 0 || v->cs < 0 || v->cs_outer < 0)
            continue;
        /* A's bytes: from its first element to its last (row M - 1, column K - 1) */
        int64_t kl = p->d.K - 1, last = (p->d.M - 1) * v->rs +
                                        (v->jsplit > 0 ? kl / v->jsplit * v->cs_outer + kl % v->jsplit * v->cs : kl * v->cs);
        uint64_t at = a->addr[CUBE_OP_A] + ((uint64_t)(uintptr_t)v->ptr - CUBE_SYNTH_BASE(CUBE_OP_A));
        uint64_t end = at + (uint64_t)(last + 1) * gemm_dtype_size(v->dtype);
        if (at < lo || end > lo + len)
            continue;
        uint64_t bytes = ((uint64_t)n * 4 + 63) & ~(uint64_t)63;
        if (dst_host) {
            if (used + bytes > dst_cap)
                break;
            gemm_plan cp = *p;
            cp.d.a.ptr = (const char *)host_lo + (at - lo);
            gemm_prepack_a(&cp, (float *)((char *)dst_host + used));
            p->a_packed = (const float *)(uintptr_t)(dst_dev + used);
        }
        used += bytes;
    }
    return used;
}

uint32_t cube_max_blocks(void)
{
    uint32_t n = aclemu_cube_core_num(aclemu_op_profile());
    return n ? n : 1;
}

/* The device process runs blocks on profile.worker_threads threads (0: min(host cores, AI
 * cores)); the plan balances tiles over that many. */
uint32_t cube_workers(void)
{
    const aclemu_chip_profile *p = aclemu_op_profile();
    if (p->worker_threads)
        return p->worker_threads;
    static _Atomic long n; /* sysconf reads sysfs: once per process, not once per stage 1 */
    if (n == 0)
        n = sysconf(_SC_NPROCESSORS_ONLN);
    uint32_t w = n > 0 ? (uint32_t)n : 1, cores = p->ai_core_cnt ? p->ai_core_cnt : 1;
    return w < cores ? w : cores;
}

void cube_view(gemm_view *v, int slot, const aclTensor *t, int r, int c, int nb_t, int nb)
{
    memset(v, 0, sizeof *v);
    v->dtype = cube_gemm_dtype(t->dtype);
    v->ptr = (const void *)(uintptr_t)(CUBE_SYNTH_BASE(slot) + (uint64_t)t->offset * aclemu_dtype_size(t->dtype));
    v->rs = r >= 0 ? t->stride[r] : 0;
    v->cs = c >= 0 ? t->stride[c] : 0;
    for (int i = 0; i < nb_t; i++)
        v->bstride[nb - nb_t + i] = t->shape[i] == 1 ? 0 : t->stride[i];
}

void cube_view_raw(gemm_view *v, int slot, int32_t gdt, int64_t rs, int64_t cs)
{
    memset(v, 0, sizeof *v);
    v->dtype = gdt;
    v->ptr = (const void *)(uintptr_t)CUBE_SYNTH_BASE(slot);
    v->rs = rs;
    v->cs = cs;
}

static const void *slot_ptr(const gemm_desc *d, int i)
{
    switch (i) {
    case CUBE_OP_A: return d->a.ptr;
    case CUBE_OP_B: return d->b.ptr;
    case CUBE_OP_C: return d->c.ptr;
    case CUBE_OP_D: return d->d.ptr;
    default: return d->bias.ptr;
    }
}

aclnnStatus cube_launch_plan(aclOpExecutor *ex, const gemm_plan *plan, const cube_bind bind[CUBE_NOPS])
{
    if (plan->nblocks == 0)
        return ACLNN_SUCCESS; /* empty result: nothing to run */
    cube_gemm_args *a = (cube_gemm_args *)aclemu_exec_add_launch(ex, "CubeGemm", (uint32_t)plan->nblocks,
                                                                 sizeof(cube_gemm_args));
    if (!a)
        return ACLNN_ERR_INNER;
    memcpy(&a->plan, plan, sizeof *plan);
    for (int i = 0; i < CUBE_NOPS; i++) {
        if (!slot_ptr(&plan->d, i))
            continue;
        aclnnStatus st = ACLNN_SUCCESS;
        if (bind[i].t)
            st = aclemu_exec_bind_tensor(ex, a, &a->addr[i], bind[i].t);
        else if (bind[i].ws_off >= 0)
            st = aclemu_exec_bind_workspace(ex, a, &a->addr[i], (uint64_t)bind[i].ws_off);
        else
            st = aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, aclemu_exec_api(ex),
                                 "cube operand %d has no address.", i);
        if (st)
            return st;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus cube_launch_gemm(aclOpExecutor *ex, const gemm_desc *d, const cube_bind bind[CUBE_NOPS])
{
    gemm_plan plan;
    if (gemm_plan_init(&plan, d, cube_max_blocks(), cube_workers()) != GEMM_OK)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, aclemu_exec_api(ex),
                               "cube tiling failed for M=%lld N=%lld K=%lld.", (long long)d->M, (long long)d->N,
                               (long long)d->K);
    return cube_launch_plan(ex, &plan, bind);
}

/* A tensor object describing a contiguous workspace buffer; its address is patched separately. */
static aclTensor *ws_tensor(const aclTensor *like, aclDataType dt)
{
    return aclCreateTensor(like->shape, like->ndim, dt, NULL, 0, ACL_FORMAT_ND, like->shape, like->ndim,
                           (void *)(uintptr_t)64);
}

aclnnStatus cube_launch_copy(aclOpExecutor *ex, const aclTensor *dst, int64_t dst_ws, aclDataType dst_dt,
                             const aclTensor *src, int64_t src_ws, aclDataType src_dt)
{
    aclTensor *tmp = NULL;
    if (!dst)
        dst = tmp = ws_tensor(src, dst_dt);
    else if (!src)
        src = tmp = ws_tensor(dst, src_dt);
    if (!tmp)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, aclemu_exec_api(ex), "out of host memory.");
    aclnnStatus st;
    const aclTensor *in[1] = {src};
    aclemu_ew *ew = (aclemu_ew *)aclemu_ew_launch(ex, "ViewCopy", sizeof(aclemu_ew), dst, in, 1, &st);
    if (ew && !st)
        st = tmp == dst ? aclemu_exec_bind_workspace(ex, ew, &ew->op[0].addr, (uint64_t)dst_ws)
                        : aclemu_exec_bind_workspace(ex, ew, &ew->op[1].addr, (uint64_t)src_ws);
    aclDestroyTensor(tmp);
    return st;
}

const char *cube_shape_str(const aclTensor *t, char *buf, size_t len)
{
    return aclemu_shape_str(t->shape, t->ndim, buf, len);
}

void cube_view_bcast(gemm_view *v, int slot, const aclTensor *t, int nb, int vec_mode)
{
    memset(v, 0, sizeof *v);
    v->dtype = cube_gemm_dtype(t->dtype);
    v->ptr = (const void *)(uintptr_t)(CUBE_SYNTH_BASE(slot) + (uint64_t)t->offset * aclemu_dtype_size(t->dtype));
    int nd = (int)t->ndim;
    int mat = vec_mode == CUBE_BCAST_MATRIX ? 2 : 1; /* trailing dims of the result that are not batch */
    /* result dim positions (0-based over nb + mat dims) of t's dims: t dim i -> nb + mat - nd + i */
    for (int i = 0; i < nd; i++) {
        int pos = nb + mat - nd + i;
        int64_t s = t->shape[i] == 1 ? 0 : t->stride[i];
        if (pos < 0)
            continue; /* t has more dims than the result: caller rejected this */
        if (pos < nb)
            v->bstride[pos] = s;
        else if (vec_mode == CUBE_BCAST_MATRIX)
            *(pos == nb ? &v->rs : &v->cs) = s;
        else if (vec_mode == CUBE_BCAST_VEC_N)
            v->cs = s;
        else
            v->rs = s;
    }
}

aclnnStatus cube_launch_post(aclOpExecutor *ex, const aclTensor *out, int64_t acc_ws, const aclTensor *x, int32_t mode)
{
    return cube_launch_post_view(ex, out, acc_ws, x, NULL, mode);
}

aclnnStatus cube_launch_post_view(aclOpExecutor *ex, const aclTensor *out, int64_t acc_ws, const aclTensor *x,
                                  const aclTensor *x_addr, int32_t mode)
{
    aclTensor *acc = ws_tensor(out, ACL_FLOAT);
    if (!acc)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, aclemu_exec_api(ex), "out of host memory.");
    aclnnStatus st;
    const aclTensor *in[2] = {acc, x};
    cube_post_args *a = (cube_post_args *)aclemu_ew_launch(ex, "CubeEwPost", sizeof(cube_post_args), out, in, 2, &st);
    if (a && !st) {
        a->mode = mode;
        st = aclemu_exec_bind_workspace(ex, a, &a->ew.op[1].addr, (uint64_t)acc_ws);
        if (!st && x_addr)
            st = aclemu_exec_bind_tensor(ex, a, &a->ew.op[2].addr, x_addr);
    }
    aclDestroyTensor(acc);
    return st;
}

aclnnStatus cube_launch_fill(aclOpExecutor *ex, int64_t ws_off, int64_t bytes)
{
    if (bytes <= 0)
        return ACLNN_SUCCESS;
    const int64_t chunk = 1 << 20;
    uint32_t nb = (uint32_t)((bytes + chunk - 1) / chunk), maxb = cube_max_blocks();
    if (nb > maxb)
        nb = maxb;
    cube_fill_args *a = (cube_fill_args *)aclemu_exec_add_launch(ex, "CubeFill", nb, sizeof(cube_fill_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->off = 0;
    a->bytes = bytes;
    a->per_block = (bytes + nb - 1) / nb;
    return aclemu_exec_bind_workspace(ex, a, &a->dst, (uint64_t)ws_off);
}

aclnnStatus cube_launch_ws_to_tensor(aclOpExecutor *ex, const aclTensor *t, int64_t ws_off, int64_t bytes)
{
    if (bytes <= 0)
        return ACLNN_SUCCESS;
    const int64_t chunk = 1 << 20, pieces = (bytes + chunk - 1) / chunk;
    uint32_t maxb = cube_max_blocks(), nb = pieces < (int64_t)maxb ? (uint32_t)pieces : maxb;
    cube_nz_args *a = (cube_nz_args *)aclemu_exec_add_launch(ex, "CubeNz", nb, sizeof(cube_nz_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->mode = CUBE_NZ_COPY;
    a->esize = (int32_t)aclemu_dtype_size(t->dtype);
    a->bytes = bytes;
    a->dst_off = t->offset * (int64_t)aclemu_dtype_size(t->dtype);
    a->per_block = (bytes + nb - 1) / nb;
    aclnnStatus st = aclemu_exec_bind_workspace(ex, a, &a->src, (uint64_t)ws_off);
    return st ? st : aclemu_exec_bind_tensor(ex, a, &a->dst, t);
}
