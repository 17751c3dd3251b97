/* The quant driver's kernel ("Quant"): x (times smooth scales) -> scale / offset (dynamic modes)
 * -> y codes of the target dtype. Blocks take whole work units (rows, or batches for per-channel,
 * everything for per-tensor), so the bytes two INT4 codes share are written by one block. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "quant_args.h"
#include "quant_codec.h"
#include "quant_runs.h"
#include "kernels.h"

/* INT4 and the FP4 types: two codes per byte, the even element in the low nibble */
static int quant_is_nibble(int32_t dt) { return dt == ACL_INT4 || dt == ACL_FLOAT4_E2M1 || dt == ACL_FLOAT4_E1M2; }

static char *base_of(const aclemu_tdesc *t) { return (char *)(uintptr_t)t->addr; }

static int64_t flat_off(const aclemu_tdesc *t, int64_t idx, uint32_t n) { return aclemu_tdesc_flat_off(t, idx, n); }

static float load1(const aclemu_tdesc *t, int64_t off)
{
    float v;
    aclemu_load_f32(&v, base_of(t) + off * (int64_t)aclemu_kdtype_size(t->dtype), t->dtype, 0, 1);
    return v;
}

static void store1_f32(const aclemu_tdesc *t, int64_t off, float v)
{
    aclemu_store_f32(base_of(t) + off * (int64_t)aclemu_kdtype_size(t->dtype), t->dtype, 0, &v, 1);
}

/* The value a scale / offset has after the real op's cast to x's dtype. */
static float as_dtype(float v, int32_t dt)
{
    if (dt == ACL_FLOAT16)
        return aclemu_half_to_float(aclemu_float_to_half(v));
    if (dt == ACL_BF16)
        return aclemu_bf16_to_float(aclemu_float_to_bf16(v));
    return v;
}

/* Row r of x (times its smooth scales) as FP32 into v[cols]. */
static void load_row(const quant_args *a, int64_t r, float *v, float *tmp)
{
    uint32_t nd = a->x.ndim;
    int64_t xs = nd ? a->x.stride[nd - 1] : 1;
    int64_t esz = (int64_t)aclemu_kdtype_size(a->x.dtype);
    aclemu_load_f32(v, base_of(&a->x) + flat_off(&a->x, r, nd ? nd - 1 : 0) * esz, a->x.dtype, xs * esz, a->cols);
    if (a->pre_act != QUANT_ACT_NONE) {
        const vec_params p = {0};
        vec_kernels_get()->unary[a->pre_act == QUANT_ACT_GELU_ERF ? VEC_GELU_ERF : VEC_GELU_TANH](v, v, a->cols, &p);
    }
    if (!a->smooth.addr)
        return;
    const aclemu_tdesc *s = &a->smooth;
    int64_t ssz = (int64_t)aclemu_kdtype_size(s->dtype);
    if (a->mode == QUANT_PER_CHANNEL) { /* one smooth scale per row of the [M, K] slice */
        float m = load1(s, s->offset + (r % a->chan_rows) * s->stride[0]);
        for (int64_t c = 0; c < a->cols; c++)
            v[c] *= m;
        return;
    }
    int64_t soff = s->offset;
    if (a->group.addr) { /* MoE: the first expert whose cumulative row count reaches r + 1 */
        const aclemu_tdesc *g = &a->group;
        int64_t experts = g->shape[0], e = experts - 1;
        for (int64_t i = 0; i < experts; i++) {
            int64_t end;
            aclemu_load_i64(&end, base_of(g) + (g->offset + i * g->stride[0]) * (int64_t)aclemu_kdtype_size(g->dtype),
                            g->dtype, 0, 1);
            if (end >= r + 1) {
                e = i;
                break;
            }
        }
        soff += e * s->stride[0];
    }
    /* a one-element smooth scale applies to every column */
    int64_t sst = s->shape[s->ndim - 1] == 1 ? 0 : s->stride[s->ndim - 1];
    aclemu_load_f32(tmp, base_of(s) + soff * ssz, s->dtype, sst * ssz, a->cols);
    for (int64_t c = 0; c < a->cols; c++)
        v[c] *= tmp[c];
}

/* Element offset of row r of y (computed once per row by the row loops). */
static int64_t y_row(const quant_args *a, int64_t r) { return flat_off(&a->y, r, a->y.ndim ? a->y.ndim - 1 : 0); }

/* Writes the code of column c of the row at element offset `row` (y_row) into y. */
static void store_code_row(const quant_args *a, int64_t row, int64_t c, uint32_t code)
{
    const aclemu_tdesc *y = &a->y;
    uint32_t nd = y->ndim;
    int64_t ys = nd ? y->stride[nd - 1] : 1;
    uint8_t *b = (uint8_t *)base_of(y);
    if (a->code == ACL_INT32) {
        memcpy((char *)b + (row + c * ys) * 4, &code, 4);
    } else if (y->dtype == ACL_INT32) { /* eight INT4 per word, lowest nibble first */
        uint32_t w;
        char *p = (char *)b + (row + (c / 8) * ys) * 4;
        memcpy(&w, p, 4);
        unsigned sh = 4u * (unsigned)(c % 8);
        w = (w & ~(0xfu << sh)) | (code << sh);
        memcpy(p, &w, 4);
    } else if (quant_is_nibble(y->dtype)) { /* even element: low nibble */
        int64_t e = row + c * ys;
        uint8_t *p = b + (e >> 1);
        *p = (e & 1) ? (uint8_t)((*p & 0x0f) | (code << 4)) : (uint8_t)((*p & 0xf0) | code);
    } else {
        b[row + c * ys] = (uint8_t)code;
    }
}

/* Writes the code of column c of row r into y. */
static void store_code(const quant_args *a, int64_t r, int64_t c, uint32_t code)
{
    store_code_row(a, y_row(a, r), c, code);
}

/* The code of column c of row r of a quantized tensor t (INT8 / FP8 bytes, INT4 nibbles, INT32
 * words of eight INT4). */
static uint32_t load_code(const aclemu_tdesc *t, int64_t r, int64_t c)
{
    uint32_t nd = t->ndim;
    int64_t ts = nd ? t->stride[nd - 1] : 1;
    int64_t row = flat_off(t, r, nd ? nd - 1 : 0);
    const uint8_t *b = (const uint8_t *)base_of(t);
    if (t->dtype == ACL_INT32) {
        uint32_t w;
        memcpy(&w, b + (row + (c / 8) * ts) * 4, 4);
        return (w >> (4u * (unsigned)(c % 8))) & 0xfu;
    }
    if (quant_is_nibble(t->dtype)) {
        int64_t e = row + c * ts;
        return (e & 1) ? (uint32_t)(b[e >> 1] >> 4) : (uint32_t)(b[e >> 1] & 0xf);
    }
    return b[row + c * ts];
}

/* y row r = (x + offset) * scale [* scale] in FP32, rounded once to y's dtype */
static void run_anti(const quant_args *a, int64_t r, float *v)
{
    for (int64_t c = 0; c < a->cols; c++) {
        int64_t i = a->scale_axis < 0 ? 0 : c;
        float t = quant_decode(load_code(&a->x, r, c), a->code);
        if (a->offset.addr)
            t = t + load1(&a->offset, a->offset.offset + i * a->offset_step);
        float s = load1(&a->scale, a->scale.offset + i * a->scale_step);
        t = t * s;
        if (a->sqrt_mode)
            t = t * s;
        v[c] = t;
    }
    uint32_t nd = a->y.ndim;
    int64_t esz = (int64_t)aclemu_kdtype_size(a->y.dtype);
    aclemu_store_f32(base_of(&a->y) + flat_off(&a->y, r, nd ? nd - 1 : 0) * esz, a->y.dtype,
                     (nd ? a->y.stride[nd - 1] : 1) * esz, v, a->cols);
}

/* SwiGluQuant's expert of row r: the first whose cumulative end reaches r + 1 (ends summed from
 * counts when group_count); -1 past the last one (those rows take no smooth scale), 0 without
 * a group index. */
