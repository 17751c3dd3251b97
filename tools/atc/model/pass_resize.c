/* ONNX Resize (opsets 10-19) and Upsample (7-9), nearest, linear and cubic (issue 11): the output
 * shape (infer_resize, called by shape inference) and, for the linear mode, the interpolation
 * matrices (pass_resize) the lowering multiplies by: a separable bilinear resize of an [N, C, H, W]
 * tensor is Y = A_h · X · A_wᵀ per plane, two MatMuls on the GEMM engine with exact FP32 weights
 * (two non-zeros per row; four for cubic) — the formula of the ONNX spec for each
 * coordinate_transformation_mode (tf_crop_and_resize, which reads an roi and extrapolates, is
 * refused). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"

#define FAIL(...)                        \
    do {                                 \
        snprintf(err, cap, __VA_ARGS__); \
        return -1;                       \
    } while (0)
#define ATTR_BAD(attr, why) \
    FAIL("E14001: Argument %s for Op %s with optype %s is invalid. Reason: %s.", attr, n->name, n->op, why)

/* the scales input (index) of the node: Upsample 1, Resize opset 10: 1, opset 11+: 2 */
static int scales_input(const graph *g, const g_node *n)
{
    if (strcmp(n->op, "Upsample") == 0 || g->opset < 11)
        return 1;
    return 2;
}

const char *resize_attr(const g_node *n, const char *name, const char *dflt)
{
    const g_attr *a = g_attr_get(n, name);
    return a && a->type == G_ATTR_STRING && a->s ? a->s : dflt;
}

/* scale of each dim (out / in as the formulas use it) and the output dims */
static int resize_geom(const graph *g, const g_node *n, double *scale, int64_t *dims, char *err, size_t cap)
{
    const g_tensor *x = &g->t[n->in[0]];
    int si = scales_input(g, n), zi = si + 1;
    const g_tensor *sz = zi < n->nin && n->in[zi] >= 0 ? &g->t[n->in[zi]] : NULL;
    const g_tensor *sc = si < n->nin && n->in[si] >= 0 ? &g->t[n->in[si]] : NULL;
    if (sz && g_numel(sz) > 0) {
        size_t cnt;
        if (!g_const_i64(sz, dims, G_MAX_DIMS, &cnt) || (int)cnt != x->rank)
            ATTR_BAD("sizes", "must be a constant of rank values");
        for (int d = 0; d < x->rank; d++) {
            if (dims[d] <= 0 || x->dims[d] <= 0)
                ATTR_BAD("sizes", "sizes and the input dims must be positive");
            scale[d] = (double)dims[d] / (double)x->dims[d];
        }
    } else if (sc && sc->data && g_numel(sc) == x->rank && (sc->dtype == 0 || sc->dtype == 1 || sc->dtype == 11)) {
        for (int d = 0; d < x->rank; d++) {
            scale[d] = g_const_f64_at(sc, (size_t)d);
            double o = floor((double)x->dims[d] * scale[d]);
            if (!(scale[d] > 0) || !(o >= 1) || o > (double)(1 << 30))
                ATTR_BAD("scales", "scales must be positive and give output dims in [1, 2^30]");
            dims[d] = (int64_t)o;
        }
    } else if (strcmp(n->op, "Upsample") == 0 && g_attr_get(n, "scales")) {
        const g_attr *a = g_attr_get(n, "scales");
        if (a->type != G_ATTR_FLOATS || (int)a->n != x->rank)
            ATTR_BAD("scales", "must list one float per dim");
        for (int d = 0; d < x->rank; d++) {
            scale[d] = a->floats[d];
            double o = floor((double)x->dims[d] * scale[d]);
            if (!(scale[d] > 0) || !(o >= 1) || o > (double)(1 << 30))
                ATTR_BAD("scales", "scales must be positive and give output dims in [1, 2^30]");
            dims[d] = (int64_t)o;
        }
    } else {
        ATTR_BAD("scales/sizes", "one of them must be a constant of rank values");
    }
    if (!g_dims_ok(x->rank, dims))
        ATTR_BAD("scales/sizes", "the output is too large");
    return 0;
}

int infer_resize(graph *g, int ni, char *err, size_t cap)
{
    const g_node *n = &g->n[ni];
    const g_tensor *x = &g->t[n->in[0]];
    if (x->rank < 1 || x->rank > G_MAX_DIMS)
        ATTR_BAD("X", "the input rank must be 1..8");
    double scale[G_MAX_DIMS];
    int64_t dims[G_MAX_DIMS];
    if (resize_geom(g, n, scale, dims, err, cap) != 0)
        return -1;
    g_tensor *o = &g->t[n->out[0]];
    o->dtype = x->dtype;
    o->rank = x->rank;
    memcpy(o->dims, dims, sizeof(int64_t) * (size_t)x->rank);
    return 0;
}

/* source coordinate of output index i along a dim of in -> out with scale s */
static double src_coord(const char *ctm, int64_t i, int64_t in, int64_t out, double s)
{
    if (strcmp(ctm, "align_corners") == 0)
        return out > 1 ? (double)i * (double)(in - 1) / (double)(out - 1) : 0.0;
    if (strcmp(ctm, "asymmetric") == 0)
        return (double)i / s;
    if (strcmp(ctm, "pytorch_half_pixel") == 0 && out == 1)
        return 0.0;
    return ((double)i + 0.5) / s - 0.5; /* half_pixel, pytorch_half_pixel */
}

