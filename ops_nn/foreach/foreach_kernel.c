/* The foreach family's kernels (blobs: foreach_args.h).
 *
 * "ForeachPacked": many contiguous tensors per launch; the entries' elements form one flat range
 * [0, total) that the blocks split evenly (a block may cover the tail of one tensor and the head
 * of the next). NORM instead gives each block one whole tensor to reduce.
 * "ForeachStrided": one tensor index with arbitrary views, walked in runs (aclemu_ew_iter).
 *
 * Both end in run_span(): FLOAT / FLOAT16 / BF16 in the FP32 domain on the vector loops of
 * ops_nn/vec (FLOAT16 / BF16 converted in chunks, rounded once on store), integers exact in
 * int64 and wrapping on store as the integer units do, Copy converting, Zero writing zero bits. */
/* NaN tests (x != x) and the selects built on them (Minimum, Maximum ...) only vectorise when
 * comparisons are not treated as trapping; nothing here reads the floating-point exception flags. */
#pragma GCC optimize("no-trapping-math")

#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "dtype.h"
#include "eltwise.h"
#include "foreach_args.h"

#define CH ACLEMU_CHUNK

typedef struct fe_sval {
    float f;
    double d;
    int64_t i;
} fe_sval;

static fe_sval scalar_of(const fe_hdr *h, const fe_entry *e)
{
    fe_sval v = {0, 0, 0};
    if (h->s_mode == FE_S_HOST) {
        if (h->domain == FE_DOM_I64 && h->op != FE_NORM && h->op != FE_ROUND) {
            v.i = e->s.i;
            v.d = (double)v.i;
        } else {
            v.d = e->s.f;
            v.i = (int64_t)v.d;
        }
    } else if (h->s_mode == FE_S_DEVICE) {
        const char *p = (const char *)(uintptr_t)h->s_addr + (size_t)e->sidx * aclemu_kdtype_size(h->s_dtype);
        aclemu_load_f64(&v.d, p, h->s_dtype, 0, 1);
        aclemu_load_i64(&v.i, p, h->s_dtype, 0, 1);
    }
    v.f = (float)v.d;
    return v;
}

static inline float nan_max(float a, float b)
{
    return (a != a || b != b) ? a + b : (a > b ? a : b);
}

static inline float nan_min(float a, float b)
{
    return (a != a || b != b) ? a + b : (a < b ? a : b);
}

/* RoundOffNumber's modes (1 half to even, 2 floor, 3 ceil, 4 half away from zero, 5 toward
 * zero, 6 to the nearest odd integer on ties); other values round half to even. */
static inline float round_mode(float x, int mode)
{
    switch (mode) {
    case 2: return floorf(x);
    case 3: return ceilf(x);
    case 4: return roundf(x);
    case 5: return truncf(x);
    case 6: {
        float r = rintf(x);
        if (fabsf(x - truncf(x)) == 0.5f) /* a tie: the odd neighbour */
            r = fmodf(floorf(x), 2.0f) != 0.0f ? floorf(x) : ceilf(x);
        return r;
    }
    default: return rintf(x);
    }
}

