/* The dynamic gear options of atc (dyn_gears.h). The rules are the real tool's: one of the
 * three options at a time, 2..100 profiles of positive values, the -1 dims of --input_shape
 * say which dims vary — the batch dim of each dynamic input for --dynamic_batch_size, its H and
 * W for --dynamic_image_size (NCHW / NHWC), and any dims, in order, for --dynamic_dims (ND). */
#include "dyn_gears.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* one input of --input_shape: its name and dims as written */
typedef struct shape_item {
    char name[MDL_MAX_NAME + 1];
    int ndims;
    int64_t dims[MDL_MAX_DIMS];
} shape_item;

#define MAX_ITEMS 256

/* Splits "name:d,d;name2:d,..." (names may hold ':', the last one separates). Returns the item
 * count, -1 when malformed (apply_input_shape in convert.c reports the details later). */
static int split_shape(const char *spec, shape_item *it, int cap)
{
    int n = 0;
    const char *p = spec;
    while (*p) {
        const char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > 0) {
            const char *colon = NULL;
            for (size_t i = 0; i < len; i++)
                if (p[i] == ':')
                    colon = p + i;
            if (colon == NULL || n == cap || (size_t)(colon - p) > MDL_MAX_NAME)
                return -1;
            shape_item *s = &it[n++];
            memcpy(s->name, p, (size_t)(colon - p));
            s->name[colon - p] = 0;
            s->ndims = 0;
            const char *q = colon + 1, *stop = p + len;
            while (q < stop) {
                char *e;
                long long v = strtoll(q, &e, 10);
                if (e == q || e > stop || s->ndims == MDL_MAX_DIMS || v < -1)
                    return -1;
                s->dims[s->ndims++] = v;
                q = e < stop && *e == ',' ? e + 1 : e;
                if (e < stop && *e != ',')
                    return -1;
            }
        }
        p += len + (end != NULL);
    }
    return n;
}

static int bad(const char *param, const char *value, const char *reason)
{
    fprintf(stderr, "E10001: Value [%s] for parameter [%s] is invalid. Reason: %s\n", value, param, reason);
    return -1;
}

/* "v,v,...;v,v,..." (or "v,v,v" with per_gear 1: each value one gear) into d->vals */
static int parse_profiles(const char *param, const char *spec, int per_gear_fixed, dyn_spec *d)
{
    char why[256];
    int g = 0, k = 0;
    const char *p = spec;
    if (*p == 0)
        return bad(param, spec, "it is empty.");
    for (;;) {
        char *e;
        long long v = strtoll(p, &e, 10);
        if (e == p || v <= 0 || v > ((long long)1 << 31))
            return bad(param, spec, "every value must be a positive integer.");
        if (g == MDL_MAX_GEARS)
            return bad(param, spec, "at most 100 profiles are supported.");
        if (k == MDL_MAX_GEAR_VALS)
            return bad(param, spec, "a profile has too many values.");
        d->vals[g][k++] = v;
        char sep = *e;
        p = sep ? e + 1 : e;
        int gear_ends = per_gear_fixed == 1 ? (sep == ',' || sep == 0) : (sep == ';' || sep == 0);
        if (sep && sep != ',' && sep != ';')
            return bad(param, spec, "profiles are separated by ';', values by ','.");
        if (per_gear_fixed == 1 && sep == ';')
            return bad(param, spec, "batch sizes are separated by ','.");
        if (gear_ends) {
            if (g == 0)
                d->nvals = k;
            else if (k != d->nvals) {
                snprintf(why, sizeof(why), "profile %d has %d values, profile 0 has %d.", g, k, d->nvals);
                return bad(param, spec, why);
            }
            g++;
            k = 0;
        }
        if (sep == 0)
            break;
        if (*p == 0)
            return bad(param, spec, "it ends with a separator.");
    }
    d->ngears = g;
    if (g < 2)
        return bad(param, spec, "at least 2 profiles must be set (the range is (1, 100]).");
    for (int a = 0; a < g; a++)
        for (int b = 0; b < a; b++)
            if (memcmp(d->vals[a], d->vals[b], sizeof(int64_t) * (size_t)d->nvals) == 0) {
                snprintf(why, sizeof(why), "profiles %d and %d are the same.", b, a);
                return bad(param, spec, why);
            }
    return 0;
}

