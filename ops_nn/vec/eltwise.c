/* Drivers of the elementwise kernels: broadcasting, strides, dtype
 * conversion on load/store around the FP32 inner loops of kernels.h. */
#include "eltwise.h"

#include <string.h>

#include "cast.h"
#include "dtype.h"
#include "kernels.h"

/* FP32 staging chunk: small enough to stay in L1 with three buffers */
#define CHUNK 1024

vec_params vec_params_default(void)
{
    vec_params p;
    memset(&p, 0, sizeof(p));
    p.alpha = 1.0f;
    p.scale = 1.0f;
    p.input_scale = 1.0f;
    p.beta = 1.0f;
    p.threshold = 20.0f;
    p.scalar = 0.0f;
    return p;
}

static int is_int_dtype(int dt)
{
    return dt == VEC_DT_INT8 || dt == VEC_DT_INT16 || dt == VEC_DT_INT32 ||
           dt == VEC_DT_INT64 || dt == VEC_DT_UINT8;
}

static int64_t load_i64(const char *p, int dt)
{
    switch (dt) {
    case VEC_DT_INT8: return *(const int8_t *)p;
    case VEC_DT_INT16: return *(const int16_t *)p;
    case VEC_DT_INT32: return *(const int32_t *)p;
    case VEC_DT_UINT8: return *(const uint8_t *)p;
    default: return *(const int64_t *)p;
    }
}

static void store_i64(char *p, int dt, int64_t v)
{
    switch (dt) {
    case VEC_DT_INT8: *(int8_t *)p = (int8_t)v; break;
    case VEC_DT_INT16: *(int16_t *)p = (int16_t)v; break;
    case VEC_DT_INT32: *(int32_t *)p = (int32_t)v; break;
    case VEC_DT_UINT8: *(uint8_t *)p = (uint8_t)v; break;
    default: *(int64_t *)p = v; break;
    }
}

typedef struct run_ctx {
    const vec_kernels *k;
    int op;
    const vec_params *p;
    int nops;       /* 2 = unary (y, x), 3 = binary (y, a, b) */
    int dt[3];
    int64_t es[3];
} run_ctx;

/* Pointer to FP32 data for operand k of this chunk: the tensor itself when it
 * is contiguous FP32, else the staging buffer filled by conversion. */
static const float *stage_in(const run_ctx *c, int k, char *const *ptrs, const int64_t *str,
                             int64_t off, int64_t n, float *buf)
{
    const char *src = ptrs[k] + off * str[k] * c->es[k];
    if (c->dt[k] == VEC_DT_FLOAT && str[k] == 1)
        return (const float *)src;
    vec_load_f32(src, c->dt[k], str[k], buf, n);
    return buf;
}

static void float_run(void *vc, char *const *ptrs, const int64_t *str, int64_t len)
{
    const run_ctx *c = vc;
    float bufa[CHUNK], bufb[CHUNK], bufy[CHUNK];
    int y_direct = c->dt[0] == VEC_DT_FLOAT && str[0] == 1;
    for (int64_t off = 0; off < len; off += CHUNK) {
        int64_t n = len - off < CHUNK ? len - off : CHUNK;
        const float *a = stage_in(c, 1, ptrs, str, off, n, bufa);
        float *y = y_direct ? (float *)ptrs[0] + off : bufy;
        if (c->nops == 2) {
            c->k->unary[c->op](a, y, n, c->p);
        } else {
            const float *b = stage_in(c, 2, ptrs, str, off, n, bufb);
            c->k->binary[c->op](a, b, y, n, c->p);
        }
        if (!y_direct)
            vec_store_f32(y, ptrs[0] + off * str[0] * c->es[0], c->dt[0], str[0], n);
    }
}

static void int_run(void *vc, char *const *ptrs, const int64_t *str, int64_t len)
{
    const run_ctx *c = vc;
    int64_t alpha = (int64_t)c->p->alpha, scalar = (int64_t)c->p->scalar;
    for (int64_t i = 0; i < len; i++) {
        int64_t a = load_i64(ptrs[1] + i * str[1] * c->es[1], c->dt[1]);
        int64_t r;
        if (c->nops == 2) {
            switch (c->op) {
            case VEC_RELU: r = a > 0 ? a : 0; break;
            case VEC_ADDS: r = a + scalar; break;
            case VEC_MULS: r = a * scalar; break;
            default: r = a; break;
            }
        } else {
            int64_t b = load_i64(ptrs[2] + i * str[2] * c->es[2], c->dt[2]);
            switch (c->op) {
            case VEC_ADD: r = a + alpha * b; break;
            case VEC_SUB: r = a - alpha * b; break;
            case VEC_MUL: r = a * b; break;
            default: r = a + alpha * b; r = r > 0 ? r : 0; break; /* ADD_RELU */
            }
        }
        store_i64(ptrs[0] + i * str[0] * c->es[0], c->dt[0], r);
    }
}