static int64_t swiglu_expert(const quant_args *a, int64_t r)
{
    const aclemu_tdesc *g = &a->group;
    if (!g->addr)
        return 0;
    int64_t end = 0;
    for (int64_t i = 0; i < g->shape[0]; i++) {
        int64_t v;
        aclemu_load_i64(&v, base_of(g) + (g->offset + i * g->stride[0]) * (int64_t)aclemu_kdtype_size(g->dtype),
                        g->dtype, 0, 1);
        end = a->group_count ? end + v : v;
        if (end >= r + 1)
            return i;
    }
    return -1;
}

/* v[c] = swish(A[c]) * B[c] over row r of x (2 * cols wide), in the kernel's FP32 steps */
static void swiglu_row(const quant_args *a, int64_t r, float *v, float *tmp)
{
    uint32_t nd = a->x.ndim;
    int64_t esz = (int64_t)aclemu_kdtype_size(a->x.dtype);
    aclemu_load_f32(tmp, base_of(&a->x) + flat_off(&a->x, r, nd - 1) * esz, a->x.dtype, a->x.stride[nd - 1] * esz,
                    2 * a->cols);
    const float *A = a->activate_left ? tmp : tmp + a->cols, *B = a->activate_left ? tmp + a->cols : tmp;
    for (int64_t c = 0; c < a->cols; c++)
        v[c] = A[c] / (1.0f + expf(-A[c])) * B[c];
}

/* element c of the group's row of t ([G] or [G, N]) */
static float group_param(const aclemu_tdesc *t, int64_t e, int64_t c)
{
    int64_t off = t->offset + e * t->stride[0] + (t->ndim > 1 ? c * t->stride[1] : 0);
    return load1(t, off);
}

static void run_swiglu(const quant_args *a, int64_t r, float *v, float *tmp)
{
    swiglu_row(a, r, v, tmp);
    int64_t e = swiglu_expert(a, r);
    if (a->mode == QUANT_SWIGLU_STATIC) {
        for (int64_t c = 0; c < a->cols; c++) {
            float t = v[c];
            if (e >= 0) {
                t = t * group_param(&a->smooth, e, c);
                if (a->offset.addr)
                    t = t + group_param(&a->offset, e, c);
            }
            store_code(a, r, c, quant_encode(t, a->code, QUANT_RINT));
        }
        return;
    }
    float amax = 0.0f;
    for (int64_t c = 0; c < a->cols; c++) {
        if (e >= 0 && a->smooth.addr)
            v[c] = v[c] * group_param(&a->smooth, e, c);
        if (fabsf(v[c]) > amax)
            amax = fabsf(v[c]);
    }
    float scale = a->dst_max / amax;
    store1_f32(&a->scale, flat_off(&a->scale, r, a->scale.ndim), scale);
    for (int64_t c = 0; c < a->cols; c++)
        store_code(a, r, c, quant_encode(v[c] * scale, a->code, QUANT_RINT));
}

typedef struct qparams {
    float scale, inv, offset;
} qparams;

/* Scale (and offset) of a group of values with max |v| amax, max mx, min mn. */
static qparams dyn_params(const quant_args *a, float amax, float mx, float mn)
{
    qparams q = {0.0f, 0.0f, 0.0f};
    if (a->symmetric) {
        q.scale = amax * (1.0f / a->dst_max);
        q.inv = a->dst_max / amax;
    } else if (a->style == QUANT_STYLE_A2) {
        q.scale = fmaxf((mx - mn) / a->range, 1e-12f);
        q.offset = a->dst_max - mx / q.scale;
        q.inv = 1.0f / q.scale;
    } else {
        q.scale = (mx - mn) * (1.0f / a->range);
        q.offset = a->dst_max - mx / q.scale;
    }
    return q;
}

static uint32_t dyn_code(const quant_args *a, const qparams *q, float v)
{
    float t = a->style == QUANT_STYLE_A2 ? v * q->inv : v / q->scale;
    if (!a->symmetric)
        t += q->offset;
    return quant_encode(t, a->code, QUANT_RINT);
}

/* Folds v[0, n) into max |v|, max and min; NaN elements are skipped (each compare is false for
 * them), on the vector library's row_minmax. */
static void minmax(const float *v, int64_t n, float *amax, float *mx, float *mn)
{
    if (n >= 16) {
        vec_kernels_get()->row_minmax(v, n, amax, mx, mn);
        return;
    }
    for (int64_t c = 0; c < n; c++) { /* a few values (per-channel passes): inline */
        float x = v[c];
        if (fabsf(x) > *amax) *amax = fabsf(x);
        if (x > *mx) *mx = x;
        if (x < *mn) *mn = x;
    }
}

/* INT8 codes written one byte each along a unit-stride row: the rows take the vector path below */
static int y_int8_rows(const quant_args *a)
{
    return a->code == ACL_INT8 && a->y.dtype == ACL_INT8 && a->y.ndim && a->y.stride[a->y.ndim - 1] == 1;
}

/* Codes of t[0, cols) (already scaled) into the row at element offset `row` (y_row): the vector
 * run for unit-stride INT8 (any round mode but half-away, which no INT8 row uses), quant_encode
 * element by element otherwise. */
static void encode_row(const quant_args *a, int64_t row, const float *t, int32_t round)
{
    if (y_int8_rows(a) && round != QUANT_ROUND) {
        quant_i8_run(t, (int8_t *)base_of(&a->y) + row, a->cols, round);
        return;
    }
    for (int64_t c = 0; c < a->cols; c++)
        store_code_row(a, row, c, quant_encode(t[c], a->code, round));
}

static void quant_row(const quant_args *a, int64_t r, const float *v, const qparams *q, float *t)
{
    if (y_int8_rows(a)) { /* scale, offset and codes in one pass */
        int a2 = a->style == QUANT_STYLE_A2;
        quant_i8_rint_affine_run(v, (int8_t *)base_of(&a->y) + y_row(a, r), a->cols, a2 ? q->inv : q->scale, !a2,
                                 q->offset, !a->symmetric);
        return;
    }
    if (a->style == QUANT_STYLE_A2)
        for (int64_t c = 0; c < a->cols; c++)
            t[c] = v[c] * q->inv;
    else
        for (int64_t c = 0; c < a->cols; c++)
            t[c] = v[c] / q->scale;
    if (!a->symmetric)
        for (int64_t c = 0; c < a->cols; c++)
            t[c] += q->offset;
    encode_row(a, y_row(a, r), t, QUANT_RINT);
}

static void write_params(const quant_args *a, int64_t idx, const qparams *q)
{
    store1_f32(&a->scale, flat_off(&a->scale, idx, a->scale.ndim), q->scale);
    if (a->offset.addr)
        store1_f32(&a->offset, flat_off(&a->offset, idx, a->offset.ndim), q->offset);
}

/* Static and fake quant's per-column scale / offset into s / o (K each): the vector along the
 * columns, or one value repeated (per tensor; per row: row r's); the scale cast to param_dtype,
 * the offset too with cast_offset. */
static void param_vectors(const quant_args *a, int64_t r, float *s, float *o, int cast_offset)
{
    const aclemu_tdesc *ts[2] = {&a->scale, &a->offset};
    const int64_t steps[2] = {a->scale_step, a->offset_step};
    float *dst[2] = {s, o};
    int64_t ri = a->scale_axis == 0 ? (r / a->scale_div) % a->scale_mod : 0;
    for (int k = 0; k < 2; k++) {
        const aclemu_tdesc *t = ts[k];
        if (!t->addr)
            continue;
        if (a->scale_axis == 1) {
            int64_t esz = (int64_t)aclemu_kdtype_size(t->dtype);
            aclemu_load_f32(dst[k], base_of(t) + t->offset * esz, t->dtype, steps[k] * esz, a->cols);
            if (k == 0 || cast_offset)
                for (int64_t c = 0; c < a->cols; c++)
                    dst[k][c] = as_dtype(dst[k][c], a->param_dtype);
        } else {
            float v = load1(t, t->offset + ri * steps[k]);
            if (k == 0 || cast_offset)
                v = as_dtype(v, a->param_dtype);
            for (int64_t c = 0; c < a->cols; c++)
                dst[k][c] = v;
        }
    }
}

