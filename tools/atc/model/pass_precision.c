/* Precision modes (--precision_mode / --precision_mode_v2 / --keep_dtype): what atc does to a
 * float32 graph when the mode asks for float16. Every kernel a model lowers onto has a float16
 * form, so "force_fp16" / "fp16" compute the whole graph in float16: float constants are
 * converted, runtime float tensors become float16, the model's inputs and outputs stay float32
 * (as the real atc keeps them without --input_fp16_nodes / --output_type) with a Cast after each
 * input and before each output. The mixed modes keep the precision-sensitive operators
 * (normalisations, softmax, reductions, exp / log / pow) in float32, and --keep_dtype keeps the
 * named nodes in float32: Casts around them. "allow_fp32_to_fp16", "must_keep_origin_dtype",
 * "force_fp32" and "origin" keep float32 (every kernel has a float32 form). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"
#include "precision.h"

enum { DT_F32 = 0, DT_F16 = 1 };

static const char *const mode_v1[] = {"force_fp32", "force_fp16", "allow_fp32_to_fp16", "must_keep_origin_dtype",
                                      "allow_mix_precision", "allow_mix_precision_fp16", NULL};
static const char *const mode_v2[] = {"origin", "fp16", "mixed_float16", NULL};
/* modes of the real tool this toolkit has no kernels for */
static const char *const refused[] = {"allow_mix_precision_bf16", "allow_fp32_to_bf16", "cube_fp16in_fp32out",
                                      "mixed_bfloat16", "mixed_hif8", "cube_hif8", NULL};

static int listed(const char *const *v, const char *s)
{
    for (int i = 0; v[i]; i++)
        if (strcmp(v[i], s) == 0)
            return 1;
    return 0;
}

int precision_resolve(const char *v1, const char *v2, int *mode, char *err, size_t cap)
{
    if (v1 && v2) {
        snprintf(err, cap, "E10001: Value [%s] for parameter [--precision_mode_v2] is invalid. Reason: "
                 "--precision_mode and --precision_mode_v2 cannot be used together.", v2);
        return -1;
    }
    const char *v = v2 ? v2 : v1;
    const char *param = v2 ? "--precision_mode_v2" : "--precision_mode";
    if (v == NULL) { /* the real default of atc on every chip it builds inference models for */
        *mode = PREC_FP16;
        return 0;
    }
    if (listed(refused, v)) {
        snprintf(err, cap, "E10001: Value [%s] for parameter [%s] is invalid. Reason: this toolkit has no "
                 "bfloat16 / hif8 / fp16-in-fp32-out model path; use %s.", v, param,
                 v2 ? "origin, fp16 or mixed_float16" : "force_fp32, force_fp16, allow_fp32_to_fp16, "
                 "must_keep_origin_dtype or allow_mix_precision");
        return -1;
    }
    if (!listed(v2 ? mode_v2 : mode_v1, v)) {
        snprintf(err, cap, "E10001: Value [%s] for parameter [%s] is invalid. Reason: supported values: %s.", v, param,
                 v2 ? "origin, fp16, mixed_float16" : "force_fp32, force_fp16, allow_fp32_to_fp16, "
                 "must_keep_origin_dtype, allow_mix_precision, allow_mix_precision_fp16");
        return -1;
    }
    *mode = !strcmp(v, "force_fp16") || !strcmp(v, "fp16")                                  ? PREC_FP16
            : !strcmp(v, "allow_mix_precision") || !strcmp(v, "allow_mix_precision_fp16") ||
                      !strcmp(v, "mixed_float16")                                           ? PREC_MIXED
                                                                                             : PREC_FP32;
    return 0;
}

/* ---- --keep_dtype: one node name per line, or "OpType::<type>" ---- */
static int keep_listed(const g_node *n, char **keep, int nkeep)
{
    for (int k = 0; k < nkeep; k++) {
        if (strncmp(keep[k], "OpType::", 8) == 0 ? strcmp(keep[k] + 8, n->op) == 0 : strcmp(keep[k], n->name) == 0)
            return 1;
    }
    return 0;
}

int keep_dtype_read(const char *path, char ***names, int *n, char *err, size_t cap)
{
    *names = NULL;
    *n = 0;
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, cap, "E10001: Value [%s] for parameter [--keep_dtype] is invalid. Reason: cannot open the file.",
                 path);
        return -1;
    }
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        char *s = line, *e;
        while (*s == ' ' || *s == '\t')
            s++;
        e = s + strlen(s);
        while (e > s && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
            *--e = 0;
        if (*s == 0)
            continue;
        char **v = realloc(*names, sizeof(char *) * (size_t)(*n + 1));
        if (v == NULL || (v[*n] = strdup(s)) == NULL) {
            if (v)
                *names = v;
            fclose(f);
            snprintf(err, cap, "E19999: out of memory");
            return -1;
        }
        *names = v;
        (*n)++;
    }
    fclose(f);
    return 0;
}

