/* Reading and writing the graph model file (layout in mdl_format.h / tools/atc/README.md).
 * Little-endian; str = u32 length + bytes (no NUL). */
#include "mdl_format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TENSORS (1u << 20)
#define MAX_STEPS (1u << 20)

const char *mdl_step_api(uint32_t kind)
{
    switch (kind) {
#define MDL_API_(n, v, api, doc) \
    case v:                      \
        return api;
        MDL_STEP_KINDS(MDL_API_)
#undef MDL_API_
    default:
        return NULL;
    }
}

size_t mdl_dtype_size(int32_t dtype)
{
    switch (dtype) {
    case 0: case 3: case 8: return 4;           /* FLOAT, INT32, UINT32 */
    case 1: case 6: case 7: case 27: return 2;  /* FLOAT16, INT16, UINT16, BF16 */
    case 2: case 4: case 12: return 1;          /* INT8, UINT8, BOOL */
    case 9: case 10: case 11: return 8;         /* INT64, UINT64, DOUBLE */
    default: return 0;
    }
}

/* ---- writer ---------------------------------------------------------------------------- */
typedef struct wbuf {
    unsigned char *p;
    size_t len, cap;
    int fail;
} wbuf;

static void put(wbuf *w, const void *src, size_t n)
{
    if (w->fail || n == 0)
        return;
    if (w->len + n > w->cap) {
        size_t cap = w->cap ? w->cap : 4096;
        while (cap < w->len + n)
            cap *= 2;
        unsigned char *p = realloc(w->p, cap);
        if (p == NULL) {
            w->fail = 1;
            return;
        }
        w->p = p;
        w->cap = cap;
    }
    memcpy(w->p + w->len, src, n);
    w->len += n;
}
static void put_u32(wbuf *w, uint32_t v) { put(w, &v, 4); }
static void put_i32(wbuf *w, int32_t v) { put(w, &v, 4); }
static void put_u64(wbuf *w, uint64_t v) { put(w, &v, 8); }
static void put_i64(wbuf *w, int64_t v) { put(w, &v, 8); }
static void put_f64(wbuf *w, double v) { put(w, &v, 8); }
static void put_str(wbuf *w, const char *s)
{
    uint32_t n = s ? (uint32_t)strlen(s) : 0;
    put_u32(w, n);
    put(w, s, n);
}

