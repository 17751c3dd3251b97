/* aclnnTriangularSolve: checks as math/triangular_solve/op_host/op_api/aclnn_triangular_solve.cpp
 * of hicann/ops-math (null -> dtype: FLOAT / DOUBLE, all alike; unitriangular FLOAT only ->
 * shapes: A (*, m, m), self (*, m, n), batch dims broadcast, xOut (*, m, n), mOut (*, m, m)).
 * mOut, when given, receives A broadcast to the batch shape (torch's cloned coefficient), by
 * the ViewCopy kernel. Complex dtypes, which the real list has, are not supported yet. */
#include <string.h>

#include "aclemu_plans.h"
#include "linalg_args.h"

#define TS_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE))

aclnnStatus aclemu_plan_TriangularSolve(aclOpExecutor *executor, const aclTensor *self, const aclTensor *A, bool upper,
                                        bool transpose, bool unitriangular, aclTensor *xOut, aclTensor *mOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, A, "A")) ||
        (st = aclemu_check_notnull(api, xOut, "xOut")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", TS_DTYPES)) || (st = aclemu_check_dtype(api, A, "A", TS_DTYPES)) ||
        (st = aclemu_check_dtype(api, xOut, "xOut", TS_DTYPES)) || (st = aclemu_check_same_dtype(api, self, "self", A, "A")) ||
        (st = aclemu_check_same_dtype(api, self, "self", xOut, "xOut")))
        return st;
    if (mOut && ((st = aclemu_check_dtype(api, mOut, "mOut", TS_DTYPES)) ||
                 (st = aclemu_check_same_dtype(api, self, "self", mOut, "mOut"))))
        return st;
    const aclTensor *mats[3] = {self, A, xOut};
    const char *names[3] = {"self", "A", "xOut"};
    for (int i = 0; i < 3; i++)
        if (mats[i]->ndim < 2 || mats[i]->ndim > 8)
            return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be in [2, 8].", names[i], mats[i]->ndim);
    uint32_t na = A->ndim, nbv = self->ndim;
    int64_t m = A->shape[na - 2], n = self->shape[nbv - 1];
    if (A->shape[na - 1] != m)
        return ACLEMU_PARAM_ERROR(api, "A must be batchs of square matrices, but they are %lld by %lld matrices.",
                                  (long long)m, (long long)A->shape[na - 1]);
    if (self->shape[nbv - 2] != m)
        return ACLEMU_PARAM_ERROR(api, "Incompatible matrix sizes for triangular_solve: each A matrix is %lld by %lld but "
                                       "each b matrix is %lld by %lld.",
                                  (long long)m, (long long)m, (long long)self->shape[nbv - 2], (long long)n);
    /* batch shape: numpy broadcast of A's and self's leading dims */
    uint32_t nb = (na > nbv ? na : nbv) - 2;
    if (nb > TS_MAX_BATCH)
        return ACLEMU_PARAM_ERROR(api, "at most %d batch dims are supported.", TS_MAX_BATCH);
    int64_t bshape[TS_MAX_BATCH];
    for (uint32_t i = 0; i < nb; i++) {
        int ia = (int)i - (int)(nb - (na - 2)), ib = (int)i - (int)(nb - (nbv - 2));
        int64_t x = ia >= 0 ? A->shape[ia] : 1, y = ib >= 0 ? self->shape[ib] : 1;
        if (x != y && x != 1 && y != 1)
            return ACLEMU_PARAM_ERROR(api, "Broadcast fail, the size of tensor a must match the size of tensor b at "
                                           "non-singleton diemnsion.");
        bshape[i] = x == 1 ? y : x;
    }
    int64_t want[ACLEMU_KMAX_RANK];
    memcpy(want, bshape, nb * sizeof(int64_t));
    want[nb] = m;
    want[nb + 1] = n;
    char s1[256], s2[256];
    if (xOut->ndim != nb + 2 || memcmp(xOut->shape, want, (nb + 2) * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "xOut shape should be %s, but current is %s.", aclemu_shape_str(want, nb + 2, s1, sizeof s1),
                                  aclemu_shape_str(xOut->shape, xOut->ndim, s2, sizeof s2));
    want[nb + 1] = m;
    if (mOut && (mOut->ndim != nb + 2 || memcmp(mOut->shape, want, (nb + 2) * sizeof(int64_t))))
        return ACLEMU_PARAM_ERROR(api, "mOut shape should be %s, but current is %s.", aclemu_shape_str(want, nb + 2, s1, sizeof s1),
                                  aclemu_shape_str(mOut->shape, mOut->ndim, s2, sizeof s2));
    if (unitriangular && self->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "unitriangular mode only support float.");
    if (mOut) { /* the broadcast clone of A */
        const aclTensor *in[1] = {A};
        aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), mOut, in, 1, &st);
        if (st)
            return st;
    }
    int64_t batches = 1;
    for (uint32_t i = 0; i < nb; i++)
        batches *= bshape[i];
    int64_t items = batches * n;
    if (items == 0 || m == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    uint64_t per_item = m > 65536 ? 65536 : (uint64_t)(m * m); /* items are at least this much work */
    aclemu_tile_1d((uint64_t)items, aclemu_vector_core_num(aclemu_op_profile()), 65536 / (per_item + 1) + 1, 1, &bd, &per);
    int64_t ws = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)bd * (uint64_t)m * sizeof(double));
    trisolve_args *a = (trisolve_args *)aclemu_exec_add_launch(executor, "TriangularSolve", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->dtype = self->dtype;
    a->upper = upper;
    a->transpose = transpose;
    a->unitriangular = unitriangular;
    a->nb = (int32_t)nb;
    a->m = m;
    a->n = n;
    a->items = items;
    a->items_per_block = (int64_t)per;
    a->b_off = self->offset;
    a->a_off = A->offset;
    a->x_off = xOut->offset;
    for (uint32_t i = 0; i < nb; i++) {
        int ia = (int)i - (int)(nb - (na - 2)), ib = (int)i - (int)(nb - (nbv - 2));
        a->bshape[i] = bshape[i];
        a->ab[i] = ia >= 0 && A->shape[ia] != 1 ? A->stride[ia] : 0;
        a->bb[i] = ib >= 0 && self->shape[ib] != 1 ? self->stride[ib] : 0;
        a->xb[i] = xOut->stride[i];
    }
    a->b_rs = self->stride[nbv - 2];
    a->b_cs = self->stride[nbv - 1];
    a->a_rs = A->stride[na - 2];
    a->a_cs = A->stride[na - 1];
    a->x_rs = xOut->stride[nb];
    a->x_cs = xOut->stride[nb + 1];
    if ((st = aclemu_exec_bind_tensor(executor, a, &a->b, self)) || (st = aclemu_exec_bind_tensor(executor, a, &a->a, A)) ||
        (st = aclemu_exec_bind_tensor(executor, a, &a->x, xOut)))
        return st;
    return aclemu_exec_bind_workspace(executor, a, &a->ws, (uint64_t)ws);
}
