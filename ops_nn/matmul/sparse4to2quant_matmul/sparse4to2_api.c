/* ops-nn matmul/sparse4to2quant_matmul (A2 / A3): the 4:2 structured-sparse INT8 matmul.
 *
 * aclnnTransSparse4to2Para (a host function, as in the real library: it reads and allocates host
 * memory): an (n, k) INT8 weight with at most two non-zeros in each group of four along k is
 * compressed into sparseWeight [ceil(ceil(k / 32) / 2), ceil(n / 16), 16, 32] (two values per
 * group, k padded with zeros to whole groups of eight and storage blocks of 64) and index
 * [same, same, 16, 8] (one byte per eight weights: per half a nibble, bits 0-1 the position of the
 * first kept value, bits 2-3 the position of the second minus one), both calloc'ed for the caller
 * like aclnn_trans_sparse4to2_para.cpp, with its pattern table (a group with three or four
 * non-zeros: 161002 "Data of weight not satisfy 50% sparsity rate."; a shape not 2-D: 161002;
 * null pointers: 561103).
 *
 * aclnnSparse4to2QuantMatmulWeightNz: out(m, n) = bf16(fp32(x @ W) * sparseWeightScale[n] *
 * xScale[m] + bias[n]) — the kernel's AscendDequant (INT32 -> FP32 times the channel scale), the
 * per-token multiply, the BF16 bias added in FP32, Cast RINT (sparse4to2quant_matmul.h). Checks in
 * the order of aclnn_sparse4to2quant_matmul_weight_nz.cpp: A2 / A3 only (161002 "...not supported
 * in current platform"), sparseWeight null, 2-D, its storage shape [ceil(k_half / 32),
 * ceil(n / 16), 16, 32] (whatever format it is labelled with: the op_api relabels it FRACTAL_NZ),
 * nulls of x, index, out, sparseWeightScale, xScale, a transposed x, ranks (x, sparseWeight,
 * index, out 2; bias, xScale, sparseWeightScale 1), dtypes, formats, shapes (8-aligned k of x =
 * 2 * k_half, last dims <= 65535, bias / sparseWeightScale (n), xScale (m), out (m, n)), empty
 * inputs; all 161002. index is read through its storage (the view is nominal, as in the kernel).
 * Two launches: Sparse4to2Expand writes the dense weight into the workspace, QuantGemm multiplies
 * with exact INT32 accumulation and the dequantisation above. */
#include <stdlib.h>
#include <string.h>

#include "aclemu_plans.h"
#include "mm_common.h"
#include "qmm_plan.h"
#include "sparse4to2_args.h"

/* ---- aclnnTransSparse4to2Para ---------------------------------------------------------------- */

/* Pattern of four weights (first weight in bit 3) -> the two positions kept and the index nibble
 * (the real table; -1: more than two non-zeros). */
static const int8_t SP_FIRST[16] = {0, 0, 2, 2, 1, 1, 1, -1, 0, 0, 0, -1, 0, -1, -1, -1};
static const int8_t SP_SECOND[16] = {0, 3, 3, 3, 2, 3, 2, -1, 1, 3, 2, -1, 1, -1, -1, -1};
static const uint8_t SP_NIBBLE[16] = {0, 0x8, 0x2, 0xa, 0x1, 0x9, 0x5, 0, 0, 0x8, 0x4, 0, 0, 0, 0, 0};

