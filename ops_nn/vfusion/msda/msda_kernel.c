/* MsdaForward / MsdaBackward kernels (see msda_args.h): FP32 with the same corner rules as the
 * real kernels (and mmcv's). The level table is device data and is checked here: a sample whose
 * corner falls past value's K keys fails the launch instead of reading outside value (the real
 * kernel reads whatever lies there). */
#include <math.h>
#include <string.h>

#include "msda_args.h"
#include "nn_kernel.h"

#define MSDA_BAD_ARGS 507015
#define MSDA_MAX_LEVELS 16

typedef struct level { int64_t h, w, start; } level;

static int load_levels(const msda_args *a, level *lv)
{
    if (a->L > MSDA_MAX_LEVELS)
        return MSDA_BAD_ARGS;
    for (int64_t l = 0; l < a->L; l++) {
        lv[l].h = nn_load_int(&a->shapes, 2 * l);
        lv[l].w = nn_load_int(&a->shapes, 2 * l + 1);
        lv[l].start = nn_load_int(&a->starts, l);
        if (lv[l].h < 0 || lv[l].w < 0 || lv[l].start < 0)
            return MSDA_BAD_ARGS;
    }
    return 0;
}

/* The sample's four corners: value row offsets (-1: outside the map) and weights. Returns 0
 * when the sample lies outside, -1 when a corner inside the map is not one of value's K keys
 * (a level table that does not fit: the launch fails rather than read past value). */
typedef struct corners { int64_t off[4]; float wt[4]; float lh, lw; } corners;

static int sample_corners(const level *lv, float x, float y, int64_t K, int64_t row_stride, corners *cs)
{
    const float him = y * (float)lv->h - 0.5f, wim = x * (float)lv->w - 0.5f;
    if (!(him > -1.0f && wim > -1.0f && him < (float)lv->h && wim < (float)lv->w))
        return 0;
    const int64_t hl = (int64_t)floorf(him), wl = (int64_t)floorf(wim);
    const float lh = him - (float)hl, lw = wim - (float)wl, hh = 1.0f - lh, hw = 1.0f - lw;
    const int64_t hs[4] = {hl, hl, hl + 1, hl + 1}, ws[4] = {wl, wl + 1, wl, wl + 1};
    const float wt[4] = {hh * hw, hh * lw, lh * hw, lh * lw};
    for (int k = 0; k < 4; k++) {
        const int in = hs[k] >= 0 && ws[k] >= 0 && hs[k] <= lv->h - 1 && ws[k] <= lv->w - 1;
        const int64_t key = in ? lv->start + hs[k] * lv->w + ws[k] : -1;
        if (key >= K)
            return -1;
        cs->off[k] = in ? key * row_stride : -1;
        cs->wt[k] = wt[k];
    }
    cs->lh = lh;
    cs->lw = lw;
    return 1;
}

static int msda_forward(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(msda_args))
        return MSDA_BAD_ARGS;
    const msda_args *a = (const msda_args *)args;
    level lv[MSDA_MAX_LEVELS];
    if (load_levels(a, lv))
        return MSDA_BAD_ARGS;
    const float *value = (const float *)nn_ptr(&a->value), *loc = (const float *)nn_ptr(&a->loc);
    const float *attn = (const float *)nn_ptr(&a->attn);
    float *out = (float *)nn_ptr(&a->out);
    const int64_t C = a->C, NH = a->NH, LP = a->L * a->P, rs = NH * C;
    int64_t s, e;
    nn_block_items(a->B * a->Q, a->per_block, blk, &s, &e);
    for (int64_t bq = s; bq < e; bq++) {
        const int64_t b = bq / a->Q;
        for (int64_t h = 0; h < NH; h++) {
            float *o = out + bq * rs + h * C;
            memset(o, 0, (size_t)C * sizeof(float));
            const float *vb = value + b * a->K * rs + h * C;
            const int64_t wi = (bq * NH + h) * LP;
            for (int64_t l = 0; l < a->L; l++)
                for (int64_t p = 0; p < a->P; p++) {
                    const int64_t k = wi + l * a->P + p;
                    corners cs;
                    const int in = sample_corners(&lv[l], loc[2 * k], loc[2 * k + 1], a->K, rs, &cs);
                    if (in < 0)
                        return MSDA_BAD_ARGS;
                    if (!in)
                        continue;
                    for (int q = 0; q < 4; q++) {
                        if (cs.off[q] < 0)
                            continue;
                        const float w = attn[k] * cs.wt[q];
                        const float *v = vb + cs.off[q];
                        for (int64_t c = 0; c < C; c++)
                            o[c] += w * v[c];
                    }
                }
        }
    }
    return 0;
}