/* y[0..n) = op(a, b, c, s) in FP32; b / c NULL when the op does not use them. */
ACLEMU_ISA_CLONES
static void f32_apply(const fe_hdr *h, float s, float *y, const float *a, const float *b, const float *c, int64_t n)
{
    vec_params p = vec_params_default();
    switch (h->op) {
    case FE_ADD:
    case FE_SUB:
        if (b) {
            p.alpha = s;
            vec_binary_f32(h->op == FE_ADD ? VEC_ADD : VEC_SUB, &p, a, b, y, n);
        } else {
            p.scalar = h->op == FE_ADD ? s : -s;
            vec_unary_f32(VEC_ADDS, &p, a, y, n);
        }
        break;
    case FE_MUL:
        if (b) {
            vec_binary_f32(VEC_MUL, &p, a, b, y, n);
        } else {
            p.scalar = s;
            vec_unary_f32(VEC_MULS, &p, a, y, n);
        }
        break;
    case FE_DIV:
        if (b)
            vec_binary_f32(VEC_DIV, &p, a, b, y, n);
        else
            for (int64_t i = 0; i < n; i++)
                y[i] = a[i] / s;
        break;
    case FE_MAX:
        if (b)
            vec_binary_f32(VEC_MAXIMUM, &p, a, b, y, n);
        else
            for (int64_t i = 0; i < n; i++)
                y[i] = nan_max(a[i], s);
        break;
    case FE_MIN:
        for (int64_t i = 0; i < n; i++)
            y[i] = nan_min(a[i], b ? b[i] : s);
        break;
    case FE_POW: /* exponents 2, 1, 0 of a scalar exactly (a correctly rounded square), others powf */
        if (!b && s == 2.0f) {
            for (int64_t i = 0; i < n; i++)
                y[i] = a[i] * a[i];
        } else if (!b && s == 1.0f) {
            memmove(y, a, (size_t)n * sizeof(float));
        } else if (!b && s == 0.0f) {
            for (int64_t i = 0; i < n; i++)
                y[i] = 1.0f; /* pow(x, 0) is 1 for every x, NaN included */
        } else {
            for (int64_t i = 0; i < n; i++)
                y[i] = powf(a[i], b ? b[i] : s);
        }
        break;
    case FE_RPOW:
        for (int64_t i = 0; i < n; i++)
            y[i] = powf(s, a[i]);
        break;
    case FE_ADDCMUL:
        for (int64_t i = 0; i < n; i++)
            y[i] = a[i] + s * b[i] * c[i];
        break;
    case FE_ADDCDIV:
        for (int64_t i = 0; i < n; i++)
            y[i] = a[i] + s * (b[i] / c[i]);
        break;
    case FE_LERP:
        for (int64_t i = 0; i < n; i++) {
            float w = c ? c[i] : s, d = b[i] - a[i];
            y[i] = fabsf(w) < 0.5f ? a[i] + w * d : b[i] - d * (1.0f - w);
        }
        break;
    case FE_UNARY: vec_unary_f32((vec_unary_op)h->vop, &p, a, y, n); break;
    case FE_SQRT:
        for (int64_t i = 0; i < n; i++)
            y[i] = sqrtf(a[i]);
        break;
    case FE_ROUND:
        for (int64_t i = 0; i < n; i++)
            y[i] = round_mode(a[i], (int)s);
        break;
    case FE_UNSCALE:
        p.scalar = s;
        vec_unary_f32(VEC_MULS, &p, a, y, n);
        break;
    default: break;
    }
}

static int64_t ipow(int64_t b, int64_t e)
{
    if (e < 0)
        return b == 1 ? 1 : b == -1 ? ((e & 1) ? -1 : 1) : 0;
    uint64_t r = 1, x = (uint64_t)b;
    while (e) {
        if (e & 1)
            r *= x;
        x *= x;
        e >>= 1;
    }
    return (int64_t)r;
}

/* Integer domain: exact in int64, wrapping (unsigned arithmetic), stored in the dtype's width. */
static void i64_apply(const fe_hdr *h, int64_t s, int64_t *y, const int64_t *a, const int64_t *b, const int64_t *c,
                      int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        uint64_t x = (uint64_t)a[i], o = b ? (uint64_t)b[i] : (uint64_t)s;
        uint64_t r;
        switch (h->op) {
        case FE_ADD: r = b ? x + (uint64_t)s * o : x + o; break;
        case FE_SUB: r = b ? x - (uint64_t)s * o : x - o; break;
        case FE_MUL: r = x * o; break;
        case FE_MAX: r = (uint64_t)(a[i] > (int64_t)o ? a[i] : (int64_t)o); break;
        case FE_MIN: r = (uint64_t)(a[i] < (int64_t)o ? a[i] : (int64_t)o); break;
        case FE_POW: r = (uint64_t)ipow(a[i], (int64_t)o); break;
        case FE_RPOW: r = (uint64_t)ipow(s, a[i]); break;
        case FE_ADDCMUL: r = x + (uint64_t)s * o * (uint64_t)c[i]; break;
        case FE_UNARY:
            if (h->vop == VEC_NEG)
                r = 0 - x;
            else if (h->vop == VEC_SIGN)
                r = (uint64_t)(int64_t)((a[i] > 0) - (a[i] < 0));
            else /* VEC_ABS */
                r = a[i] < 0 ? 0 - x : x;
            break;
        default: r = x; break;
        }
        y[i] = (int64_t)r;
    }
}