/* row r: v = x / s or x * s [* s] [+ o] (sv / ov from param_vectors, refreshed per row only for
 * a per-row scale), then the codes */
static void run_static(const quant_args *a, int64_t r, float *v, float *tmp, float *sv, float *ov)
{
    load_row(a, r, v, tmp);
    if (a->scale_axis == 0)
        param_vectors(a, r, sv, ov, 1);
    quant_affine_run(v, sv, a->offset.addr ? ov : NULL, a->cols, a->divide, a->sqrt_mode);
    encode_row(a, y_row(a, r), v, a->round);
}

/* FakeQuant row r, in the kernel's steps: t = x * (1/scale) in param_dtype's FP32 path; INT32 zp:
 * q = float(rint(t)) + zp, float zp: q = float(rint(t + zp)); the mask compares q (held in FP16 on
 * the FP16 path) with quantMin / quantMax, y = (float(clamp(rint(q))) - zp) * scale, 0 - zp for
 * a NaN x, rounded to param_dtype. Integer casts saturate, NaN -> 0. */
static void run_fake(const quant_args *a, int64_t r, float *v, float *tmp, float *sv, float *zv)
{
    load_row(a, r, v, tmp);
    if (a->scale_axis == 0 && !a->fake_off)
        param_vectors(a, r, sv, zv, 0);
    const aclemu_tdesc *m = &a->aux;
    uint32_t mn = m->ndim;
    int64_t mrow = flat_off(m, r, mn ? mn - 1 : 0), ms = mn ? m->stride[mn - 1] : 1;
    uint8_t *mb = (uint8_t *)base_of(m);
    int half = a->param_dtype == ACL_FLOAT16;
    int32_t lo = (int32_t)a->qmin, hi = (int32_t)a->qmax;
    float qmin = as_dtype((float)a->qmin, a->param_dtype), qmax = as_dtype((float)a->qmax, a->param_dtype);
    int fast = !a->fake_off && a->param_dtype == ACL_FLOAT && ms == 1; /* the same steps, vectorised */
    if (fast)
        quant_fake_run(v, sv, zv, mb + mrow, a->cols, a->offset.dtype == ACL_INT32, qmin, qmax, (float)lo, (float)hi);
    for (int64_t c = 0; !fast && c < a->cols; c++) {
        float x = as_dtype(v[c], a->param_dtype);
        if (a->fake_off) {
            v[c] = x;
            mb[mrow + c * ms] = 1;
            continue;
        }
        float s = sv[c], zp = zv[c];
        float t = x * (1.0f / s), q;
        if (a->offset.dtype == ACL_INT32)
            q = (float)quant_to_int(t, QUANT_RINT, INT32_MIN, INT32_MAX) + zp;
        else
            q = (float)quant_to_int(t + zp, QUANT_RINT, INT32_MIN, INT32_MAX);
        float qm = half ? as_dtype(q, ACL_FLOAT16) : q;
        mb[mrow + c * ms] = qm >= qmin && qm <= qmax;
        int32_t qi = quant_to_int(q, QUANT_RINT, INT32_MIN, INT32_MAX);
        qi = qi < lo ? lo : qi > hi ? hi : qi;
        float qf = isnan(x) ? 0.0f : (float)qi;
        v[c] = as_dtype((qf - zp) * s, a->param_dtype);
    }
    uint32_t nd = a->y.ndim;
    int64_t esz = (int64_t)aclemu_kdtype_size(a->y.dtype);
    aclemu_store_f32(base_of(&a->y) + flat_off(&a->y, r, nd ? nd - 1 : 0) * esz, a->y.dtype,
                     (nd ? a->y.stride[nd - 1] : 1) * esz, v, a->cols);
}

/* element i of a 1-D tensor as INT64 */
static int64_t load_i64_at(const aclemu_tdesc *t, int64_t i)
{
    int64_t v;
    aclemu_load_i64(&v, base_of(t) + (t->offset + i * t->stride[0]) * (int64_t)aclemu_kdtype_size(t->dtype), t->dtype,
                    0, 1);
    return v;
}

/* GroupQuant's group index: cumulative ends in [0, rows], non-decreasing, the last one rows (the
 * kernel traps otherwise). */
static int group_index_ok(const quant_args *a)
{
    const aclemu_tdesc *g = &a->group;
    int64_t prev = 0, v = 0;
    for (int64_t i = 0; i < g->shape[0]; i++) {
        aclemu_load_i64(&v, base_of(g) + (g->offset + i * g->stride[0]) * (int64_t)aclemu_kdtype_size(g->dtype),
                        g->dtype, 0, 1);
        if (v < 0 || v > a->rows || v < prev)
            return 0;
        prev = v;
    }
    return v == a->rows;
}

/* row r of GroupQuant: v = x * scale[e, :] (+ offset), both in FP32, then the Cast to y (RINT,
 * saturating) */
static void run_group(const quant_args *a, int64_t r, float *v, float *tmp)
{
    const aclemu_tdesc *g = &a->group, *sc = &a->scale;
    /* the first group whose end passes r: a binary search, the ends being non-decreasing
     * (group_index_ok) */
    int64_t e = 0, hi = g->shape[0];
    while (e < hi) {
        int64_t mid = e + (hi - e) / 2;
        if (load_i64_at(g, mid) > r)
            hi = mid;
        else
            e = mid + 1;
    }
    load_row(a, r, v, tmp);
    int64_t ssz = (int64_t)aclemu_kdtype_size(sc->dtype);
    aclemu_load_f32(tmp, base_of(sc) + (sc->offset + e * sc->stride[0]) * ssz, sc->dtype, sc->stride[1] * ssz,
                    a->cols);
    float off = a->offset.addr ? load1(&a->offset, a->offset.offset) : 0.0f;
    for (int64_t c = 0; c < a->cols; c++)
        v[c] = v[c] * tmp[c];
    if (a->offset.addr)
        for (int64_t c = 0; c < a->cols; c++)
            v[c] = v[c] + off;
    encode_row(a, y_row(a, r), v, QUANT_RINT);
}

/* DequantBias row r, in the kernel's FP32 steps (an INT32 bias is added to x as INT32, wrapping) */
static void run_dequant_bias(const quant_args *a, int64_t r, float *v)
{
    const aclemu_tdesc *x = &a->x, *b = &a->offset, *as = &a->aux;
    int64_t row = flat_off(x, r, 1);
    int int_bias = b->addr && b->dtype == ACL_INT32;
    float rs = as->addr ? load1(as, as->offset + r * as->stride[0]) : 1.0f;
    for (int64_t c = 0; c < a->cols; c++) {
        int64_t xv;
        aclemu_load_i64(&xv, base_of(x) + (row + c * x->stride[1]) * 4, ACL_INT32, 0, 1);
        int32_t xi = (int32_t)xv;
        if (int_bias)
            xi = (int32_t)((uint32_t)xi + (uint32_t)load_i64_at(b, c));
        float t = (float)xi * load1(&a->scale, a->scale.offset + c * a->scale.stride[0]);
        if (as->addr)
            t = t * rs;
        if (b->addr && !int_bias)
            t = t + load1(b, b->offset + c * b->stride[0]);
        v[c] = t;
    }
    const aclemu_tdesc *y = &a->y;
    int64_t esz = (int64_t)aclemu_kdtype_size(y->dtype);
    aclemu_store_f32(base_of(y) + flat_off(y, r, 1) * esz, y->dtype, y->stride[1] * esz, v, a->cols);
}

