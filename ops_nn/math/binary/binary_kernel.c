/* Arithmetic binary kernels: out = self op (alpha *) other in the promoted dtype's compute
 * domain (float for FLOAT/FLOAT16/BF16, double, int64 with wrap-around), the result rounded
 * to the promoted dtype, then converted to out's dtype. */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "binary_kernel.h"
#ifdef ACLEMU_HAVE_VEC
#include "eltwise.h" /* ops_nn/vec: vectorised FP32 loops */
#endif

/* Rounds float results to a narrower promoted dtype when out is wider than it. */
static void round_f32(float *v, int64_t m, int32_t promoted, int32_t out_dt)
{
    if (promoted == out_dt)
        return;
    if (promoted == ACL_FLOAT16)
        for (int64_t i = 0; i < m; i++) v[i] = aclemu_half_to_float(aclemu_float_to_half(v[i]));
    else if (promoted == ACL_BF16)
        for (int64_t i = 0; i < m; i++) v[i] = aclemu_bf16_to_float(aclemu_float_to_bf16(v[i]));
}

static void wrap_i64(int64_t *v, int64_t m, int32_t promoted, int32_t out_dt)
{
    if (promoted == out_dt)
        return;
    switch (promoted) {
    case ACL_INT8: for (int64_t i = 0; i < m; i++) v[i] = (int8_t)v[i]; break;
    case ACL_UINT8: for (int64_t i = 0; i < m; i++) v[i] = (uint8_t)v[i]; break;
    case ACL_INT16: for (int64_t i = 0; i < m; i++) v[i] = (int16_t)v[i]; break;
    case ACL_INT32: for (int64_t i = 0; i < m; i++) v[i] = (int32_t)v[i]; break;
    case ACL_BOOL: for (int64_t i = 0; i < m; i++) v[i] = v[i] != 0; break;
    default: break;
    }
}

#define APPLY(OP, x, y, alpha)                                                                  \
    ((OP) == BINARY_ADD ? (x) + (alpha) * (y) : (OP) == BINARY_SUB ? (x) - (alpha) * (y)        \
     : (OP) == BINARY_MUL ? (x) * (y) : (OP) == BINARY_RSUB ? (y) - (alpha) * (x) : (x) / (y))

static void f32_contig(float *o, const float *x, const float *y, int64_t ys, float alpha, float yconst, int op,
                       int64_t n)
{
#ifdef ACLEMU_HAVE_VEC
    vec_params vp = vec_params_default();
    if (op == BINARY_RSUB && y && ys == 1) { /* y - alpha * x: the subtraction, operands swapped */
        vp.alpha = alpha;
        vec_binary_f32(VEC_SUB, &vp, y, x, o, n);
        return;
    }
    if (y && ys == 1) {
        static const vec_binary_op vops[] = {VEC_ADD, VEC_SUB, VEC_MUL, VEC_DIV};
        vp.alpha = alpha;
        vec_binary_f32(vops[op], &vp, x, y, o, n);
        return;
    }
    if (op != BINARY_DIV && op != BINARY_RSUB) {
        float c = y ? y[0] : yconst;
        vp.scalar = op == BINARY_MUL ? c : op == BINARY_ADD ? alpha * c : -alpha * c;
        vec_unary_f32(op == BINARY_MUL ? VEC_MULS : VEC_ADDS, &vp, x, o, n);
        return;
    }
#endif
    if (y && ys == 1) {
        switch (op) {
        case BINARY_ADD: for (int64_t i = 0; i < n; i++) o[i] = x[i] + alpha * y[i]; break;
        case BINARY_SUB: for (int64_t i = 0; i < n; i++) o[i] = x[i] - alpha * y[i]; break;
        case BINARY_MUL: for (int64_t i = 0; i < n; i++) o[i] = x[i] * y[i]; break;
        case BINARY_RSUB: for (int64_t i = 0; i < n; i++) o[i] = y[i] - alpha * x[i]; break;
        default: for (int64_t i = 0; i < n; i++) o[i] = x[i] / y[i]; break;
        }
        return;
    }
    float c = y ? y[0] : yconst; /* broadcast run (stride 0) or scalar */
    switch (op) {
    case BINARY_ADD: { float k = alpha * c; for (int64_t i = 0; i < n; i++) o[i] = x[i] + k; break; }
    case BINARY_SUB: { float k = alpha * c; for (int64_t i = 0; i < n; i++) o[i] = x[i] - k; break; }
    case BINARY_MUL: for (int64_t i = 0; i < n; i++) o[i] = x[i] * c; break;
    case BINARY_RSUB: for (int64_t i = 0; i < n; i++) o[i] = c - alpha * x[i]; break;
    default: for (int64_t i = 0; i < n; i++) o[i] = x[i] / c; break;
    }
}