static uint64_t fnv1a(const unsigned char *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* the AIPP record: every field of mdl_aipp in order, i32 each, the floats as f32 */
#define MDL_AIPP_INTS(X)                                                                                \
    X(mode) X(input_format) X(src_w) X(src_h) X(crop) X(crop_x) X(crop_y) X(crop_w) X(crop_h) X(resize)  \
    X(resize_w) X(resize_h) X(padding) X(pad_left) X(pad_right) X(pad_top) X(pad_bottom) X(csc)          \
    X(rbuv_swap) X(ax_swap) X(single_line) X(max_src_size)
static void put_f32(wbuf *w, float v) { put(w, &v, 4); }
static void put_aipp(wbuf *w, const mdl_aipp *a)
{
#define PUT_(f) put_i32(w, a->f);
    MDL_AIPP_INTS(PUT_)
#undef PUT_
    for (int i = 0; i < 9; i++)
        put_i32(w, a->matrix[i]);
    for (int i = 0; i < 3; i++) {
        put_i32(w, a->out_bias[i]);
        put_i32(w, a->in_bias[i]);
    }
    for (int i = 0; i < 4; i++) {
        put_i32(w, a->mean[i]);
        put_f32(w, a->min[i]);
        put_f32(w, a->var_reci[i]);
    }
}

/* one compiled graph: tensors, I/O lists, steps, its workspace size */
static void put_graph(wbuf *w, const mdl_model *m)
{
    put_u32(w, m->ntensors);
    for (uint32_t i = 0; i < m->ntensors; i++) {
        const mdl_tensor *t = &m->tensors[i];
        put_str(w, t->name);
        put_i32(w, t->dtype);
        put_i32(w, t->format);
        put_u32(w, t->kind);
        put_u32(w, t->ndims);
        for (uint32_t d = 0; d < t->ndims; d++)
            put_i64(w, t->dims[d]);
        put_u64(w, t->offset);
        put_u64(w, t->bytes);
    }
    put_u32(w, m->ninputs);
    for (uint32_t i = 0; i < m->ninputs; i++)
        put_u32(w, m->inputs[i]);
    put_u32(w, m->noutputs);
    for (uint32_t i = 0; i < m->noutputs; i++)
        put_u32(w, m->outputs[i]);
    put_u32(w, m->nsteps);
    for (uint32_t i = 0; i < m->nsteps; i++) {
        const mdl_step *s = &m->steps[i];
        put_u32(w, s->kind);
        put_str(w, s->node);
        put_str(w, s->op_type);
        put_u32(w, s->nin);
        for (uint32_t k = 0; k < s->nin; k++)
            put_i32(w, s->in[k]);
        put_u32(w, s->nout);
        for (uint32_t k = 0; k < s->nout; k++)
            put_i32(w, s->out[k]);
        put_u32(w, s->nints);
        for (uint32_t k = 0; k < s->nints; k++)
            put_i64(w, s->ints[k]);
        put_u32(w, s->nflts);
        for (uint32_t k = 0; k < s->nflts; k++)
            put_f64(w, s->flts[k]);
    }
    put_u64(w, m->workspace_bytes);
}

int mdl_serialize(const mdl_model *m, void **blob, size_t *len)
{
    wbuf w = {0};
    unsigned char hdr[MDL_HEADER_LEN] = {0};
    put(&w, hdr, sizeof(hdr));
    put_str(&w, m->soc_version);
    put_str(&w, m->graph_name);
    put_str(&w, m->precision_mode);
    uint32_t ngears = m->gear ? m->ngears : 1, nvals = m->gear ? m->gear_nvals : 0;
    put_u32(&w, m->gear ? m->dyn_kind : MDL_DYN_NONE);
    put_u32(&w, ngears);
    put_u32(&w, nvals);
    for (uint32_t i = 0; i < ngears * nvals; i++)
        put_i64(&w, m->gear_vals[i]);
    put_u32(&w, m->ninputs);
    for (uint32_t i = 0; i < m->ninputs; i++) {
        const mdl_tensor *t = &m->tensors[m->inputs[i]];
        const mdl_io_decl *d = m->in_decl ? &m->in_decl[i] : NULL;
        uint32_t nd = d ? d->ndims : t->ndims;
        put_u32(&w, nd);
        for (uint32_t k = 0; k < nd; k++)
            put_i64(&w, d ? d->dims[k] : t->dims[k]);
    }
    put_u32(&w, m->naipp);
    for (uint32_t k = 0; k < m->naipp; k++) {
        put_u32(&w, m->aipp_input[k]);
        put_aipp(&w, &m->aipp[k]);
    }
    for (uint32_t k = 0; k < ngears; k++)
        put_graph(&w, mdl_gear(m, k));
    put_u64(&w, m->weight_bytes);
    put(&w, m->weights, m->weight_bytes);
    if (w.fail) {
        free(w.p);
        return -1;
    }
    uint32_t version = MDL_VERSION, flags = 0;
    uint64_t plen = w.len - MDL_HEADER_LEN, sum = fnv1a(w.p + MDL_HEADER_LEN, plen);
    memcpy(w.p, MDL_MAGIC, 8);
    memcpy(w.p + 8, &version, 4);
    memcpy(w.p + 12, &flags, 4);
    memcpy(w.p + 16, &plen, 8);
    memcpy(w.p + 24, &sum, 8);
    *blob = w.p;
    *len = w.len;
    return 0;
}

/* ---- reader ---------------------------------------------------------------------------- */
typedef struct rbuf {
    const unsigned char *p;
    size_t len, pos;
    int fail;
} rbuf;

static void get(rbuf *r, void *dst, size_t n)
{
    if (r->fail || n > r->len - r->pos) {
        r->fail = 1;
        memset(dst, 0, n);
        return;
    }
    memcpy(dst, r->p + r->pos, n);
    r->pos += n;
}
static uint32_t get_u32(rbuf *r) { uint32_t v; get(r, &v, 4); return v; }
static int32_t get_i32(rbuf *r) { int32_t v; get(r, &v, 4); return v; }
static uint64_t get_u64(rbuf *r) { uint64_t v; get(r, &v, 8); return v; }
static int64_t get_i64(rbuf *r) { int64_t v; get(r, &v, 8); return v; }
static double get_f64(rbuf *r) { double v; get(r, &v, 8); return v; }
static float get_f32(rbuf *r) { float v; get(r, &v, 4); return v; }
static void get_aipp(rbuf *r, mdl_aipp *a)
{
#define GET_(f) a->f = get_i32(r);
    MDL_AIPP_INTS(GET_)
#undef GET_
    for (int i = 0; i < 9; i++)
        a->matrix[i] = get_i32(r);
    for (int i = 0; i < 3; i++) {
        a->out_bias[i] = get_i32(r);
        a->in_bias[i] = get_i32(r);
    }
    for (int i = 0; i < 4; i++) {
        a->mean[i] = get_i32(r);
        a->min[i] = get_f32(r);
        a->var_reci[i] = get_f32(r);
    }
}

static char *get_str(rbuf *r)
{
    uint32_t n = get_u32(r);
    if (r->fail || n > MDL_MAX_NAME || n > r->len - r->pos) {
        r->fail = 1;
        return NULL;
    }
    /* names hold no NUL (they are C strings once read) */
    if (memchr(r->p + r->pos, 0, n) != NULL) {
        r->fail = 1;
        return NULL;
    }
    char *s = malloc((size_t)n + 1);
    if (s == NULL) {
        r->fail = 1;
        return NULL;
    }
    memcpy(s, r->p + r->pos, n);
    s[n] = 0;
    r->pos += n;
    return s;
}

int mdl_is_graph_model(const void *blob, size_t len)
{
    return blob && len >= 8 && memcmp(blob, MDL_MAGIC, 8) == 0;
}

void mdl_free(mdl_model *m)
{
    if (m == NULL)
        return;
    free(m->soc_version);
    free(m->graph_name);
    free(m->precision_mode);
    if (m->tensors)
        for (uint32_t i = 0; i < m->ntensors; i++)
            free(m->tensors[i].name);
    free(m->tensors);
    free(m->inputs);
    free(m->outputs);
    if (m->steps)
        for (uint32_t i = 0; i < m->nsteps; i++) {
            free(m->steps[i].node);
            free(m->steps[i].op_type);
        }
    free(m->steps);
    free(m->weights);
    if (m->gear)
        for (uint32_t k = 1; k < m->ngears; k++)
            mdl_free(m->gear[k]);
    free(m->gear);
    free(m->gear_vals);
    free(m->in_decl);
    free(m->aipp_input);
    free(m->aipp);
    free(m);
}

#define BAD(...)                                  \
    do {                                          \
        snprintf(why, cap, __VA_ARGS__);          \
        mdl_free(m);                              \
        return -1;                                \
    } while (0)

/* bytes of a tensor from its dims, or UINT64_MAX on overflow / bad dtype */
static uint64_t tensor_bytes(const mdl_tensor *t)
{
    uint64_t n = mdl_dtype_size(t->dtype);
    if (n == 0)
        return UINT64_MAX;
    for (uint32_t d = 0; d < t->ndims; d++) {
        if (t->dims[d] < 0 || (t->dims[d] > 0 && n > (UINT64_MAX >> 2) / (uint64_t)t->dims[d]))
            return UINT64_MAX;
        n *= (uint64_t)t->dims[d];
    }
    return n;
}

static int check_index(const mdl_model *m, int32_t idx, int optional)
{
    return (idx == -1 && optional) || (idx >= 0 && (uint32_t)idx < m->ntensors);
}

/* The operand counts each step kind needs (the runtime reads exactly these). */
static int step_shape_ok(const mdl_step *s)
{
    /* min inputs, max inputs, required (non-absent) leading inputs, min ints, max ints, floats, outputs */
    int lo = 1, hi = 1, req = 1, ilo = 0, ihi = 0, fl = 0, no = 1;
    switch (s->kind) {
    case MDL_K_COPY: case MDL_K_RELU: case MDL_K_SIGMOID: case MDL_K_TANH: case MDL_K_HARDSWISH: case MDL_K_ERF:
    case MDL_K_SQRT: case MDL_K_EXP: case MDL_K_LOG: case MDL_K_NEG: case MDL_K_ABS: case MDL_K_GELU:
        break;
    case MDL_K_ADD: case MDL_K_SUB: case MDL_K_MUL: case MDL_K_DIV: case MDL_K_POW: case MDL_K_MATMUL:
    case MDL_K_MAXIMUM: case MDL_K_MINIMUM: case MDL_K_EQUAL: case MDL_K_PRELU:
        lo = hi = req = 2;
        break;
    case MDL_K_WHERE: lo = hi = req = 3; break;
    case MDL_K_CLAMP: fl = 2; break;
    case MDL_K_LEAKY_RELU: case MDL_K_MULS: case MDL_K_ADDS: case MDL_K_POW_SCALAR: fl = 1; break;
    case MDL_K_CONV2D: lo = hi = 3; req = 2; ilo = ihi = 7; break;
    case MDL_K_CONV_TRANSPOSE2D: lo = hi = 3; req = 2; ilo = ihi = 9; break;
    case MDL_K_GEMM: lo = hi = 3; req = 2; ilo = ihi = 2; fl = 2; break;
    case MDL_K_MAXPOOL2D: ilo = ihi = 11; break;
    case MDL_K_AVGPOOL2D: ilo = ihi = 8; break;
    case MDL_K_MEAN: case MDL_K_REDUCE_SUM: case MDL_K_AMAX: ilo = 1; ihi = 1 + MDL_MAX_DIMS; break;
    case MDL_K_PERMUTE: case MDL_K_EXPAND: ihi = MDL_MAX_DIMS; break;
    case MDL_K_CONCAT: hi = req = (int)s->nin; lo = 1; ilo = ihi = 1; break;
    case MDL_K_SOFTMAX: case MDL_K_LOG_SOFTMAX: case MDL_K_CAST: ilo = ihi = 1; break;
    case MDL_K_GATHER: lo = hi = req = 2; ilo = ihi = 1; break;
    case MDL_K_LAYER_NORM: lo = hi = 3; req = 2; ilo = 1; ihi = MDL_MAX_DIMS; fl = 1; break;
    case MDL_K_SLICE: ilo = ihi = 4; break;
    case MDL_K_PAD: ihi = 2 * MDL_MAX_DIMS; fl = 1; break;
    case MDL_K_TOPK: ilo = ihi = 4; no = 2; break;
    /* issue 11 model fusion (mfuse) */
    case MDL_K_FUSED_CONV2D: lo = hi = 4; req = 2; ilo = ihi = 8; fl = 2; break;
    case MDL_K_FUSED_MATMUL: lo = hi = 4; req = 2; ilo = ihi = 2; fl = 3; break;
    case MDL_K_ADD_LAYER_NORM: lo = hi = req = 4; ilo = ihi = 1; fl = 1; no = 4; break;
    case MDL_K_UPSAMPLE_NEAREST2D: ilo = ihi = 2; break;
    default: return 0;
    }
    if ((int)s->nin < lo || (int)s->nin > hi || (int)s->nints < ilo || (int)s->nints > ihi || (int)s->nflts < fl ||
        (int)s->nout != no)
        return 0;
    for (int k = 0; k < req && k < (int)s->nin; k++)
        if (s->in[k] < 0)
            return 0;
    return 1;
}

#define GBAD(...)                                 \
    do {                                          \
        snprintf(why, cap, __VA_ARGS__);          \
        return -1;                                \
    } while (0)

/* One compiled graph (put_graph); the caller checks offsets once the weight size is known. */
static int parse_graph(rbuf *rr, mdl_model *g, size_t len, char *why, size_t cap)
{
    rbuf r = *rr;
    g->ntensors = get_u32(&r);
    if (r.fail || g->ntensors > MAX_TENSORS || g->ntensors > (len - r.pos) / 32)
        GBAD("bad tensor table");
    g->tensors = calloc(g->ntensors ? g->ntensors : 1, sizeof(mdl_tensor));
    if (g->tensors == NULL)
        GBAD("out of memory");
    for (uint32_t i = 0; i < g->ntensors && !r.fail; i++) {
        mdl_tensor *t = &g->tensors[i];
        t->name = get_str(&r);
        t->dtype = get_i32(&r);
        t->format = get_i32(&r);
        t->kind = get_u32(&r);
        t->ndims = get_u32(&r);
        if (t->ndims > MDL_MAX_DIMS)
            GBAD("tensor %u has %u dims (at most %d)", i, t->ndims, MDL_MAX_DIMS);
        for (uint32_t d = 0; d < t->ndims; d++)
            t->dims[d] = get_i64(&r);
        t->offset = get_u64(&r);
        t->bytes = get_u64(&r);
        if (!r.fail && (t->kind > MDL_T_WEIGHT || tensor_bytes(t) != t->bytes))
            GBAD("tensor %u (%s): kind, dtype or size does not match its dims", i, t->name ? t->name : "?");
    }
    g->ninputs = get_u32(&r);
    if (r.fail || g->ninputs > g->ntensors)
        GBAD("bad input list");
    g->inputs = calloc(g->ninputs ? g->ninputs : 1, 4);
    for (uint32_t i = 0; g->inputs && i < g->ninputs; i++)
        g->inputs[i] = get_u32(&r);
    g->noutputs = get_u32(&r);
    if (r.fail || g->noutputs > g->ntensors || g->inputs == NULL)
        GBAD("bad output list");
    g->outputs = calloc(g->noutputs ? g->noutputs : 1, 4);
    for (uint32_t i = 0; g->outputs && i < g->noutputs; i++)
        g->outputs[i] = get_u32(&r);
    g->nsteps = get_u32(&r);
    if (r.fail || g->outputs == NULL || g->nsteps > MAX_STEPS || g->nsteps > (len - r.pos) / 24)
        GBAD("bad step table");
    g->steps = calloc(g->nsteps ? g->nsteps : 1, sizeof(mdl_step));
    if (g->steps == NULL)
        GBAD("out of memory");
    for (uint32_t i = 0; i < g->nsteps && !r.fail; i++) {
        mdl_step *s = &g->steps[i];
        s->kind = get_u32(&r);
        s->node = get_str(&r);
        s->op_type = get_str(&r);
        s->nin = get_u32(&r);
        if (s->nin > MDL_MAX_STEP_IN)
            GBAD("step %u: %u inputs", i, s->nin);
        for (uint32_t k = 0; k < s->nin; k++)
            s->in[k] = get_i32(&r);
        s->nout = get_u32(&r);
        if (s->nout > MDL_MAX_STEP_OUT)
            GBAD("step %u: %u outputs", i, s->nout);
        for (uint32_t k = 0; k < s->nout; k++)
            s->out[k] = get_i32(&r);
        s->nints = get_u32(&r);
        if (s->nints > MDL_MAX_STEP_INTS)
            GBAD("step %u: %u int parameters", i, s->nints);
        for (uint32_t k = 0; k < s->nints; k++)
            s->ints[k] = get_i64(&r);
        s->nflts = get_u32(&r);
        if (s->nflts > MDL_MAX_STEP_FLTS)
            GBAD("step %u: %u float parameters", i, s->nflts);
        for (uint32_t k = 0; k < s->nflts; k++)
            s->flts[k] = get_f64(&r);
        if (r.fail)
            break;
        if (mdl_step_api(s->kind) == NULL)
            GBAD("step %u (%s): unknown step kind %u", i, s->node ? s->node : "?", s->kind);
        if (!step_shape_ok(s))
            GBAD("step %u (%s): its operand counts do not fit a %s step", i, s->node ? s->node : "?",
                mdl_step_api(s->kind));
        for (uint32_t k = 0; k < s->nin; k++)
            if (!check_index(g, s->in[k], 1))
                GBAD("step %u: input %u names tensor %d of %u", i, k, s->in[k], g->ntensors);
        for (uint32_t k = 0; k < s->nout; k++)
            if (!check_index(g, s->out[k], 0) || g->tensors[s->out[k]].kind != MDL_T_ACT)
                GBAD("step %u: output %u names tensor %d, not a workspace tensor", i, k, s->out[k]);
    }
    g->workspace_bytes = get_u64(&r);
    if (r.fail)
        GBAD("the file is truncated");
    *rr = r;
    return 0;
}

/* I/O lists and offsets of one graph against the workspace and the shared weight section */
static int check_graph(const mdl_model *g, uint64_t weight_bytes, char *why, size_t cap)
{
    for (uint32_t i = 0; i < g->ninputs; i++)
        if (g->inputs[i] >= g->ntensors || g->tensors[g->inputs[i]].kind != MDL_T_ACT)
            GBAD("input %u names tensor %u, not a workspace tensor", i, g->inputs[i]);
    for (uint32_t i = 0; i < g->noutputs; i++)
        if (g->outputs[i] >= g->ntensors)
            GBAD("output %u names tensor %u of %u", i, g->outputs[i], g->ntensors);
    for (uint32_t i = 0; i < g->ntensors; i++) {
        const mdl_tensor *t = &g->tensors[i];
        uint64_t limit = t->kind == MDL_T_WEIGHT ? weight_bytes : g->workspace_bytes;
        if (t->offset > limit || t->bytes > limit - t->offset)
            GBAD("tensor %u (%s) lies outside its %s", i, t->name ? t->name : "?",
                 t->kind == MDL_T_WEIGHT ? "weight section" : "workspace");
    }
    return 0;
}

/* Every gear has the same inputs and outputs (count, dtype, rank) as gear 0, and each input's
 * dims match its declaration (a -1 may take any value). */
static int check_gear(const mdl_model *m, const mdl_model *g, uint32_t k, char *why, size_t cap)
{
    if (g->ninputs != m->ninputs || g->noutputs != m->noutputs)
        GBAD("gear %u has %u inputs / %u outputs, gear 0 %u / %u", k, g->ninputs, g->noutputs, m->ninputs,
             m->noutputs);
    for (uint32_t i = 0; i < m->ninputs; i++) {
        const mdl_tensor *t = &g->tensors[g->inputs[i]];
        const mdl_io_decl *d = &m->in_decl[i];
        if (t->dtype != m->tensors[m->inputs[i]].dtype || t->ndims != d->ndims)
            GBAD("gear %u: input %u differs from the declared input", k, i);
        for (uint32_t x = 0; x < d->ndims; x++)
            if ((d->dims[x] != -1 || m->dyn_kind == MDL_DYN_NONE) && d->dims[x] != t->dims[x])
                GBAD("gear %u: input %u dim %u is %lld, declared %lld", k, i, x, (long long)t->dims[x],
                     (long long)d->dims[x]);
    }
    for (uint32_t i = 0; i < m->noutputs; i++) {
        const mdl_tensor *t = &g->tensors[g->outputs[i]], *t0 = &m->tensors[m->outputs[i]];
        if (t->dtype != t0->dtype || t->ndims != t0->ndims)
            GBAD("gear %u: output %u differs from gear 0's", k, i);
    }
    return 0;
}

/* An AIPP record against its input in every gear: a 4-D float NCHW input the conversion fills
 * (static: the record itself; dynamic: the largest source image it may take). */
static int check_aipp(const mdl_model *m, uint32_t k, char *why, size_t cap)
{
    const mdl_aipp *a = &m->aipp[k];
    for (uint32_t gk = 0; gk < m->ngears; gk++) {
        const mdl_model *g = mdl_gear(m, gk);
        const mdl_tensor *t = &g->tensors[g->inputs[m->aipp_input[k]]];
        if (t->ndims != 4 || (t->dtype != 0 && t->dtype != 1) || t->dims[0] < 1 || t->dims[0] > MDL_AIPP_MAX_SIDE)
            GBAD("AIPP %u: input %u is not a 4-D float / float16 tensor of at most %d images", k, m->aipp_input[k],
                 MDL_AIPP_MAX_SIDE);
        if (a->mode == MDL_AIPP_STATIC) {
            const char *bad = mdl_aipp_check(a, t->dims[1], t->dims[2], t->dims[3]);
            if (bad)
                GBAD("AIPP %u (input %u): %s", k, m->aipp_input[k], bad);
        } else if (a->max_src_size <= 0 || (t->dims[1] != 3 && t->dims[1] != 1)) {
            GBAD("AIPP %u (input %u): a dynamic AIPP needs max_src_image_size and a 1- or 3-channel input", k,
                 m->aipp_input[k]);
        }
    }
    return 0;
}

int mdl_parse(const void *blob, size_t len, mdl_model **out, char *why, size_t cap)
{
    mdl_model *m = NULL;
    *out = NULL;
    if (blob == NULL || len < MDL_HEADER_LEN)
        BAD("the file is shorter than the %u-byte model header", MDL_HEADER_LEN);
    const unsigned char *p = blob;
    if (memcmp(p, MDL_MAGIC, 8) != 0)
        BAD("not an aclemu graph model (bad magic); CANN-built .om files are not loadable");
    uint32_t version, flags;
    uint64_t plen, sum;
    memcpy(&version, p + 8, 4);
    memcpy(&flags, p + 12, 4);
    memcpy(&plen, p + 16, 8);
    memcpy(&sum, p + 24, 8);
    if (version != MDL_VERSION)
        BAD("model format version %u is not supported (this runtime reads version %u)", version, MDL_VERSION);
    if (flags != 0)
        BAD("unknown header flags 0x%x (version %u defines none)", flags, MDL_VERSION);
    if (plen != len - MDL_HEADER_LEN)
        BAD("the file is truncated or has trailing bytes (payload %llu bytes, header says %llu)",
            (unsigned long long)(len - MDL_HEADER_LEN), (unsigned long long)plen);
    if (fnv1a(p + MDL_HEADER_LEN, plen) != sum)
        BAD("checksum mismatch: the file is corrupted");
    m = calloc(1, sizeof(*m));
    if (m == NULL)
        BAD("out of memory");
    rbuf r = {p, len, MDL_HEADER_LEN, 0};
    m->soc_version = get_str(&r);
    m->graph_name = get_str(&r);
    m->precision_mode = get_str(&r);
    m->dyn_kind = get_u32(&r);
    m->ngears = get_u32(&r);
    m->gear_nvals = get_u32(&r);
    if (r.fail || m->dyn_kind > MDL_DYN_DIMS || m->ngears < 1 || m->ngears > MDL_MAX_GEARS ||
        m->gear_nvals > MDL_MAX_GEAR_VALS || (m->dyn_kind == MDL_DYN_NONE) != (m->ngears == 1) ||
        (m->dyn_kind == MDL_DYN_NONE) != (m->gear_nvals == 0) || (m->dyn_kind == MDL_DYN_BATCH && m->gear_nvals != 1) ||
        (m->dyn_kind == MDL_DYN_HW && m->gear_nvals != 2))
        BAD("bad dynamic gear table (kind %u, %u gears of %u values)", m->dyn_kind, m->ngears, m->gear_nvals);
    size_t nv = (size_t)m->ngears * m->gear_nvals;
    m->gear_vals = calloc(nv ? nv : 1, sizeof(int64_t));
    if (m->gear_vals == NULL)
        BAD("out of memory");
    for (size_t i = 0; i < nv; i++)
        if ((m->gear_vals[i] = get_i64(&r)) <= 0 && !r.fail)
            BAD("gear value %zu is %lld (gears are positive)", i, (long long)m->gear_vals[i]);
    uint32_t ndecl = get_u32(&r);
    if (r.fail || ndecl > MAX_TENSORS || ndecl > (len - r.pos) / 4)
        BAD("bad input declaration table");
    m->in_decl = calloc(ndecl ? ndecl : 1, sizeof(mdl_io_decl));
    if (m->in_decl == NULL)
        BAD("out of memory");
    uint32_t ndyn = 0;
    for (uint32_t i = 0; i < ndecl && !r.fail; i++) {
        mdl_io_decl *d = &m->in_decl[i];
        d->ndims = get_u32(&r);
        if (d->ndims > MDL_MAX_DIMS)
            BAD("input declaration %u has %u dims", i, d->ndims);
        for (uint32_t x = 0; x < d->ndims; x++) {
            d->dims[x] = get_i64(&r);
            if (!r.fail && d->dims[x] < -1)
                BAD("input declaration %u: dim %lld", i, (long long)d->dims[x]);
            ndyn += d->dims[x] == -1;
        }
    }
    if (!r.fail && m->dyn_kind == MDL_DYN_DIMS && ndyn != m->gear_nvals)
        BAD("%u dynamic dims declared, the gears set %u", ndyn, m->gear_nvals);
    m->naipp = get_u32(&r);
    if (r.fail || m->naipp > ndecl || m->naipp > (len - r.pos) / 200)
        BAD("bad AIPP table");
    m->aipp_input = calloc(m->naipp + 1, sizeof(uint32_t));
    m->aipp = calloc(m->naipp + 1, sizeof(mdl_aipp));
    if (m->aipp_input == NULL || m->aipp == NULL)
        BAD("out of memory");
    for (uint32_t k = 0; k < m->naipp && !r.fail; k++) {
        m->aipp_input[k] = get_u32(&r);
        get_aipp(&r, &m->aipp[k]);
        if (r.fail)
            break;
        if (m->aipp_input[k] >= ndecl)
            BAD("AIPP %u names input %u of %u", k, m->aipp_input[k], ndecl);
        for (uint32_t j = 0; j < k; j++)
            if (m->aipp_input[j] == m->aipp_input[k])
                BAD("two AIPP records for input %u", m->aipp_input[k]);
        if (m->aipp[k].mode != MDL_AIPP_STATIC && m->aipp[k].mode != MDL_AIPP_DYNAMIC)
            BAD("AIPP %u: mode %d", k, m->aipp[k].mode);
    }
    if (m->ngears > 1) {
        m->gear = calloc(m->ngears, sizeof(mdl_model *));
        if (m->gear == NULL)
            BAD("out of memory");
        m->gear[0] = m;
    }
    for (uint32_t k = 0; k < m->ngears && !r.fail; k++) {
        mdl_model *g = m;
        if (k > 0) {
            g = m->gear[k] = calloc(1, sizeof(mdl_model));
            if (g == NULL)
                BAD("out of memory");
        }
        if (parse_graph(&r, g, len, why, cap) != 0) {
            mdl_free(m);
            return -1;
        }
    }
    if (!r.fail && ndecl != m->ninputs)
        BAD("%u input declarations for %u inputs", ndecl, m->ninputs);
    m->weight_bytes = get_u64(&r);
    if (r.fail || m->weight_bytes != len - r.pos)
        BAD("the weight section does not match the file size");
    m->weights = malloc(m->weight_bytes ? m->weight_bytes : 1);
    if (m->weights == NULL)
        BAD("out of memory");
    get(&r, m->weights, m->weight_bytes);
    for (uint32_t k = 0; k < m->ngears; k++) {
        mdl_model *g = (mdl_model *)mdl_gear(m, k);
        g->weight_bytes = m->weight_bytes;
        if (check_graph(g, m->weight_bytes, why, cap) != 0 || check_gear(m, g, k, why, cap) != 0) {
            mdl_free(m);
            return -1;
        }
    }
    for (uint32_t k = 0; k < m->naipp; k++)
        if (check_aipp(m, k, why, cap) != 0) {
            mdl_free(m);
            return -1;
        }
    if (r.fail)
        BAD("the file is truncated");
    *out = m;
    return 0;
}