static int msda_backward(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(msda_args))
        return MSDA_BAD_ARGS;
    const msda_args *a = (const msda_args *)args;
    level lv[MSDA_MAX_LEVELS];
    if (load_levels(a, lv))
        return MSDA_BAD_ARGS;
    const float *value = (const float *)nn_ptr(&a->value), *loc = (const float *)nn_ptr(&a->loc);
    const float *attn = (const float *)nn_ptr(&a->attn), *gout = (const float *)nn_ptr(&a->out);
    float *gvalue = (float *)nn_ptr(&a->gvalue), *gloc = (float *)nn_ptr(&a->gloc), *gattn = (float *)nn_ptr(&a->gattn);
    const int64_t C = a->C, NH = a->NH, LP = a->L * a->P, rs = NH * C;
    int64_t s, e;
    nn_block_items(a->B * NH, a->per_block, blk, &s, &e);
    for (int64_t bh = s; bh < e; bh++) {
        const int64_t b = bh / NH, h = bh % NH;
        const float *vb = value + b * a->K * rs + h * C;
        float *gvb = gvalue + b * a->K * rs + h * C;
        for (int64_t key = 0; key < a->K; key++)
            memset(gvb + key * rs, 0, (size_t)C * sizeof(float));
        for (int64_t q = 0; q < a->Q; q++) {
            const float *go = gout + (b * a->Q + q) * rs + h * C;
            const int64_t wi = ((b * a->Q + q) * NH + h) * LP;
            for (int64_t l = 0; l < a->L; l++)
                for (int64_t p = 0; p < a->P; p++) {
                    const int64_t k = wi + l * a->P + p;
                    corners cs;
                    gattn[k] = 0.0f;
                    gloc[2 * k] = gloc[2 * k + 1] = 0.0f;
                    const int in = sample_corners(&lv[l], loc[2 * k], loc[2 * k + 1], a->K, rs, &cs);
                    if (in < 0)
                        return MSDA_BAD_ARGS;
                    if (!in)
                        continue;
                    /* d val / d lh and d lw per corner (v1..v4 = off[0..3]) */
                    const float dlh[4] = {-(1.0f - cs.lw), -cs.lw, 1.0f - cs.lw, cs.lw};
                    const float dlw[4] = {-(1.0f - cs.lh), 1.0f - cs.lh, -cs.lh, cs.lh};
                    double ga = 0.0, gh = 0.0, gw = 0.0;
                    for (int qn = 0; qn < 4; qn++) {
                        if (cs.off[qn] < 0)
                            continue;
                        const float *v = vb + cs.off[qn];
                        float *gv = gvb + cs.off[qn];
                        const float wv = attn[k] * cs.wt[qn];
                        double dot = 0.0;
                        for (int64_t c = 0; c < C; c++) {
                            dot += (double)go[c] * v[c];
                            gv[c] += wv * go[c];
                        }
                        ga += cs.wt[qn] * dot;
                        gh += dlh[qn] * dot;
                        gw += dlw[qn] * dot;
                    }
                    gattn[k] = (float)ga;
                    gloc[2 * k] = (float)(attn[k] * gw * (double)lv[l].w);
                    gloc[2 * k + 1] = (float)(attn[k] * gh * (double)lv[l].h);
                }
        }
    }
    return 0;
}

ACLEMU_KERNEL("MsdaForward", msda_forward);
ACLEMU_KERNEL("MsdaBackward", msda_backward);