/* ---- the rewrite ---- */
static int mixed_keeps(const char *op)
{
    static const char *const ops[] = {"Softmax", "LogSoftmax", "LayerNormalization", "_AddLayerNorm",
                                      "InstanceNormalization", "ReduceMean", "ReduceSum", "Exp", "Log", "Pow",
                                      "Erf", NULL};
    return listed(ops, op);
}

static uint16_t f32_to_f16(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000, e = (x >> 23) & 0xff, m = x & 0x7fffff;
    if (e == 0xff)
        return (uint16_t)(sign | 0x7c00 | (m ? 0x200 : 0));
    int ee = (int)e - 127 + 15;
    if (ee >= 31)
        return (uint16_t)(sign | 0x7c00);
    if (ee <= 0) { /* subnormal or zero, round to nearest even */
        if (ee < -10)
            return (uint16_t)sign;
        m |= 0x800000;
        int shift = 14 - ee;
        uint32_t half = m >> shift, rem = m & ((1u << shift) - 1), mid = 1u << (shift - 1);
        if (rem > mid || (rem == mid && (half & 1)))
            half++;
        return (uint16_t)(sign | half);
    }
    uint32_t h = (uint32_t)ee << 10 | m >> 13, rem = m & 0x1fff;
    if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
        h++; /* may carry into the exponent: still correct (up to inf) */
    return (uint16_t)(sign | h);
}

/* a new float16 copy of constant ti */
static int const_f16(graph *g, int ti)
{
    char nm[600];
    snprintf(nm, sizeof nm, "%s/fp16", g->t[ti].name);
    int ni = g_add_tensor(g, nm);
    if (ni < 0)
        return -1;
    const g_tensor *t = &g->t[ti];
    int64_t n = g_numel(t);
    uint16_t *d = malloc(sizeof(uint16_t) * (size_t)(n > 0 ? n : 1));
    if (d == NULL)
        return -1;
    for (int64_t i = 0; i < n; i++)
        d[i] = f32_to_f16(((const float *)t->data)[i]);
    g_set_const(&g->t[ni], DT_F16, t->rank, t->dims, d);
    return ni;
}

/* A Cast node (appended at the end of the node array; placed by reorder) from tensor src to a new
 * tensor of dtype dt; returns the new tensor, -1 when out of memory. */
static int add_cast(graph *g, int src, int dt, int *where, int at)
{
    char nm[600];
    snprintf(nm, sizeof nm, "%s/%s", g->t[src].name, dt == DT_F16 ? "fp16" : "fp32");
    int ti = g_add_tensor(g, nm);
    if (ti < 0)
        return -1;
    g_tensor *s = &g->t[src], *t = &g->t[ti];
    t->dtype = dt;
    t->rank = s->rank;
    memcpy(t->dims, s->dims, sizeof(t->dims));
    int ni = g->nn;
    g_node *n = g_add_node(g, "Cast", nm, 1, 1);
    if (n == NULL)
        return -1;
    n->in[0] = src;
    n->out[0] = ti;
    n->attr = calloc(1, sizeof(g_attr));
    if (n->attr == NULL || (n->attr->name = strdup("to")) == NULL)
        return -1;
    n->nattr = 1;
    n->attr->type = G_ATTR_INT;
    n->attr->i = dt == DT_F16 ? 10 : 1;
    n->attr->tensor = -1;
    where[ni] = at; /* placed right before original node `at` (g->nn: at the end) */
    g->t[ti].producer = ni;
    return ti;
}

/* Runs every live node not in kept[] in float16: its float outputs become float16, its float
 * constant inputs float16 copies, Casts between float16 and float32 readers / producers. Frees
 * kept. */