/* An op the integer units run exactly; the others (Exp of INT8, Round of INT16 ...) go
 * through FP32 like the real kernels' casts. */
static int int_domain(const fe_hdr *h)
{
    if (h->domain != FE_DOM_I64)
        return 0;
    if (h->op == FE_UNARY)
        return h->vop == VEC_NEG || h->vop == VEC_SIGN || h->vop == VEC_ABS;
    return h->op != FE_ROUND && h->op != FE_DIV && h->op != FE_UNSCALE;
}

static void load_f32(float *dst, const char *src, int32_t dt, int64_t stride, int64_t n)
{
    size_t es = aclemu_kdtype_size(dt);
    if ((size_t)stride == es && dt == ACL_FLOAT16)
        vec_cvt_f16_to_f32((const uint16_t *)src, dst, n);
    else if ((size_t)stride == es && dt == ACL_BF16)
        vec_cvt_bf16_to_f32((const uint16_t *)src, dst, n);
    else
        aclemu_load_f32(dst, src, dt, stride, n);
}

static void store_f32(char *dst, int32_t dt, int64_t stride, const float *src, int64_t n)
{
    size_t es = aclemu_kdtype_size(dt);
    if ((size_t)stride == es && dt == ACL_FLOAT16)
        vec_cvt_f32_to_f16(src, (uint16_t *)dst, n);
    else if ((size_t)stride == es && dt == ACL_BF16)
        vec_cvt_f32_to_bf16(src, (uint16_t *)dst, n);
    else
        aclemu_store_f32(dst, dt, stride, src, n);
}

static int any_nonfinite(const float *a, int64_t n)
{
    int bad = 0;
    for (int64_t i = 0; i < n; i++)
        bad |= !isfinite(a[i]);
    return bad;
}

/* n elements: p[FE_OUT] written, p[FE_A..] read, each with its own stride in bytes. */
static void run_span(const fe_hdr *h, const fe_sval *sv, char *const *p, const int64_t *stride, int64_t n)
{
    if (h->op == FE_COPY) {
        aclemu_convert_run(p[FE_OUT], h->dtype, stride[FE_OUT], p[FE_A], h->in_dtype, stride[FE_A], n);
        return;
    }
    if (h->op == FE_ZERO) {
        aclemu_zero_run(p[FE_OUT], h->dtype, stride[FE_OUT], n);
        return;
    }
    int nin = h->nin;
    int use_b = nin >= 2 && !h->b_is_scalar, use_c = nin >= 3;
    if (h->op == FE_LERP && nin == 2) /* LerpScalar: b list, the weight is the scalar */
        use_b = 1;
    if (int_domain(h)) {
        int64_t ia[CH], ib[CH], ic[CH], iy[CH];
        for (int64_t off = 0; off < n; off += CH) {
            int64_t m = n - off < CH ? n - off : CH;
            aclemu_load_i64(ia, p[FE_A] + off * stride[FE_A], h->in_dtype, stride[FE_A], m);
            if (use_b)
                aclemu_load_i64(ib, p[FE_B] + off * stride[FE_B], h->in_dtype, stride[FE_B], m);
            if (use_c)
                aclemu_load_i64(ic, p[FE_C] + off * stride[FE_C], h->in_dtype, stride[FE_C], m);
            i64_apply(h, sv->i, iy, ia, use_b ? ib : NULL, use_c ? ic : NULL, m);
            aclemu_store_i64(p[FE_OUT] + off * stride[FE_OUT], h->dtype, stride[FE_OUT], iy, m);
        }
        return;
    }
    /* FLOAT tensors side by side: the vector loops straight on device memory */
    int direct = h->dtype == ACL_FLOAT && h->in_dtype == ACL_FLOAT && stride[FE_OUT] == 4 && stride[FE_A] == 4 &&
                 (!use_b || stride[FE_B] == 4) && (!use_c || stride[FE_C] == 4);
    if (direct) {
        const float *a = (const float *)p[FE_A];
        if (h->op == FE_UNSCALE && any_nonfinite(a, n))
            __atomic_store_n((uint32_t *)(uintptr_t)h->found_inf + h->found_idx, 0x3f800000u, __ATOMIC_RELAXED); /* 1.0f */
        f32_apply(h, sv->f, (float *)p[FE_OUT], a, use_b ? (const float *)p[FE_B] : NULL,
                  use_c ? (const float *)p[FE_C] : NULL, n);
        return;
    }
    float fa[CH], fb[CH], fc[CH], fy[CH];
    int found = 0;
    for (int64_t off = 0; off < n; off += CH) {
        int64_t m = n - off < CH ? n - off : CH;
        load_f32(fa, p[FE_A] + off * stride[FE_A], h->in_dtype, stride[FE_A], m);
        if (use_b)
            load_f32(fb, p[FE_B] + off * stride[FE_B], h->in_dtype, stride[FE_B], m);
        if (use_c)
            load_f32(fc, p[FE_C] + off * stride[FE_C], h->in_dtype, stride[FE_C], m);
        if (h->op == FE_UNSCALE)
            found |= any_nonfinite(fa, m);
        f32_apply(h, sv->f, fy, fa, use_b ? fb : NULL, use_c ? fc : NULL, m);
        store_f32(p[FE_OUT] + off * stride[FE_OUT], h->dtype, stride[FE_OUT], fy, m);
    }
    if (found)
        __atomic_store_n((uint32_t *)(uintptr_t)h->found_inf + h->found_idx, 0x3f800000u, __ATOMIC_RELAXED);
}

