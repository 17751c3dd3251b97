/* atc's model path (see convert.h): options, then ONNX import → shape inference and constant
 * folding → BatchNorm folding → dead-node removal → lowering and the workspace plan → the
 * model file. Messages go to stderr as the real tool prints them (E-code first); the exit
 * status is 0 or 255. */
#include "convert.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu/profile.h"
#include "fusion.h"
#include "dyn_gears.h"
#include "aipp_config.h"
#include "lower.h"
#include "model_json.h"
#include "onnx_import.h"
#include "passes.h"
#include "precision.h"
#include "traffic.h"

#define FAILED 255
#define MAX_FILE ((size_t)2 << 30)

static const char *opt(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : NULL;
}

static int failed(void)
{
    fprintf(stderr, "ATC run failed, Please check the detail log, Try 'atc --help' for more information\n");
    return FAILED;
}

static void *read_file(const char *path, size_t *len, const char *param)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "E10001: Value [%s] for parameter [%s] is invalid. Reason: cannot open the file (%s).\n", path,
                param, strerror(errno));
        return NULL;
    }
    unsigned char *buf = NULL;
    size_t n = 0, capb = 0;
    for (;;) {
        if (n == capb) {
            capb = capb ? capb * 2 : (1u << 16);
            unsigned char *p = capb <= MAX_FILE ? realloc(buf, capb) : NULL;
            if (p == NULL) {
                fprintf(stderr, "E10001: Value [%s] for parameter [%s] is invalid. Reason: the file is too large.\n",
                        path, param);
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = p;
        }
        size_t r = fread(buf + n, 1, capb - n, f);
        n += r;
        if (r == 0)
            break;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* --input_shape="name:1,3,224,224;name2:..." onto the graph inputs */
static int apply_input_shape(graph *g, const char *spec)
{
    char *copy = strdup(spec), *save = NULL;
    if (copy == NULL)
        return -1;
    for (char *item = strtok_r(copy, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
        char *colon = strrchr(item, ':');
        if (colon == NULL) {
            fprintf(stderr, "E10002: Value [%s] for parameter [--input_shape] is invalid. Reason: expected "
                    "\"name:dim,dim,...\".\n", item);
            free(copy);
            return -1;
        }
        *colon = 0;
        int ti = -1;
        for (int i = 0; i < g->nin; i++)
            if (strcmp(g->t[g->inputs[i]].name, item) == 0)
                ti = g->inputs[i];
        if (ti < 0) {
            fprintf(stderr, "E10016: Input parameter [--input_shape]'s opname [%s] is not exist in model\n", item);
            free(copy);
            return -1;
        }
        g_tensor *t = &g->t[ti];
        int rank = 0;
        char *p = colon + 1;
        while (*p) {
            char *end;
            long long v = strtoll(p, &end, 10);
            if (end == p || v < -1 || v > ((long long)1 << 31) || rank == G_MAX_DIMS) {
                fprintf(stderr, "E10002: Value [%s] for parameter [--input_shape] is invalid. Reason: bad dim list "
                        "for %s.\n", colon + 1, item);
                free(copy);
                return -1;
            }
            t->dims[rank++] = v;
            p = *end == ',' ? end + 1 : end;
            if (*end && *end != ',') {
                fprintf(stderr, "E10002: Value [%s] for parameter [--input_shape] is invalid. Reason: bad dim list "
                        "for %s.\n", colon + 1, item);
                free(copy);
                return -1;
            }
        }
        if (t->rank >= 0 && t->rank != rank) {
            fprintf(stderr, "E10002: Value [%s] for parameter [--input_shape] is invalid. Reason: %s has %d dims in "
                    "the model, %d given.\n", colon + 1, item, t->rank, rank);
            free(copy);
            return -1;
        }
        t->rank = rank;
    }
    free(copy);
    return 0;
}

/* --out_nodes="node:index;..." replaces the graph outputs */
static int apply_out_nodes(graph *g, const char *spec)
{
    char *copy = strdup(spec), *save = NULL;
    int *outs = calloc((size_t)g->nt + 1, sizeof(int)), n = 0;
    if (!copy || !outs) {
        free(copy);
        free(outs);
        return -1;
    }
    for (char *item = strtok_r(copy, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
        char *colon = strrchr(item, ':');
        long idx = colon ? strtol(colon + 1, NULL, 10) : -1;
        if (colon)
            *colon = 0;
        int found = -1;
        for (int i = 0; i < g->nn && found < 0; i++)
            if (strcmp(g->n[i].name, item) == 0 && idx >= 0 && idx < g->n[i].nout)
                found = g->n[i].out[idx];
        if (found < 0 || n >= g->nt) {
            fprintf(stderr, "E10016: Input parameter [--out_nodes]'s opname [%s] is not exist in model\n", item);
            free(copy);
            free(outs);
            return -1;
        }
        outs[n++] = found;
    }
    for (int i = 0; i < g->nout; i++)
        g->t[g->outputs[i]].is_output = false;
    free(g->outputs);
    g->outputs = outs;
    g->nout = n;
    for (int i = 0; i < n; i++)
        g->t[outs[i]].is_output = true;
    free(copy);
    return 0;
}

static int dump_json(const char *om, const char *json)
{
    size_t len;
    void *buf = read_file(om, &len, "--om");
    if (buf == NULL)
        return failed();
    mdl_model *m;
    char why[512];
    if (mdl_parse(buf, len, &m, why, sizeof(why)) != 0) {
        fprintf(stderr, "E10001: Value [%s] for parameter [--om] is invalid. Reason: %s.\n", om, why);
        free(buf);
        return failed();
    }
    free(buf);
    int rc = model_json_write(m, json);
    mdl_free(m);
    if (rc != 0) {
        fprintf(stderr, "E10001: Value [%s] for parameter [--json] is invalid. Reason: cannot write it (%s).\n", json,
                strerror(errno));
        return failed();
    }
    printf("ATC run success, welcome to the next use.\n");
    return 0;
}

/* --insert_op_conf: read and parse the AIPP configuration (not with dynamic image size / dims,
 * as the real tool) */
static int load_aipp(const char *path, const char *dyn_image, const char *dyn_dims, aipp_op_cfg *ops, int *n)
{
    if (dyn_image || dyn_dims) {
        fprintf(stderr, "E10001: Value [%s] for parameter [--insert_op_conf] is invalid. Reason: AIPP and %s are "
                "mutually exclusive in aclemu's atc.\n", path, dyn_dims ? "--dynamic_dims" : "--dynamic_image_size");
        return -1;
    }
    size_t len;
    char *text = read_file(path, &len, "--insert_op_conf");
    if (text == NULL)
        return -1;
    char err[512];
    int rc = aipp_config_parse(text, len, ops, n, err, sizeof(err));
    free(text);
    if (rc != 0)
        fprintf(stderr, "E10001: Value [%s] for parameter [--insert_op_conf] is invalid. Reason: %s.\n", path, err);
    return rc;
}

int atc_model_main(int argc, char **argv)
{
    const char *framework = NULL, *model = NULL, *output = NULL, *soc = NULL, *input_shape = NULL,
               *out_nodes = NULL, *precision = NULL, *mode = "0", *om = NULL, *json = NULL, *v,
               *fusion_switch = NULL, *precision_v2 = NULL, *keep_dtype = NULL;
    /* dynamic gears (dyn_gears.c) */
    const char *dyn_batch = NULL, *dyn_image = NULL, *dyn_dims = NULL, *input_format = NULL;
    const char *insert_op_conf = NULL; /* AIPP (aipp_config.c) */
    static const char *const accepted[] = {"--log", "--input_format", "--host_env_os", "--host_env_cpu",
                                           "--op_select_implmode", "--optypelist_for_implmode", NULL};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((v = opt(a, "--framework")))
            framework = v;
        else if ((v = opt(a, "--model")))
            model = v;
        else if ((v = opt(a, "--output")))
            output = v;
        else if ((v = opt(a, "--soc_version")))
            soc = v;
        else if ((v = opt(a, "--input_shape")))
            input_shape = v;
        else if ((v = opt(a, "--out_nodes")))
            out_nodes = v;
        else if ((v = opt(a, "--precision_mode")))
            precision = v;
        else if ((v = opt(a, "--mode")))
            mode = v;
        else if ((v = opt(a, "--om")))
            om = v;
        else if ((v = opt(a, "--json")))
            json = v;
        else if ((v = opt(a, "--fusion_switch_file")))
            fusion_switch = v;
        else if ((v = opt(a, "--precision_mode_v2")))
            precision_v2 = v;
        else if ((v = opt(a, "--keep_dtype")))
            keep_dtype = v;
        else if ((v = opt(a, "--dynamic_batch_size")))
            dyn_batch = v;
        else if ((v = opt(a, "--dynamic_image_size")))
            dyn_image = v;
        else if ((v = opt(a, "--dynamic_dims")))
            dyn_dims = v;
        else if ((v = opt(a, "--insert_op_conf")))
            insert_op_conf = v;
        else {
            int ok = 0;
            for (int k = 0; accepted[k] && !ok; k++)
                ok = opt(a, accepted[k]) != NULL;
            if (!ok) {
                fprintf(stderr, "E10001: Value [%s] for parameter [argument] is invalid. Reason: unknown or "
                        "unsupported option for model conversion.\n", a);
                return failed();
            }
            if ((v = opt(a, "--input_format")) && strcmp(v, "NCHW") != 0 && strcmp(v, "ND") != 0) {
                fprintf(stderr, "E10001: Value [%s] for parameter [--input_format] is invalid. Reason: ONNX models "
                        "take NCHW or ND.\n", v);
                return failed();
            }
            if (v)
                input_format = v;
        }
    }
    if (strcmp(mode, "1") == 0) {
        if (!om || !json) {
            fprintf(stderr, "E10004: The parameter [%s] is required.\n", !om ? "--om" : "--json");
            return failed();
        }
        return dump_json(om, json);
    }
    if (strcmp(mode, "0") != 0) {
        fprintf(stderr, "E10001: Value [%s] for parameter [--mode] is invalid. Reason: modes 0 (generate a model) "
                "and 1 (model to JSON) are supported.\n", mode);
        return failed();
    }
    const char *missing = !framework ? "--framework" : !model ? "--model" : !output ? "--output"
                          : !soc ? "--soc_version" : NULL;
    if (missing) {
        fprintf(stderr, "E10004: The parameter [%s] is required.\n", missing);
        return failed();
    }
    if (strcmp(framework, "5") != 0) {
        fprintf(stderr, "E10001: Value [%s] for parameter [--framework] is invalid. Reason: this toolkit converts "
                "ONNX models (5) only.\n", framework);
        return failed();
    }
    int prec_mode;
    char perr0[512];
    if (precision_resolve(precision, precision_v2, &prec_mode, perr0, sizeof(perr0)) != 0) {
        fprintf(stderr, "%s\n", perr0);
        return failed();
    }
    if (!precision && !precision_v2)
        precision = "force_fp16";
    else if (precision_v2)
        precision = precision_v2;
    aclemu_chip_profile prof;
    char perr[512];
    if (aclemu_profile_load(soc, &prof, perr, sizeof(perr)) != 0) {
        fprintf(stderr, "E10001: Value [%s] for parameter [--soc_version] is invalid. Reason: %s\n", soc, perr);
        return failed();
    }
    const chip_kernels chip = {
        .fp32_cube = prof.family == ACLEMU_FAMILY_A2 || prof.family == ACLEMU_FAMILY_A3 ||
                     prof.family == ACLEMU_FAMILY_950 || prof.family == ACLEMU_FAMILY_310B,
        .convolution = prof.family != ACLEMU_FAMILY_910A,
        .cube_avgpool = prof.family == ACLEMU_FAMILY_910A,
    };
    static aipp_op_cfg aipp_ops[AIPP_MAX_OPS];
    int naipp = 0;
    if (insert_op_conf && load_aipp(insert_op_conf, dyn_image, dyn_dims, aipp_ops, &naipp) != 0)
        return failed();
    size_t len;
    void *data = read_file(model, &len, "--model");
    if (data == NULL)
        return failed();
    static dyn_spec dyn;
    if (dyn_parse(dyn_batch, dyn_image, dyn_dims, input_shape, input_format, &dyn) != 0) {
        free(data);
        return failed();
    }
    /* every gear is compiled as a static graph (its own --input_shape), then joined */
    static mdl_model *gears[MDL_MAX_GEARS];
    char err[2048];
    int folded_bn = 0, removed = 0, nbn = 0;
    unsigned char enabled[FUSE_NPASSES];
    char **keep = NULL;
    int nkeep = 0, ncasts = 0;
    fuse_stats fst = {{0}, {0}};
    memset(enabled, 1, sizeof(enabled));
    if ((fusion_switch && fusion_switch_read(fusion_switch, enabled, err, sizeof(err)) != 0) ||
        (keep_dtype && keep_dtype_read(keep_dtype, &keep, &nkeep, err, sizeof(err)) != 0)) {
        for (int k = 0; k < nkeep; k++)
            free(keep[k]);
        free(keep);
        fprintf(stderr, "%s\n", err);
        free(data);
        return failed();
    }
    uint64_t naive = 0;
    for (int k = 0; k < dyn.ngears; k++) {
        char *shape = dyn_gear_shape(input_shape, &dyn, k);
        graph g;
        int rc = input_shape && shape == NULL ? (snprintf(err, sizeof(err), "E19999: out of memory"), -1)
                                              : onnx_import(data, len, model, &g, err, sizeof(err));
        if (rc == 0) {
            if ((shape && apply_input_shape(&g, shape) != 0) || (out_nodes && apply_out_nodes(&g, out_nodes) != 0))
                err[0] = 0, rc = -1;
            else { /* the fusion / precision statistics are those of the first gear */
                fuse_stats gst = {{0}, {0}};
                int gbn = 0, gfolded = 0, gremoved = 0, gremoved2 = 0, gcasts = 0, gcasts2 = 0;
                int rc2 = pass_infer_and_fold(&g, err, sizeof(err));
                for (int i = 0; rc2 == 0 && i < g.nn; i++)
                    gbn += !g.n[i].dead && strcmp(g.n[i].op, "BatchNormalization") == 0;
                if (rc2 != 0 || pass_resize(&g, err, sizeof(err)) != 0 ||
                    pass_batchnorm(&g, enabled[FUSE_CONV_BN], &gfolded, err, sizeof(err)) != 0 || pass_dce(&g, &gremoved) != 0 ||
                    (pass_fuse(&g, enabled, &gst) != 0 && snprintf(err, sizeof(err), "E19999: out of memory fusing") > 0) ||
                    pass_dce(&g, &gremoved2) != 0 ||
                    (pass_precision(&g, prec_mode, keep, nkeep, &gcasts) != 0 &&
                     snprintf(err, sizeof(err), "E19999: out of memory applying the precision mode") > 0) ||
                    pass_precision_chip(&g, &chip, prof.soc_version, precision, &gcasts2, err, sizeof(err)) != 0 ||
                    lower_graph(&g, prof.soc_version, precision, &gears[k], &naive, err, sizeof(err)) != 0)
                    rc = -1;
                else if (k == 0) {
                    fst = gst;
                    nbn = gbn;
                    folded_bn = gfolded;
                    removed = gremoved + gremoved2;
                    ncasts = gcasts + gcasts2;
                }
            }
            g_free(&g);
        }
        free(shape);
        if (rc != 0) {
            if (err[0])
                fprintf(stderr, "%s%s\n", err, dyn.ngears > 1 ? " (while compiling a dynamic gear)" : "");
            for (int j = 0; j < k; j++)
                mdl_free(gears[j]);
            for (int j = 0; j < nkeep; j++)
                free(keep[j]);
            free(keep);
            free(data);
            return failed();
        }
    }
    free(data);
    for (int k = 0; k < nkeep; k++)
        free(keep[k]);
    free(keep);
    if (dyn_merge(gears, dyn.ngears, &dyn, input_shape) != 0) {
        fprintf(stderr, "E19999: out of memory joining the dynamic gears\n");
        return failed();
    }
    mdl_model *m = gears[0];
    if (naipp && aipp_attach(m, aipp_ops, naipp, err, sizeof(err)) != 0) {
        fprintf(stderr, "E10001: Value [%s] for parameter [--insert_op_conf] is invalid. Reason: %s.\n",
                insert_op_conf, err);
        mdl_free(m);
        return failed();
    }
    fst.match[FUSE_CONV_BN] = nbn;
    fst.effect[FUSE_CONV_BN] = folded_bn;
    if (fusion_result_write("fusion_result.json", &fst, enabled) != 0)
        fprintf(stderr, "W10001: cannot write fusion_result.json in the current directory (%s)\n", strerror(errno));
    uint64_t traffic_w, traffic_r;
    model_traffic(m, &traffic_w, &traffic_r);
    void *blob;
    size_t blen;
    if (mdl_serialize(m, &blob, &blen) != 0) {
        fprintf(stderr, "E19999: out of memory writing the model\n");
        mdl_free(m);
        return failed();
    }
    char path[4096];
    size_t ol = strlen(output);
    snprintf(path, sizeof(path), "%s%s", output, ol > 3 && strcmp(output + ol - 3, ".om") == 0 ? "" : ".om");
    FILE *f = fopen(path, "wb");
    int wok = f && fwrite(blob, 1, blen, f) == blen;
    if (f && fclose(f) != 0)
        wok = 0;
    free(blob);
    if (!wok) {
        fprintf(stderr, "E10001: Value [%s] for parameter [--output] is invalid. Reason: cannot write %s (%s).\n",
                output, path, strerror(errno));
        mdl_free(m);
        return failed();
    }
    printf("model %s: %u steps, %u tensors, weights %llu bytes, workspace %llu bytes planned (%llu without reuse), "
           "%d BatchNorm folded into Conv, %d dead nodes removed\n",
           path, m->nsteps, m->ntensors, (unsigned long long)m->weight_bytes, (unsigned long long)m->workspace_bytes,
           (unsigned long long)naive, folded_bn, removed);
    int nfused = 0;
    for (int p = 0; p < FUSE_NPASSES; p++)
        nfused += p != FUSE_CONV_BN ? fst.effect[p] : 0;
    printf("precision mode %s: %s, %d Cast nodes added\n", precision,
           prec_mode == PREC_FP16 ? "float16" : prec_mode == PREC_MIXED ? "mixed float16 / float32" : "float32",
           ncasts);
    printf("fusion: %d patterns fused; intermediate tensors: %llu bytes written, %llu bytes read\n", nfused,
           (unsigned long long)traffic_w, (unsigned long long)traffic_r);
    if (m->gear)
        printf("dynamic model: %u gears (%s), one compiled graph each, weights shared (%llu bytes in all)\n",
               m->ngears, m->dyn_kind == MDL_DYN_BATCH ? "batch" : m->dyn_kind == MDL_DYN_HW ? "image size" : "dims",
               (unsigned long long)m->weight_bytes);
    mdl_free(m);
    printf("ATC run success, welcome to the next use.\n");
    return 0;
}
