/* TransData: layout conversions as strided copies (aclnnPermute / aclnnInplaceCopy between
 * views). The private formats are blocked layouts: NC1HWC0 [N, C1, H, W, C0] holds channel
 * c1 * C0 + c0, FRACTAL_NZ [..., N1, M1, M0, N0] holds element (m1 * M0 + m0, n1 * N0 + n0) of
 * an [..., M, N] matrix; the padding of partial blocks is zero. Full and partial blocks are
 * copied as separate regions, each an affine view on both sides. */
#include <string.h>

#include "op_run.h"

typedef aclnnStatus (*fn_t_t)(aclTensor *, const aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t)(aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_a_t)(const aclTensor *, const aclIntArray *, aclTensor *, uint64_t *, aclOpExecutor **);

/* One region: dims shared by both sides, the plain side's strides / offset and the blocked
 * side's. to_blocked: copy plain -> blocked, else blocked -> plain. */
static int region(aclop_run *r, aclDataType dt, size_t nd, const int64_t *dims, const int64_t *ps, int64_t po,
                  const int64_t *bs, int64_t bo, bool to_blocked)
{
    for (size_t i = 0; i < nd; i++)
        if (dims[i] <= 0)
            return ACL_SUCCESS;
    aclop_call *c = r->c;
    aclTensor *p = run_view(r, dt, ACL_FORMAT_ND, nd, dims, ps, po, to_blocked ? c->in_addr[0] : c->out_addr[0]);
    aclTensor *b = run_view(r, dt, ACL_FORMAT_ND, nd, dims, bs, bo, to_blocked ? c->out_addr[0] : c->in_addr[0]);
    return to_blocked ? RUN_NN(r, "aclnnInplaceCopy", fn_t_t, b, p) : RUN_NN(r, "aclnnInplaceCopy", fn_t_t, p, b);
}

/* NCHW / NHWC (plain, 4-D) <-> NC1HWC0 (blocked, 5-D). */
static int nc1hwc0(aclop_run *r, const int64_t *plain, aclFormat pf, const int64_t *blk, bool to_blocked)
{
    aclDataType dt = r->c->in[0]->dtype;
    int ch = pf == ACL_FORMAT_NCHW ? 1 : 3, h = pf == ACL_FORMAT_NCHW ? 2 : 1, w = h + 1;
    int64_t ps[4], s = 1;
    for (int i = 4; i-- > 0;) {
        ps[i] = s;
        s *= plain[i];
    }
    int64_t C = plain[ch], C0 = blk[4], C1 = blk[1], H = blk[2], W = blk[3], N = blk[0];
    int64_t yb[5] = {C1 * H * W * C0, H * W * C0, W * C0, C0, 1}; /* blocked strides */
    int64_t full = C / C0, rem = C % C0;
    int rc = ACL_SUCCESS;
    if (to_blocked && rem)
        rc = RUN_NN(r, "aclnnInplaceZero", fn_t,
                    run_view(r, dt, ACL_FORMAT_ND, 5, blk, NULL, 0, r->c->out_addr[0]));
    /* full blocks: [N, C1f, C0, H, W] */
    int64_t d1[5] = {N, full, C0, H, W};
    int64_t p1[5] = {ps[0], C0 * ps[ch], ps[ch], ps[h], ps[w]}, b1[5] = {yb[0], yb[1], 1, yb[2], yb[3]};
    if (rc == ACL_SUCCESS)
        rc = region(r, dt, 5, d1, p1, 0, b1, 0, to_blocked);
    /* the partial block: [N, rem, H, W] */
    int64_t d2[4] = {N, rem, H, W}, p2[4] = {ps[0], ps[ch], ps[h], ps[w]}, b2[4] = {yb[0], 1, yb[2], yb[3]};
    if (rc == ACL_SUCCESS)
        rc = region(r, dt, 4, d2, p2, full * C0 * ps[ch], b2, full * yb[1], to_blocked);
    return rc;
}

