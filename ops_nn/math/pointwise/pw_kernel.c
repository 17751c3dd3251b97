/* The pointwise kernel: per chunk of a run, each operand is read (straight from memory when it
 * already is contiguous in the compute dtype, else converted into an L1-sized buffer), the op is
 * applied in the compute domain (float for FLOAT/FLOAT16/BF16, double, int64 with the compute
 * dtype's wrap-around, or complex pairs for Eq/Ne), the result rounded to the compute dtype and
 * converted to out's dtype. Integer division by zero never traps: see pw_int_div below. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "pw_args.h"

#define CH ACLEMU_CHUNK

static void load_complex(double *re, double *im, const char *src, int32_t dt, int64_t stride, int64_t m,
                         int32_t cdt);

static int op_is_bool(int op) { return op <= PW_LOGICAL_XOR; }

/* ---- float domains: one body for float and double ---------------------------------------- */

/* torch's floor division of floating values (div_floor_floating): exact floor of the true
 * quotient, signed zero kept, x / 0 as IEEE gives it. */
#define FLOOR_DIV_FLOAT(T, FMOD, FLOOR, COPYSIGN)                                                 \
    static inline T floor_div_##T(T a, T b)                                                        \
    {                                                                                              \
        if (b == 0)                                                                                \
            return a / b;                                                                          \
        T mod = FMOD(a, b);                                                                        \
        T div = (a - mod) / b;                                                                     \
        if (mod != 0 && ((b < 0) != (mod < 0)))                                                    \
            div -= 1;                                                                              \
        if (div == 0)                                                                              \
            return COPYSIGN((T)0, a / b);                                                          \
        T fl = FLOOR(div);                                                                         \
        if (div - fl > (T)0.5)                                                                     \
            fl += 1;                                                                               \
        return fl;                                                                                 \
    }
FLOOR_DIV_FLOAT(float, fmodf, floorf, copysignf)
FLOOR_DIV_FLOAT(double, fmod, floor, copysign)

#define APPLY_FLOAT(T, FMOD, ATAN2)                                                                 \
    static void apply_##T(const pw_args *a, T *o, const T *const *x, const int64_t *cond, int64_t m) \
    {                                                                                              \
        const T *A = x[0], *B = x[1], *C = x[2];                                                   \
        const T v = (T)a->value_f;                                                                 \
        int64_t i;                                                                                 \
        switch (a->op) {                                                                           \
        case PW_EQ: for (i = 0; i < m; i++) o[i] = A[i] == B[i]; break;                            \
        case PW_NE: for (i = 0; i < m; i++) o[i] = A[i] != B[i]; break;                            \
        case PW_GT: for (i = 0; i < m; i++) o[i] = A[i] > B[i]; break;                             \
        case PW_GE: for (i = 0; i < m; i++) o[i] = A[i] >= B[i]; break;                            \
        case PW_LT: for (i = 0; i < m; i++) o[i] = A[i] < B[i]; break;                             \
        case PW_LE: for (i = 0; i < m; i++) o[i] = A[i] <= B[i]; break;                            \
        case PW_LOGICAL_AND: for (i = 0; i < m; i++) o[i] = (A[i] != 0) & (B[i] != 0); break;      \
        case PW_LOGICAL_OR: for (i = 0; i < m; i++) o[i] = (A[i] != 0) | (B[i] != 0); break;       \
        case PW_LOGICAL_XOR: for (i = 0; i < m; i++) o[i] = (A[i] != 0) ^ (B[i] != 0); break;      \
        case PW_MAXIMUM:                                                                           \
            for (i = 0; i < m; i++) {                                                              \
                T p = A[i], q = B[i];                                                              \
                o[i] = p != p ? p : q != q ? q : p < q ? q : p;                                    \
            }                                                                                      \
            break;                                                                                 \
        case PW_MINIMUM:                                                                           \
            for (i = 0; i < m; i++) {                                                              \
                T p = A[i], q = B[i];                                                              \
                o[i] = p != p ? p : q != q ? q : q < p ? q : p;                                    \
            }                                                                                      \
            break;                                                                                 \
        case PW_FMOD: for (i = 0; i < m; i++) o[i] = FMOD(A[i], B[i]); break;                      \
        case PW_REMAINDER:                                                                         \
            for (i = 0; i < m; i++) {                                                              \
                T r = FMOD(A[i], B[i]);                                                            \
                o[i] = (r != 0 && ((B[i] < 0) != (r < 0))) ? r + B[i] : r;                         \
            }                                                                                      \
            break;                                                                                 \
        case PW_FLOOR_DIV: for (i = 0; i < m; i++) o[i] = floor_div_##T(A[i], B[i]); break;        \
        case PW_ATAN2: for (i = 0; i < m; i++) o[i] = ATAN2(A[i], B[i]); break;                    \
        case PW_CLAMP: {                                                                           \
            const int lo = a->flags & PW_HAS_LO, hi = a->flags & PW_HAS_HI;                        \
            for (i = 0; i < m; i++) {                                                              \
                T r = A[i];                                                                        \
                if (lo) r = r != r ? r : B[i] != B[i] ? B[i] : r < B[i] ? B[i] : r;                \
                if (hi) r = r != r ? r : C[i] != C[i] ? C[i] : r > C[i] ? C[i] : r;                \
                o[i] = r;                                                                          \
            }                                                                                      \
            break;                                                                                 \
        }                                                                                          \
        case PW_ADDCDIV: for (i = 0; i < m; i++) o[i] = A[i] + v * (B[i] / C[i]); break;           \
        case PW_ADDCMUL: for (i = 0; i < m; i++) o[i] = A[i] + v * (B[i] * C[i]); break;           \
        case PW_LERP: for (i = 0; i < m; i++) o[i] = A[i] + C[i] * (B[i] - A[i]); break;           \
        case PW_WHERE: for (i = 0; i < m; i++) o[i] = cond[i] ? B[i] : C[i]; break;                \
        default: for (i = 0; i < m; i++) o[i] = 0; break; /* bitwise: refused by the planners */   \
        }                                                                                          \
    }