/* [in, out] matrix Aᵀ of a linear resize along one dim: column o holds the weights of row o */
static float *interp_t(const char *ctm, int64_t in, int64_t out, double s)
{
    float *a = calloc((size_t)(in * out), sizeof(float));
    if (a == NULL)
        return NULL;
    for (int64_t o = 0; o < out; o++) {
        double x = src_coord(ctm, o, in, out, s);
        if (x < 0)
            x = 0;
        if (x > (double)(in - 1))
            x = (double)(in - 1);
        int64_t i0 = (int64_t)floor(x), i1 = i0 + 1 < in ? i0 + 1 : in - 1;
        double l = x - (double)i0;
        a[i0 * out + o] += (float)(1.0 - l);
        a[i1 * out + o] += (float)l;
    }
    return a;
}

/* Same for the cubic mode: Keys' kernel with coefficient a over the four taps around the source
 * coordinate (not clamped), taps outside the input read its edge, or with exclude_outside get no
 * weight and the others are renormalised (the ONNX spec). */
static double cubic_w(double a, double d)
{
    d = fabs(d);
    if (d <= 1.0)
        return ((a + 2.0) * d - (a + 3.0)) * d * d + 1.0;
    if (d < 2.0)
        return ((a * d - 5.0 * a) * d + 8.0 * a) * d - 4.0 * a;
    return 0.0;
}

static float *interp_t_cubic(const char *ctm, int64_t in, int64_t out, double s, double a, int exclude)
{
    float *m = calloc((size_t)(in * out), sizeof(float));
    if (m == NULL)
        return NULL;
    for (int64_t o = 0; o < out; o++) {
        double x = src_coord(ctm, o, in, out, s), x0 = floor(x), t = x - x0, w[4], sum = 0;
        int64_t idx[4];
        for (int k = 0; k < 4; k++) {
            int64_t i = (int64_t)x0 - 1 + k;
            w[k] = cubic_w(a, t + 1.0 - (double)k);
            if (exclude && (i < 0 || i >= in))
                w[k] = 0;
            idx[k] = i < 0 ? 0 : i >= in ? in - 1 : i;
            sum += w[k];
        }
        for (int k = 0; k < 4; k++)
            m[idx[k] * out + o] += (float)(exclude && sum != 0 ? w[k] / sum : w[k]);
    }
    return m;
}

int pass_resize(graph *g, char *err, size_t cap)
{
    for (int ni = 0; ni < g->nn; ni++) {
        g_node *n = &g->n[ni];
        if (n->dead || (strcmp(n->op, "Resize") != 0 && strcmp(n->op, "Upsample") != 0))
            continue;
        const char *mode = resize_attr(n, "mode", "nearest");
        int cubic = strcmp(mode, "cubic") == 0;
        if (strcmp(mode, "linear") != 0 && strcmp(mode, "bilinear") != 0 && !cubic)
            continue;
        double coeff_a = g_attr_float(n, "cubic_coeff_a", -0.75f);
        int exclude = (int)g_attr_int(n, "exclude_outside", 0);
        const g_tensor *x = &g->t[n->in[0]];
        double scale[G_MAX_DIMS];
        int64_t dims[G_MAX_DIMS];
        if (x->rank != 4 || resize_geom(g, n, scale, dims, err, cap) != 0) {
            if (x->rank != 4)
                ATTR_BAD("X", "linear / cubic resize takes an NCHW (4-D) input");
            return -1;
        }
        if (dims[0] != x->dims[0] || dims[1] != x->dims[1])
            ATTR_BAD("scales/sizes", "only the H and W dims may be resized");
        const char *ctm = strcmp(n->op, "Upsample") == 0 ? "asymmetric"
                                                         : resize_attr(n, "coordinate_transformation_mode", "half_pixel");
        if (strcmp(ctm, "half_pixel") != 0 && strcmp(ctm, "pytorch_half_pixel") != 0 &&
            strcmp(ctm, "align_corners") != 0 && strcmp(ctm, "asymmetric") != 0)
            ATTR_BAD("coordinate_transformation_mode", "supported: half_pixel, pytorch_half_pixel, align_corners, "
                     "asymmetric");
        if ((int64_t)x->dims[2] * dims[2] > ((int64_t)1 << 26) || (int64_t)x->dims[3] * dims[3] > ((int64_t)1 << 26))
            ATTR_BAD("scales/sizes", "the interpolation matrices would be too large");
        /* the two matrices become inputs 4 (Aᵀ along W, [W, W']) and 5 (Aᵀ along H, [H, H']) */
        int mats[2];
        for (int k = 0; k < 2; k++) {
            int d = k == 0 ? 3 : 2;
            char nm[600];
            snprintf(nm, sizeof nm, "%s/interp_%c", n->name, k == 0 ? 'w' : 'h');
            int ti = g_add_tensor(g, nm);
            float *a = ti < 0 ? NULL
                       : cubic ? interp_t_cubic(ctm, x->dims[d], dims[d], scale[d], coeff_a, exclude)
                               : interp_t(ctm, x->dims[d], dims[d], scale[d]);
            if (a == NULL)
                FAIL("E19999: out of memory");
            int64_t md[2] = {x->dims[d], dims[d]};
            g_set_const(&g->t[ti], 0, 2, md, a);
            mats[k] = ti;
            x = &g->t[g->n[ni].in[0]];
        }
        n = &g->n[ni];
        int *in = realloc(n->in, sizeof(int) * 6);
        if (in == NULL)
            FAIL("E19999: out of memory");
        for (int k = n->nin; k < 4; k++)
            in[k] = -1;
        in[4] = mats[0];
        in[5] = mats[1];
        n->in = in;
        n->nin = 6;
    }
    return 0;
}
