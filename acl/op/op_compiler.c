/* libacl_op_compiler.so: aclopCompile, aclopCompileAndExecute(V2), the process-global compile
 * options and flags. "Compiling" validates the op against its prototype and registers the
 * single-op model with libascendcl's model registry; kernels are the prebuilt aclnn ones. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_op_compiler.h"
#include "aclemu_runtime.h"
#include "aclop_internal.h"

#define API ACL_FUNC_VISIBILITY
#define NOPTS (ACL_OP_DEBUG_OPTION + 1)

/* Accepted values per option (NULL list: free text such as paths); the first is the default. */
static const char *const precision_modes[] = {"allow_fp32_to_fp16", "force_fp32", "cube_fp16in_fp32out",
                                              "force_fp16", "must_keep_origin_dtype", "allow_mix_precision",
                                              "allow_mix_precision_fp16", "allow_mix_precision_bf16",
                                              "allow_fp32_to_bf16", NULL};
static const char *const impl_modes[] = {"high_performance", "high_precision", "high_precision_for_all",
                                         "high_performance_for_all", NULL};
static const char *const debug_levels[] = {"0", "1", "2", "3", "4", NULL};
static const char *const cache_modes[] = {"disable", "enable", "force", NULL};
static const char *const on_off[] = {"disable", "enable", NULL};
static const char *const deterministic[] = {"0", "1", NULL};
static const char *const precision_v2[] = {"fp16", "origin", "cube_fp16in_fp32out", "mixed_float16",
                                           "mixed_bfloat16", "mixed_hif8", "cube_hif8", NULL};
static const char *const debug_options[] = {"oom", NULL};

static const struct opt_def {
    const char *name;
    const char *const *values;
    const char *dflt;
} opt_defs[NOPTS] = {
    [ACL_PRECISION_MODE] = {"ACL_PRECISION_MODE", precision_modes, "allow_fp32_to_fp16"},
    [ACL_AICORE_NUM] = {"ACL_AICORE_NUM", NULL, ""},
    [ACL_AUTO_TUNE_MODE] = {"ACL_AUTO_TUNE_MODE", NULL, ""},
    [ACL_OP_SELECT_IMPL_MODE] = {"ACL_OP_SELECT_IMPL_MODE", impl_modes, "high_performance"},
    [ACL_OPTYPELIST_FOR_IMPLMODE] = {"ACL_OPTYPELIST_FOR_IMPLMODE", NULL, ""},
    [ACL_OP_DEBUG_LEVEL] = {"ACL_OP_DEBUG_LEVEL", debug_levels, "0"},
    [ACL_DEBUG_DIR] = {"ACL_DEBUG_DIR", NULL, ""},
    [ACL_OP_COMPILER_CACHE_MODE] = {"ACL_OP_COMPILER_CACHE_MODE", cache_modes, "disable"},
    [ACL_OP_COMPILER_CACHE_DIR] = {"ACL_OP_COMPILER_CACHE_DIR", NULL, "$HOME/atc_data"},
    [ACL_OP_PERFORMANCE_MODE] = {"ACL_OP_PERFORMANCE_MODE", NULL, ""},
    [ACL_OP_JIT_COMPILE] = {"ACL_OP_JIT_COMPILE", on_off, "disable"},
    [ACL_OP_DETERMINISTIC] = {"ACL_OP_DETERMINISTIC", deterministic, "0"},
    [ACL_CUSTOMIZE_DTYPES] = {"ACL_CUSTOMIZE_DTYPES", NULL, ""},
    [ACL_OP_PRECISION_MODE] = {"ACL_OP_PRECISION_MODE", NULL, ""},
    [ACL_ALLOW_HF32] = {"ACL_ALLOW_HF32", NULL, ""},
    [ACL_PRECISION_MODE_V2] = {"ACL_PRECISION_MODE_V2", precision_v2, "fp16"},
    [ACL_OP_DEBUG_OPTION] = {"ACL_OP_DEBUG_OPTION", debug_options, ""},
};

static pthread_mutex_t opt_lock = PTHREAD_MUTEX_INITIALIZER;
static char *opt_values[NOPTS];
static int compile_flag = ACL_OP_COMPILE_DEFAULT;