/* ---- norms ------------------------------------------------------------------------------- */
typedef struct fe_norm_acc {
    double p, acc;
} fe_norm_acc;

static void norm_add(fe_norm_acc *r, const char *src, int32_t dt, int64_t stride, int64_t n)
{
    double v[CH];
    for (int64_t off = 0; off < n; off += CH) {
        int64_t m = n - off < CH ? n - off : CH;
        aclemu_load_f64(v, src + off * stride, dt, stride, m);
        for (int64_t i = 0; i < m; i++) {
            double x = fabs(v[i]);
            if (isinf(r->p))
                r->acc = r->p > 0 ? (x > r->acc || x != x ? x : r->acc) : (x < r->acc || x != x ? x : r->acc);
            else if (r->p == 0)
                r->acc += x != 0;
            else if (r->p == 1)
                r->acc += x;
            else if (r->p == 2)
                r->acc += x * x;
            else
                r->acc += pow(x, r->p);
        }
    }
}

static void norm_init(fe_norm_acc *r, double p)
{
    r->p = p;
    r->acc = isinf(p) && p < 0 ? INFINITY : 0;
}

static void norm_store(const fe_hdr *h, const fe_entry *e, const fe_norm_acc *r, int64_t numel)
{
    double y = r->acc;
    if (isinf(r->p) && r->p < 0 && numel == 0)
        y = 0;
    else if (r->p == 2)
        y = sqrt(y);
    else if (!isinf(r->p) && r->p != 0 && r->p != 1)
        y = pow(y, 1.0 / r->p);
    char *dst = (char *)(uintptr_t)e->addr[FE_OUT] + (size_t)e->sidx * aclemu_kdtype_size(h->dtype);
    aclemu_store_f64(dst, h->dtype, 0, &y, 1);
}