/* DynamicBlockQuant row r (one-row blocks of block_cols columns), in the A2 kernel's steps */
static void run_block(const quant_args *a, int64_t r, float *v, float *tmp)
{
    load_row(a, r, v, tmp);
    int64_t nb = (a->cols + a->block_cols - 1) / a->block_cols;
    for (int64_t b = 0; b < nb; b++) {
        int64_t c0 = b * a->block_cols, c1 = c0 + a->block_cols < a->cols ? c0 + a->block_cols : a->cols;
        float m = 0.0f;
        for (int64_t c = c0; c < c1; c++)
            m = fmaxf(m, fabsf(v[c]));
        float q = (1.0f / m) * a->dst_max, sc = m * (1.0f / a->dst_max);
        if (a->min_scale > 0.0f) {
            q = fmaxf(q, a->min_scale);
            sc = fminf(sc, 1.0f / a->min_scale);
        }
        store1_f32(&a->scale, flat_off(&a->scale, r * nb + b, a->scale.ndim), sc);
        for (int64_t c = c0; c < c1; c++)
            store_code(a, r, c, quant_encode(v[c] * q, a->code, QUANT_RINT));
    }
}

/* The MX element code of v (FP8 / FP4 y). */
static uint32_t mx_code(const quant_args *a, float v)
{
    if (a->code == ACL_FLOAT4_E2M1 || a->code == ACL_FLOAT4_E1M2)
        return quant_to_fp4(v, a->code == ACL_FLOAT4_E1M2, a->round);
    return quant_encode(v, a->code, QUANT_RINT);
}

/* SituMxQuant's tanh (the arch35 kernel's two paths): |x| < 0.6 the odd polynomial x + x * x^2 *
 * (c1 + x^2 (c2 + x^2 (c3 + c4 x^2))) by FMA Horner, else 2 / (1 + exp(-2x)) - 1. */
static float situ_mx_tanh(float x)
{
    float x2 = x * x, p = x2 * 0.0157396831f;
    p = p + -0.0523039624f;
    p = fmaf(p, x2, 0.133152977f);
    p = fmaf(p, x2, -0.333327681f);
    p = p * x2;
    p = fmaf(p, x, x);
    float q = 1.0f / (expf(x * -2.0f) + 1.0f);
    q = q * 2.0f + -1.0f;
    return fmaxf(x, -x) >= 0.6f ? q : p;
}

/* SwigluMxQuant: element e (flat, y's shape) of the swiglu of x, rounded to x's dtype as the
 * kernel stores it before the MX quantisation. */
static float swiglu_mx_value(const quant_args *a, int64_t e)
{
    int64_t Hd = a->act_half, in = a->act_inner;
    int64_t i = e % in, j = (e / in) % Hd, o = e / (in * Hd);
    int64_t x0 = (o * 2 * Hd + j) * in + i, x1 = x0 + Hd * in;
    if (a->swiglu_mode == 1) { /* last axis: even / odd elements */
        x0 = o * 2 * Hd + 2 * j;
        x1 = x0 + 1;
    } else if (!a->activate_left) {
        int64_t t = x0;
        x0 = x1;
        x1 = t;
    }
    float A = load1(&a->x, flat_off(&a->x, x0, a->x.ndim)), B = load1(&a->x, flat_off(&a->x, x1, a->x.ndim));
    float v;
    if (a->swiglu_mode == QUANT_SITU) { /* SituMxQuant: A the gate, B up */
        float b = a->situ_beta, lb = a->situ_linear_beta;
        float t = situ_mx_tanh(A * (1.0f / b)), sig = 1.0f / (expf(-A) + 1.0f);
        float sa = t * sig * b;
        v = sa * (lb > 0.0f ? situ_mx_tanh(B * (1.0f / lb)) * lb : B);
    } else if (a->swiglu_mode == 1) {
        float glu = fminf(A, a->clamp_limit);
        float lin = fmaxf(fminf(B, a->clamp_limit), -a->clamp_limit) + a->glu_bias;
        v = glu / (expf(glu * -a->glu_alpha) + 1.0f) * lin;
    } else {
        v = A / (expf(-A) + 1.0f) * B;
    }
    return as_dtype(v, a->x.dtype);
}

/* SwigluBackwardMxQuantWithDualAxis: element e (flat, dx = y's shape [rows, 2H]) of the swiglu
 * gradient as the arch35 kernel computes it in FP32 (swiglu_backward_mx_quant_with_dual_axis_regbase.h,
 * ComputeSwigluBackward): sig = 1 / (exp(-A) + 1), grad A = ((1 - sig) * A + 1) * B * sig * dy to the
 * first half of the row, grad B = sig * dy * A to the second (whichever half A is), each rounded to x's
 * dtype as the kernel stores it. */
static float swiglu_grad_mx_value(const quant_args *a, int64_t e)
{
    int64_t H = a->act_half, r = e / (2 * H), c = e % (2 * H), j = c < H ? c : c - H;
    int64_t xa = r * 2 * H + j, xb = xa + H;
    if (!a->activate_left) {
        int64_t t = xa;
        xa = xb;
        xb = t;
    }
    float A = load1(&a->x, flat_off(&a->x, xa, a->x.ndim)), B = load1(&a->x, flat_off(&a->x, xb, a->x.ndim));
    float g = load1(&a->w, flat_off(&a->w, r * H + j, a->w.ndim));
    float sig = 1.0f / (expf(A * -1.0f) + 1.0f), v;
    if (c < H) {
        v = sig * -1.0f + 1.0f;
        v = v * A + 1.0f;
        v = v * B * sig * g;
    } else {
        v = sig * g * A;
    }
    return as_dtype(v, a->x.dtype);
}

/* The value MX element e (flat over y's shape) quantizes. */
static float mx_elem(const quant_args *a, int64_t e)
{
    if (a->mode == QUANT_SWIGLU_MX || a->mx_act == QUANT_MX_ACT_SWIGLU)
        return swiglu_mx_value(a, e);
    if (a->mx_act == QUANT_MX_ACT_SWIGLU_GRAD)
        return swiglu_grad_mx_value(a, e);
    return load1(&a->x, flat_off(&a->x, e, a->x.ndim));
}

/* One MX slab: L x P elements of x from flat element e0 (row-major, the quantized axis L outer),
 * blocks of block_cols along L for each column q; the scale of block b goes to flat scale element
 * s0 + ((b / 2) * P + q) * 2 + b % 2 (an odd block count's pad 0). */
static void mx_slab(const quant_args *a, int64_t e0, int64_t L, int64_t P, int64_t s0, float *v)
{
    int64_t bs = a->block_cols, nb = (L + bs - 1) / bs, nb2 = (nb + 1) / 2, cols = a->cols;
    uint8_t *sc = (uint8_t *)base_of(&a->scale);
    for (int64_t q = 0; q < P; q++) {
        for (int64_t b = 0; b < nb2 * 2; b++) {
            uint8_t *sp = sc + flat_off(&a->scale, s0 + ((b / 2) * P + q) * 2 + b % 2, a->scale.ndim);
            if (b >= nb) { /* the pad of an odd block count */
                *sp = 0;
                continue;
            }
            int64_t l0 = b * bs, l1 = l0 + bs < L ? l0 + bs : L, n = l1 - l0;
            float amax = 0.0f;
            int finite = 1;
            for (int64_t i = 0; i < n; i++) {
                int64_t e = e0 + (l0 + i) * P + q;
                v[i] = mx_elem(a, e);
                if (!isfinite(v[i]))
                    finite = 0;
                else
                    amax = fmaxf(amax, fabsf(v[i]));
            }
            quant_mx_scale s = quant_mx_scale_of(amax, finite, a->mx_alg, a->mx_emax, a->mx_inv_max,
                                                 a->mx_low_bound, a->mx_add_bits);
            *sp = (uint8_t)s.code;
            for (int64_t i = 0; i < n; i++) {
                int64_t e = e0 + (l0 + i) * P + q;
                store_code(a, e / cols, e % cols, mx_code(a, v[i] * s.mul));
            }
        }
    }
}