ACLNN_API aclnnStatus aclnnTransSparse4to2Para(const int8_t *weight, aclIntArray *shape, int8_t **sparseWeight,
                                               int64_t **sparseWeightDims, uint64_t *sparseWeightDimsNum,
                                               uint8_t **index, int64_t **indexDims, uint64_t *indexDimsNum)
{
    const char *api = "aclnnTransSparse4to2Para";
    if (!shape || !weight || !sparseWeight || !sparseWeightDims || !sparseWeightDimsNum || !index || !indexDims ||
        !indexDimsNum)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api, "a required pointer is nullptr.");
    if (shape->size != 2)
        return ACLEMU_PARAM_ERROR(api, "Dimension of shape must be 2");
    const int64_t N = shape->data[0], K = shape->data[1];
    if (N < 0 || K < 0 || N > ((int64_t)1 << 31) || K > ((int64_t)1 << 31))
        return ACLEMU_PARAM_ERROR(api, "shape [%lld, %lld] is out of range.", (long long)N, (long long)K);
    const int64_t k1 = ((K + 31) / 32 + 1) / 2, n1 = (N + 15) / 16, nnz = n1 * 16;
    if (k1 && nnz > ((int64_t)1 << 40) / 32 / k1)
        return ACLEMU_PARAM_ERROR(api, "shape [%lld, %lld] is too large.", (long long)N, (long long)K);
    const size_t wsize = (size_t)(k1 * nnz * 32), isize = wsize / 4;
    int8_t *sw = calloc(wsize ? wsize : 1, 1);
    uint8_t *ix = calloc(isize ? isize : 1, 1);
    int64_t *sd = calloc(4, sizeof(int64_t)), *id = calloc(4, sizeof(int64_t));
    if (!sw || !ix || !sd || !id) {
        free(sw), free(ix), free(sd), free(id);
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api, "out of host memory.");
    }
    for (int64_t b = 0; b < k1; b++)
        for (int64_t n = 0; n < N; n++)
            for (int64_t j = 0; j < 8; j++) {
                const int64_t k0 = b * 64 + j * 8;
                const int64_t valid = k0 + 8 >= K ? K - k0 : 8;
                if (valid < 0)
                    continue;
                int8_t g[8] = {0};
                for (int64_t i = 0; i < valid; i++)
                    g[i] = weight[n * K + k0 + i];
                uint8_t byte = 0;
                int8_t *dst = sw + (b * nnz + n) * 32 + j * 4;
                for (int h = 0; h < 2; h++) {
                    unsigned p = 0;
                    for (int i = 0; i < 4; i++)
                        p = (p << 1) | (g[h * 4 + i] != 0);
                    if (SP_FIRST[p] < 0) {
                        free(sw), free(ix), free(sd), free(id);
                        return ACLEMU_PARAM_ERROR(api, "Data of weight not satisfy 50%% sparsity rate.");
                    }
                    dst[2 * h] = g[h * 4 + SP_FIRST[p]];
                    dst[2 * h + 1] = g[h * 4 + SP_SECOND[p]];
                    byte |= (uint8_t)(SP_NIBBLE[p] << (4 * h));
                }
                ix[(b * nnz + n) * 8 + j] = byte;
            }
    sd[0] = id[0] = k1;
    sd[1] = id[1] = n1;
    sd[2] = id[2] = 16;
    sd[3] = 32;
    id[3] = 8;
    *sparseWeight = sw;
    *index = ix;
    *sparseWeightDims = sd;
    *indexDims = id;
    *sparseWeightDimsNum = 4;
    *indexDimsNum = 4;
    return ACLNN_SUCCESS;
}

/* ---- the matmul ------------------------------------------------------------------------------- */

static aclnnStatus rank_is(const char *api, const aclTensor *t, const char *name, uint32_t r)
{
    if (!t || t->ndim == r)
        return ACLNN_SUCCESS;
    char b[128];
    return ACLEMU_PARAM_ERROR(api, "Expected %u dimension input, but got %s with sizes %s.", r, name,
                              cube_shape_str(t, b, sizeof b));
}

static aclnnStatus nd_is(const char *api, const aclTensor *t, const char *name)
{
    if (!t || t->format == ACL_FORMAT_ND)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "Format of %s must be ND, actual is %s.", name, aclemu_format_name(t->format));
}

/* The two launches of validated inputs: Sparse4to2Expand (the compressed storages into a dense
 * (n, kd) INT8 weight in the workspace), then QuantGemm. */
