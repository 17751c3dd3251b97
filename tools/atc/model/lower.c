/* Lowering: every live node of the optimised graph becomes one or more steps, each an aclnn
 * call the runtime plans once at load (acl/mdl/mdl_steps.c). Views (Reshape, Flatten, Squeeze,
 * Unsqueeze, Identity, Dropout) become no step at all: their output is the input's storage under
 * another shape. Constants a step reads go into the weight blob. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower.h"
#include "passes.h"

#define FAIL(...)                          \
    do {                                   \
        snprintf(L->err, L->cap, __VA_ARGS__); \
        return -1;                         \
    } while (0)
#define ATTR_BAD(attr, why) \
    FAIL("E14001: Argument %s for Op %s with optype %s is invalid. Reason: %s.", attr, n->name, n->op, why)

typedef struct lowering {
    const graph *g;
    mdl_model *m;
    int *tmap;        /* graph tensor → model tensor, -1 not yet */
    int *alias;       /* model tensor → its root */
    uint32_t capt, caps;
    size_t wcap;
    char *err;
    size_t cap;
} lowering;

static int add_tensor(lowering *L, const char *name, int dtype, int rank, const int64_t *dims, int kind)
{
    mdl_model *m = L->m;
    if (m->ntensors == L->capt) {
        uint32_t cap = L->capt ? L->capt * 2 : 64;
        mdl_tensor *t = realloc(m->tensors, cap * sizeof(*t));
        int *a = realloc(L->alias, cap * sizeof(int));
        if (t)
            m->tensors = t;
        if (a)
            L->alias = a;
        if (!t || !a)
            FAIL("E19999: out of memory");
        L->capt = cap;
    }
    mdl_tensor *t = &m->tensors[m->ntensors];
    memset(t, 0, sizeof(*t));
    t->name = strdup(name);
    t->dtype = dtype;
    t->format = rank == 4 ? 0 /* NCHW */ : 2 /* ND */;
    t->ndims = (uint32_t)rank;
    uint64_t bytes = mdl_dtype_size(dtype);
    for (int d = 0; d < rank; d++) {
        t->dims[d] = dims[d];
        bytes *= (uint64_t)dims[d];
    }
    t->bytes = bytes;
    t->kind = (uint32_t)kind;
    if (t->name == NULL || mdl_dtype_size(dtype) == 0)
        FAIL("E19999: tensor %s: out of memory or unsupported dtype %d", name, dtype);
    L->alias[m->ntensors] = (int)m->ntensors;
    return (int)m->ntensors++;
}

/* model tensor of graph tensor ti (constants go into the weight blob on first use) */
static int tensor_of(lowering *L, int ti)
{
    if (L->tmap[ti] >= 0)
        return L->tmap[ti];
    const g_tensor *gt = &L->g->t[ti];
    /* a graph input no node reads is never shape-checked by inference: check every tensor here */
    int known = gt->rank >= 0 && gt->rank <= MDL_MAX_DIMS;
    for (int d = 0; known && d < gt->rank; d++)
        known = gt->dims[d] >= 0;
    if (!known)
        FAIL("E10001: Value [%s] for parameter [--input_shape] is invalid. Reason: the shape of %s is unknown or "
             "dynamic; give it with --input_shape.", gt->name, gt->name);
    int mi = add_tensor(L, gt->name, gt->dtype, gt->rank, gt->dims, gt->data ? MDL_T_WEIGHT : MDL_T_ACT);
    if (mi < 0)
        return -1;
    if (gt->data) {
        mdl_model *m = L->m;
        uint64_t off = (m->weight_bytes + MDL_ALIGN - 1) / MDL_ALIGN * MDL_ALIGN;
        uint64_t need = off + gt->nbytes;
        if (need > L->wcap) {
            size_t cap = L->wcap ? L->wcap : (1u << 16);
            while (cap < need)
                cap *= 2;
            unsigned char *w = realloc(m->weights, cap);
            if (w == NULL)
                FAIL("E19999: out of memory for the weights");
            memset(w + L->wcap, 0, cap - L->wcap);
            m->weights = w;
            L->wcap = cap;
        }
        if (gt->nbytes) /* an empty constant: no weights buffer may exist yet */
            memcpy(m->weights + off, gt->data, gt->nbytes);
        m->tensors[mi].offset = off;
        m->weight_bytes = need;
    }
    L->tmap[ti] = mi;
    return mi;
}

static int temp_tensor(lowering *L, const g_node *n, const char *what, int like)
{
    char nm[600];
    snprintf(nm, sizeof(nm), "%s/%s", n->name, what);
    const mdl_tensor *t = &L->m->tensors[like];
    int64_t dims[MDL_MAX_DIMS];
    memcpy(dims, t->dims, sizeof(dims));
    return add_tensor(L, nm, t->dtype, (int)t->ndims, dims, MDL_T_ACT);
}