/* ---- the kernels ------------------------------------------------------------------------- */
static int packed_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    const fe_packed_args *a = (const fe_packed_args *)args;
    if (size < sizeof(fe_hdr) || a->h.nentries < 0 ||
        size < sizeof(fe_hdr) + (size_t)a->h.nentries * sizeof(fe_entry) || a->h.op < 0 || a->h.op >= FE_OP_END)
        return ACLEMU_KERNEL_BAD_ARGS;
    const fe_hdr *h = &a->h;
    size_t es = aclemu_kdtype_size(h->dtype), ies = aclemu_kdtype_size(h->in_dtype);
    if (es == 0 || ies == 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    if (h->op == FE_NORM) {
        if (blk->block_idx >= (uint32_t)h->nentries)
            return 0;
        const fe_entry *e = &a->e[blk->block_idx];
        fe_norm_acc r;
        norm_init(&r, scalar_of(h, e).d);
        norm_add(&r, (const char *)(uintptr_t)e->addr[FE_A], h->in_dtype, (int64_t)ies, e->numel);
        norm_store(h, e, &r, e->numel);
        return 0;
    }
    uint64_t s, end;
    aclemu_block_range(h->total, h->per_block, blk, &s, &end);
    if (s >= end)
        return 0;
    int lo = 0, hi = h->nentries - 1; /* the last entry starting at or before s */
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if ((uint64_t)a->e[mid].start <= s)
            lo = mid;
        else
            hi = mid - 1;
    }
    for (int k = lo; k < h->nentries && (uint64_t)a->e[k].start < end; k++) {
        const fe_entry *e = &a->e[k];
        uint64_t from = s > (uint64_t)e->start ? s - (uint64_t)e->start : 0;
        uint64_t to = end - (uint64_t)e->start < (uint64_t)e->numel ? end - (uint64_t)e->start : (uint64_t)e->numel;
        if (from >= to)
            continue;
        fe_sval sv = scalar_of(h, e);
        char *p[FE_MAX_PTR];
        int64_t st[FE_MAX_PTR];
        for (int q = 0; q < FE_MAX_PTR; q++) {
            size_t qs = q == FE_OUT ? es : ies;
            p[q] = e->addr[q] ? (char *)(uintptr_t)e->addr[q] + from * qs : NULL;
            st[q] = (int64_t)qs;
        }
        run_span(h, &sv, p, st, (int64_t)(to - from));
    }
    return 0;
}

static int strided_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    const fe_strided_args *a = (const fe_strided_args *)args;
    if (size < sizeof *a || a->h.op < 0 || a->h.op >= FE_OP_END || a->ew.nops < 1 ||
        a->ew.nops > ACLEMU_EW_MAX_OPS || a->ew.ndim > ACLEMU_KMAX_RANK)
        return ACLEMU_KERNEL_BAD_ARGS;
    const fe_hdr *h = &a->h;
    if (aclemu_kdtype_size(h->dtype) == 0 || aclemu_kdtype_size(h->in_dtype) == 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    int self_only = h->op == FE_NORM || h->op == FE_UNSCALE || h->op == FE_ZERO; /* op[0] is x */
    uint64_t s, end;
    if (h->op == FE_NORM) { /* one block reduces the whole view */
        if (blk->block_idx != 0)
            return 0;
        s = 0;
        end = a->ew.numel;
    } else {
        aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &end);
    }
    fe_sval sv = scalar_of(h, &a->e);
    fe_norm_acc r;
    norm_init(&r, sv.d);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, end);
    char *op[ACLEMU_EW_MAX_OPS];
    int64_t len;
    while ((len = aclemu_ew_iter_next(&it, op)) > 0) {
        char *p[FE_MAX_PTR] = {0};
        int64_t st[FE_MAX_PTR] = {0};
        if (self_only) {
            p[FE_OUT] = p[FE_A] = op[0];
            st[FE_OUT] = st[FE_A] = it.inner_stride[0];
        } else {
            for (uint32_t q = 0; q < a->ew.nops && q < FE_MAX_PTR; q++) {
                p[q] = op[q];
                st[q] = it.inner_stride[q];
            }
        }
        if (h->op == FE_NORM)
            norm_add(&r, p[FE_A], h->in_dtype, st[FE_A], len);
        else
            run_span(h, &sv, p, st, len);
    }
    if (h->op == FE_NORM)
        norm_store(h, &a->e, &r, (int64_t)a->ew.numel);
    return 0;
}

ACLEMU_KERNEL("ForeachPacked", packed_kernel);
ACLEMU_KERNEL("ForeachStrided", strided_kernel);