/* DynamicBlockMxQuant / MxToBlockMxQuant (smooth: the FP4 input's row scales, mx_emax its max offset)
 * unit u: the row of square blocks rb of batch b (dynamic_block_mx_quant_base.h:
 * one scale per 32 x 32 block from its max, by the rules of quant_mx_scale_of (the kernel's OCP /
 * DDR paths take the same BF16 exponent fields), written for each of the block's rows to scale and
 * each of its columns to aux; the pads of odd block counts 0). */
static void run_block_mx(const quant_args *a, int64_t u, float *v)
{
    int64_t bs = a->block_cols, M = a->mx_len, N = a->cols, nbr = (M + bs - 1) / bs, nbc = (N + bs - 1) / bs;
    int64_t nbr2 = (nbr + 1) / 2, nbc2 = (nbc + 1) / 2, b = u / nbr, rb = u % nbr;
    int64_t r0 = rb * bs, r1 = r0 + bs < M ? r0 + bs : M;
    uint8_t *s1 = (uint8_t *)base_of(&a->scale), *s2 = (uint8_t *)base_of(&a->aux);
    for (int64_t cb = 0; cb < nbc2 * 2; cb++) {
        uint32_t code = 0;
        int64_t c0 = cb * bs, c1 = c0 + bs < N ? c0 + bs : N;
        if (cb < nbc && a->smooth.addr) { /* MxToBlockMxQuant: FP4 codes with their row scales (smooth) */
            /* mx_to_block_mx_quant.h SubCompute: block scale = max(row scales, max_offset) - max_offset;
             * element = fp4 * 2^(row scale - block scale) (0 when that exponent field is <= 0), cast
             * to FP8 (rint, saturating) */
            const aclemu_tdesc *ms = &a->smooth;
            const uint8_t *mb = (const uint8_t *)base_of(ms);
            uint32_t mx = 0, off = (uint32_t)a->mx_emax;
            for (int64_t r = r0; r < r1; r++) {
                uint32_t rs = mb[flat_off(ms, ((b * M + r) * nbc2 + cb / 2) * 2 + cb % 2, ms->ndim)];
                mx = rs > mx ? rs : mx;
            }
            code = (mx <= off ? off : mx) - off;
            for (int64_t r = r0; r < r1; r++) {
                int32_t rs = mb[flat_off(ms, ((b * M + r) * nbc2 + cb / 2) * 2 + cb % 2, ms->ndim)];
                int32_t e = rs - (int32_t)code + 127;
                float mul = e <= 0 ? 0.0f : ldexpf(1.0f, e - 127);
                for (int64_t c = c0; c < c1; c++) {
                    uint32_t xc = load_code(&a->x, b * M + r, c);
                    float v0 = quant_from_fp4(xc, a->x.dtype == ACL_FLOAT4_E1M2) * mul;
                    store_code(a, b * M + r, c, quant_encode(v0, a->code, QUANT_RINT));
                }
            }
            for (int64_t c = c0; c < c1; c++)
                s2[flat_off(&a->aux, ((b * nbr2 + rb / 2) * N + c) * 2 + rb % 2, a->aux.ndim)] = (uint8_t)code;
        } else if (cb < nbc) {
            float amax = 0.0f;
            int finite = 1;
            for (int64_t r = r0; r < r1; r++)
                for (int64_t c = c0; c < c1; c++) {
                    float x = load1(&a->x, flat_off(&a->x, (b * M + r) * N + c, a->x.ndim));
                    v[(r - r0) * bs + (c - c0)] = x;
                    if (!isfinite(x))
                        finite = 0;
                    else
                        amax = fmaxf(amax, fabsf(x));
                }
            quant_mx_scale s = quant_mx_scale_of(amax, finite, a->mx_alg, a->mx_emax, a->mx_inv_max, a->mx_low_bound,
                                                 a->mx_add_bits);
            code = s.code;
            for (int64_t r = r0; r < r1; r++)
                for (int64_t c = c0; c < c1; c++)
                    store_code(a, b * M + r, c, mx_code(a, v[(r - r0) * bs + (c - c0)] * s.mul));
            for (int64_t c = c0; c < c1; c++)
                s2[flat_off(&a->aux, ((b * nbr2 + rb / 2) * N + c) * 2 + rb % 2, a->aux.ndim)] = (uint8_t)code;
        }
        for (int64_t r = r0; r < r1; r++)
            s1[flat_off(&a->scale, ((b * M + r) * nbc2 + cb / 2) * 2 + cb % 2, a->scale.ndim)] = (uint8_t)code;
    }
    if (rb == nbr - 1 && nbr % 2)
        for (int64_t c = 0; c < N; c++)
            s2[flat_off(&a->aux, ((b * nbr2 + rb / 2) * N + c) * 2 + 1, a->aux.ndim)] = 0;
}

/* DynamicDualLevelMxQuant row r (dynamic_dual_level_mx_quant_base.h ComputeSmoothScaleLevel0Quant /
 * CalcXTmp / ComputeLevel1Scale): v = x [* smooth] in x's dtype; per 512 block l0 = fp32(max |v| over
 * the finite elements) * fp32(1 / 6), 0 when below 2^-126; t = x's dtype(fp32(v) / l0) (RINT, a zero v
 * kept as it is); then the OCP MX quantisation of t in blocks of block_cols. */
static void run_dual_level_mx(const quant_args *a, int64_t r, float *v)
{
    int64_t N = a->cols, bs = a->block_cols, nb = (N + bs - 1) / bs, nb2 = (nb + 1) / 2, n0 = (N + 511) / 512;
    int32_t dt = a->x.dtype;
    float inv6;
    uint32_t inv6b = 0x3e2aaaabu;
    memcpy(&inv6, &inv6b, 4);
    for (int64_t c = 0; c < N; c++) {
        float x = load1(&a->x, flat_off(&a->x, r * N + c, a->x.ndim));
        if (a->smooth.addr)
            x = as_dtype(x * load1(&a->smooth, a->smooth.offset + c * a->smooth.stride[0]), dt);
        v[c] = x;
    }
    for (int64_t k = 0; k < n0; k++) {
        int64_t c0 = k * 512, c1 = c0 + 512 < N ? c0 + 512 : N;
        float amax = 0.0f;
        for (int64_t c = c0; c < c1; c++)
            if (isfinite(v[c]))
                amax = fmaxf(amax, fabsf(v[c]));
        float l0 = amax * inv6;
        if (l0 < 0x1p-126f)
            l0 = 0.0f;
        store1_f32(&a->aux, flat_off(&a->aux, r * n0 + k, a->aux.ndim), l0);
        for (int64_t c = c0; c < c1; c++)
            if (v[c] != 0.0f)
                v[c] = as_dtype(v[c] / l0, dt);
    }
    uint8_t *sc = (uint8_t *)base_of(&a->scale);
    for (int64_t b = 0; b < nb2 * 2; b++) {
        uint8_t *sp = sc + flat_off(&a->scale, (r * nb2 + b / 2) * 2 + b % 2, a->scale.ndim);
        if (b >= nb) {
            *sp = 0;
            continue;
        }
        int64_t c0 = b * bs, c1 = c0 + bs < N ? c0 + bs : N;
        float amax = 0.0f;
        int finite = 1;
        for (int64_t c = c0; c < c1; c++) {
            if (!isfinite(v[c]))
                finite = 0;
            else
                amax = fmaxf(amax, fabsf(v[c]));
        }
        quant_mx_scale s = quant_mx_scale_of(amax, finite, a->mx_alg, a->mx_emax, a->mx_inv_max, a->mx_low_bound,
                                             a->mx_add_bits);
        *sp = (uint8_t)s.code;
        for (int64_t c = c0; c < c1; c++)
            store_code(a, r, c, mx_code(a, v[c] * s.mul));
    }
}