static mdl_step *emit(lowering *L, const g_node *n, uint32_t kind, const int *in, int nin, int out)
{
    mdl_model *m = L->m;
    if (m->nsteps == L->caps) {
        uint32_t cap = L->caps ? L->caps * 2 : 64;
        mdl_step *s = realloc(m->steps, cap * sizeof(*s));
        if (s == NULL) {
            snprintf(L->err, L->cap, "E19999: out of memory");
            return NULL;
        }
        m->steps = s;
        L->caps = cap;
    }
    mdl_step *s = &m->steps[m->nsteps];
    memset(s, 0, sizeof(*s));
    s->kind = kind;
    s->node = strdup(n->name);
    s->op_type = strdup(n->op);
    if (!s->node || !s->op_type) {
        free(s->node);
        free(s->op_type);
        snprintf(L->err, L->cap, "E19999: out of memory");
        return NULL;
    }
    s->nin = (uint32_t)nin;
    for (int k = 0; k < nin; k++)
        s->in[k] = in[k];
    s->nout = 1;
    s->out[0] = out;
    m->nsteps++;
    return s;
}

static int is(const g_node *n, const char *op) { return strcmp(n->op, op) == 0; }

static int check_float(lowering *L, const g_node *n, int ti)
{
    int dt = L->g->t[ti].dtype;
    if (dt != 0 && dt != 1)
        FAIL("E14001: Argument input for Op %s with optype %s is invalid. Reason: tensor %s has dtype %d; this "
             "operator runs on float32 / float16.", n->name, n->op, L->g->t[ti].name, dt);
    return 0;
}