static int null_arg(const char *name)
{
    aclemu_errmsg_push("EH0002", "Argument %s must not be null.", name);
    return ACL_ERROR_INVALID_PARAM;
}

static int bad_opt(const char *param, const char *value, const char *reason)
{
    aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", value, param, reason);
    return ACL_ERROR_INVALID_PARAM;
}

API aclError aclSetCompileopt(aclCompileOpt opt, const char *value)
{
    if ((int)opt < 0 || (int)opt >= NOPTS) {
        char v[32];
        snprintf(v, sizeof(v), "%d", (int)opt);
        return bad_opt("opt", v, "it is not an aclCompileOpt value");
    }
    if (value == NULL)
        return null_arg("value");
    const struct opt_def *d = &opt_defs[opt];
    if (d->values) {
        bool ok = false;
        char allowed[512];
        size_t o = 0;
        for (int k = 0; d->values[k]; k++) {
            ok |= strcmp(d->values[k], value) == 0;
            o += (size_t)snprintf(allowed + o, o < sizeof(allowed) ? sizeof(allowed) - o : 0, "%s%s", k ? ", " : "",
                                  d->values[k]);
        }
        if (!ok) {
            char why[640];
            snprintf(why, sizeof(why), "%s accepts %s", d->name, allowed);
            return bad_opt(d->name, value, why);
        }
    } else if (opt == ACL_AICORE_NUM) {
        char *end;
        long n = strtol(value, &end, 10);
        if (*value == 0 || *end || n <= 0)
            return bad_opt(d->name, value, "ACL_AICORE_NUM must be a positive integer");
    }
    char *copy = strdup(value);
    if (copy == NULL)
        return ACL_ERROR_BAD_ALLOC;
    pthread_mutex_lock(&opt_lock);
    free(opt_values[opt]);
    opt_values[opt] = copy;
    pthread_mutex_unlock(&opt_lock);
    return ACL_SUCCESS;
}

/* Current value (the default when unset), copied into buf. */
static size_t opt_get(aclCompileOpt opt, char *buf, size_t cap)
{
    pthread_mutex_lock(&opt_lock);
    const char *v = opt_values[opt] ? opt_values[opt] : opt_defs[opt].dflt;
    size_t n = strlen(v);
    if (buf && cap > n)
        memcpy(buf, v, n + 1);
    pthread_mutex_unlock(&opt_lock);
    return n + 1;
}

API size_t aclGetCompileoptSize(aclCompileOpt opt)
{
    if ((int)opt < 0 || (int)opt >= NOPTS) {
        char v[32];
        snprintf(v, sizeof(v), "%d", (int)opt);
        bad_opt("opt", v, "it is not an aclCompileOpt value");
        return 0;
    }
    return opt_get(opt, NULL, 0);
}

API aclError aclGetCompileopt(aclCompileOpt opt, char *value, size_t length)
{
    if ((int)opt < 0 || (int)opt >= NOPTS) {
        char v[32];
        snprintf(v, sizeof(v), "%d", (int)opt);
        return bad_opt("opt", v, "it is not an aclCompileOpt value");
    }
    if (value == NULL)
        return null_arg("value");
    size_t need = opt_get(opt, NULL, 0);
    if (length < need) {
        char v[32], why[96];
        snprintf(v, sizeof(v), "%zu", length);
        snprintf(why, sizeof(why), "the value needs %zu bytes (see aclGetCompileoptSize)", need);
        return bad_opt("length", v, why);
    }
    opt_get(opt, value, length);
    return ACL_SUCCESS;
}

API aclError aclopSetCompileFlag(aclOpCompileFlag flag)
{
    if (flag != ACL_OP_COMPILE_DEFAULT && flag != ACL_OP_COMPILE_FUZZ) {
        char v[32];
        snprintf(v, sizeof(v), "%d", (int)flag);
        return bad_opt("flag", v, "expected ACL_OP_COMPILE_DEFAULT (0) or ACL_OP_COMPILE_FUZZ (1)");
    }
    compile_flag = flag;
    return ACL_SUCCESS;
}