/* DynamicMxQuant slab p ([len, post] of x); its scales are [p, ceil(nb / 2), post, 2]. */
static void run_mx(const quant_args *a, int64_t p, float *v)
{
    int64_t L = a->mx_len, P = a->mx_post, nb = (L + a->block_cols - 1) / a->block_cols;
    mx_slab(a, p * L * P, L, P, p * ((nb + 1) / 2) * P * 2, v);
}

/* The cumulative row end of group g (INT32 / INT64 group tensor). */
static int64_t group_end(const quant_args *a, int64_t g)
{
    const aclemu_tdesc *t = &a->group;
    int64_t v;
    aclemu_load_i64(&v, base_of(t) + (t->offset + g * t->stride[0]) * (int64_t)aclemu_kdtype_size(t->dtype), t->dtype,
                    0, 1);
    return v;
}

/* GroupedDynamicBlockQuant (quant/grouped_dynamic_block_quant/op_kernel/arch35, small / large block
 * kernels): row r belongs to the first group g with end(g - 1) <= r < end(g). */
static int grouped_block_owner(const quant_args *a, int64_t r, int64_t g)
{
    if (!a->group.addr)
        return 1; /* DynamicBlockQuant (950): one group of all rows */
    for (int64_t h = 0; h <= g; h++) {
        int64_t s = h > 0 ? group_end(a, h - 1) : 0, e = group_end(a, h);
        if (r >= s && r < e)
            return h == g;
    }
    return 0;
}

/* Unit u = (batch b, group g; no group tensor: one group of all rows, DynamicBlockQuant's 950
 * kernels, dynamic_block_quant/op_kernel/arch35): per piece of the group's rows inside one absolute block of
 * block_rows rows, per block_cols columns: m = max |x| (the kernels' max of the 16-bit magnitudes,
 * so a NaN wins), scale = m / DMAX, min(scale, 1 / minScale) when the scale is finite, y = x / scale
 * cast to FP8 (RNE, saturating); the scale at [b, row / block_rows + g, column block]. */
static void run_grouped_block(const quant_args *a, int64_t u, float *v, float *mx)
{
    int64_t G = a->group.addr ? a->group.shape[0] : 1, b = u / G, g = u % G, M = a->mx_len, N = a->cols;
    int64_t gs = g > 0 ? group_end(a, g - 1) : 0, ge = a->group.addr ? group_end(a, g) : M;
    if (gs < 0)
        gs = 0;
    if (ge > M)
        ge = M;
    uint32_t snd = a->scale.ndim;
    int64_t SR = a->scale.shape[snd - 2], SC = a->scale.shape[snd - 1];
    int64_t nb = (N + a->block_cols - 1) / a->block_cols;
    float inv_min = 1.0f / a->min_scale; /* inf when minScale is 0 */
    for (int64_t p0 = gs; p0 < ge;) {
        int64_t p1 = (p0 / a->block_rows + 1) * a->block_rows;
        if (p1 > ge)
            p1 = ge;
        for (int64_t c = 0; c < nb; c++)
            mx[c] = 0.0f;
        int any = 0;
        for (int64_t r = p0; r < p1; r++) {
            if (!grouped_block_owner(a, r, g))
                continue;
            any = 1;
            load_row(a, b * M + r, v, NULL);
            for (int64_t c = 0; c < N; c++) {
                float f = fabsf(v[c]), *m = &mx[c / a->block_cols];
                if (isnan(f) || f > *m)
                    *m = isnan(*m) ? *m : f;
            }
        }
        if (any) {
            int64_t sr = p0 / a->block_rows + g;
            for (int64_t c = 0; c < nb; c++) {
                float sc = mx[c] / a->dst_max;
                if (quant_f32_bits(sc) < 0x7f800000u)
                    sc = fminf(sc, inv_min);
                mx[c] = sc;
                if (sr < SR && c < SC)
                    store1_f32(&a->scale, flat_off(&a->scale, (b * SR + sr) * SC + c, snd), sc);
            }
            for (int64_t r = p0; r < p1; r++) {
                if (!grouped_block_owner(a, r, g))
                    continue;
                load_row(a, b * M + r, v, NULL);
                for (int64_t c = 0; c < N; c++)
                    store_code(a, b * M + r, c, quant_encode(v[c] / mx[c / a->block_cols], a->code, QUANT_RINT));
                /* INT8: Cast RINT to INT16 then through FLOAT16 (exact), saturating: quant_encode's rint */
            }
        }
        p0 = p1;
    }
}

/* group ends non-decreasing from >= 0, the last one x's dim 0 (mx_len) */
static int group_ends_ok(const quant_args *a)
{
    int64_t G = a->group.shape[0], prev = 0;
    for (int64_t g = 0; g < G; g++) {
        int64_t e = group_end(a, g);
        if (e < prev)
            return 0;
        prev = e;
    }
    return prev == a->mx_len;
}

/* GroupedDynamicMxQuant group g: rows [start, end) of x [M, N] quantized along the rows in blocks
 * of block_cols from start; its scale rows (pairs of blocks) begin at start / 64 + g. The rows of
 * the [M / 64 + G, N, 2] scale between one group's last and the next group's first are zeroed by
 * the group before them. */
static void run_grouped_mx(const quant_args *a, int64_t g, float *v)
{
    int64_t G = a->group.shape[0], N = a->cols, pair = 2 * a->block_cols;
    int64_t start = g ? group_end(a, g - 1) : 0, end = group_end(a, g);
    int64_t first = start / pair + g, used = (end - start + pair - 1) / pair;
    int64_t next = g + 1 < G ? end / pair + g + 1 : a->scale.shape[0];
    if (end > start)
        mx_slab(a, start * N, end - start, N, first * N * 2, v);
    uint8_t *sc = (uint8_t *)base_of(&a->scale);
    for (int64_t r = first + used; r < next; r++)
        for (int64_t i = 0; i < N * 2; i++)
            sc[flat_off(&a->scale, r * N * 2 + i, a->scale.ndim)] = 0;
}

/* The value of MX element code c of dtype dt (FP8 / FP4). */
static float mx_value(int32_t dt, uint32_t c)
{
    if (dt == ACL_FLOAT4_E2M1 || dt == ACL_FLOAT4_E1M2)
        return quant_from_fp4(c, dt == ACL_FLOAT4_E1M2);
    return quant_decode(c, dt);
}

/* AntiMxQuant slab p: y = value(x) * 2^(scale - 127) in FP32, then y's cast (nearest even; a
 * finite value past the type's range saturates, as the kernel's SAT casts do). */
static void run_anti_mx(const quant_args *a, int64_t p)
{
    int64_t L = a->mx_len, P = a->mx_post, bs = a->block_cols, nb2 = ((L + bs - 1) / bs + 1) / 2;
    const uint8_t *sc = (const uint8_t *)base_of(&a->scale);
    float lim = a->y.dtype == ACL_FLOAT16 ? 65504.0f : a->y.dtype == ACL_BF16 ? 3.38953139e38f : INFINITY;
    for (int64_t l = 0; l < L; l++)
        for (int64_t q = 0; q < P; q++) {
            int64_t b = l / bs, e = (p * L + l) * P + q;
            int64_t sidx = ((p * nb2 + b / 2) * P + q) * 2 + b % 2;
            float m = quant_from_e8m0(sc[flat_off(&a->scale, sidx, a->scale.ndim)]);
            float v = mx_value(a->x.dtype, load_code(&a->x, e / a->cols, e % a->cols)) * m;
            if (isfinite(v) && fabsf(v) > lim)
                v = copysignf(lim, v);
            store1_f32(&a->y, flat_off(&a->y, e, a->y.ndim), v);
        }
}

/* GroupedQuantMax group g: dim-0 slices [start, end) of x (mx_post elements each): codes of x *
 * scale[g] (quant_encode, saturating), aux[g] = max |x| over the group (NaN skipped) in x's dtype. */