APPLY_FLOAT(float, fmodf, atan2f)
APPLY_FLOAT(double, fmod, atan2)

/* ---- integer domain ------------------------------------------------------------------------
 * Division by zero gives 0 for the quotient and the remainder (the NPU returns a defined value
 * instead of trapping; a SIGFPE must never reach the device process), and INT64_MIN / -1 wraps. */
static inline int64_t pw_int_div(int64_t a, int64_t b, int op)
{
    if (b == 0)
        return 0;
    if (b == -1) /* a / -1 = -a (wrapping), a % -1 = 0: no overflow trap */
        return op == PW_FLOOR_DIV || op == PW_ADDCDIV ? (int64_t)(0 - (uint64_t)a) : 0;
    int64_t q = a / b, r = a % b;
    switch (op) {
    case PW_FMOD: return r;
    case PW_REMAINDER: return (r != 0 && ((b < 0) != (r < 0))) ? r + b : r;
    case PW_FLOOR_DIV: return (r != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
    default: return q; /* truncating (Addcdiv) */
    }
}

static void apply_i64(const pw_args *a, int64_t *o, const int64_t *const *x, const int64_t *cond, int64_t m)
{
    const int64_t *A = x[0], *B = x[1], *C = x[2];
    const int uns = a->compute == ACL_UINT64; /* compare as unsigned */
    const uint64_t v = (uint64_t)a->value_i;
    int64_t i;
#define CMP(OP)                                                                                   \
    if (uns)                                                                                      \
        for (i = 0; i < m; i++) o[i] = (uint64_t)A[i] OP (uint64_t)B[i];                          \
    else                                                                                          \
        for (i = 0; i < m; i++) o[i] = A[i] OP B[i];                                              \
    break
    switch (a->op) {
    case PW_EQ: CMP(==);
    case PW_NE: CMP(!=);
    case PW_GT: CMP(>);
    case PW_GE: CMP(>=);
    case PW_LT: CMP(<);
    case PW_LE: CMP(<=);
    case PW_LOGICAL_AND: for (i = 0; i < m; i++) o[i] = (A[i] != 0) & (B[i] != 0); break;
    case PW_LOGICAL_OR: for (i = 0; i < m; i++) o[i] = (A[i] != 0) | (B[i] != 0); break;
    case PW_LOGICAL_XOR: for (i = 0; i < m; i++) o[i] = (A[i] != 0) ^ (B[i] != 0); break;
    case PW_BITWISE_AND: for (i = 0; i < m; i++) o[i] = A[i] & B[i]; break;
    case PW_BITWISE_OR: for (i = 0; i < m; i++) o[i] = A[i] | B[i]; break;
    case PW_BITWISE_XOR: for (i = 0; i < m; i++) o[i] = A[i] ^ B[i]; break;
    case PW_MAXIMUM:
        if (uns) for (i = 0; i < m; i++) o[i] = (uint64_t)A[i] < (uint64_t)B[i] ? B[i] : A[i];
        else for (i = 0; i < m; i++) o[i] = A[i] < B[i] ? B[i] : A[i];
        break;
    case PW_MINIMUM:
        if (uns) for (i = 0; i < m; i++) o[i] = (uint64_t)B[i] < (uint64_t)A[i] ? B[i] : A[i];
        else for (i = 0; i < m; i++) o[i] = B[i] < A[i] ? B[i] : A[i];
        break;
    case PW_FMOD: case PW_REMAINDER: case PW_FLOOR_DIV:
        for (i = 0; i < m; i++) o[i] = pw_int_div(A[i], B[i], a->op);
        break;
    case PW_CLAMP: {
        const int lo = a->flags & PW_HAS_LO, hi = a->flags & PW_HAS_HI;
        for (i = 0; i < m; i++) {
            int64_t r = A[i];
            if (lo && r < B[i]) r = B[i];
            if (hi && r > C[i]) r = C[i];
            o[i] = r;
        }
        break;
    }
    case PW_ADDCDIV:
        for (i = 0; i < m; i++) o[i] = (int64_t)((uint64_t)A[i] + v * (uint64_t)pw_int_div(B[i], C[i], PW_ADDCDIV));
        break;
    case PW_ADDCMUL:
        for (i = 0; i < m; i++) o[i] = (int64_t)((uint64_t)A[i] + v * (uint64_t)B[i] * (uint64_t)C[i]);
        break;
    case PW_LERP:
        for (i = 0; i < m; i++) o[i] = (int64_t)((uint64_t)A[i] + (uint64_t)C[i] * ((uint64_t)B[i] - (uint64_t)A[i]));
        break;
    case PW_WHERE: for (i = 0; i < m; i++) o[i] = cond[i] ? B[i] : C[i]; break;
    default: for (i = 0; i < m; i++) o[i] = 0; break; /* atan2: promoted to a float dtype */
    }
#undef CMP
}

/* Wraps int64 values to an integer compute dtype (what a cast to it does). */
static void wrap_i64(int64_t *v, int64_t m, int32_t dt)
{
    int64_t i;
    switch (dt) {
    case ACL_INT8: for (i = 0; i < m; i++) v[i] = (int8_t)v[i]; break;
    case ACL_UINT8: for (i = 0; i < m; i++) v[i] = (uint8_t)v[i]; break;
    case ACL_INT16: for (i = 0; i < m; i++) v[i] = (int16_t)v[i]; break;
    case ACL_UINT16: for (i = 0; i < m; i++) v[i] = (uint16_t)v[i]; break;
    case ACL_INT32: for (i = 0; i < m; i++) v[i] = (int32_t)v[i]; break;
    case ACL_UINT32: for (i = 0; i < m; i++) v[i] = (uint32_t)v[i]; break;
    case ACL_BOOL: for (i = 0; i < m; i++) v[i] = v[i] != 0; break;
    default: break;
    }
}

/* Rounds floats to a narrower compute dtype (FLOAT16 / BF16). */
static void round_f32(float *v, int64_t m, int32_t dt)
{
    if (dt == ACL_FLOAT16)
        for (int64_t i = 0; i < m; i++) v[i] = aclemu_half_to_float(aclemu_float_to_half(v[i]));
    else if (dt == ACL_BF16)
        for (int64_t i = 0; i < m; i++) v[i] = aclemu_bf16_to_float(aclemu_float_to_bf16(v[i]));
}

static int is_complex_dt(int32_t dt) { return dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128; }

/* A real result into a COMPLEX64 / COMPLEX128 out (imaginary part 0). */
static void store_complex_out(char *dst, int32_t odt, int64_t stride, const double *v, int64_t m)
{
    for (int64_t i = 0; i < m; i++) {
        if (odt == ACL_COMPLEX64) {
            float c[2] = {(float)v[i], 0.0f};
            memcpy(dst + i * stride, c, sizeof c);
        } else {
            double c[2] = {v[i], 0.0};
            memcpy(dst + i * stride, c, sizeof c);
        }
    }
}

/* Operand j of a chunk, or NULL when it is a scalar (the caller fills it). */
typedef struct chunk_io {
    const pw_args *a;
    char *const *p;             /* run starts per ew operand */
    const int64_t *st;          /* bytes between run elements per ew operand */
    int64_t c, m;               /* chunk offset in the run, length */
} chunk_io;

static const char *operand_ptr(const chunk_io *io, int k) { return io->p[k] + io->c * io->st[k]; }

static void load_cond(const chunk_io *io, int64_t *cond)
{
    const pw_args *a = io->a;
    int k = a->src[0];
    if (k == 0) {
        for (int64_t i = 0; i < io->m; i++) cond[i] = a->si[0] != 0;
        return;
    }
    aclemu_load_i64(cond, operand_ptr(io, k), a->ew.op[k].dtype, io->st[k], io->m);
}

static void chunk_f32(const chunk_io *io)
{
    const pw_args *a = io->a;
    const int64_t m = io->m;
    const int32_t cdt = a->compute, odt = a->ew.op[0].dtype;
    float buf[3][CH], res[CH];
    int64_t cond[CH];
    const float *x[3] = {buf[0], buf[1], buf[2]};
    int first = 0;
    if (a->op == PW_WHERE) {
        load_cond(io, cond);
        first = 1;
    }
    for (int j = first; j < a->narg; j++) {
        int k = a->src[j];
        if (k == 0) {
            for (int64_t i = 0; i < m; i++) buf[j][i] = (float)a->sf[j];
            continue;
        }
        int32_t dt = a->ew.op[k].dtype;
        if (dt == ACL_FLOAT && io->st[k] == 4) {
            x[j] = (const float *)operand_ptr(io, k);
            continue;
        }
        aclemu_load_f32(buf[j], operand_ptr(io, k), dt, io->st[k], m);
        if (dt != cdt) /* the real op casts each input to the compute dtype first */
            round_f32(buf[j], m, cdt);
    }
    const int direct = !op_is_bool(a->op) && odt == ACL_FLOAT && cdt == ACL_FLOAT && io->st[0] == 4;
    float *o = direct ? (float *)operand_ptr(io, 0) : res;
    apply_float(a, o, x, cond, m);
    if (direct)
        return;
    if (!op_is_bool(a->op) && odt != cdt)
        round_f32(res, m, cdt);
    if (is_complex_dt(odt)) {
        double d[CH];
        for (int64_t i = 0; i < m; i++) d[i] = res[i];
        store_complex_out((char *)operand_ptr(io, 0), odt, io->st[0], d, m);
        return;
    }
    aclemu_store_f32((char *)operand_ptr(io, 0), odt, io->st[0], res, m);
}

static void chunk_f64(const chunk_io *io)
{
    const pw_args *a = io->a;
    const int64_t m = io->m;
    double buf[3][CH], res[CH];
    int64_t cond[CH];
    const double *x[3] = {buf[0], buf[1], buf[2]};
    int first = 0;
    if (a->op == PW_WHERE) {
        load_cond(io, cond);
        first = 1;
    }
    for (int j = first; j < a->narg; j++) {
        int k = a->src[j];
        if (k == 0) {
            for (int64_t i = 0; i < m; i++) buf[j][i] = a->sf[j];
            continue;
        }
        int32_t dt = a->ew.op[k].dtype;
        if (dt == ACL_DOUBLE && io->st[k] == 8) {
            x[j] = (const double *)operand_ptr(io, k);
            continue;
        }
        if (is_complex_dt(dt)) { /* logical ops: a complex value is true when either part is */
            double im[CH];
            load_complex(buf[j], im, operand_ptr(io, k), dt, io->st[k], m, dt);
            for (int64_t i = 0; i < m; i++) buf[j][i] = buf[j][i] != 0 || im[i] != 0;
            continue;
        }
        aclemu_load_f64(buf[j], operand_ptr(io, k), dt, io->st[k], m);
    }
    apply_double(a, res, x, cond, m);
    if (is_complex_dt(a->ew.op[0].dtype)) {
        store_complex_out((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], res, m);
        return;
    }
    aclemu_store_f64((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], res, m);
}

static void chunk_i64(const chunk_io *io)
{
    const pw_args *a = io->a;
    const int64_t m = io->m;
    int64_t buf[3][CH], res[CH], cond[CH];
    const int64_t *x[3] = {buf[0], buf[1], buf[2]};
    int first = 0;
    if (a->op == PW_WHERE) {
        load_cond(io, cond);
        first = 1;
    }
    for (int j = first; j < a->narg; j++) {
        int k = a->src[j];
        if (k == 0) {
            for (int64_t i = 0; i < m; i++) buf[j][i] = a->si[j];
            continue;
        }
        int32_t dt = a->ew.op[k].dtype;
        aclemu_load_i64(buf[j], operand_ptr(io, k), dt, io->st[k], m);
        if (dt != a->compute)
            wrap_i64(buf[j], m, a->compute);
    }
    apply_i64(a, res, x, cond, m);
    if (!op_is_bool(a->op))
        wrap_i64(res, m, a->compute);
    if (is_complex_dt(a->ew.op[0].dtype)) {
        double d[CH];
        for (int64_t i = 0; i < m; i++) d[i] = (double)res[i];
        store_complex_out((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], d, m);
        return;
    }
    aclemu_store_i64((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], res, m);
}

/* Complex operands (Eq / Ne with a COMPLEX64 / COMPLEX128 compute dtype): real dtypes read
 * with a zero imaginary part, COMPLEX64 compute rounds both parts to float. */
static void load_complex(double *re, double *im, const char *src, int32_t dt, int64_t stride, int64_t m,
                         int32_t cdt)
{
    if (dt == ACL_COMPLEX64) {
        for (int64_t i = 0; i < m; i++) {
            float v[2];
            memcpy(v, src + i * stride, sizeof v);
            re[i] = v[0];
            im[i] = v[1];
        }
    } else if (dt == ACL_COMPLEX128) {
        for (int64_t i = 0; i < m; i++) {
            double v[2];
            memcpy(v, src + i * stride, sizeof v);
            re[i] = v[0];
            im[i] = v[1];
        }
    } else {
        aclemu_load_f64(re, src, dt, stride, m);
        for (int64_t i = 0; i < m; i++) im[i] = 0;
    }
    if (cdt == ACL_COMPLEX64)
        for (int64_t i = 0; i < m; i++) {
            re[i] = (float)re[i];
            im[i] = (float)im[i];
        }
}

static void chunk_complex(const chunk_io *io)
{
    const pw_args *a = io->a;
    const int64_t m = io->m;
    double re[2][CH], im[2][CH], res[CH];
    for (int j = 0; j < 2; j++) {
        int k = a->src[j];
        if (k == 0) {
            for (int64_t i = 0; i < m; i++) {
                re[j][i] = a->sf[j];
                im[j][i] = a->sf[2]; /* the scalar's imaginary part rides in sf[2] */
            }
            continue;
        }
        load_complex(re[j], im[j], operand_ptr(io, k), a->ew.op[k].dtype, io->st[k], m, a->compute);
    }
    int ne = a->op == PW_NE;
    for (int64_t i = 0; i < m; i++) {
        int eq = re[0][i] == re[1][i] && im[0][i] == im[1][i];
        res[i] = ne ? !eq : eq;
    }
    if (is_complex_dt(a->ew.op[0].dtype)) {
        store_complex_out((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], res, m);
        return;
    }
    aclemu_store_f64((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], res, m);
}

/* Where on complex values: both sides already have out's dtype, so elements move bit for bit. */
static void chunk_select_bytes(const chunk_io *io)
{
    const pw_args *a = io->a;
    int64_t cond[CH];
    load_cond(io, cond);
    size_t es = aclemu_kdtype_size(a->ew.op[0].dtype);
    const int kb = a->src[1], kc = a->src[2];
    char *o = (char *)operand_ptr(io, 0);
    const char *b = operand_ptr(io, kb), *c = operand_ptr(io, kc);
    for (int64_t i = 0; i < io->m; i++)
        memcpy(o + i * io->st[0], cond[i] ? b + i * io->st[kb] : c + i * io->st[kc], es);
}

static int pointwise_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(pw_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pw_args *a = (const pw_args *)args;
    if (a->op < 0 || a->op >= PW_OP_COUNT || a->narg < 1 || a->narg > 3)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (int j = 0; j < a->narg; j++)
        if (a->src[j] < 0 || (uint32_t)a->src[j] >= a->ew.nops)
            return ACLEMU_KERNEL_BAD_ARGS;
    const int cplx = a->compute == ACL_COMPLEX64 || a->compute == ACL_COMPLEX128;
    if (cplx && a->op != PW_EQ && a->op != PW_NE &&
        !(a->op == PW_WHERE && a->src[1] > 0 && a->src[2] > 0 && a->ew.op[a->src[1]].dtype == a->ew.op[0].dtype &&
          a->ew.op[a->src[2]].dtype == a->ew.op[0].dtype))
        return ACLEMU_KERNEL_BAD_ARGS;
    const int dom = aclemu_compute_domain(a->compute);
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[ACLEMU_EW_MAX_OPS] = {0};
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        chunk_io io = {a, p, it.inner_stride, 0, 0};
        for (int64_t c = 0; c < n; c += CH) {
            io.c = c;
            io.m = n - c < CH ? n - c : CH;
            if (cplx && a->op == PW_WHERE) chunk_select_bytes(&io);
            else if (cplx) chunk_complex(&io);
            else if (dom == ACLEMU_DOM_F32) chunk_f32(&io);
            else if (dom == ACLEMU_DOM_F64) chunk_f64(&io);
            else chunk_i64(&io);
        }
    }
    return 0;
}

ACLEMU_KERNEL("Pointwise", pointwise_kernel);