static int rewrite_f16(graph *g, unsigned char *kept, int *casts)
{
    int n0 = g->nn, nt0 = g->nt;
    int *where = NULL;
    where = malloc(sizeof(int) * (size_t)(n0 + 3 * nt0 + 8)); /* casts: one per output, two per input tensor */
    int rc = -1;
    if (where == NULL)
        goto out;
    for (int i = 0; i < n0; i++)
        where[i] = i;
    /* float32 runtime tensors the float16 nodes use become float16 (graph inputs excluded) */
    unsigned char *is_in = calloc((size_t)nt0 + 1, 1);
    if (is_in == NULL)
        goto out;
    for (int i = 0; i < g->nin; i++)
        is_in[g->inputs[i]] = 1;
    int *to16 = malloc(sizeof(int) * (size_t)(nt0 + 1)); /* float16 version of a tensor, -1 none yet */
    int *to32 = malloc(sizeof(int) * (size_t)(nt0 + 1)); /* float32 version of a tensor */
    if (!to16 || !to32) {
        free(is_in);
        free(to16);
        free(to32);
        goto out;
    }
    for (int t = 0; t < nt0; t++)
        to16[t] = to32[t] = -1;
    /* outputs of float16 nodes: float16 in place (graph outputs: a new float16 tensor, Cast back) */
    for (int i = 0; i < n0; i++) {
        g_node *n = &g->n[i];
        if (n->dead || kept[i])
            continue;
        for (int k = 0; k < n->nout; k++) {
            int t = n->out[k];
            if (t < 0 || g->t[t].dtype != DT_F32)
                continue;
            if (g->t[t].is_output) {
                char nm[600];
                snprintf(nm, sizeof nm, "%s/fp16", g->t[t].name);
                int h = g_add_tensor(g, nm);
                if (h < 0)
                    goto out2;
                g->t[h].dtype = DT_F16;
                g->t[h].rank = g->t[t].rank;
                memcpy(g->t[h].dims, g->t[t].dims, sizeof(g->t[h].dims));
                g->t[h].producer = i;
                n = &g->n[i];
                n->out[k] = h;
                to16[t] = h;
                to32[t] = t;
                /* the Cast back to float32 goes after the last node */
                int ni = g->nn;
                g_node *c = g_add_node(g, "Cast", nm, 1, 1);
                if (c == NULL)
                    goto out2;
                c->in[0] = h;
                c->out[0] = t;
                if ((c->attr = calloc(1, sizeof(g_attr))) == NULL || (c->attr->name = strdup("to")) == NULL)
                    goto out2;
                c->nattr = 1;
                c->attr->type = G_ATTR_INT;
                c->attr->i = 1;
                c->attr->tensor = -1;
                where[ni] = i + 1; /* right after the producer: float32 readers follow it */
                g->t[t].producer = ni;
                (*casts)++;
                n = &g->n[i];
            } else {
                g->t[t].dtype = DT_F16;
                to16[t] = t;
            }
        }
    }
    /* inputs of every live original node, in the precision it runs in */
    for (int i = 0; i < n0; i++) {
        if (g->n[i].dead)
            continue;
        int want = kept[i] ? DT_F32 : DT_F16;
        for (int k = 0; k < g->n[i].nin; k++) {
            int t = g->n[i].in[k];
            if (t < 0 || t >= nt0)
                continue;
            g_tensor *tt = &g->t[t];
            int cur = tt->dtype;
            if (cur != DT_F32 && cur != DT_F16)
                continue;
            if (tt->data) { /* a constant: converted copy for float16 readers */
                if (want == DT_F16 && cur == DT_F32) {
                    if (to16[t] < 0 && (to16[t] = const_f16(g, t)) < 0)
                        goto out2;
                    g->n[i].in[k] = to16[t];
                }
                continue;
            }
            if (cur == want)
                continue;
            int *slot = want == DT_F16 ? to16 : to32;
            if (slot[t] < 0) {
                /* a graph input or a kept node's output read in float16, or a float16 tensor read
                 * by a kept node: a Cast right after the producer (before node i when produced
                 * by nobody, i.e. a graph input: before the first reader) */
                int p = tt->producer, at = p >= 0 && p < n0 ? p + 1 : (is_in[t] ? 0 : i);
                if ((slot[t] = add_cast(g, t, want, where, at)) < 0)
                    goto out2;
                (*casts)++;
            }
            g->n[i].in[k] = slot[t];
        }
    }
    /* place the new nodes: Cast nodes go right before the original node named in where[] */
    {
        size_t total = g->nn > 0 ? (size_t)g->nn : 0;
        g_node *nn = malloc(sizeof(g_node) * (total + 1));
        if (nn == NULL)
            goto out2;
        int k = 0;
        for (int pos = 0; pos <= n0; pos++) {
            for (size_t j = (size_t)n0; j < total; j++)
                if (where[j] == pos)
                    nn[k++] = g->n[j];
            if (pos < n0)
                nn[k++] = g->n[pos];
        }
        if (total > 0) /* a graph without nodes has g->n == NULL */
            memcpy(g->n, nn, sizeof(g_node) * total);
        free(nn);
        for (int i = 0; i < (int)total; i++)
            if (!g->n[i].dead)
                for (int o = 0; o < g->n[i].nout; o++)
                    if (g->n[i].out[o] >= 0)
                        g->t[g->n[i].out[o]].producer = i;
    }
    rc = 0;
out2:
    free(is_in);
    free(to16);
    free(to32);
out:
    free(kept);
    free(where);
    return rc;
}

