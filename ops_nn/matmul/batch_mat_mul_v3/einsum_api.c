/* aclnnEinsum: the two equations the real library registers (op_api/aclnn_einsum.cpp of ops-nn
 * matmul/batch_mat_mul_v3), matched after renaming the letters in order of first appearance
 * ("ijkl,ijkml->ijkm" is "abcd,abced->abce"):
 *  - "abcd,abced->abce": out[a,b,c,e] = sum_d x[a,b,c,d] * y[a,b,c,e,d], one batched GEMM with
 *    M = 1 on the Cube unit. FLOAT/FLOAT16 run in their dtype (cubeMathType 0 on A2/A3/950, 2
 *    elsewhere, as the real code picks); the integer dtypes go through FLOAT16 as the real code
 *    casts them (operands and result rounded to FLOAT16, the result truncated back by Cast).
 *  - "a,b->ab": out = x[:, None] * y[None, :] in the operands' dtype (the real code's Mul). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "aclemu_plans.h"
#include "binary_plan.h"
#include "mm_common.h"

#define EINSUM_INTS                                                                                \
    (ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_UINT16) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_UINT32) | \
     ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT64))
#define EINSUM_EQ_MAX 64

/* FLOAT is missing from the Atlas inference (310P) list of the docs. */
static aclemu_dtype_set einsum_dtypes(void)
{
    aclemu_dtype_set s = EINSUM_INTS | ACLEMU_DT(ACL_FLOAT16);
    if (aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950))
        s |= ACLEMU_DT(ACL_FLOAT);
    return s;
}

/* The letters renamed a, b, c ... in order of first appearance; other characters kept. */
static int einsum_normalize(const char *eq, char *out, size_t len)
{
    char map[256] = {0};
    char next = 'a';
    size_t n = strlen(eq);
    if (n >= len)
        return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)eq[i];
        if (isalpha(ch)) {
            if (!map[ch])
                map[ch] = next++;
            out[i] = map[ch];
        } else {
            out[i] = (char)ch;
        }
    }
    out[n] = '\0';
    return 0;
}

static aclnnStatus check_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank)
{
    if (t->ndim == rank)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s should be %uD for this equation, but it is %uD.", name, rank, t->ndim);
}

static aclnnStatus same_dim(const char *api, const aclTensor *a, const char *an, uint32_t ia, const aclTensor *b,
                            const char *bn, uint32_t ib)
{
    if (a->shape[ia] == b->shape[ib])
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s shape dim%u [%lld] and %s shape dim%u [%lld] should be same.", an, ia,
                              (long long)a->shape[ia], bn, ib, (long long)b->shape[ib]);
}

/* Batch strides of a contiguous buffer of `shape` for its leading `nb` dims. */
static void contig_bstrides(gemm_view *v, const int64_t *shape, uint32_t ndim, int nb)
{
    int64_t s = 1;
    for (int i = (int)ndim - 1; i >= 0; i--) {
        if (i < nb)
            v->bstride[i] = shape[i] == 1 ? 0 : s;
        s *= shape[i];
    }
}

static aclnnStatus einsum_bmv(aclOpExecutor *ex, const char *api, const aclTensor *x, const aclTensor *y,
                              aclTensor *out)
{
    aclnnStatus st;
    if ((st = check_rank(api, x, "tensors[0]", 4)) || (st = check_rank(api, y, "tensors[1]", 5)) ||
        (st = check_rank(api, out, "output", 4)))
        return st;
    for (uint32_t i = 0; i < 3; i++)
        if ((st = same_dim(api, x, "tensors[0]", i, y, "tensors[1]", i)))
            return st;
    if ((st = same_dim(api, x, "tensors[0]", 3, y, "tensors[1]", 4)))
        return st;
    for (uint32_t i = 0; i < 4; i++)
        if (x->shape[i] == 0)
            return ACLEMU_PARAM_ERROR(api, "tensors[0] shape dim%u [0] should not be zero.", i);
    if (y->shape[3] == 0)
        return ACLEMU_PARAM_ERROR(api, "tensors[1] shape dim3 [0] should not be zero.");
    int64_t oshape[4] = {x->shape[0], x->shape[1], x->shape[2], y->shape[3]};
    if ((st = aclemu_check_shape_is(api, out, "output", oshape, 4)))
        return st;

    int8_t cmt = aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950) ? 0 : 2;
    int is_int = x->dtype != ACL_FLOAT && x->dtype != ACL_FLOAT16;
    int32_t math;
    if ((st = cube_math(api, CUBE_MATMUL, is_int ? ACL_FLOAT16 : x->dtype, cmt, &math)))
        return st;
    cube_mm mm;
    memset(mm.bind, 0, sizeof mm.bind);
    mm_desc_init(&mm.d, 1, y->shape[3], x->shape[3], math);
    mm.d.nbatch_dims = 3;
    for (int i = 0; i < 3; i++) mm.d.batch_shape[i] = x->shape[i];
    if (!is_int) {
        mm_bind(mm.bind, x, y, out, NULL, NULL);
        cube_view(&mm.d.a, CUBE_OP_A, x, -1, 3, 3, 3);
        cube_view(&mm.d.b, CUBE_OP_B, y, 4, 3, 3, 3);
        cube_view(&mm.d.c, CUBE_OP_C, out, -1, 3, 3, 3);
        return cube_launch_gemm(ex, &mm.d, mm.bind);
    }
    /* Integers: FLOAT16 copies of both operands and an FLOAT16 result in the workspace. */
    int64_t nx = aclemu_tensor_numel(x), ny = aclemu_tensor_numel(y), no = aclemu_tensor_numel(out);
    int64_t wx = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)nx * 2);
    int64_t wy = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)ny * 2);
    int64_t wo = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)no * 2);
    if ((st = cube_launch_copy(ex, NULL, wx, ACL_FLOAT16, x, -1, x->dtype)) ||
        (st = cube_launch_copy(ex, NULL, wy, ACL_FLOAT16, y, -1, y->dtype)))
        return st;
    int32_t h = cube_gemm_dtype(ACL_FLOAT16);
    int64_t d = x->shape[3];
    cube_view_raw(&mm.d.a, CUBE_OP_A, h, 0, 1);
    contig_bstrides(&mm.d.a, x->shape, 4, 3);
    cube_view_raw(&mm.d.b, CUBE_OP_B, h, 1, d);
    contig_bstrides(&mm.d.b, y->shape, 5, 3);
    cube_view_raw(&mm.d.c, CUBE_OP_C, h, 0, 1);
    contig_bstrides(&mm.d.c, oshape, 4, 3);
    for (int i = 0; i < CUBE_NOPS; i++) mm.bind[i].ws_off = -1;
    mm.bind[CUBE_OP_A].ws_off = wx;
    mm.bind[CUBE_OP_B].ws_off = wy;
    mm.bind[CUBE_OP_C].ws_off = wo;
    if ((st = cube_launch_gemm(ex, &mm.d, mm.bind)))
        return st;
    return cube_launch_copy(ex, out, -1, out->dtype, NULL, wo, ACL_FLOAT16);
}