int binary_kernel_run(const void *args, size_t args_size, const aclemu_block *blk, int op)
{
    if (args_size < sizeof(binary_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const binary_args *a = (const binary_args *)args;
    if (a->promoted == ACL_COMPLEX64 || a->promoted == ACL_COMPLEX128)
        return binary_complex_run(a, blk, op);
    const int has_t = a->other_is_tensor;
    const int32_t odt = a->ew.op[0].dtype, xdt = a->ew.op[1].dtype, ydt = has_t ? a->ew.op[2].dtype : -1;
    const int dom = aclemu_compute_domain(a->promoted);
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[3] = {0, 0, 0};
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t so = it.inner_stride[0], sx = it.inner_stride[1], sy = has_t ? it.inner_stride[2] : 0;
        if (a->promoted == ACL_FLOAT && odt == ACL_FLOAT && xdt == ACL_FLOAT && so == 4 && sx == 4 &&
            (!has_t || (ydt == ACL_FLOAT && (sy == 4 || sy == 0)))) {
            f32_contig((float *)p[0], (const float *)p[1], has_t ? (const float *)p[2] : NULL, sy / 4,
                       (float)a->alpha_f, (float)a->other_f, op, n);
            continue;
        }
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            if (dom == ACLEMU_DOM_F32) {
                float x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                float al = (float)a->alpha_f;
                aclemu_load_f32(x, p[1] + c * sx, xdt, sx, m);
                if (has_t)
                    aclemu_load_f32(y, p[2] + c * sy, ydt, sy, m);
                else
                    for (int64_t i = 0; i < m; i++) y[i] = (float)a->other_f;
                for (int64_t i = 0; i < m; i++) x[i] = APPLY(op, x[i], y[i], al);
                round_f32(x, m, a->promoted, odt);
                aclemu_store_f32(p[0] + c * so, odt, so, x, m);
            } else if (dom == ACLEMU_DOM_F64) {
                double x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                aclemu_load_f64(x, p[1] + c * sx, xdt, sx, m);
                if (has_t)
                    aclemu_load_f64(y, p[2] + c * sy, ydt, sy, m);
                else
                    for (int64_t i = 0; i < m; i++) y[i] = a->other_f;
                for (int64_t i = 0; i < m; i++) x[i] = APPLY(op, x[i], y[i], a->alpha_f);
                aclemu_store_f64(p[0] + c * so, odt, so, x, m);
            } else {
                int64_t x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                aclemu_load_i64(x, p[1] + c * sx, xdt, sx, m);
                if (has_t)
                    aclemu_load_i64(y, p[2] + c * sy, ydt, sy, m);
                else
                    for (int64_t i = 0; i < m; i++) y[i] = a->other_i;
                uint64_t al = (uint64_t)a->alpha_i;
                for (int64_t i = 0; i < m; i++) { /* unsigned arithmetic: wrap-around, no UB */
                    uint64_t ux = (uint64_t)x[i], uy = (uint64_t)y[i];
                    if (op == BINARY_ADD) x[i] = (int64_t)(ux + al * uy);
                    else if (op == BINARY_SUB) x[i] = (int64_t)(ux - al * uy);
                    else if (op == BINARY_MUL) x[i] = (int64_t)(ux * uy);
                    else if (op == BINARY_RSUB) x[i] = (int64_t)(uy - al * ux);
                    else x[i] = y[i] ? x[i] / y[i] : 0;
                }
                wrap_i64(x, m, a->promoted, odt);
                aclemu_store_i64(p[0] + c * so, odt, so, x, m);
            }
        }
    }
    return 0;
}