int dyn_parse(const char *batch, const char *image, const char *dims, const char *input_shape,
              const char *input_format, dyn_spec *d)
{
    memset(d, 0, sizeof(*d));
    d->ngears = 1;
    int nset = (batch != NULL) + (image != NULL) + (dims != NULL);
    if (nset > 1) {
        fprintf(stderr, "E10001: Value [%s] for parameter [%s] is invalid. Reason: --dynamic_batch_size, "
                "--dynamic_image_size and --dynamic_dims are mutually exclusive.\n",
                image ? image : dims, image ? "--dynamic_image_size" : "--dynamic_dims");
        return -1;
    }
    if (nset == 0)
        return 0;
    const char *param = batch ? "--dynamic_batch_size" : image ? "--dynamic_image_size" : "--dynamic_dims";
    if (input_shape == NULL) {
        fprintf(stderr, "E10004: The parameter [--input_shape] is required when %s is set.\n", param);
        return -1;
    }
    d->kind = batch ? MDL_DYN_BATCH : image ? MDL_DYN_HW : MDL_DYN_DIMS;
    if (parse_profiles(param, batch ? batch : image ? image : dims, batch ? 1 : 0, d) != 0)
        return -1;
    if (d->kind == MDL_DYN_HW && d->nvals != 2)
        return bad(param, image, "each profile is \"height,width\".");
    const char *fmt = input_format ? input_format : "NCHW";
    if (d->kind == MDL_DYN_DIMS && strcmp(fmt, "ND") != 0)
        return bad("--input_format", fmt, "--dynamic_dims needs --input_format=ND.");
    if (d->kind != MDL_DYN_DIMS && strcmp(fmt, "NCHW") != 0 && strcmp(fmt, "NHWC") != 0)
        return bad("--input_format", fmt, "--dynamic_batch_size / --dynamic_image_size need NCHW or NHWC.");
    static shape_item items[MAX_ITEMS];
    int n = split_shape(input_shape, items, MAX_ITEMS);
    if (n < 0)
        return bad("--input_shape", input_shape, "expected \"name:dim,dim,...;name2:...\".");
    int unknown = 0;
    char why[512];
    for (int i = 0; i < n; i++) {
        int cnt = 0;
        for (int x = 0; x < items[i].ndims; x++) {
            if (items[i].dims[x] != -1)
                continue;
            cnt++;
            int hw0 = strcmp(fmt, "NHWC") == 0 ? 1 : 2;
            if (d->kind == MDL_DYN_BATCH && x != 0) {
                snprintf(why, sizeof(why), "with --dynamic_batch_size only the batch dim (dim 0) of %s may be -1.",
                         items[i].name);
                return bad("--input_shape", input_shape, why);
            }
            if (d->kind == MDL_DYN_HW && x != hw0 && x != hw0 + 1) {
                snprintf(why, sizeof(why), "with --dynamic_image_size only the H and W dims of %s (%s) may be -1.",
                         items[i].name, fmt);
                return bad("--input_shape", input_shape, why);
            }
        }
        if (d->kind == MDL_DYN_HW && cnt != 0 && cnt != 2) {
            snprintf(why, sizeof(why), "with --dynamic_image_size both H and W of %s are -1.", items[i].name);
            return bad("--input_shape", input_shape, why);
        }
        unknown += cnt;
    }
    if (unknown == 0) {
        snprintf(why, sizeof(why), "%s is set but no dim of --input_shape is -1.", param);
        return bad("--input_shape", input_shape, why);
    }
    if (d->kind == MDL_DYN_DIMS && unknown != d->nvals) {
        snprintf(why, sizeof(why), "each profile has %d values, --input_shape has %d dims of -1.", d->nvals, unknown);
        return bad(param, dims, why);
    }
    return 0;
}

char *dyn_gear_shape(const char *input_shape, const dyn_spec *d, int k)
{
    if (input_shape == NULL)
        return NULL;
    if (d->kind == MDL_DYN_NONE)
        return strdup(input_shape);
    static shape_item items[MAX_ITEMS];
    int n = split_shape(input_shape, items, MAX_ITEMS);
    size_t cap = strlen(input_shape) + 64 + (size_t)n * MDL_MAX_DIMS * 24;
    char *out = malloc(cap);
    if (out == NULL || n < 0) {
        free(out);
        return NULL;
    }
    size_t len = 0;
    int next = 0; /* the next gear value for DIMS (in order), or the H/W pair position */
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        int hw = 0;
        len += (size_t)snprintf(out + len, cap - len, "%s%s:", i ? ";" : "", items[i].name);
        for (int x = 0; x < items[i].ndims; x++) {
            int64_t v = items[i].dims[x];
            if (v == -1)
                v = d->kind == MDL_DYN_BATCH ? d->vals[k][0] : d->kind == MDL_DYN_HW ? d->vals[k][hw++] : d->vals[k][next++];
            len += (size_t)snprintf(out + len, cap - len, "%s%lld", x ? "," : "", (long long)v);
        }
    }
    return out;
}

