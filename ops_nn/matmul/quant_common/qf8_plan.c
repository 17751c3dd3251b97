/* Stage 1 of the FP8 quantized matmuls: the decode and dequantisation launches (qf8_plan.h). */
#include <string.h>

#include "aclemu_op/op_api.h"
#include "cube.h"
#include "qf8_args.h"
#include "qf8_plan.h"

static uint32_t qf8_blocks(int64_t rows, int64_t *per_block)
{
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    if (cores < 1)
        cores = 1;
    int64_t per = (rows + cores - 1) / cores;
    if (per < 1)
        per = 1;
    *per_block = per;
    return (uint32_t)((rows + per - 1) / per);
}

void qf8_gemm_desc(gemm_desc *d, int64_t M, int64_t N, int64_t K)
{
    memset(d, 0, sizeof *d);
    d->M = M;
    d->N = N;
    d->K = K;
    d->math = GEMM_MATH_KEEP;
    d->alpha = 1.0f;
    cube_view_raw(&d->a, CUBE_OP_A, GEMM_F32, K, 1);
    cube_view_raw(&d->b, CUBE_OP_B, GEMM_F32, 1, K);
}

aclnnStatus qf8_decode(aclOpExecutor *ex, const qf8_operand *o, int64_t nb, int64_t rows, int64_t K,
                       int64_t *ws_off)
{
    return qf8_decode_as(ex, o, o->t->dtype, nb, rows, K, ws_off);
}

