/* BatchNormalization (inference) with constant parameters is y = x * a + b per channel, with
 * a = scale / sqrt(var + eps) and b = B - mean * a. When the input comes from a Conv with constant
 * weights that feeds nothing else, a and b go into the Conv (W[oc] *= a[oc], bias = bias * a + b)
 * and the BatchNormalization disappears; otherwise the node becomes aclemu.ScaleShift(x, a, b)
 * with a and b shaped [C, 1, ...] to broadcast over the spatial dims. */
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

static int const_f32_vec(const g_tensor *t, int64_t c)
{
    return t->data && t->dtype == 0 && g_numel(t) == c;
}

static int new_const(graph *g, const char *base, const char *suffix, int rank, const int64_t *dims, float *data)
{
    char nm[600];
    snprintf(nm, sizeof(nm), "%s/%s", base, suffix);
    int ti = g_add_tensor(g, nm);
    if (ti < 0) {
        free(data);
        return -1;
    }
    g_set_const(&g->t[ti], 0, rank, dims, data);
    return ti;
}

int pass_batchnorm(graph *g, int fold_into_conv, int *folded_into_conv, char *err, size_t cap)
{
    *folded_into_conv = 0;
    for (int i = 0; i < g->nn; i++) {
        g_node *n = &g->n[i];
        if (n->dead || strcmp(n->op, "BatchNormalization") != 0)
            continue;
        if (n->nin < 5 || g_attr_int(n, "training_mode", 0) != 0 || (n->nout > 1 && n->out[1] >= 0 &&
                                                                       g_consumers(g, n->out[1]) > 0))
            FAIL("E14001: Argument training_mode for Op %s with optype %s is invalid. Reason: only inference "
                 "(training_mode 0, one output) is supported.", n->name, n->op);
        const g_tensor *x = &g->t[n->in[0]];
        if (x->rank < 2)
            FAIL("E14001: Argument X for Op %s with optype %s is invalid. Reason: the input needs rank >= 2.",
                 n->name, n->op);
        int64_t c = x->dims[1];
        const g_tensor *sc = &g->t[n->in[1]], *bb = &g->t[n->in[2]], *mean = &g->t[n->in[3]], *var = &g->t[n->in[4]];
        if (!const_f32_vec(sc, c) || !const_f32_vec(bb, c) || !const_f32_vec(mean, c) || !const_f32_vec(var, c))
            FAIL("E14001: Argument scale/B/mean/var for Op %s with optype %s is invalid. Reason: they must be "
                 "float32 constants of %lld elements.", n->name, n->op, (long long)c);
        double eps = g_attr_float(n, "epsilon", 1e-5f);
        float *a = malloc((size_t)c * sizeof(float)), *b = malloc((size_t)c * sizeof(float));
        if (!a || !b) {
            free(a);
            free(b);
            FAIL("E19999: out of memory");
        }
        for (int64_t k = 0; k < c; k++) {
            double ak = ((float *)sc->data)[k] / sqrt((double)((float *)var->data)[k] + eps);
            a[k] = (float)ak;
            b[k] = (float)(((float *)bb->data)[k] - ((float *)mean->data)[k] * ak);
        }
        int xi = n->in[0], out = n->out[0];
        int pi = g->t[xi].producer;
        g_node *conv = pi >= 0 ? &g->n[pi] : NULL;
        if (fold_into_conv && conv && !conv->dead && strcmp(conv->op, "Conv") == 0 && !g->t[xi].is_output &&
            g_consumers(g, xi) == 1 && g->t[conv->in[1]].data && g->t[conv->in[1]].dtype == 0 &&
            (conv->nin < 3 || conv->in[2] < 0 || const_f32_vec(&g->t[conv->in[2]], c))) {
            const g_tensor *w = &g->t[conv->in[1]];
            int64_t per = g_numel(w) / c;
            float *nw = malloc(w->nbytes), *nb = malloc((size_t)c * sizeof(float));
            if (!nw || !nb) {
                free(nw);
                free(nb);
                free(a);
                free(b);
                FAIL("E19999: out of memory");
            }
            const float *ow = w->data;
            const float *ob = conv->nin > 2 && conv->in[2] >= 0 ? g->t[conv->in[2]].data : NULL;
            for (int64_t k = 0; k < c; k++) {
                for (int64_t j = 0; j < per; j++)
                    nw[k * per + j] = ow[k * per + j] * a[k];
                nb[k] = (ob ? ob[k] : 0.0f) * a[k] + b[k];
            }
            int64_t wd[G_MAX_DIMS];
            memcpy(wd, w->dims, sizeof(wd));
            int wr = w->rank;
            char base[600];
            snprintf(base, sizeof(base), "%s", conv->name);
            free(a);
            free(b);
            int wi = new_const(g, base, "bn_folded_weight", wr, wd, nw);
            int bi = new_const(g, base, "bn_folded_bias", 1, &c, nb);
            if (wi < 0 || bi < 0)
                FAIL("E19999: out of memory");
            conv = &g->n[pi];
            n = &g->n[i];
            if (conv->nin < 3) {
                int *in = realloc(conv->in, 3 * sizeof(int));
                if (in == NULL)
                    FAIL("E19999: out of memory");
                conv->in = in;
                conv->nin = 3;
            }
            conv->in[1] = wi;
            conv->in[2] = bi;
            conv->out[0] = out;
            g->t[out].producer = pi;
            n->dead = true;
            (*folded_into_conv)++;
            continue;
        }
        int64_t sd[G_MAX_DIMS];
        sd[0] = c;
        for (int d = 1; d < x->rank - 1; d++)
            sd[d] = 1;
        char base[600];
        snprintf(base, sizeof(base), "%s", n->name);
        int ai = new_const(g, base, "scale", x->rank - 1, sd, a);
        int bi = new_const(g, base, "shift", x->rank - 1, sd, b);
        if (ai < 0 || bi < 0)
            FAIL("E19999: out of memory");
        n = &g->n[i];
        free(n->op);
        n->op = strdup("aclemu.ScaleShift");
        if (n->op == NULL)
            FAIL("E19999: out of memory");
        n->in[1] = ai;
        n->in[2] = bi;
        n->nin = 3;
        n->nout = 1;
    }
    return 0;
}