static aclnnStatus sp_launch(aclOpExecutor *executor, const aclTensor *x, const aclTensor *sparseWeight,
                             const aclTensor *index, const aclTensor *xScale, const aclTensor *sparseWeightScale,
                             const aclTensor *bias, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const int64_t n = sparseWeight->shape[0], kh = sparseWeight->shape[1], k = x->shape[1];
    if (n > ((int64_t)1 << 31) || kh > ((int64_t)1 << 20))
        return ACLEMU_PARAM_ERROR(api, "sparseWeight's shape [%lld, %lld] is too large for this emulation.",
                                  (long long)n, (long long)kh);
    const int64_t k1 = (kh + 31) / 32, n1 = (n + 15) / 16;
    /* the compressed storages must lie in their allocations (the kernel reads them whole) */
    const int64_t nnz = n1 * 16;
    if ((st = aclemu_check_device_bytes(api, sparseWeight, "sparseWeight", (uint64_t)(k1 * nnz * 32))) ||
        (st = aclemu_check_device_bytes(api, index, "index", (uint64_t)(k1 * nnz * 8))))
        return st;
    /* 1: expand into the workspace, (n, kd) INT8 */
    const int64_t kd = k1 * 64;
    uint64_t ws = aclemu_exec_alloc_workspace(executor, (uint64_t)(n * kd));
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = ((uint64_t)n + cores - 1) / cores;
    uint32_t blocks = (uint32_t)(((uint64_t)n + per - 1) / per);
    sparse4to2_args *a = aclemu_exec_add_launch(executor, "Sparse4to2Expand", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    a->n = n;
    a->nnz = nnz;
    a->k1 = k1;
    a->rows_per_block = per;
    a->w_off = sparseWeight->offset;
    a->i_off = index->offset;
    if ((st = aclemu_exec_bind_tensor(executor, a, &a->weight, sparseWeight)) ||
        (st = aclemu_exec_bind_tensor(executor, a, &a->index, index)) ||
        (st = aclemu_exec_bind_workspace(executor, a, &a->out, ws)))
        return st;
    /* 2: QuantGemm over the dense weight viewed (k, n) with strides (1, kd) */
    aclTensor w2;
    memset(&w2, 0, sizeof w2);
    w2.dtype = ACL_INT8;
    w2.format = ACL_FORMAT_ND;
    w2.ndim = w2.storage_ndim = 2;
    w2.shape = w2.inl_shape;
    w2.stride = w2.inl_stride;
    w2.storage_shape = w2.inl_storage;
    w2.shape[0] = k;
    w2.shape[1] = n;
    w2.stride[0] = 1;
    w2.stride[1] = kd;
    w2.storage_shape[0] = n;
    w2.storage_shape[1] = kd;
    qmm_inputs in;
    memset(&in, 0, sizeof in);
    in.x1 = x;
    in.x2 = &w2;
    in.scale = sparseWeightScale;
    in.pertoken = xScale;
    in.bias = bias;
    in.out = out;
    in.ws_plus1[1] = (int64_t)ws + 1;
    return qmm_launch(executor, &in, 0, 0, NULL, 0.0f);
}

aclnnStatus aclemu_plan_Sparse4to2QuantMatmulWeightNz(aclOpExecutor *executor, const aclTensor *x,
                                                      const aclTensor *sparseWeight, const aclTensor *index,
                                                      const aclTensor *xScale, const aclTensor *sparseWeightScale,
                                                      const aclTensor *biasOptional, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *bias = biasOptional;
    aclnnStatus st;
    if (!aclemu_chip_in(ACLEMU_CHIPS_A2_A3))
        return ACLEMU_PARAM_ERROR(api, "Sparse4to2QuantMatmul is not supported in current platform");
    if ((st = aclemu_check_notnull(api, sparseWeight, "sparseWeight")) ||
        (st = rank_is(api, sparseWeight, "sparseWeight", 2)))
        return st;
    const int64_t n = sparseWeight->shape[0], kh = sparseWeight->shape[1];
    const int64_t k1 = (kh + 31) / 32, n1 = (n + 15) / 16;
    const int64_t want[4] = {k1, n1, 16, 32};
    if (sparseWeight->storage_ndim != 4 || memcmp(sparseWeight->storage_shape, want, sizeof want)) {
        char b1[96], b2[96], b3[128];
        return ACLEMU_PARAM_ERROR(api, "Input sparseWeight'format only support NZ with transpose, but now is not "
                                       "NZ(Ascend affinity format), view shape is %s, expected NZ storage shape is %s, "
                                       "actual NZ storage shape is %s",
                                  cube_shape_str(sparseWeight, b1, sizeof b1), aclemu_shape_str(want, 4, b2, sizeof b2),
                                  aclemu_shape_str(sparseWeight->storage_shape, sparseWeight->storage_ndim, b3,
                                                   sizeof b3));
    }
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, index, "index")) ||
        (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, sparseWeightScale, "sparseWeightScale")) ||
        (st = aclemu_check_notnull(api, xScale, "xScale")))
        return st;
    if (x->ndim == 2 && x->shape[0] > 1 && x->shape[1] > 1 && x->stride[0] == 1 && x->stride[1] == x->shape[0])
        return ACLEMU_PARAM_ERROR(api, "Input x not support transpose for now");
    if ((st = rank_is(api, x, "x", 2)) || (st = rank_is(api, index, "index", 2)) || (st = rank_is(api, out, "out", 2)) ||
        (st = rank_is(api, bias, "bias", 1)) || (st = rank_is(api, xScale, "xScale", 1)) ||
        (st = rank_is(api, sparseWeightScale, "sparseWeightScale", 1)))
        return st;
    if (x->dtype != ACL_INT8 || sparseWeight->dtype != ACL_INT8)
        return ACLEMU_PARAM_ERROR(api, "Input x, sparseWeight dtype should be INT8, actual dtype are %s and %s.",
                                  aclemu_dtype_name(x->dtype), aclemu_dtype_name(sparseWeight->dtype));
    if (index->dtype != ACL_UINT8)
        return ACLEMU_PARAM_ERROR(api, "Input index dtype should be UINT8, actual dtype is %s.",
                                  aclemu_dtype_name(index->dtype));
    if (bias && bias->dtype != ACL_BF16)
        return ACLEMU_PARAM_ERROR(api, "Input bias dtype should be BF16, actual dtype is %s.",
                                  aclemu_dtype_name(bias->dtype));
    if (xScale->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "Input xScale dtype should be FLOAT32, actual dtype is %s.",
                                  aclemu_dtype_name(xScale->dtype));
    if (sparseWeightScale->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "Input sparseWeightScale dtype should be FLOAT32, actual dtype is %s.",
                                  aclemu_dtype_name(sparseWeightScale->dtype));
    if (out->dtype != ACL_BF16)
        return ACLEMU_PARAM_ERROR(api, "Output dtype should be BF16, actual dtype is %s.", aclemu_dtype_name(out->dtype));
    if ((st = nd_is(api, x, "x")) || (st = nd_is(api, index, "index")) || (st = nd_is(api, xScale, "xScale")) ||
        (st = nd_is(api, sparseWeightScale, "sparseWeightScale")) || (st = nd_is(api, bias, "bias")) ||
        (st = nd_is(api, out, "out")))
        return st;
    const int64_t m = x->shape[0], k = x->shape[1];
    if (k < 0 || (k + 7) / 8 * 8 != 2 * kh)
        return ACLEMU_PARAM_ERROR(api, "The k dim of x (8-aligned) should be twice that k of sparseWeight, but k dim of "
                                       "x is %lld, sparseWeight is %lld.", (long long)((k + 7) / 8 * 8), (long long)kh);
    if (k > 65535 || kh > 65535)
        return ACLEMU_PARAM_ERROR(api, "The last dim of x or sparseWeight is larger than 65535, x is %lld, sparseWeight "
                                       "is %lld.", (long long)k, (long long)kh);
    if (bias && bias->shape[0] != n)
        return ACLEMU_PARAM_ERROR(api, "The 1st dim bias should be equal to n dim of x2: %lld, but actually is %lld.",
                                  (long long)n, (long long)bias->shape[0]);
    if (sparseWeightScale->shape[0] != n)
        return ACLEMU_PARAM_ERROR(api, "The last dim of sparseWeightScale should equal to n dim of sparseWeight: %lld, "
                                       "but actual is %lld.", (long long)n, (long long)sparseWeightScale->shape[0]);
    if (xScale->shape[0] != m)
        return ACLEMU_PARAM_ERROR(api, "The 1st dim of xScale should be equal to m dim of x: %lld, but actually is %lld.",
                                  (long long)m, (long long)xScale->shape[0]);
    if (out->shape[0] != m)
        return ACLEMU_PARAM_ERROR(api, "First dimension of out should be equal to m dimension of x, but fir dimension of "
                                       "out is %lld, m dimension of x is %lld.", (long long)out->shape[0], (long long)m);
    if (out->shape[1] != n)
        return ACLEMU_PARAM_ERROR(api, "Second dim of out should be equal to n dim of sparseWeight , but out 2nd dim is "
                                       "%lld, n dim of sparseWeight is %lld.", (long long)out->shape[1], (long long)n);
    if (m <= 0 || k <= 0 || n <= 0)
        return ACLEMU_PARAM_ERROR(api, "Sparse4to2QuantMatmul not support to process empty tensor for now.");
    return sp_launch(executor, x, sparseWeight, index, xScale, sparseWeightScale, bias, out);
}

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