aclnnStatus qf8_decode_as(aclOpExecutor *ex, const qf8_operand *o, aclDataType src_dtype, int64_t nb, int64_t rows,
                          int64_t K, int64_t *ws_off)
{
    const char *api = aclemu_exec_api(ex);
    uint64_t bytes = (uint64_t)(nb * rows * K) * 4u;
    *ws_off = (int64_t)aclemu_exec_alloc_workspace(ex, bytes ? bytes : 4u);
    if (nb * rows * K == 0)
        return ACLNN_SUCCESS;
    int64_t per;
    uint32_t nblk = qf8_blocks(nb * rows, &per);
    qf8_decode_args *a = (qf8_decode_args *)aclemu_exec_add_launch(ex, "QmmF8Decode", nblk, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    memset(a, 0, sizeof *a);
    /* FLOAT4_E2M1 codes carried by a FLOAT (eight per word) or a 1-byte tensor (INT8 / UINT8): its
     * offset counts words / bytes */
    a->off = o->fp4_in_b32 ? o->t->offset * 8
           : src_dtype == ACL_FLOAT4_E2M1 && o->t->dtype != ACL_FLOAT4_E2M1 ? o->t->offset * 2 : o->t->offset;
    a->sb = o->sb;
    a->si = o->si;
    a->sk = o->sk;
    a->isplit = o->isplit;
    a->iouter = o->iouter;
    a->ksplit = o->ksplit;
    a->kouter = o->kouter;
    a->src_dtype = o->fp4_in_b32 ? ACL_FLOAT4_E2M1 : src_dtype;
    a->fp4_as_e4m3 = o->fp4_as_e4m3;
    a->nb = nb;
    a->rows = rows;
    a->K = K;
    a->rows_per_block = per;
    aclnnStatus st = aclemu_exec_bind_tensor(ex, a, &a->src, o->t);
    if (!st && o->scale) {
        a->soff = o->scale->offset;
        a->ssb = o->ssb;
        a->ssi = o->ssi;
        a->ssk64 = o->ssk64;
        a->ss2 = o->ss2;
        a->scale_dtype = o->scale->dtype;
        st = aclemu_exec_bind_tensor(ex, a, &a->scale, o->scale);
    }
    if (!st)
        st = aclemu_exec_bind_workspace(ex, a, &a->dst, (uint64_t)*ws_off);
    (void)api;
    return st;
}

aclnnStatus qf8_dequant(aclOpExecutor *ex, int64_t acc_ws, const aclTensor *out, int64_t osb, int64_t osm,
                        int64_t osn, const aclTensor *s1, const aclTensor *s2, int64_t nb, int64_t M, int64_t N)
{
    return qf8_dequant_bias(ex, acc_ws, out, osb, osm, osn, s1, s2, NULL, 0, 0, nb, M, N);
}

aclnnStatus qf8_dequant_bias(aclOpExecutor *ex, int64_t acc_ws, const aclTensor *out, int64_t osb, int64_t osm,
                             int64_t osn, const aclTensor *s1, const aclTensor *s2, const aclTensor *bias,
                             int64_t bias_sb, int bias_first, int64_t nb, int64_t M, int64_t N)
{
    if (nb * M * N == 0)
        return ACLNN_SUCCESS;
    int64_t per;
    uint32_t nblk = qf8_blocks(nb * M, &per);
    qf8_dequant_args *a = (qf8_dequant_args *)aclemu_exec_add_launch(ex, "QmmF8Dequant", nblk, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    memset(a, 0, sizeof *a);
    a->out_off = out->offset;
    a->osb = osb;
    a->osm = osm;
    a->osn = osn;
    a->out_dtype = out->dtype;
    a->nb = nb;
    a->M = M;
    a->N = N;
    a->rows_per_block = per;
    aclnnStatus st = aclemu_exec_bind_workspace(ex, a, &a->acc, (uint64_t)acc_ws);
    if (!st)
        st = aclemu_exec_bind_tensor(ex, a, &a->out, out);
    if (!st && s2) {
        a->s2_off = s2->offset;
        a->s2_s = aclemu_tensor_numel(s2) == 1 ? 0 : s2->stride[s2->ndim - 1];
        a->s2_param = s2->dtype == ACL_UINT64 || s2->dtype == ACL_INT64;
        st = aclemu_exec_bind_tensor(ex, a, &a->s2, s2);
    }
    if (!st && bias) {
        a->bias_off = bias->offset;
        a->bias_sb = bias_sb;
        a->bias_sn = bias->stride[bias->ndim - 1];
        a->bias_first = bias_first;
        a->bias_dtype = bias->dtype;
        st = aclemu_exec_bind_tensor(ex, a, &a->bias, bias);
    }
    if (!st && s1) {
        a->s1_off = s1->offset;
        a->s1_s = aclemu_tensor_numel(s1) == 1 ? 0 : s1->stride[0];
        st = aclemu_exec_bind_tensor(ex, a, &a->s1, s1);
    }
    return st;
}

aclnnStatus qf8_dequant_add_pt(aclOpExecutor *ex, int64_t acc_ws, const aclTensor *out, int64_t osm, int64_t osn,
                               const aclTensor *s1, const aclTensor *s2, int64_t M, int64_t N)
{
    if (M * N == 0)
        return ACLNN_SUCCESS;
    int64_t per;
    uint32_t nblk = qf8_blocks(M, &per);
    qf8_dequant_args *a = (qf8_dequant_args *)aclemu_exec_add_launch(ex, "QmmF8Dequant", nblk, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    memset(a, 0, sizeof *a);
    a->out_off = out->offset;
    a->osm = osm;
    a->osn = osn;
    a->out_dtype = out->dtype;
    a->add_out = 1;
    a->nb = 1;
    a->M = M;
    a->N = N;
    a->rows_per_block = per;
    a->s1_off = s1->offset;
    a->s2_off = s2->offset; /* s1_s = s2_s = 0: one value each */
    aclnnStatus st = aclemu_exec_bind_workspace(ex, a, &a->acc, (uint64_t)acc_ws);
    if (!st)
        st = aclemu_exec_bind_tensor(ex, a, &a->out, out);
    if (!st)
        st = aclemu_exec_bind_tensor(ex, a, &a->s2, s2);
    if (!st)
        st = aclemu_exec_bind_tensor(ex, a, &a->s1, s1);
    return st;
}