static int lower_node(lowering *L, const g_node *n)
{
    const graph *g = L->g;
    int out = tensor_of(L, n->out[0]);
    if (out < 0)
        return -1;
    int in[MDL_MAX_STEP_IN];
    if (n->nin > MDL_MAX_STEP_IN)
        FAIL("E14001: Argument inputs for Op %s with optype %s is invalid. Reason: more than %d inputs.", n->name,
             n->op, MDL_MAX_STEP_IN);
    for (int k = 0; k < n->nin; k++) {
        in[k] = n->in[k] >= 0 ? tensor_of(L, n->in[k]) : -1;
        if (n->in[k] >= 0 && in[k] < 0)
            return -1;
    }
    const g_tensor *x = &g->t[n->in[0]];
    mdl_step *s;
    static const struct { const char *op; uint32_t kind; } unary[] = {
        {"Relu", MDL_K_RELU}, {"Sigmoid", MDL_K_SIGMOID}, {"Tanh", MDL_K_TANH}, {"HardSwish", MDL_K_HARDSWISH},
        {"Erf", MDL_K_ERF}, {"Sqrt", MDL_K_SQRT}, {"Exp", MDL_K_EXP}, {"Log", MDL_K_LOG}, {"Neg", MDL_K_NEG},
        {"Abs", MDL_K_ABS}, {"Gelu", MDL_K_GELU}};
    for (size_t i = 0; i < sizeof(unary) / sizeof(unary[0]); i++)
        if (is(n, unary[i].op)) {
            if (check_float(L, n, n->in[0]))
                return -1;
            return emit(L, n, unary[i].kind, in, 1, out) ? 0 : -1;
        }
    static const struct { const char *op; uint32_t kind; } binary[] = {
        {"Add", MDL_K_ADD}, {"Sub", MDL_K_SUB}, {"Mul", MDL_K_MUL}, {"Div", MDL_K_DIV},
        {"Max", MDL_K_MAXIMUM}, {"Min", MDL_K_MINIMUM}, {"Equal", MDL_K_EQUAL}};
    for (size_t i = 0; i < sizeof(binary) / sizeof(binary[0]); i++)
        if (is(n, binary[i].op))
            return emit(L, n, binary[i].kind, in, 2, out) ? 0 : -1;
    if (is(n, "Identity") || is(n, "Dropout") || is(n, "Reshape") || is(n, "Flatten") || is(n, "Squeeze") ||
        is(n, "Unsqueeze")) {
        /* a view: the output is the input's bytes */
        L->alias[out] = L->alias[in[0]];
        return 0;
    }
    /* ---- issue 11 model fusion (mfuse): the fused nodes of pass_fuse.c ---- */
    if (is(n, "_FusedConv")) {
        const int64_t *st, *pads, *dil;
        size_t nst = g_attr_ints(n, "strides", &st), np = g_attr_ints(n, "pads", &pads),
               nd = g_attr_ints(n, "dilations", &dil);
        if (n->nin != 4 || !(s = emit(L, n, MDL_K_FUSED_CONV2D, in, 4, out)))
            return -1;
        for (int i = 0; i < 2; i++) {
            s->ints[i] = nst ? st[i] : 1;
            s->ints[2 + i] = np ? pads[i] : 0;
            s->ints[4 + i] = nd ? dil[i] : 1;
        }
        s->ints[6] = g_attr_int(n, "group", 1);
        s->ints[7] = g_attr_int(n, "fused_act", 0);
        s->nints = 8;
        s->flts[0] = g_attr_float(n, "fused_p0", 0.0f);
        s->flts[1] = g_attr_float(n, "fused_p1", 0.0f);
        s->nflts = 2;
        return 0;
    }
    if (is(n, "_FusedMatMul")) {
        if (n->nin != 4 || !(s = emit(L, n, MDL_K_FUSED_MATMUL, in, 4, out)))
            return -1;
        s->ints[0] = g_attr_int(n, "transB", 0);
        s->ints[1] = g_attr_int(n, "fused_act", 0);
        s->nints = 2;
        s->flts[0] = g_attr_float(n, "alpha", 1.0f);
        s->flts[1] = g_attr_float(n, "fused_p0", 0.0f);
        s->flts[2] = g_attr_float(n, "fused_p1", 0.0f);
        s->nflts = 3;
        return 0;
    }
    if (is(n, "_AddLayerNorm")) {
        /* mean / rstd: one FLOAT per row, kept in the workspace (nothing reads them) */
        int64_t rd[MDL_MAX_DIMS];
        memcpy(rd, x->dims, sizeof(int64_t) * (size_t)x->rank);
        rd[x->rank - 1] = 1;
        char nm[600];
        snprintf(nm, sizeof(nm), "%s/mean", n->name);
        int mean = add_tensor(L, nm, 0, x->rank, rd, MDL_T_ACT);
        snprintf(nm, sizeof(nm), "%s/rstd", n->name);
        int rstd = mean >= 0 ? add_tensor(L, nm, 0, x->rank, rd, MDL_T_ACT) : -1;
        int xo = rstd >= 0 && n->nout > 1 ? tensor_of(L, n->out[1]) : -1;
        if (xo < 0 || n->nin != 4 || !(s = emit(L, n, MDL_K_ADD_LAYER_NORM, in, 4, out)))
            return -1;
        s->out[1] = mean;
        s->out[2] = rstd;
        s->out[3] = xo;
        s->nout = 4;
        s->ints[0] = g->t[n->out[1]].is_output || g_consumers(g, n->out[1]) > 0;
        s->nints = 1;
        s->flts[0] = g_attr_float(n, "epsilon", 1e-5f);
        s->nflts = 1;
        return 0;
    }
    if (is(n, "Resize") || is(n, "Upsample")) {
        if (check_float(L, n, n->in[0]))
            return -1;
        const g_tensor *o = &g->t[n->out[0]];
        const char *mode = resize_attr(n, "mode", "nearest");
        if (x->rank != 4 || o->dims[0] != x->dims[0] || o->dims[1] != x->dims[1])
            ATTR_BAD("scales/sizes", "only the H and W dims of an NCHW input may be resized");
        if (strcmp(mode, "nearest") == 0) {
            /* aclnnUpsampleNearest2d: src = floor(dst * in / out), torch's nearest export */
            const char *ctm = is(n, "Upsample") ? "asymmetric" : resize_attr(n, "coordinate_transformation_mode",
                                                                              "half_pixel");
            const char *nm = is(n, "Upsample") ? "floor" : resize_attr(n, "nearest_mode", "round_prefer_floor");
            if (strcmp(ctm, "asymmetric") != 0 || strcmp(nm, "floor") != 0)
                ATTR_BAD("coordinate_transformation_mode/nearest_mode", "nearest resize supports asymmetric + floor "
                         "(what torch exports for mode='nearest')");
            if (!(s = emit(L, n, MDL_K_UPSAMPLE_NEAREST2D, in, 1, out)))
                return -1;
            s->ints[0] = o->dims[2];
            s->ints[1] = o->dims[3];
            s->nints = 2;
            return 0;
        }
        if (strcmp(mode, "linear") != 0 && strcmp(mode, "bilinear") != 0 && strcmp(mode, "cubic") != 0)
            ATTR_BAD("mode", "supported: nearest, linear, cubic");
        if (n->nin != 6 || in[4] < 0 || in[5] < 0)
            ATTR_BAD("mode", "the linear resize was not prepared (pass_resize)");
        /* Y = A_h · X · A_wᵀ (linear or cubic weights): MatMul along W, then along H between two
         * Transposes */
        int wch = o->dims[3] != x->dims[3], hch = o->dims[2] != x->dims[2], cur = in[0];
        char nm[600];
        if (!wch && !hch)
            return emit(L, n, MDL_K_COPY, in, 1, out) ? 0 : -1;
        if (wch) {
            int64_t d1[4] = {x->dims[0], x->dims[1], x->dims[2], o->dims[3]};
            snprintf(nm, sizeof nm, "%s/along_w", n->name);
            int t1 = hch ? add_tensor(L, nm, x->dtype, 4, d1, MDL_T_ACT) : out;
            int ab[2] = {cur, in[4]};
            if (t1 < 0 || !emit(L, n, MDL_K_MATMUL, ab, 2, t1))
                return -1;
            cur = t1;
        }
        if (hch) {
            int64_t d2[4] = {x->dims[0], x->dims[1], o->dims[3], x->dims[2]};
            int64_t d3[4] = {x->dims[0], x->dims[1], o->dims[3], o->dims[2]};
            snprintf(nm, sizeof nm, "%s/t_w_h", n->name);
            int t2 = add_tensor(L, nm, x->dtype, 4, d2, MDL_T_ACT);
            snprintf(nm, sizeof nm, "%s/along_h", n->name);
            int t3 = t2 >= 0 ? add_tensor(L, nm, x->dtype, 4, d3, MDL_T_ACT) : -1;
            if (t3 < 0 || !(s = emit(L, n, MDL_K_PERMUTE, &cur, 1, t2)))
                return -1;
            static const int64_t swap_hw[4] = {0, 1, 3, 2};
            memcpy(s->ints, swap_hw, sizeof(swap_hw));
            s->nints = 4;
            int ab[2] = {t2, in[5]};
            if (!emit(L, n, MDL_K_MATMUL, ab, 2, t3) || !(s = emit(L, n, MDL_K_PERMUTE, &t3, 1, out)))
                return -1;
            memcpy(s->ints, swap_hw, sizeof(swap_hw));
            s->nints = 4;
        }
        return 0;
    }
    /* ---- end of the fused nodes ---- */
    if (is(n, "Conv")) {
        if (check_float(L, n, n->in[0]))
            return -1;
        const int64_t *st, *pads, *dil;
        size_t nst = g_attr_ints(n, "strides", &st), np = g_attr_ints(n, "pads", &pads),
               nd = g_attr_ints(n, "dilations", &dil);
        if (np && (pads[0] != pads[2] || pads[1] != pads[3]))
            ATTR_BAD("pads", "asymmetric padding is not supported yet");
        s = emit(L, n, MDL_K_CONV2D, in, n->nin >= 3 ? 3 : 2, out);
        if (s == NULL)
            return -1;
        if (s->nin == 2)
            s->in[2] = -1, s->nin = 3;
        for (int i = 0; i < 2; i++) {
            s->ints[i] = nst ? st[i] : 1;
            s->ints[2 + i] = np ? pads[i] : 0;
            s->ints[4 + i] = nd ? dil[i] : 1;
        }
        s->ints[6] = g_attr_int(n, "group", 1);
        s->nints = 7;
        return 0;
    }
    if (is(n, "ConvTranspose")) {
        if (check_float(L, n, n->in[0]))
            return -1;
        const int64_t *st, *pads, *dil, *opad;
        size_t nst = g_attr_ints(n, "strides", &st), np = g_attr_ints(n, "pads", &pads),
               nd = g_attr_ints(n, "dilations", &dil), no = g_attr_ints(n, "output_padding", &opad);
        if (np && (pads[0] != pads[2] || pads[1] != pads[3]))
            ATTR_BAD("pads", "asymmetric padding is not supported yet");
        s = emit(L, n, MDL_K_CONV_TRANSPOSE2D, in, n->nin >= 3 ? 3 : 2, out);
        if (s == NULL)
            return -1;
        if (s->nin == 2)
            s->in[2] = -1, s->nin = 3;
        for (int i = 0; i < 2; i++) {
            s->ints[i] = nst ? st[i] : 1;
            s->ints[2 + i] = np ? pads[i] : 0;
            s->ints[4 + i] = nd ? dil[i] : 1;
            s->ints[7 + i] = no ? opad[i] : 0;
        }
        s->ints[6] = g_attr_int(n, "group", 1);
        s->nints = 9;
        return 0;
    }
    if (is(n, "InstanceNormalization")) {
        /* (x - mean) / sqrt(var + eps) * scale + B over the spatial dims, as nine steps */
        if (check_float(L, n, n->in[0]) || x->rank < 3 || n->nin < 3)
            ATTR_BAD("input", "InstanceNormalization takes a float input of rank >= 3, scale and B");
        int64_t red[MDL_MAX_DIMS], cs[MDL_MAX_DIMS];
        for (int d = 0; d < x->rank; d++) {
            red[d] = d < 2 ? x->dims[d] : 1;
            cs[d] = d == 0 ? x->dims[1] : 1;
        }
        char nm[600];
        int t[7];
        const char *what[7] = {"mean", "centered", "squared", "var", "var_eps", "std", "normed"};
        for (int k = 0; k < 7; k++) {
            snprintf(nm, sizeof(nm), "%s/%s", n->name, what[k]);
            int small = k == 0 || k == 3 || k == 4 || k == 5;
            if ((t[k] = add_tensor(L, nm, x->dtype, x->rank, small ? red : x->dims, MDL_T_ACT)) < 0)
                return -1;
        }
        int sv = add_tensor(L, g->t[n->in[1]].name, g->t[n->in[1]].dtype, x->rank - 1, cs, MDL_T_WEIGHT);
        int bv = sv >= 0 ? add_tensor(L, g->t[n->in[2]].name, g->t[n->in[2]].dtype, x->rank - 1, cs, MDL_T_WEIGHT) : -1;
        if (bv < 0 || g->t[n->in[1]].data == NULL || g->t[n->in[2]].data == NULL ||
            g_numel(&g->t[n->in[1]]) != x->dims[1] || g_numel(&g->t[n->in[2]]) != x->dims[1])
            ATTR_BAD("scale/B", "must be constants of one value per channel");
        L->alias[sv] = L->alias[in[1]];
        L->alias[bv] = L->alias[in[2]];
        struct { uint32_t kind; int a, b, o; } seq[] = {
            {MDL_K_MEAN, in[0], -1, t[0]}, {MDL_K_SUB, in[0], t[0], t[1]}, {MDL_K_MUL, t[1], t[1], t[2]},
            {MDL_K_MEAN, t[2], -1, t[3]}, {MDL_K_ADDS, t[3], -1, t[4]}, {MDL_K_SQRT, t[4], -1, t[5]},
            {MDL_K_DIV, t[1], t[5], t[6]}, {MDL_K_MUL, t[6], sv, t[2]}, {MDL_K_ADD, t[2], bv, out}};
        for (size_t k = 0; k < sizeof(seq) / sizeof(seq[0]); k++) {
            int ab[2] = {seq[k].a, seq[k].b};
            if (!(s = emit(L, n, seq[k].kind, ab, seq[k].b >= 0 ? 2 : 1, seq[k].o)))
                return -1;
            if (seq[k].kind == MDL_K_MEAN) {
                s->ints[s->nints++] = 1;
                for (int d = 2; d < x->rank; d++)
                    s->ints[s->nints++] = d;
            } else if (seq[k].kind == MDL_K_ADDS) {
                s->flts[0] = g_attr_float(n, "epsilon", 1e-5f);
                s->nflts = 1;
            }
        }
        return 0;
    }
    if (is(n, "aclemu.ScaleShift")) {
        int tmp = temp_tensor(L, n, "scaled", out);
        if (tmp < 0)
            return -1;
        int a[2] = {in[0], in[1]}, b[2] = {tmp, in[2]};
        return emit(L, n, MDL_K_MUL, a, 2, tmp) && emit(L, n, MDL_K_ADD, b, 2, out) ? 0 : -1;
    }
    if (is(n, "LeakyRelu")) {
        if (!(s = emit(L, n, MDL_K_LEAKY_RELU, in, 1, out)))
            return -1;
        s->flts[0] = g_attr_float(n, "alpha", 0.01f);
        s->nflts = 1;
        return 0;
    }
    if (is(n, "Clip")) {
        double lo = -INFINITY, hi = INFINITY;
        if (g->opset < 11) {
            lo = g_attr_float(n, "min", -INFINITY);
            hi = g_attr_float(n, "max", INFINITY);
        } else {
            for (int k = 1; k < 3 && k < n->nin; k++) {
                if (n->in[k] < 0)
                    continue;
                const g_tensor *c = &g->t[n->in[k]];
                if (c->data == NULL || g_numel(c) != 1)
                    ATTR_BAD(k == 1 ? "min" : "max", "must be a constant scalar");
                *(k == 1 ? &lo : &hi) = g_const_f64_at(c, 0);
            }
        }
        if (!(s = emit(L, n, MDL_K_CLAMP, in, 1, out)))
            return -1;
        s->flts[0] = lo;
        s->flts[1] = hi;
        s->nflts = 2;
        return 0;
    }
    if (is(n, "HardSigmoid")) {
        /* max(0, min(1, alpha * x + beta)) */
        int t1 = temp_tensor(L, n, "ax", out), t2 = t1 >= 0 ? temp_tensor(L, n, "axb", out) : -1;
        if (t2 < 0)
            return -1;
        mdl_step *a = emit(L, n, MDL_K_MULS, in, 1, t1);
        if (a == NULL)
            return -1;
        a->flts[0] = g_attr_float(n, "alpha", 0.2f);
        a->nflts = 1;
        mdl_step *b = emit(L, n, MDL_K_ADDS, &t1, 1, t2);
        if (b == NULL)
            return -1;
        b->flts[0] = g_attr_float(n, "beta", 0.5f);
        b->nflts = 1;
        mdl_step *c = emit(L, n, MDL_K_CLAMP, &t2, 1, out);
        if (c == NULL)
            return -1;
        c->flts[0] = 0;
        c->flts[1] = 1;
        c->nflts = 2;
        return 0;
    }
    if (is(n, "Pow")) {
        const g_tensor *e = &g->t[n->in[1]];
        if (e->data && g_numel(e) == 1) {
            if (!(s = emit(L, n, MDL_K_POW_SCALAR, in, 1, out)))
                return -1;
            s->flts[0] = g_const_f64_at(e, 0);
            s->nflts = 1;
            return 0;
        }
        return emit(L, n, MDL_K_POW, in, 2, out) ? 0 : -1;
    }
    if (is(n, "MatMul")) {
        if (check_float(L, n, n->in[0]))
            return -1;
        return emit(L, n, MDL_K_MATMUL, in, 2, out) ? 0 : -1;
    }
    if (is(n, "Gemm")) {
        if (check_float(L, n, n->in[0]))
            return -1;
        if (!(s = emit(L, n, MDL_K_GEMM, in, n->nin >= 3 ? 3 : 2, out)))
            return -1;
        if (s->nin == 2)
            s->in[2] = -1, s->nin = 3;
        s->ints[0] = g_attr_int(n, "transA", 0);
        s->ints[1] = g_attr_int(n, "transB", 0);
        s->nints = 2;
        s->flts[0] = g_attr_float(n, "alpha", 1.0f);
        s->flts[1] = g_attr_float(n, "beta", 1.0f);
        s->nflts = 2;
        return 0;
    }
    if (is(n, "MaxPool")) {
        const int64_t *k, *st, *pads, *dil;
        g_attr_ints(n, "kernel_shape", &k);
        size_t nst = g_attr_ints(n, "strides", &st), np = g_attr_ints(n, "pads", &pads),
               nd = g_attr_ints(n, "dilations", &dil);
        if (!(s = emit(L, n, MDL_K_MAXPOOL2D, in, 1, out)))
            return -1;
        for (int i = 0; i < 2; i++) {
            s->ints[i] = k[i];
            s->ints[2 + i] = nst ? st[i] : 1;
            s->ints[8 + i] = nd ? dil[i] : 1;
        }
        for (int i = 0; i < 4; i++)
            s->ints[4 + i] = np ? pads[i] : 0;
        s->ints[10] = g_attr_int(n, "ceil_mode", 0);
        s->nints = 11;
        return 0;
    }
    if (is(n, "AveragePool")) {
        const int64_t *k, *st, *pads;
        g_attr_ints(n, "kernel_shape", &k);
        size_t nst = g_attr_ints(n, "strides", &st), np = g_attr_ints(n, "pads", &pads);
        if (np && (pads[0] != pads[2] || pads[1] != pads[3]))
            ATTR_BAD("pads", "asymmetric padding is not supported yet");
        if (!(s = emit(L, n, MDL_K_AVGPOOL2D, in, 1, out)))
            return -1;
        for (int i = 0; i < 2; i++) {
            s->ints[i] = k[i];
            s->ints[2 + i] = nst ? st[i] : 1;
            s->ints[4 + i] = np ? pads[i] : 0;
        }
        s->ints[6] = g_attr_int(n, "ceil_mode", 0);
        s->ints[7] = g_attr_int(n, "count_include_pad", 0);
        s->nints = 8;
        return 0;
    }
    if (is(n, "GlobalAveragePool") || is(n, "ReduceMean") || is(n, "ReduceSum") || is(n, "GlobalMaxPool") ||
        is(n, "ReduceMax")) {
        int mark[G_MAX_DIMS] = {0}, keep = 1;
        if (is(n, "GlobalAveragePool") || is(n, "GlobalMaxPool")) {
            for (int d = 2; d < x->rank; d++)
                mark[d] = 1;
        } else {
            int64_t axes[G_MAX_DIMS + 1];
            size_t na = 0;
            const int64_t *aa;
            size_t nattr = g_attr_ints(n, "axes", &aa);
            if (n->nin > 1 && n->in[1] >= 0 && !is(n, "ReduceMax"))
                g_const_i64(&g->t[n->in[1]], axes, G_MAX_DIMS + 1, &na);
            else if ((na = nattr) > 0)
                memcpy(axes, aa, nattr * sizeof(int64_t));
            for (size_t i = 0; i < na; i++)
                mark[axes[i] < 0 ? axes[i] + x->rank : axes[i]] = 1;
            if (na == 0)
                for (int d = 0; d < x->rank; d++)
                    mark[d] = 1;
            keep = (int)g_attr_int(n, "keepdims", 1);
        }
        uint32_t kind = is(n, "ReduceSum") ? MDL_K_REDUCE_SUM
                        : is(n, "ReduceMax") || is(n, "GlobalMaxPool") ? MDL_K_AMAX : MDL_K_MEAN;
        if (!(s = emit(L, n, kind, in, 1, out)))
            return -1;
        s->ints[0] = keep;
        s->nints = 1;
        for (int d = 0; d < x->rank; d++)
            if (mark[d])
                s->ints[s->nints++] = d;
        return 0;
    }
    if (is(n, "Transpose")) {
        const int64_t *perm;
        size_t np = g_attr_ints(n, "perm", &perm);
        if (!(s = emit(L, n, MDL_K_PERMUTE, in, 1, out)))
            return -1;
        for (int d = 0; d < x->rank; d++)
            s->ints[d] = np ? perm[d] : x->rank - 1 - d;
        s->nints = (uint32_t)x->rank;
        return 0;
    }
    if (is(n, "Concat")) {
        if (!(s = emit(L, n, MDL_K_CONCAT, in, n->nin, out)))
            return -1;
        int64_t axis = g_attr_int(n, "axis", 0);
        s->ints[0] = axis < 0 ? axis + x->rank : axis;
        s->nints = 1;
        return 0;
    }
    if (is(n, "Softmax") || is(n, "LogSoftmax")) {
        int64_t axis = g_attr_int(n, "axis", g->opset >= 13 ? -1 : 1);
        if (axis < 0)
            axis += x->rank;
        if (axis < 0 || axis >= x->rank)
            ATTR_BAD("axis", "out of range");
        if (g->opset < 13 && axis != x->rank - 1) {
            /* opset < 13 softmaxes the flattened [axis:] block: the same only when the block is one dim */
            for (int d = (int)axis; d < x->rank - 1; d++)
                if (x->dims[d] != 1)
                    ATTR_BAD("axis", "opset < 13 coerces the input to 2-D at axis; only the last axis is supported");
            axis = x->rank - 1;
        }
        if (!(s = emit(L, n, is(n, "Softmax") ? MDL_K_SOFTMAX : MDL_K_LOG_SOFTMAX, in, 1, out)))
            return -1;
        s->ints[0] = axis;
        s->nints = 1;
        return 0;
    }
    if (is(n, "Gather")) {
        int64_t axis = g_attr_int(n, "axis", 0);
        if (!(s = emit(L, n, MDL_K_GATHER, in, 2, out)))
            return -1;
        s->ints[0] = axis < 0 ? axis + x->rank : axis;
        s->nints = 1;
        return 0;
    }
    if (is(n, "Cast")) {
        if (!(s = emit(L, n, MDL_K_CAST, in, 1, out)))
            return -1;
        s->ints[0] = g->t[n->out[0]].dtype;
        s->nints = 1;
        return 0;
    }
    if (is(n, "PRelu")) {
        const g_tensor *sl = &g->t[n->in[1]];
        int64_t c = x->rank >= 2 ? x->dims[1] : 1, cnt = g_numel(sl);
        if (sl->data == NULL || (cnt != c && cnt != 1))
            ATTR_BAD("slope", "must be a constant of one value or one per channel");
        /* aclnnPrelu takes the slope 1-D: a view of the constant */
        int v = add_tensor(L, sl->name, sl->dtype, 1, &cnt, MDL_T_WEIGHT);
        if (v < 0)
            return -1;
        L->alias[v] = L->alias[in[1]];
        int a[2] = {in[0], v};
        return emit(L, n, MDL_K_PRELU, a, 2, out) ? 0 : -1;
    }
    if (is(n, "LayerNormalization")) {
        int64_t axis = g_attr_int(n, "axis", -1);
        if (axis < 0)
            axis += x->rank;
        if (axis < 0 || axis >= x->rank)
            ATTR_BAD("axis", "out of range");
        if (n->nout > 1 && ((n->out[1] >= 0 && g_consumers(g, n->out[1]) > 0) ||
                            (n->nout > 2 && n->out[2] >= 0 && g_consumers(g, n->out[2]) > 0)))
            ATTR_BAD("Mean/InvStdDev", "only the Y output is supported");
        if (!(s = emit(L, n, MDL_K_LAYER_NORM, in, n->nin >= 3 ? 3 : 2, out)))
            return -1;
        if (s->nin == 2)
            s->in[2] = -1, s->nin = 3;
        for (int d = (int)axis; d < x->rank; d++)
            s->ints[s->nints++] = x->dims[d];
        s->flts[0] = g_attr_float(n, "epsilon", 1e-5f);
        s->nflts = 1;
        return 0;
    }
    if (is(n, "Slice") || is(n, "Split")) {
        /* one aclnnSlice per sliced axis (Slice) or per part (Split) */
        if (is(n, "Split")) {
            int axis = (int)g_attr_int(n, "axis", 0);
            if (axis < 0)
                axis += x->rank;
            int64_t off = 0;
            for (int k = 0; k < n->nout; k++) {
                if (n->out[k] < 0)
                    continue;
                int o = tensor_of(L, n->out[k]);
                if (o < 0 || !(s = emit(L, n, MDL_K_SLICE, in, 1, o)))
                    return -1;
                int64_t part = g->t[n->out[k]].dims[axis];
                s->ints[0] = axis;
                s->ints[1] = off;
                s->ints[2] = off + part;
                s->ints[3] = 1;
                s->nints = 4;
                off += part;
            }
            return 0;
        }
        int64_t st[G_MAX_DIMS + 1], en[G_MAX_DIMS + 1], ax[G_MAX_DIMS + 1], sp[G_MAX_DIMS + 1];
        size_t ns = 0, ne = 0, na = 0, nsp = 0;
        g_const_i64(&g->t[n->in[1]], st, G_MAX_DIMS + 1, &ns);
        g_const_i64(&g->t[n->in[2]], en, G_MAX_DIMS + 1, &ne);
        if (n->nin > 3 && n->in[3] >= 0)
            g_const_i64(&g->t[n->in[3]], ax, G_MAX_DIMS + 1, &na);
        if (n->nin > 4 && n->in[4] >= 0)
            g_const_i64(&g->t[n->in[4]], sp, G_MAX_DIMS + 1, &nsp);
        int cur = in[0], pending = 0;
        int64_t shape[MDL_MAX_DIMS];
        memcpy(shape, x->dims, sizeof(int64_t) * (size_t)x->rank);
        for (size_t i = 0; i < ns; i++) {
            int a = (int)(na ? (ax[i] < 0 ? ax[i] + x->rank : ax[i]) : (int64_t)i);
            int64_t dim = x->dims[a], step = nsp ? sp[i] : 1;
            int64_t b = st[i] < 0 ? st[i] + dim : st[i], e = en[i] < 0 ? en[i] + dim : en[i];
            b = b < 0 ? 0 : b > dim ? dim : b;
            e = e < 0 ? 0 : e > dim ? dim : e;
            if (b == 0 && e == dim && step == 1)
                continue;
            pending++;
            shape[a] = g->t[n->out[0]].dims[a];
            /* the last sliced axis writes the node's output, the others a temporary */
            int last = 1;
            for (size_t j = i + 1; j < ns; j++) {
                int aj = (int)(na ? (ax[j] < 0 ? ax[j] + x->rank : ax[j]) : (int64_t)j);
                int64_t dj = x->dims[aj], bj = st[j] < 0 ? st[j] + dj : st[j], ej = en[j] < 0 ? en[j] + dj : en[j];
                bj = bj < 0 ? 0 : bj > dj ? dj : bj;
                ej = ej < 0 ? 0 : ej > dj ? dj : ej;
                if (!(bj == 0 && ej == dj && (nsp ? sp[j] : 1) == 1))
                    last = 0;
            }
            int dst = out;
            if (!last) {
                char nm[64];
                snprintf(nm, sizeof(nm), "slice%zu", i);
                char full[600];
                snprintf(full, sizeof(full), "%s/%s", n->name, nm);
                dst = add_tensor(L, full, x->dtype, x->rank, shape, MDL_T_ACT);
                if (dst < 0)
                    return -1;
            }
            if (!(s = emit(L, n, MDL_K_SLICE, &cur, 1, dst)))
                return -1;
            s->ints[0] = a;
            s->ints[1] = b;
            s->ints[2] = e;
            s->ints[3] = step;
            s->nints = 4;
            cur = dst;
        }
        if (!pending)
            L->alias[out] = L->alias[in[0]];
        return 0;
    }
    if (is(n, "Expand")) {
        const g_tensor *o = &g->t[n->out[0]];
        if (!(s = emit(L, n, MDL_K_EXPAND, in, 1, out)))
            return -1;
        for (int d = 0; d < o->rank; d++)
            s->ints[d] = o->dims[d];
        s->nints = (uint32_t)o->rank;
        return 0;
    }
    if (is(n, "Where"))
        return emit(L, n, MDL_K_WHERE, in, 3, out) ? 0 : -1;
    if (is(n, "Pad")) {
        int64_t pads[2 * G_MAX_DIMS + 1];
        size_t np;
        g_const_i64(&g->t[n->in[1]], pads, 2 * G_MAX_DIMS + 1, &np);
        double value = 0;
        if (n->nin > 2 && n->in[2] >= 0) {
            const g_tensor *v = &g->t[n->in[2]];
            if (v->data == NULL || g_numel(v) != 1)
                ATTR_BAD("constant_value", "must be a constant scalar");
            value = g_const_f64_at(v, 0);
        }
        if (!(s = emit(L, n, MDL_K_PAD, in, 1, out)))
            return -1;
        for (int d = x->rank - 1; d >= 0; d--) {
            s->ints[s->nints++] = pads[d];
            s->ints[s->nints++] = pads[d + x->rank];
        }
        s->flts[0] = value;
        s->nflts = 1;
        return 0;
    }
    if (is(n, "TopK")) {
        int64_t k[2];
        size_t nk;
        g_const_i64(&g->t[n->in[1]], k, 2, &nk);
        int64_t axis = g_attr_int(n, "axis", -1);
        if (axis < 0)
            axis += x->rank;
        if (!(s = emit(L, n, MDL_K_TOPK, in, 1, out)))
            return -1;
        int idx = n->nout > 1 && n->out[1] >= 0 ? tensor_of(L, n->out[1]) : -1;
        if (idx < 0) {
            idx = temp_tensor(L, n, "indices", out);
            if (idx < 0)
                return -1;
            L->m->tensors[idx].dtype = 9;
            L->m->tensors[idx].bytes = L->m->tensors[idx].bytes / mdl_dtype_size(x->dtype) * 8;
        }
        s = &L->m->steps[L->m->nsteps - 1];
        s->out[1] = idx;
        s->nout = 2;
        s->ints[0] = k[0];
        s->ints[1] = axis;
        s->ints[2] = g_attr_int(n, "largest", 1);
        s->ints[3] = g_attr_int(n, "sorted", 1);
        s->nints = 4;
        return 0;
    }
    FAIL("E16002: No ONNX parser is registered for optype %s (node %s): the operator is not supported.", n->op,
         n->name);
}