/* ---- joining the compiled gears ------------------------------------------------------- */
static uint64_t align_up(uint64_t v) { return (v + MDL_ALIGN - 1) / MDL_ALIGN * MDL_ALIGN; }

/* Moves the weights of gear graph s into base's weight section, storing a region already there
 * (same bytes) once. Regions are the distinct weight offsets of s (views share theirs). */
static int move_weights(mdl_model *base, mdl_model *s)
{
    for (uint32_t i = 0; i < s->ntensors; i++) {
        mdl_tensor *t = &s->tensors[i];
        if (t->kind != MDL_T_WEIGHT || t->bytes == 0 || (t->offset >> 63))
            continue; /* not a weight, or moved with an earlier tensor at its offset */
        uint64_t old = t->offset, bytes = 0;
        for (uint32_t j = 0; j < s->ntensors; j++) {
            const mdl_tensor *u = &s->tensors[j];
            if (u->kind == MDL_T_WEIGHT && u->offset == old && u->bytes > bytes)
                bytes = u->bytes;
        }
        const unsigned char *src = s->weights + old;
        uint64_t found = UINT64_MAX;
        for (uint32_t j = 0; j < base->ntensors && found == UINT64_MAX; j++) {
            const mdl_tensor *u = &base->tensors[j];
            if (u->kind == MDL_T_WEIGHT && u->bytes == bytes && memcmp(base->weights + u->offset, src, bytes) == 0)
                found = u->offset;
        }
        if (found == UINT64_MAX) {
            uint64_t at = align_up(base->weight_bytes);
            unsigned char *w = realloc(base->weights, at + bytes);
            if (w == NULL)
                return -1;
            memset(w + base->weight_bytes, 0, at - base->weight_bytes);
            memcpy(w + at, src, bytes);
            base->weights = w;
            base->weight_bytes = at + bytes;
            found = at;
        }
        for (uint32_t j = 0; j < s->ntensors; j++)
            if (s->tensors[j].kind == MDL_T_WEIGHT && s->tensors[j].offset == old)
                s->tensors[j].offset = found | (1ull << 63); /* marked: moved */
    }
    for (uint32_t i = 0; i < s->ntensors; i++)
        if (s->tensors[i].kind == MDL_T_WEIGHT)
            s->tensors[i].offset = s->tensors[i].bytes ? s->tensors[i].offset & ~(1ull << 63) : 0;
    free(s->weights);
    s->weights = NULL;
    return 0;
}

int dyn_merge(mdl_model **g, int n, const dyn_spec *d, const char *input_shape)
{
    mdl_model *m = g[0];
    int fail = 0;
    if (d->kind == MDL_DYN_NONE || n < 2)
        return 0;
    m->dyn_kind = (uint32_t)d->kind;
    m->ngears = (uint32_t)n;
    m->gear_nvals = (uint32_t)d->nvals;
    m->gear = calloc((size_t)n, sizeof(mdl_model *));
    m->gear_vals = calloc((size_t)n * (size_t)d->nvals, sizeof(int64_t));
    m->in_decl = calloc(m->ninputs ? m->ninputs : 1, sizeof(mdl_io_decl));
    fail = !m->gear || !m->gear_vals || !m->in_decl;
    if (!fail) {
        m->gear[0] = m;
        for (int k = 0; k < n; k++)
            for (int v = 0; v < d->nvals; v++)
                m->gear_vals[(size_t)k * (size_t)d->nvals + (size_t)v] = d->vals[k][v];
        static shape_item items[MAX_ITEMS];
        int ni = split_shape(input_shape, items, MAX_ITEMS);
        for (uint32_t i = 0; i < m->ninputs; i++) {
            const mdl_tensor *t = &m->tensors[m->inputs[i]];
            mdl_io_decl *dc = &m->in_decl[i];
            dc->ndims = t->ndims;
            memcpy(dc->dims, t->dims, sizeof(dc->dims));
            for (int it = 0; it < ni; it++)
                if (strcmp(items[it].name, t->name) == 0 && (uint32_t)items[it].ndims == t->ndims)
                    for (uint32_t x = 0; x < t->ndims; x++)
                        if (items[it].dims[x] == -1)
                            dc->dims[x] = -1;
        }
    }
    for (int k = 1; k < n && !fail; k++) {
        fail = move_weights(m, g[k]) != 0;
        m->gear[k] = g[k];
        g[k] = NULL;
    }
    for (int k = 1; k < n; k++)
        mdl_free(g[k]);
    if (fail) {
        mdl_free(m);
        g[0] = NULL;
        return -1;
    }
    for (int k = 1; k < n; k++)
        m->gear[k]->weight_bytes = m->weight_bytes;
    return 0;
}