int pass_precision(graph *g, int mode, char **keep, int nkeep, int *casts)
{
    *casts = 0;
    if (mode == PREC_FP32)
        return 0;
    /* which live nodes stay float32 */
    unsigned char *kept = calloc((size_t)g->nn + 1, 1);
    if (kept == NULL)
        return -1;
    for (int i = 0; i < g->nn; i++)
        kept[i] = !g->n[i].dead && (keep_listed(&g->n[i], keep, nkeep) || (mode == PREC_MIXED && mixed_keeps(g->n[i].op)));
    return rewrite_f16(g, kept, casts);
}

/* ---- what the chip has kernels for ---- */
/* Operators whose steps run on the Cube unit: float32 needs an FP32 cube path (A2 / A3 / 950 /
 * 310B); 910 and 310P (and the first 310, profiled as 310P) compute them in float16 only. The
 * linear / cubic Resize is lowered onto two MatMuls (lower.c); the 910's AvgPool2d is a cube kernel. */
static int cube_op(const g_node *n, int cube_avgpool)
{
    static const char *const ops[] = {"Conv", "ConvTranspose", "_FusedConv", "MatMul", "Gemm", "_FusedMatMul", NULL};
    if (listed(ops, n->op))
        return 1;
    if (!strcmp(n->op, "Resize") || !strcmp(n->op, "Upsample")) {
        const char *mode = resize_attr(n, "mode", "nearest");
        return !strcmp(mode, "linear") || !strcmp(mode, "bilinear") || !strcmp(mode, "cubic");
    }
    return cube_avgpool && !strcmp(n->op, "AveragePool");
}

/* The ONNX op a (fused) node came from, for messages. */
static const char *onnx_op(const g_node *n)
{
    return !strcmp(n->op, "_FusedConv") ? "Conv" : !strcmp(n->op, "_FusedMatMul") ? "MatMul" : n->op;
}

static int conv_op(const char *op)
{
    return !strcmp(op, "Conv") || !strcmp(op, "ConvTranspose") || !strcmp(op, "_FusedConv");
}

int pass_precision_chip(graph *g, const chip_kernels *chip, const char *soc, const char *mode_name, int *casts,
                        char *err, size_t cap)
{
    *casts = 0;
    int fp32_cube = chip->fp32_cube;
    int strict = !strcmp(mode_name, "must_keep_origin_dtype") || !strcmp(mode_name, "origin");
    unsigned char *kept = calloc((size_t)g->nn + 1, 1);
    if (kept == NULL) {
        snprintf(err, cap, "E19999: out of memory applying the precision mode");
        return -1;
    }
    int lowered = 0;
    for (int i = 0; i < g->nn; i++) {
        const g_node *n = &g->n[i];
        kept[i] = 1;
        if (n->dead)
            continue;
        /* the Atlas training series has no aclnn convolution (aclnnConvolution.md) */
        if (!chip->convolution && conv_op(n->op)) {
            snprintf(err, cap,
                     "EZ3002: Optype [%s] of Ops kernel [AIcoreEngine] is unsupported. Reason: this toolkit's "
                     "convolutions are the aclnn ones, which %s (Atlas training series) does not have.\n"
                     "EZ3003: No supported Ops kernel and engine are found for [%s], optype [%s].",
                     !strcmp(n->op, "ConvTranspose") ? "Conv2DTranspose" : "Conv2D", soc, n->name,
                     !strcmp(n->op, "ConvTranspose") ? "Conv2DTranspose" : "Conv2D");
            free(kept);
            return -1;
        }
        int f32 = n->nin > 0 && n->in[0] >= 0 && g->t[n->in[0]].dtype == DT_F32;
        if (fp32_cube || !f32 || !cube_op(n, chip->cube_avgpool))
            continue;
        if (strict) { /* the original float32 must be kept and no engine has it */
            snprintf(err, cap,
                     "EZ3002: Optype [%s] of Ops kernel [AIcoreEngine] is unsupported. Reason: the Cube unit of %s "
                     "has no float32 path and --precision_mode %s keeps node %s in float32.\n"
                     "EZ3003: No supported Ops kernel and engine are found for [%s], optype [%s].",
                     onnx_op(n), soc, mode_name, n->name, n->name, onnx_op(n));
            free(kept);
            return -1;
        }
        kept[i] = 0; /* allow_fp32_to_fp16 / force_fp32: the float16 kernel, Casts around it */
        lowered++;
    }
    if (lowered == 0) {
        free(kept);
        return 0;
    }
    if (rewrite_f16(g, kept, casts) != 0) {
        snprintf(err, cap, "E19999: out of memory applying the precision mode");
        return -1;
    }
    return 0;
}