static int drive(int nops, int op, const vec_params *p, const vec_view *const *in,
                 const vec_view *y, int64_t begin, int64_t end, int int_ok)
{
    vec_params defp;
    if (p == NULL) {
        defp = vec_params_default();
        p = &defp;
    }
    vec_view b[3];
    const vec_view *vs[3] = {&b[0], &b[1], &b[2]};
    b[0] = *y;
    for (int k = 1; k < nops; k++)
        if (vec_view_broadcast(in[k - 1], y->ndim, y->shape, &b[k]) != 0)
            return -1;
    run_ctx c = {.k = vec_kernels_get(), .op = op, .p = p, .nops = nops};
    int all_float = 1, all_int = 1;
    for (int k = 0; k < nops; k++) {
        c.dt[k] = b[k].dtype;
        c.es[k] = (int64_t)vec_dtype_size(b[k].dtype);
        all_float &= vec_dtype_is_float_io(b[k].dtype);
        all_int &= is_int_dtype(b[k].dtype) && b[k].dtype == y->dtype;
    }
    if (!all_float && !(all_int && int_ok))
        return -1;
    vec_iter it;
    if (vec_iter_init(&it, nops, vs) != 0)
        return -1;
    vec_iter_run(&it, begin, end, all_float ? float_run : int_run, &c);
    return 0;
}

int vec_unary(vec_unary_op op, const vec_params *p, const vec_view *x, const vec_view *y,
              int64_t begin, int64_t end)
{
    if ((unsigned)op >= VEC_UNARY_COUNT)
        return -1;
    const vec_view *in[1] = {x};
    int int_ok = op == VEC_RELU || op == VEC_ADDS || op == VEC_MULS || op == VEC_COPY;
    return drive(2, op, p, in, y, begin, end, int_ok);
}

int vec_binary(vec_binary_op op, const vec_params *p, const vec_view *a, const vec_view *b,
               const vec_view *y, int64_t begin, int64_t end)
{
    if ((unsigned)op >= VEC_BINARY_COUNT)
        return -1;
    const vec_view *in[2] = {a, b};
    int int_ok = op == VEC_ADD || op == VEC_SUB || op == VEC_MUL || op == VEC_ADD_RELU;
    return drive(3, op, p, in, y, begin, end, int_ok);
}

typedef struct fill_ctx {
    unsigned char elem[16];
    int64_t es;
} fill_ctx;

static void fill_run(void *vc, char *const *ptrs, const int64_t *str, int64_t len)
{
    const fill_ctx *c = vc;
    if (c->es == 4 && str[0] == 1) {
        uint32_t v;
        memcpy(&v, c->elem, 4);
        uint32_t *d = (uint32_t *)ptrs[0];
        for (int64_t i = 0; i < len; i++) d[i] = v;
        return;
    }
    for (int64_t i = 0; i < len; i++)
        memcpy(ptrs[0] + i * str[0] * c->es, c->elem, (size_t)c->es);
}

int vec_fill(const vec_view *y, double value, int64_t begin, int64_t end)
{
    fill_ctx c;
    c.es = (int64_t)vec_dtype_size(y->dtype);
    if (c.es == 0)
        return -1;
    memset(c.elem, 0, sizeof(c.elem));
    vec_cast_elems(&value, VEC_DT_DOUBLE, 1, c.elem, y->dtype, 1, 1);
    vec_iter it;
    const vec_view *vs[1] = {y};
    if (vec_iter_init(&it, 1, vs) != 0)
        return -1;
    vec_iter_run(&it, begin, end, fill_run, &c);
    return 0;
}

void vec_unary_f32(vec_unary_op op, const vec_params *p, const float *x, float *y, int64_t n)
{
    vec_params d = vec_params_default();
    vec_kernels_get()->unary[op](x, y, n, p ? p : &d);
}

void vec_binary_f32(vec_binary_op op, const vec_params *p, const float *a, const float *b,
                    float *y, int64_t n)
{
    vec_params d = vec_params_default();
    vec_kernels_get()->binary[op](a, b, y, n, p ? p : &d);
}