int lower_graph(const graph *g, const char *soc, const char *precision_mode, mdl_model **out,
                uint64_t *naive_ws, char *err, size_t cap)
{
    lowering L = {.g = g, .err = err, .cap = cap};
    *out = NULL;
    L.m = calloc(1, sizeof(mdl_model));
    L.tmap = malloc(sizeof(int) * (size_t)(g->nt + 1));
    if (L.m == NULL || L.tmap == NULL) {
        snprintf(err, cap, "E19999: out of memory");
        goto fail;
    }
    for (int i = 0; i < g->nt; i++)
        L.tmap[i] = -1;
    mdl_model *m = L.m;
    m->soc_version = strdup(soc);
    m->graph_name = strdup(g->name ? g->name : "graph");
    m->precision_mode = strdup(precision_mode ? precision_mode : "");
    m->inputs = calloc((size_t)g->nin + 1, 4);
    m->outputs = calloc((size_t)g->nout + 1, 4);
    if (!m->soc_version || !m->graph_name || !m->precision_mode || !m->inputs || !m->outputs) {
        snprintf(err, cap, "E19999: out of memory");
        goto fail;
    }
    for (int i = 0; i < g->nin; i++) {
        int mi = tensor_of(&L, g->inputs[i]);
        if (mi < 0)
            goto fail;
        m->inputs[m->ninputs++] = (uint32_t)mi;
    }
    for (int i = 0; i < g->nn; i++)
        if (!g->n[i].dead && lower_node(&L, &g->n[i]) != 0)
            goto fail;
    for (int i = 0; i < g->nout; i++) {
        int mi = tensor_of(&L, g->outputs[i]);
        if (mi < 0)
            goto fail;
        m->outputs[m->noutputs++] = (uint32_t)mi;
    }
    if (mem_plan(m, L.alias, naive_ws) != 0) {
        snprintf(err, cap, "E19999: out of memory planning the workspace");
        goto fail;
    }
    free(L.tmap);
    free(L.alias);
    *out = m;
    return 0;
fail:
    free(L.tmap);
    free(L.alias);
    mdl_free(L.m);
    return -1;
}