static int check_compile_args(aclopEngineType engineType, aclopCompileType compileFlag, const char *opPath)
{
    if (engineType != ACL_ENGINE_SYS && engineType != ACL_ENGINE_AICORE && engineType != ACL_ENGINE_VECTOR) {
        char v[32];
        snprintf(v, sizeof(v), "%d", (int)engineType);
        return bad_opt("engineType", v, "expected ACL_ENGINE_SYS");
    }
    if (compileFlag != ACL_COMPILE_SYS) {
        char v[32];
        snprintf(v, sizeof(v), "%d", (int)compileFlag);
        return bad_opt("compileFlag", v, "only ACL_COMPILE_SYS (built-in operators) is supported");
    }
    if (opPath != NULL)
        return bad_opt("opPath", opPath, "it is reserved and must be NULL");
    return ACL_SUCCESS;
}

API aclError aclopCompile(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], int numOutputs,
                          const aclTensorDesc *const outputDesc[], const aclopAttr *attr, aclopEngineType engineType,
                          aclopCompileType compileFlag, const char *opPath)
{
    int rc = check_compile_args(engineType, compileFlag, opPath);
    if (rc != ACL_SUCCESS)
        return rc;
    return aclemu_aclop_compile("aclopCompile", opType, numInputs, inputDesc, numOutputs, outputDesc, attr, true);
}

API aclError aclopCompileAndExecute(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                    const aclDataBuffer *const inputs[], int numOutputs,
                                    const aclTensorDesc *const outputDesc[], aclDataBuffer *const outputs[],
                                    const aclopAttr *attr, aclopEngineType engineType, aclopCompileType compileFlag,
                                    const char *opPath, aclrtStream stream)
{
    int rc = check_compile_args(engineType, compileFlag, opPath);
    if (rc == ACL_SUCCESS)
        rc = aclemu_aclop_compile("aclopCompileAndExecute", opType, numInputs, inputDesc, numOutputs, outputDesc, attr,
                                  true);
    if (rc == ACL_SUCCESS)
        rc = aclemu_aclop_execute("aclopCompileAndExecute", opType, numInputs, inputDesc, inputs, numOutputs,
                                  outputDesc, outputs, NULL, attr, stream, true);
    return rc;
}

API aclError aclopCompileAndExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[],
                                      aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[],
                                      aclDataBuffer *outputs[], aclopAttr *attr, aclopEngineType engineType,
                                      aclopCompileType compileFlag, const char *opPath, aclrtStream stream)
{
    int rc = check_compile_args(engineType, compileFlag, opPath);
    const aclTensorDesc *const *in = (const aclTensorDesc *const *)inputDesc;
    const aclTensorDesc *const *out = (const aclTensorDesc *const *)outputDesc;
    if (rc == ACL_SUCCESS)
        rc = aclemu_aclop_compile("aclopCompileAndExecuteV2", opType, numInputs, in, numOutputs, out, attr, true);
    if (rc == ACL_SUCCESS)
        rc = aclemu_aclop_execute("aclopCompileAndExecuteV2", opType, numInputs, in,
                                  (const aclDataBuffer *const *)inputs, numOutputs, out, outputs, outputDesc, attr,
                                  stream, true);
    return rc;
}

/* ---- graph dump (GE builds and dumps the op's graph; there is no graph compiler here) ---- */
struct aclGraphDumpOption {
    int reserved;
};

API aclGraphDumpOption *aclCreateGraphDumpOpt(void)
{
    return calloc(1, sizeof(aclGraphDumpOption));
}

API aclError aclDestroyGraphDumpOpt(const aclGraphDumpOption *graphDumpOpt)
{
    if (graphDumpOpt == NULL)
        return null_arg("graphDumpOpt");
    free((void *)graphDumpOpt);
    return ACL_SUCCESS;
}

API aclError aclGenGraphAndDumpForOp(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                     const aclDataBuffer *const inputs[], int numOutputs,
                                     const aclTensorDesc *const outputDesc[], aclDataBuffer *const outputs[],
                                     const aclopAttr *attr, aclopEngineType engineType, const char *graphDumpPath,
                                     const aclGraphDumpOption *graphDumpOpt)
{
    aclemu_errmsg_push("EH0006", "%s is not supported. Reason: %s.", "aclGenGraphAndDumpForOp",
                       "the emulated toolkit has no graph engine whose graphs could be dumped");
    return ACL_ERROR_API_NOT_SUPPORT;
}