/* ND [..., M, K] (plain) <-> FRACTAL_NZ [..., K1, M1, M0, K0] (blocked). */
static int fractal_nz(aclop_run *r, const int64_t *plain, size_t pn, const int64_t *blk, size_t bn, bool to_blocked)
{
    aclDataType dt = r->c->in[0]->dtype;
    int64_t B = 1;
    for (size_t i = 0; i + 2 < pn; i++)
        B *= plain[i];
    int64_t M = pn >= 2 ? plain[pn - 2] : 1, K = plain[pn - 1];
    int64_t K1 = blk[bn - 4], M1 = blk[bn - 3], M0 = blk[bn - 2], K0 = blk[bn - 1];
    int64_t yK1 = M1 * M0 * K0, yM1 = M0 * K0, yM0 = K0, yB = K1 * yK1;
    int64_t mf = M / M0, mr = M % M0, kf = K / K0, kr = K % K0;
    int rc = ACL_SUCCESS;
    if (to_blocked && (mr || kr)) {
        int64_t all[1] = {B * yB};
        rc = RUN_NN(r, "aclnnInplaceZero", fn_t, run_view(r, dt, ACL_FORMAT_ND, 1, all, NULL, 0, r->c->out_addr[0]));
    }
    /* (full M, full K) (full M, partial K) (partial M, full K) (partial M, partial K) */
    int64_t d1[5] = {B, mf, M0, kf, K0}, p1[5] = {M * K, M0 * K, K, K0, 1}, b1[5] = {yB, yM1, yM0, yK1, 1};
    int64_t d2[4] = {B, mf, M0, kr}, p2[4] = {M * K, M0 * K, K, 1}, b2[4] = {yB, yM1, yM0, 1};
    int64_t d3[4] = {B, mr, kf, K0}, p3[4] = {M * K, K, K0, 1}, b3[4] = {yB, yM0, yK1, 1};
    int64_t d4[3] = {B, mr, kr}, p4[3] = {M * K, K, 1}, b4[3] = {yB, yM0, 1};
    if (rc == ACL_SUCCESS)
        rc = region(r, dt, 5, d1, p1, 0, b1, 0, to_blocked);
    if (rc == ACL_SUCCESS)
        rc = region(r, dt, 4, d2, p2, kf * K0, b2, kf * yK1, to_blocked);
    if (rc == ACL_SUCCESS)
        rc = region(r, dt, 4, d3, p3, mf * M0 * K, b3, mf * yM1, to_blocked);
    if (rc == ACL_SUCCESS)
        rc = region(r, dt, 3, d4, p4, mf * M0 * K + kf * K0, b4, mf * yM1 + kf * yK1, to_blocked);
    return rc;
}

int aclop_run_transdata(aclop_call *c)
{
    const aclTensorDesc *x = c->in[0];
    const aclop_tinfo *y = &c->inferred[0];
    aclFormat d = y->format;
    const char *sf = aclop_attr_string(c->attr, "src_format", "");
    aclFormat s = strcmp(sf, "NCHW") == 0 ? ACL_FORMAT_NCHW
                : strcmp(sf, "NHWC") == 0 ? ACL_FORMAT_NHWC
                : strcmp(sf, "NC1HWC0") == 0 ? ACL_FORMAT_NC1HWC0
                : strcmp(sf, "FRACTAL_NZ") == 0 ? ACL_FORMAT_FRACTAL_NZ : ACL_FORMAT_ND;
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc)
        return run_end(&r, rc);
    if (d == ACL_FORMAT_NC1HWC0)
        rc = nc1hwc0(&r, x->dims, s, y->dims, true);
    else if (s == ACL_FORMAT_NC1HWC0)
        rc = nc1hwc0(&r, y->dims, d, x->dims, false);
    else if (d == ACL_FORMAT_FRACTAL_NZ)
        rc = fractal_nz(&r, x->dims, x->ndims, y->dims, y->ndims, true);
    else if (s == ACL_FORMAT_FRACTAL_NZ)
        rc = fractal_nz(&r, y->dims, y->ndims, x->dims, x->ndims, false);
    else {
        /* plain layouts: a permutation (NCHW <-> NHWC) or a copy */
        int64_t perm[ACLOP_MAX_DIMS];
        for (size_t i = 0; i < x->ndims; i++)
            perm[i] = (int64_t)i;
        if (s == ACL_FORMAT_NCHW && d == ACL_FORMAT_NHWC)
            perm[1] = 2, perm[2] = 3, perm[3] = 1;
        else if (s == ACL_FORMAT_NHWC && d == ACL_FORMAT_NCHW)
            perm[1] = 3, perm[2] = 1, perm[3] = 2;
        aclTensor *xt = run_view(&r, x->dtype, ACL_FORMAT_ND, x->ndims, x->dims, NULL, 0, c->in_addr[0]);
        aclTensor *yt = run_view(&r, y->dtype, ACL_FORMAT_ND, y->ndims, y->dims, NULL, 0, c->out_addr[0]);
        rc = RUN_NN(&r, "aclnnPermute", fn_t_a_t, xt, run_ints(&r, perm, x->ndims), yt);
    }
    return run_end(&r, rc);
}