static void run_grouped_max(const quant_args *a, int64_t g)
{
    int64_t start = g ? group_end(a, g - 1) : 0, end = group_end(a, g), inner = a->mx_post;
    float sc = load1(&a->scale, a->scale.offset + g * a->scale.stride[0]), amax = 0.0f;
    for (int64_t e = start * inner; e < end * inner; e++) {
        float v = load1(&a->x, flat_off(&a->x, e, a->x.ndim));
        amax = fmaxf(amax, fabsf(v));
        store_code(a, e / a->cols, e % a->cols, quant_encode(v * sc, a->code, a->round));
    }
    store1_f32(&a->aux, a->aux.offset + g * a->aux.stride[0], amax);
}

/* DequantSwigluQuant: the group of row r (counts, or [G, 2] (id, count) pairs whose walk stops at a
 * count <= 0) in *id; 0 when r is past every group (its output is left as it is, as the kernel
 * does), 1 otherwise (group 0 without a group index). */
static int dsq_group_of(const quant_args *a, int64_t r, int64_t *id)
{
    const aclemu_tdesc *g = &a->group;
    *id = 0;
    if (!g->addr)
        return 1;
    int64_t start = 0;
    for (int64_t i = 0; i < g->shape[0] && start < a->rows; i++) {
        int64_t gid = i, cnt;
        if (a->group_pairs) {
            int64_t base = (int64_t)aclemu_kdtype_size(g->dtype);
            aclemu_load_i64(&gid, base_of(g) + (g->offset + i * g->stride[0]) * base, g->dtype, 0, 1);
            aclemu_load_i64(&cnt, base_of(g) + (g->offset + i * g->stride[0] + g->stride[1]) * base, g->dtype, 0, 1);
        } else {
            cnt = load_i64_at(g, i);
        }
        if (cnt < 0)
            cnt = 0;
        if (r >= start && r < start + cnt) {
            *id = gid;
            return 1;
        }
        start += cnt;
        if (a->group_pairs && cnt <= 0)
            break;
    }
    return 0;
}

/* Element c of a DequantSwigluQuant parameter for group id: [G, width] / [1, width] / [width] vary
 * along c; [G] / [1] hold one value per group. */
static int64_t dsq_param_off(const aclemu_tdesc *t, int64_t id, int64_t c, int64_t width)
{
    int64_t off = t->offset;
    if (t->ndim == 2)
        off += (t->shape[0] == 1 ? 0 : id) * t->stride[0] + (t->shape[1] == 1 ? 0 : c) * t->stride[1];
    else if (t->shape[0] == width)
        off += c * t->stride[0];
    else
        off += (t->shape[0] == 1 ? 0 : id) * t->stride[0];
    return off;
}

static float dsq_param(const aclemu_tdesc *t, int64_t id, int64_t c, int64_t width)
{
    return load1(t, dsq_param_off(t, id, c, width));
}

/* row r of x dequantized into d[2 * cols] (the kernel's FP32 steps) */
static void dsq_dequant(const quant_args *a, int64_t r, int64_t id, float *d)
{
    const aclemu_tdesc *x = &a->x;
    int64_t W = 2 * a->cols, xs = x->stride[x->ndim - 1], row = flat_off(x, r, x->ndim - 1);
    int64_t esz = (int64_t)aclemu_kdtype_size(x->dtype);
    if (x->dtype != ACL_INT32 && x->dtype != ACL_INT8) {
        aclemu_load_f32(d, base_of(x) + row * esz, x->dtype, xs * esz, W);
        return;
    }
    const aclemu_tdesc *b = &a->aux;
    int int_bias = b->addr && b->dtype == ACL_INT32;
    float as = a->act.addr ? load1(&a->act, flat_off(&a->act, r, a->act.ndim)) : 1.0f;
    for (int64_t c = 0; c < W; c++) {
        int64_t xv;
        aclemu_load_i64(&xv, base_of(x) + (row + c * xs) * esz, x->dtype, 0, 1);
        int32_t xi = (int32_t)xv;
        if (int_bias) {
            int64_t bv;
            aclemu_load_i64(&bv, base_of(b) + dsq_param_off(b, id, c, W) * 4, ACL_INT32, 0, 1);
            xi = (int32_t)((uint32_t)xi + (uint32_t)bv);
        }
        float t = (float)xi * dsq_param(&a->w, id, c, W);
        if (a->act.addr)
            t = t * as;
        if (b->addr && !int_bias)
            t = t + dsq_param(b, id, c, W);
        d[c] = t;
    }
}

/* the swiglu of swiglu_mode over d (2 * cols) into v (cols) */
static void dsq_swiglu(const quant_args *a, const float *d, float *v)
{
    int64_t H = a->cols;
    float L = a->clamp_limit;
    for (int64_t c = 0; c < H; c++) {
        float act, gate;
        if (a->swiglu_mode == 1) {
            act = d[2 * c];
            gate = d[2 * c + 1];
        } else {
            act = a->activate_left ? d[c] : d[H + c];
            gate = a->activate_left ? d[H + c] : d[c];
        }
        if (a->swiglu_mode == QUANT_SITU) { /* act: the gate, gate: up */
            float b = a->situ_beta, lb = a->situ_linear_beta;
            float t = tanhf(act * (1.0f / b)) * b, sig = 1.0f / (expf(-act) + 1.0f);
            float up = lb > 0.0f ? tanhf(gate * (1.0f / lb)) * lb : gate;
            v[c] = t * sig * up;
        } else if (a->swiglu_mode == 0) {
            v[c] = gate * (act / (expf(-act) + 1.0f));
        } else if (a->swiglu_mode == 3) {
            gate = fmaxf(fminf(gate, L), -L);
            float s = act / (expf(-act) + 1.0f);
            v[c] = gate * fminf(s, L);
        } else {
            gate = fmaxf(fminf(gate, L), -L) + a->glu_bias;
            act = fminf(act, L);
            v[c] = gate * (act / (expf(act * -a->glu_alpha) + 1.0f));
        }
    }
}

static void run_dequant_swiglu(const quant_args *a, int64_t r, float *v, float *d)
{
    int64_t id, H = a->cols;
    if (!dsq_group_of(a, r, &id))
        return;
    dsq_dequant(a, r, id, d);
    dsq_swiglu(a, d, v);
    const aclemu_tdesc *qs = &a->smooth, *qo = &a->offset;
    if (a->scale.addr) { /* dynamic */
        float amax = 0.0f;
        for (int64_t c = 0; c < H; c++) {
            if (qs->addr)
                v[c] = v[c] * dsq_param(qs, id, c, H);
            amax = fmaxf(amax, fabsf(v[c]));
        }
        int situ = a->dsq_path == QUANT_DSQ_SITU8 || a->dsq_path == QUANT_DSQ_SITU_K3;
        float sc = a->dsq_path == QUANT_DSQ_A2 ? amax / 127.0f
                   : a->dsq_path == QUANT_DSQ_950 ? amax / a->dst_max : amax * (float)(1.0 / 127.0);
        if (a->dsq_path == QUANT_DSQ_SITU_K3 && !(sc > 0.0f))
            sc = 1.0f;
        store1_f32(&a->scale, flat_off(&a->scale, r, a->scale.ndim), sc);
        if (a->dsq_path == QUANT_DSQ_SITU8 && sc == 0.0f)
            sc = 1.0f;
        float inv = 1.0f / sc;
        for (int64_t c = 0; c < H; c++)
            store_code(a, r, c, quant_encode(a->dsq_path == QUANT_DSQ_A2 || situ ? v[c] * inv : v[c] / sc, a->code,
                                             QUANT_RINT));
        return;
    }
    int per_tensor = qs->addr && (qs->ndim == 1 ? qs->shape[0] != H : qs->shape[1] == 1);
    for (int64_t c = 0; c < H; c++) {
        float t = v[c];
        if (qs->addr) {
            float s = dsq_param(qs, id, c, H);
            int guard = a->dsq_path == QUANT_DSQ_A2_GROUP || a->dsq_path == QUANT_DSQ_SITU8;
            if (per_tensor && a->dsq_path != QUANT_DSQ_950)
                t = t * (guard && s == 0.0f ? 1.0f : 1.0f / s);
            else
                t = t / s;
            if (qo->addr) /* SITU8 with one scale: the offset's first value */
                t = t + dsq_param(qo, id, per_tensor && a->dsq_path == QUANT_DSQ_SITU8 ? 0 : c, H);
        }
        store_code(a, r, c, quant_encode(t, a->code, QUANT_RINT));
    }
}

