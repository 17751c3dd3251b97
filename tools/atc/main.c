/* atc: the single-operator model compiler of the emulated toolkit.
 *
 *   atc --singleop=<ops.json> --output=<dir> --soc_version=<SoC>
 *
 * Each operator of the JSON description is checked against its built-in prototype (inputs,
 * attributes, output shapes) and written as <dir>/<index>_<OpType>_<inputs>_<outputs>.om
 * (each tensor as dtype_format_dims, GE enum values), or <dir>/<name>.om when "name" is given.
 * Model conversion (--framework=5 --model=<m.onnx>, and --mode=1 dumps) is model/convert.c.
 * Exit status 0 on success, 255 on failure, as the real tool. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "acl/acl.h"
#include "aclemu/profile.h"
#include "aclop_internal.h"
#include "model/convert.h"
#include "singleop_json.h"

#define FAILED 255

static void usage(FILE *f)
{
    fprintf(f,
            "usage: atc --singleop=<json> --output=<dir> --soc_version=<SoC> [options]\n"
            "       atc --framework=5 --model=<m.onnx> --output=<name> --soc_version=<SoC> [--input_shape=...]\n"
            "           [--out_nodes=node:index;...] [--precision_mode=...] [--input_format=NCHW|ND]\n"
            "       atc --mode=1 --om=<m.om> --json=<out.json>\n"
            "\n"
            "  --singleop     single-operator description file (JSON array of {op, input_desc,\n"
            "                 output_desc, attr, name})\n"
            "  --output       directory for the generated single-op models (.om)\n"
            "  --soc_version  target SoC, e.g. Ascend910B1, Ascend310P3\n"
            "  --log          log level (error, warning, info, debug, null); accepted\n"
            "  --op_select_implmode, --optypelist_for_implmode, --precision_mode, --host_env_os,\n"
            "  --host_env_cpu: accepted and recorded nowhere (kernels are prebuilt)\n"
            "  -h, --help     this text\n");
}

static void run_failed(void)
{
    fprintf(stderr, "ATC run failed, Please check the detail log, Try 'atc --help' for more information\n");
}

static int mkdirs(const char *dir)
{
    char buf[4096];
    snprintf(buf, sizeof(buf), "%s", dir);
    for (char *p = buf + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0755) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    }
    if (mkdir(buf, 0755) != 0 && errno != EEXIST)
        return -1;
    struct stat st;
    return stat(buf, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : -1;
}

static size_t append_desc(char *buf, size_t o, size_t cap, const aclTensorDesc *d)
{
    o += (size_t)snprintf(buf + o, o < cap ? cap - o : 0, "_%d_%d", (int)aclGetTensorDescType(d),
                          (int)aclGetTensorDescFormat(d));
    size_t nd = aclGetTensorDescNumDims(d);
    if (nd == ACL_UNKNOWN_RANK)
        nd = 1;
    for (size_t i = 0; i < nd; i++) {
        int64_t v = 0;
        aclGetTensorDescDimV2(d, i, &v);
        o += (size_t)snprintf(buf + o, o < cap ? cap - o : 0, "_%lld", (long long)v);
    }
    return o;
}

static void model_file_name(const singleop *op, size_t index, char *buf, size_t cap)
{
    if (op->name) {
        size_t n = strlen(op->name);
        snprintf(buf, cap, "%s%s", op->name, n > 3 && strcmp(op->name + n - 3, ".om") == 0 ? "" : ".om");
        return;
    }
    size_t o = (size_t)snprintf(buf, cap, "%zu_%s", index, op->op);
    for (int k = 0; k < op->nin; k++)
        o = append_desc(buf, o, cap, op->in[k]);
    for (int k = 0; k < op->nout; k++)
        o = append_desc(buf, o, cap, op->out[k]);
    snprintf(buf + (o < cap ? o : cap - 1), o < cap ? cap - o : 1, ".om");
}

static const char *opt_value(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : NULL;
}

int main(int argc, char **argv)
{
    const char *json = NULL, *output = NULL, *soc = NULL;
    /* model conversion and model dumps take their own path */
    for (int i = 1; i < argc; i++)
        if (opt_value(argv[i], "--framework") || opt_value(argv[i], "--model") || opt_value(argv[i], "--om") ||
            (opt_value(argv[i], "--mode") && strcmp(opt_value(argv[i], "--mode"), "1") == 0))
            return atc_model_main(argc, argv);
    static const char *const accepted[] = {"--log", "--op_select_implmode", "--optypelist_for_implmode",
                                           "--precision_mode", "--precision_mode_v2", "--host_env_os",
                                           "--host_env_cpu", "--op_debug_level", "--mode", NULL};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        }
        if ((v = opt_value(a, "--singleop")))
            json = v;
        else if ((v = opt_value(a, "--output")))
            output = v;
        else if ((v = opt_value(a, "--soc_version")))
            soc = v;
        else {
            bool ok = false;
            for (int k = 0; accepted[k] && !ok; k++)
                ok = opt_value(a, accepted[k]) != NULL;
            if (!ok) {
                fprintf(stderr, "E10001: Value [%s] for parameter [argument] is invalid. Reason: unknown option.\n",
                        a);
                run_failed();
                return FAILED;
            }
            if ((v = opt_value(a, "--mode")) && strcmp(v, "0") != 0) {
                fprintf(stderr, "E10001: Value [%s] for parameter [--mode] is invalid. Reason: only mode 0 "
                        "(generate models) is supported.\n", v);
                run_failed();
                return FAILED;
            }
        }
    }
    const char *missing = !json ? "--singleop" : !output ? "--output" : !soc ? "--soc_version" : NULL;
    if (missing) {
        fprintf(stderr, "E10004: The parameter [%s] is required.\n", missing);
        usage(stderr);
        run_failed();
        return FAILED;
    }
    aclemu_chip_profile prof;
    char perr[512];
    if (aclemu_profile_load(soc, &prof, perr, sizeof(perr)) != 0) {
        fprintf(stderr, "E10001: Value [%s] for parameter [--soc_version] is invalid. Reason: %s\n", soc, perr);
        run_failed();
        return FAILED;
    }
    singleop *ops;
    size_t nops;
    char err[2048];
    if (singleop_parse(json, &ops, &nops, err, sizeof(err)) != 0) {
        fprintf(stderr, "E10025: %s\n", err);
        run_failed();
        return FAILED;
    }
    if (nops == 0) {
        fprintf(stderr, "E10025: %s: the description holds no operator\n", json);
        run_failed();
        return FAILED;
    }
    if (mkdirs(output) != 0) {
        fprintf(stderr, "E10001: Value [%s] for parameter [--output] is invalid. Reason: cannot create the "
                "directory (%s).\n", output, strerror(errno));
        singleop_free(ops, nops);
        run_failed();
        return FAILED;
    }
    int status = 0;
    for (size_t i = 0; i < nops && status == 0; i++) {
        singleop *op = &ops[i];
        void *blob = NULL;
        size_t size = 0;
        int rc = aclemu_aclop_build_model(op->op, op->nin, (const aclTensorDesc *const *)op->in, op->nout,
                                          (const aclTensorDesc *const *)op->out, op->attr, prof.soc_version, &blob,
                                          &size);
        if (rc != ACL_SUCCESS) {
            const char *msg = aclGetRecentErrMsg();
            fprintf(stderr, "E19999: %s: op[%zu] (%s) cannot be compiled (error %d):\n%s\n", json, i, op->op, rc,
                    msg && *msg ? msg : "(no detail)");
            status = FAILED;
            break;
        }
        char name[2048], path[4096];
        model_file_name(op, i, name, sizeof(name));
        snprintf(path, sizeof(path), "%s/%s", output, name);
        FILE *f = fopen(path, "wb");
        if (f == NULL || fwrite(blob, 1, size, f) != size || fclose(f) != 0) {
            fprintf(stderr, "E10001: Value [%s] for parameter [--output] is invalid. Reason: cannot write %s (%s).\n",
                    output, path, strerror(errno));
            status = FAILED;
        }
        free(blob);
    }
    singleop_free(ops, nops);
    if (status != 0) {
        run_failed();
        return status;
    }
    printf("ATC run success, welcome to the next use.\n");
    return 0;
}