static aclnnStatus einsum_outer(aclOpExecutor *ex, const char *api, const aclTensor *x, const aclTensor *y,
                                aclTensor *out)
{
    aclnnStatus st;
    if ((st = check_rank(api, x, "tensors[0]", 1)) || (st = check_rank(api, y, "tensors[1]", 1)) ||
        (st = check_rank(api, out, "output", 2)))
        return st;
    int64_t oshape[2] = {x->shape[0], y->shape[0]};
    if ((st = aclemu_check_shape_is(api, out, "output", oshape, 2)))
        return st;
    /* x as a column (a, 1): its one dim strided, the second of size 1; y broadcasts as a row. */
    aclTensor col = *x;
    int64_t cshape[2] = {x->shape[0], 1}, cstride[2] = {x->stride[0], 1};
    col.ndim = 2;
    col.shape = cshape;
    col.stride = cstride;
    return binary_launch(ex, "Mul", out, &col, y, NULL, x->dtype, NULL, 0);
}

aclnnStatus aclemu_plan_Einsum(aclOpExecutor *executor, const aclTensorList *tensors, const char *equation,
                               aclTensor *output)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, tensors, "tensors")))
        return st;
    char name[32];
    for (uint64_t i = 0; i < tensors->size; i++) {
        snprintf(name, sizeof name, "tensors[%llu]", (unsigned long long)i);
        if ((st = aclemu_check_notnull(api, tensors->items[i], name)))
            return st;
    }
    if ((st = aclemu_check_notnull(api, output, "output")) || (st = aclemu_check_notnull(api, equation, "equation")))
        return st;
    /* The docs list A2, A3, 950 and the Atlas inference cards; not the 910 nor the 310B. */
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    aclemu_dtype_set dts = einsum_dtypes();
    for (uint64_t i = 0; i < tensors->size; i++) {
        snprintf(name, sizeof name, "tensors[%llu]", (unsigned long long)i);
        if ((st = aclemu_check_dtype(api, tensors->items[i], name, dts)) ||
            (st = aclemu_check_format(api, tensors->items[i], name)))
            return st;
    }
    if ((st = aclemu_check_dtype(api, output, "output", dts)))
        return st;
    if (tensors->size != 2)
        return ACLEMU_PARAM_ERROR(api, "tensors should hold 2 tensors, but it holds %llu.",
                                  (unsigned long long)tensors->size);
    const aclTensor *x = tensors->items[0], *y = tensors->items[1];
    if (x->dtype != y->dtype || x->dtype != output->dtype)
        return ACLEMU_PARAM_ERROR(api, "all inputs dtype is not equal, please check: tensors[0] %s, tensors[1] %s, "
                                  "output %s.", aclemu_dtype_name(x->dtype), aclemu_dtype_name(y->dtype),
                                  aclemu_dtype_name(output->dtype));
    char eq[EINSUM_EQ_MAX];
    if (einsum_normalize(equation, eq, sizeof eq) != 0 ||
        (strcmp(eq, "abcd,abced->abce") != 0 && strcmp(eq, "a,b->ab") != 0))
        return ACLEMU_PARAM_ERROR(api, "failed to match equation [%.*s]: the supported ones are \"abcd,abced->abce\" "
                                  "and \"a,b->ab\" (letters renamed in order of appearance).",
                                  EINSUM_EQ_MAX, equation);
    if ((st = aclemu_check_shape(api, x, "tensors[0]", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, y, "tensors[1]", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, output, "output", ACLEMU_MAX_RANK)))
        return st;
    if (eq[1] == ',')
        return einsum_outer(executor, api, x, y, output);
    return einsum_bmv(executor, api, x, y, output);
}