/* aclnnSparse4to2QuantMatmul, generated from the op definition (sparse4to2quant_matmul_def.cpp:
 * ascend910b / 910_93): nulls of x, sparseWeight, index, yOut (161001) -> the chip (161002
 * elsewhere) -> dtypes of the definition (x, sparseWeight INT8, index UINT8, scales FLOAT, bias and
 * y BFLOAT16) -> formats (sparseWeight FRACTAL_NZ, the others ND) (161002) -> the tiling's refusals
 * (561002) in its order (sparse4to2quant_matmul_tiling.cpp): missing xScale / sparseWeightScale,
 * x / sparseWeight not 2-D, the 8-aligned k of x not twice sparseWeight's, a zero dim. The tiling
 * takes a one-element sparseWeightScale as per tensor; what it does not check and its kernel would
 * read past (the sparseWeight storage shape, xScale of m, the scale of n, bias of n, y (m, n)) is
 * refused with 561002 too. `dtype` is the output's dtype attribute (not read by the tiling). */
aclnnStatus aclemu_plan_Sparse4to2QuantMatmul(aclOpExecutor *executor, const aclTensor *x, const aclTensor *sparseWeight,
                                              const aclTensor *index, const aclTensor *xScaleOptional,
                                              const aclTensor *sparseWeightScaleOptional,
                                              const aclTensor *biasOptional, int64_t dtype, const aclTensor *yOut)
{
    (void)dtype;
    const char *api = aclemu_exec_api(executor);
    const aclTensor *xs = xScaleOptional, *ws = sparseWeightScaleOptional, *bias = biasOptional, *y = yOut;
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, sparseWeight, "sparseWeight")) ||
        (st = aclemu_check_notnull(api, index, "index")) || (st = aclemu_check_notnull(api, y, "yOut")))
        return st;
    if (!aclemu_chip_in(ACLEMU_CHIPS_A2_A3))
        return ACLEMU_PARAM_ERROR(api, "Sparse4to2QuantMatmul is not supported on %s.",
                                  aclemu_op_profile()->short_soc_version);
    const aclemu_dtype_set f32 = ACLEMU_DT(ACL_FLOAT), bf = ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_dtype(api, sparseWeight, "sparseWeight", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_dtype(api, index, "index", ACLEMU_DT(ACL_UINT8))) ||
        (xs && (st = aclemu_check_dtype(api, xs, "xScaleOptional", f32))) ||
        (ws && (st = aclemu_check_dtype(api, ws, "sparseWeightScaleOptional", f32))) ||
        (bias && (st = aclemu_check_dtype(api, bias, "biasOptional", bf))) ||
        (st = aclemu_check_dtype(api, y, "yOut", bf)))
        return st;
    if (sparseWeight->format != ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "sparseWeight's format should be FRACTAL_NZ, actual is %s.",
                                  aclemu_format_name(sparseWeight->format));
    if ((st = nd_is(api, x, "x")) || (st = nd_is(api, index, "index")) || (st = nd_is(api, xs, "xScaleOptional")) ||
        (st = nd_is(api, ws, "sparseWeightScaleOptional")) || (st = nd_is(api, bias, "biasOptional")) ||
        (st = nd_is(api, y, "yOut")))
        return st;
    if (!xs || !ws)
        return TILING_ERROR(api, "XScale and weightScale can not be null.");
    if (x->ndim != 2 || sparseWeight->ndim != 2)
        return TILING_ERROR(api, "Invalid inputs shape, shape dimension of x(value is %u) and sparseWeight(value is %u) "
                                 "must be 2.", x->ndim, sparseWeight->ndim);
    const int64_t m = x->shape[0], k = x->shape[1], n = sparseWeight->shape[0], kh = sparseWeight->shape[1];
    if ((k + 7) / 8 * 8 != 2 * kh)
        return TILING_ERROR(api, "Invalid inputs, k axis of input x(8 aligned value is %lld) must double that of "
                                 "sparseWeight(value is %lld).", (long long)((k + 7) / 8 * 8), (long long)kh);
    if (m == 0 || k == 0 || kh == 0 || n == 0)
        return TILING_ERROR(api, "Invalid inputs, input shape of x and sparseWeight have 0.");
    const int64_t want[4] = {(kh + 31) / 32, (n + 15) / 16, 16, 32};
    char b1[96], b2[128];
    if (sparseWeight->storage_ndim != 4 || memcmp(sparseWeight->storage_shape, want, sizeof want))
        return TILING_ERROR(api, "sparseWeight's storage shape %s should be %s (aclnnTransSparse4to2Para's).",
                            aclemu_shape_str(sparseWeight->storage_shape, sparseWeight->storage_ndim, b2, sizeof b2),
                            aclemu_shape_str(want, 4, b1, sizeof b1));
    if (xs->ndim != 1 || xs->shape[0] != m)
        return TILING_ERROR(api, "xScaleOptional's shape %s should be [%lld].", cube_shape_str(xs, b1, sizeof b1),
                            (long long)m);
    if (ws->ndim != 1 || (ws->shape[0] != n && ws->shape[0] != 1))
        return TILING_ERROR(api, "sparseWeightScaleOptional's shape %s should be [%lld] or [1].",
                            cube_shape_str(ws, b1, sizeof b1), (long long)n);
    if (bias && (bias->ndim != 1 || bias->shape[0] != n))
        return TILING_ERROR(api, "biasOptional's shape %s should be [%lld].", cube_shape_str(bias, b1, sizeof b1),
                            (long long)n);
    if (y->ndim != 2 || y->shape[0] != m || y->shape[1] != n)
        return TILING_ERROR(api, "yOut's shape %s should be [%lld, %lld].", cube_shape_str(y, b1, sizeof b1),
                            (long long)m, (long long)n);
    return sp_launch(executor, x, sparseWeight, index, xs, ws, bias, y);
}