static int quant_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(quant_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const quant_args *a = (const quant_args *)args;
    uint64_t s, e;
    aclemu_block_range((uint64_t)a->units, (uint64_t)a->units_per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    int64_t K = a->mode == QUANT_BLOCK_MX ? a->block_cols * a->block_cols : a->mode == QUANT_DUAL_LEVEL_MX ? a->cols
                : a->mode == QUANT_MX || a->mode == QUANT_GROUPED_MX || a->mode == QUANT_SWIGLU_MX ? a->block_cols
                : a->mode == QUANT_DEQUANT_SWIGLU ? 2 * a->cols : a->cols;
    /* v, tmp; per-channel also amax, max, min and the K parameter triples */
    size_t need = (size_t)K * (a->mode == QUANT_PER_CHANNEL ? 8 : a->mode == QUANT_STATIC || a->mode == QUANT_FAKE ? 4 : 3) * sizeof(float);
    float *v = (float *)aclemu_worker_scratch(need ? need : sizeof(float));
    if (!v)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *tmp = v + K;
    switch (a->mode) {
    case QUANT_STATIC: { /* the scale / offset vectors: once per block unless per row */
        float *sv = tmp + K, *ov = sv + K;
        if (a->scale_axis != 0)
            param_vectors(a, 0, sv, ov, 1);
        for (uint64_t r = s; r < e; r++)
            run_static(a, (int64_t)r, v, tmp, sv, ov);
        return 0;
    }
    case QUANT_GROUP:
        if (!group_index_ok(a))
            return ACLEMU_KERNEL_BAD_ARGS; /* the kernel's Trap() */
        for (uint64_t r = s; r < e; r++)
            run_group(a, (int64_t)r, v, tmp);
        return 0;
    case QUANT_MAX: { /* one block: codes row by row, max |x| over everything (NaN skipped) */
        float amax = 0.0f, sc = load1(&a->scale, a->scale.offset);
        for (int64_t r = 0; r < a->rows; r++) {
            load_row(a, r, v, tmp);
            for (int64_t c = 0; c < K; c++) {
                amax = fmaxf(amax, fabsf(v[c]));
                store_code(a, r, c, quant_encode(v[c] * sc, a->code, a->round));
            }
        }
        store1_f32(&a->aux, a->aux.offset, amax);
        return 0;
    }
    case QUANT_DEQUANT_BIAS:
        for (uint64_t r = s; r < e; r++)
            run_dequant_bias(a, (int64_t)r, v);
        return 0;
    case QUANT_ANTI_MX:
        for (uint64_t p = s; p < e; p++)
            run_anti_mx(a, (int64_t)p);
        return 0;
    case QUANT_MX: case QUANT_SWIGLU_MX:
        for (uint64_t p = s; p < e; p++)
            run_mx(a, (int64_t)p, v);
        return 0;
    case QUANT_DUAL_LEVEL_MX:
        for (uint64_t r = s; r < e; r++)
            run_dual_level_mx(a, (int64_t)r, v);
        return 0;
    case QUANT_BLOCK_MX:
        for (uint64_t u = s; u < e; u++)
            run_block_mx(a, (int64_t)u, v);
        return 0;
    case QUANT_GROUPED_MAX:
        if (!group_ends_ok(a))
            return ACLEMU_KERNEL_BAD_ARGS; /* a bad groupList: the kernel's result is undefined */
        for (uint64_t g = s; g < e; g++)
            run_grouped_max(a, (int64_t)g);
        return 0;
    case QUANT_GROUPED_BLOCK:
        for (uint64_t u = s; u < e; u++)
            run_grouped_block(a, (int64_t)u, v, v + 2 * K);
        return 0;
    case QUANT_GROUPED_MX:
        if (!group_ends_ok(a))
            return ACLEMU_KERNEL_BAD_ARGS; /* a bad groupIndex: the kernel's result is undefined */
        for (uint64_t g = s; g < e; g++)
            run_grouped_mx(a, (int64_t)g, v);
        return 0;
    case QUANT_BLOCK:
        for (uint64_t r = s; r < e; r++)
            run_block(a, (int64_t)r, v, tmp);
        return 0;
    case QUANT_FAKE: { /* scale / zero point vectors as for QUANT_STATIC (the zero point uncast) */
        float *sv = tmp + K, *zv = sv + K;
        if (a->scale_axis != 0 && !a->fake_off)
            param_vectors(a, 0, sv, zv, 0);
        for (uint64_t r = s; r < e; r++)
            run_fake(a, (int64_t)r, v, tmp, sv, zv);
        return 0;
    }
    case QUANT_ANTI:
        for (uint64_t r = s; r < e; r++)
            run_anti(a, (int64_t)r, v);
        return 0;
    case QUANT_DEQUANT_SWIGLU:
        for (uint64_t r = s; r < e; r++)
            run_dequant_swiglu(a, (int64_t)r, v, tmp);
        return 0;
    case QUANT_SWIGLU_DYN: case QUANT_SWIGLU_STATIC:
        for (uint64_t r = s; r < e; r++)
            run_swiglu(a, (int64_t)r, v, tmp);
        return 0;
    case QUANT_PER_TOKEN:
        for (uint64_t r = s; r < e; r++) {
            float amax = 0.0f, mx = -INFINITY, mn = INFINITY;
            load_row(a, (int64_t)r, v, tmp);
            minmax(v, K, &amax, &mx, &mn);
            qparams q = dyn_params(a, amax, mx, mn);
            write_params(a, (int64_t)r, &q);
            quant_row(a, (int64_t)r, v, &q, tmp);
        }
        return 0;
    case QUANT_PER_TENSOR: { /* one block: the max over everything, then the rows again */
        float amax = 0.0f, mx = -INFINITY, mn = INFINITY;
        for (int64_t r = 0; r < a->rows; r++) {
            load_row(a, r, v, tmp);
            minmax(v, K, &amax, &mx, &mn);
        }
        qparams q = dyn_params(a, amax, mx, mn);
        write_params(a, 0, &q);
        for (int64_t r = 0; r < a->rows; r++) {
            load_row(a, r, v, tmp);
            quant_row(a, r, v, &q, tmp);
        }
        return 0;
    }
    case QUANT_PER_CHANNEL: { /* unit b: the [M, K] slice b; one scale per column, then its rows again */
        int64_t M = a->chan_rows;
        float *amax = tmp + K, *mx = amax + K, *mn = mx + K;
        qparams *q = (qparams *)(mn + K);
        for (uint64_t b = s; b < e; b++) {
            for (int64_t c = 0; c < K; c++) {
                amax[c] = 0.0f;
                mx[c] = -INFINITY;
                mn[c] = INFINITY;
            }
            for (int64_t m = 0; m < M; m++) {
                load_row(a, (int64_t)b * M + m, v, tmp);
                for (int64_t c = 0; c < K; c++)
                    minmax(v + c, 1, &amax[c], &mx[c], &mn[c]);
            }
            for (int64_t c = 0; c < K; c++) {
                q[c] = dyn_params(a, amax[c], mx[c], mn[c]);
                write_params(a, (int64_t)b * K + c, &q[c]);
            }
            for (int64_t m = 0; m < M; m++) {
                load_row(a, (int64_t)b * M + m, v, tmp);
                for (int64_t c = 0; c < K; c++)
                    store_code(a, (int64_t)b * M + m, c, dyn_code(a, &q[c], v[c]));
            }
        }
        return 0;
    }
    default:
        return ACLEMU_KERNEL_BAD_ARGS;
    }
}

ACLEMU_KERNEL("Quant", quant_kernel);
