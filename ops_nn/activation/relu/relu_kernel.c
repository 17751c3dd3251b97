/* Relu kernel: y = max(x, 0), NaN propagates. Computes in float for floating types (exact:
 * the result is x or 0) and in int64 for integers. */
#include "acl/acl_base.h"
#include "aclemu_op/kernel_util.h"
#include "relu_args.h"
#ifdef ACLEMU_HAVE_VEC
#include "eltwise.h" /* ops_nn/vec: vectorised FP32 loops */
#endif

static void relu_f32_contig(float *y, const float *x, int64_t n)
{
#ifdef ACLEMU_HAVE_VEC
    vec_unary_f32(VEC_RELU, NULL, x, y, n);
#else
    for (int64_t i = 0; i < n; i++)
        y[i] = x[i] < 0.0f ? 0.0f : x[i];
#endif
}

static int relu_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(relu_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const relu_args *a = (const relu_args *)args;
    int32_t dt = a->ew.op[1].dtype;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[2];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t so = it.inner_stride[0], si = it.inner_stride[1];
        if (dt == ACL_FLOAT && so == 4 && si == 4) {
            relu_f32_contig((float *)p[0], (const float *)p[1], n);
            continue;
        }
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            if (aclemu_compute_domain(dt) == ACLEMU_DOM_I64) {
                int64_t v[ACLEMU_CHUNK];
                aclemu_load_i64(v, p[1] + c * si, dt, si, m);
                for (int64_t i = 0; i < m; i++)
                    v[i] = v[i] < 0 ? 0 : v[i];
                aclemu_store_i64(p[0] + c * so, dt, so, v, m);
            } else {
                float v[ACLEMU_CHUNK];
                aclemu_load_f32(v, p[1] + c * si, dt, si, m);
                relu_f32_contig(v, v, m);
                aclemu_store_f32(p[0] + c * so, dt, so, v, m);
            }
        }
    }
    return 0;
}

ACLEMU_KERNEL("Relu", relu_kernel);
