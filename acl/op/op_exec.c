/* Executing single ops: aclopExecute(V2), handles, aclopCast, aclopInferShape, and the
 * model sources (aclopSetModelDir, aclopLoad, aclopSetMaxOpQueueNum), plus the custom-kernel
 * APIs that this toolkit does not provide. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "acl/acl_rt.h"
#include "aclemu_runtime.h"
#include "aclop_internal.h"
#include "data_buffer.h"
#include "op_model.h"
#include "op_spec.h"

#define API ACL_FUNC_VISIBILITY

static int null_arg(const char *name)
{
    aclemu_errmsg_push("EH0002", "Argument %s must not be null.", name);
    return ACL_ERROR_INVALID_PARAM;
}

static int bad_count(const char *name, int v)
{
    char s[32];
    snprintf(s, sizeof(s), "%d", v);
    aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", s, name,
                       v < 0 ? "it must not be negative" : "too many tensors for one operator");
    return ACL_ERROR_INVALID_PARAM;
}

static int check_arrays(int nin, const void *in_desc, const void *in_buf, int nout, const void *out_desc,
                        const void *out_buf)
{
    if (nin < 0 || nin > ACLOP_MAX_IO)
        return bad_count("numInputs", nin);
    if (nout < 0 || nout > ACLOP_MAX_IO)
        return bad_count("numOutputs", nout);
    if (nin > 0 && in_desc == NULL)
        return null_arg("inputDesc");
    if (nin > 0 && in_buf == NULL)
        return null_arg("inputs");
    if (nout > 0 && out_desc == NULL)
        return null_arg("outputDesc");
    if (nout > 0 && out_buf == NULL)
        return null_arg("outputs");
    return ACL_SUCCESS;
}

static void not_found(const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                      const aclTensorDesc *const out[], const aclopAttr *attr)
{
    char ins[1024] = "", outs[1024] = "", attrs[1024], one[300];
    size_t o = 0;
    for (int k = 0; k < nin && in[k]; k++)
        o += (size_t)snprintf(ins + o, o < sizeof(ins) ? sizeof(ins) - o : 0, "%s%s", k ? "; " : "",
                              aclop_desc_str(in[k], one, sizeof(one)));
    o = 0;
    for (int k = 0; k < nout && out[k]; k++)
        o += (size_t)snprintf(outs + o, o < sizeof(outs) ? sizeof(outs) - o : 0, "%s%s", k ? "; " : "",
                              aclop_desc_str(out[k], one, sizeof(one)));
    aclemu_errmsg_push("EH9999",
                       "[Match][OpModel]MatchOpModel fail from static map or dynamic map. opType = %s, "
                       "inputs = [%s], outputs = [%s], attr = %s. Compile the operator first (aclopCompile, "
                       "or atc --singleop and aclopSetModelDir / aclopLoad)",
                       opType, ins, outs, aclop_attr_str(attr, attrs, sizeof(attrs)));
}

static bool all_outputs_empty(int nout, const aclTensorDesc *const out[])
{
    if (nout == 0)
        return false;
    for (int k = 0; k < nout; k++)
        if (out[k] == NULL || aclop_desc_is_dynamic(out[k]) || aclop_desc_numel(out[k]) != 0)
            return false;
    return true;
}

typedef struct temps {
    void *mem[ACLOP_MAX_IO];
    int n;
} temps;

static int to_device(aclop_call *c, temps *t, const void *src, size_t len, void **dev)
{
    void *p = NULL;
    int rc = aclrtMalloc(&p, len ? len : 32, ACL_MEM_MALLOC_HUGE_FIRST);
    if (rc != ACL_SUCCESS)
        return rc;
    t->mem[t->n++] = p;
    if (len)
        rc = aclrtMemcpy(p, len, src, len, ACL_MEMCPY_HOST_TO_DEVICE);
    *dev = p;
    return rc;
}

static size_t desc_bytes(aclDataType dt, size_t ndims, const int64_t *dims)
{
    size_t n = 1;
    for (size_t i = 0; i < ndims; i++)
        n *= dims[i] > 0 ? (size_t)dims[i] : 0;
    return n * aclDataTypeSize(dt);
}

ACLEMU_ACLOP_API int aclemu_aclop_execute(const char *api, const char *opType, int nin,
                                          const aclTensorDesc *const in[], const aclDataBuffer *const inb[], int nout,
                                          const aclTensorDesc *const out[], aclDataBuffer *const outb[],
                                          aclTensorDesc *const rewrite[], const aclopAttr *attr, aclrtStream stream,
                                          bool need_model)
{
    if (opType == NULL)
        return null_arg("opType");
    int rc = check_arrays(nin, in, inb, nout, out, outb);
    if (rc != ACL_SUCCESS)
        return rc;
    for (int k = 0; k < nin; k++)
        if (in[k] == NULL)
            return null_arg("inputDesc[i]");
    for (int k = 0; k < nout; k++)
        if (out[k] == NULL)
            return null_arg("outputDesc[i]");
    if (all_outputs_empty(nout, out))
        return ACL_SUCCESS;
    for (int k = 0; k < nin; k++) {
        if (aclop_desc_is_dynamic(in[k])) {
            char d[300];
            aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", aclop_desc_str(in[k], d, sizeof(d)),
                               "inputDesc", "TensorDesc must be static when executing (no -1 / -2 dims)");
            return ACL_ERROR_INVALID_PARAM;
        }
    }
    bool dynamic = false;
    if (need_model && aclop_model_match(opType, nin, in, nout, out, attr, &dynamic) != ACL_SUCCESS) {
        not_found(opType, nin, in, nout, out, attr);
        return ACL_ERROR_OP_NOT_FOUND;
    }

    aclop_call c;
    memset(&c, 0, sizeof(c));
    /* host-resident / constant inputs: their values are visible to inference (shape inputs) */
    for (int k = 0; k < nin; k++) {
        if (in[k]->placement == ACL_MEMTYPE_HOST && inb[k] && inb[k]->data) {
            c.in_host[k] = inb[k]->data;
            c.in_host_len[k] = inb[k]->length;
        } else if (in[k]->is_const && in[k]->const_data) {
            c.in_host[k] = in[k]->const_data;
            c.in_host_len[k] = in[k]->const_len;
        }
    }
    aclopAttr *resolved = NULL;
    rc = aclop_prepare(&c, opType, nin, in, nout, out, attr, &resolved, true);
    if (rc != ACL_SUCCESS)
        goto done;
    if (c.spec->run == NULL) {
        rc = aclop_fail(&c, ACL_ERROR_KERNEL_NOT_FOUND,
                        "op %s is known and compiles, but no kernel for it is built into this toolkit yet",
                        c.spec->type);
        goto done;
    }

    temps t = {.n = 0};
    bool sync = dynamic;
    for (int k = 0; k < nin; k++) {
        if (c.in[k] == NULL)
            continue;
        const aclTensorDesc *d = in[k];
        size_t need = desc_bytes(d->dtype, d->ndims, d->dims);
        const aclDataBuffer *b = inb[k];
        const char *name = aclop_spec_input_name(c.spec, k);
        bool host = d->placement == ACL_MEMTYPE_HOST;
        if (d->is_const && d->const_data && (b == NULL || b->data == NULL)) {
            /* constant input without data: the descriptor's constant is the value */
            if (d->const_len < need) {
                rc = aclop_fail(&c, ACL_ERROR_INVALID_PARAM, "const input %d (%s) of op %s holds %zu bytes, needs %zu", k,
                                name, c.spec->type, d->const_len, need);
                goto undo;
            }
            if ((rc = to_device(&c, &t, d->const_data, need, &c.in_addr[k])) != ACL_SUCCESS)
                goto undo;
            sync = true;
            continue;
        }
        if (b == NULL) {
            rc = aclop_fail(&c, ACL_ERROR_INVALID_PARAM, "inputs[%d] (%s) of op %s is NULL", k, name, c.spec->type);
            goto undo;
        }
        if (b->data == NULL && need > 0) {
            rc = aclop_fail(&c, ACL_ERROR_INVALID_PARAM, "the data buffer of input %d (%s) of op %s has no address", k,
                            name, c.spec->type);
            goto undo;
        }
        if (b->length < need) {
            char ds[300];
            rc = aclop_fail(&c, ACL_ERROR_INVALID_PARAM,
                            "the data buffer of input %d (%s) of op %s holds %zu bytes, but its descriptor (%s) needs %zu",
                            k, name, c.spec->type, b->length, aclop_desc_str(d, ds, sizeof(ds)), need);
            goto undo;
        }
        if (host) {
            if ((rc = to_device(&c, &t, b->data, need, &c.in_addr[k])) != ACL_SUCCESS)
                goto undo;
            sync = true;
        } else {
            if (need && aclemu_host_view(b->data, need) == NULL) {
                rc = aclop_fail(&c, ACL_ERROR_INVALID_PARAM,
                                "the data buffer of input %d (%s) of op %s (%p, %zu bytes) is not device memory of the "
                                "current device; allocate it with aclrtMalloc or mark the descriptor "
                                "aclSetTensorPlaceMent(ACL_MEMTYPE_HOST)", k, name, c.spec->type, b->data, need);
                goto undo;
            }
            c.in_addr[k] = b->data;
        }
    }
    for (int k = 0; k < nout; k++) {
        const aclop_tinfo *ti = &c.inferred[k];
        for (size_t i = 0; i < ti->ndims; i++) {
            if (ti->dims[i] < 0) {
                rc = aclop_fail(&c, ACL_ERROR_OP_OUTPUT_NOT_MATCH, "the shape of output %d (%s) of op %s cannot be "
                                "inferred from the inputs", k, c.spec->outputs[k], c.spec->type);
                goto undo;
            }
        }
        size_t need = desc_bytes(ti->dtype, ti->ndims, ti->dims);
        const aclDataBuffer *b = outb[k];
        if (b == NULL) {
            rc = aclop_fail(&c, ACL_ERROR_INVALID_PARAM, "outputs[%d] (%s) of op %s is NULL", k, c.spec->outputs[k],
                            c.spec->type);
            goto undo;
        }
        if (b->length < need || (b->data == NULL && need)) {
            char ds[256];
            rc = aclop_fail(&c, ACL_ERROR_INVALID_PARAM,
                            "the data buffer of output %d (%s) of op %s holds %zu bytes, but the output %s %s needs %zu",
                            k, c.spec->outputs[k], c.spec->type, b->data ? b->length : 0, aclop_dtype_name(ti->dtype),
                            aclop_dims_str(ti->dims, ti->ndims, ds, sizeof(ds)), need);
            goto undo;
        }
        if (need && aclemu_host_view(b->data, need) == NULL) {
            rc = aclop_fail(&c, ACL_ERROR_INVALID_PARAM,
                            "the data buffer of output %d (%s) of op %s (%p, %zu bytes) is not device memory of the "
                            "current device", k, c.spec->outputs[k], c.spec->type, b->data, need);
            goto undo;
        }
        c.out_addr[k] = b->data;
        if (aclop_desc_is_dynamic(out[k]))
            sync = true;
    }
    c.stream = stream;
    rc = c.spec->run(&c);
    if (rc == ACL_SUCCESS && rewrite) {
        /* V2: dynamic output descriptors get the computed shapes */
        for (int k = 0; k < nout; k++)
            if (aclop_desc_is_dynamic(rewrite[k]))
                aclop_desc_set_dims(rewrite[k], c.inferred[k].ndims, c.inferred[k].dims);
    }
    if (rc == ACL_SUCCESS && sync)
        rc = aclrtSynchronizeStream(stream);
undo:
    if (t.n && rc != ACL_SUCCESS)
        aclrtSynchronizeStream(stream);
    for (int k = 0; k < t.n; k++)
        aclrtFree(t.mem[k]);
done:
    aclop_attr_free(resolved);
    (void)api;
    return rc;
}

API aclError aclopExecute(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                          const aclDataBuffer *const inputs[], int numOutputs, const aclTensorDesc *const outputDesc[],
                          aclDataBuffer *const outputs[], const aclopAttr *attr, aclrtStream stream)
{
    return aclemu_aclop_execute("aclopExecute", opType, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs,
                                NULL, attr, stream, true);
}

API aclError aclopExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[], aclDataBuffer *inputs[],
                            int numOutputs, aclTensorDesc *outputDesc[], aclDataBuffer *outputs[], aclopAttr *attr,
                            aclrtStream stream)
{
    return aclemu_aclop_execute("aclopExecuteV2", opType, numInputs, (const aclTensorDesc *const *)inputDesc,
                                (const aclDataBuffer *const *)inputs, numOutputs,
                                (const aclTensorDesc *const *)outputDesc, outputs, outputDesc, attr, stream, true);
}

/* ---- compile / build (exported to libacl_op_compiler and atc) --------------------------- */

static int check_ranges(const char *opType, int n, const aclTensorDesc *const d[], const char *what)
{
    for (int k = 0; k < n; k++) {
        const aclTensorDesc *x = d[k];
        if (x->nrange && !aclop_desc_unknown_rank(x) && x->nrange != x->ndims) {
            char v[32];
            snprintf(v, sizeof(v), "%zu", x->nrange);
            aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s %d of op %s has %zu dims, so its "
                               "shape range needs %zu entries.", v, "shape range", what, k, opType, x->ndims, x->ndims);
            return ACL_ERROR_INVALID_PARAM;
        }
        for (size_t i = 0; i < x->nrange; i++) {
            if (x->range[i][0] < 0 || (x->range[i][1] >= 0 && x->range[i][1] < x->range[i][0])) {
                aclemu_errmsg_push("EH0001", "Value [%lld,%lld] for %s is invalid. Reason: %s %d of op %s: min must "
                                   "be >= 0 and max >= min (or -1 for unbounded).", (long long)x->range[i][0],
                                   (long long)x->range[i][1], "shape range", what, k, opType);
                return ACL_ERROR_INVALID_PARAM;
            }
        }
    }
    return ACL_SUCCESS;
}

static int validate(const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                    const aclTensorDesc *const out[], const aclopAttr *attr)
{
    if (opType == NULL)
        return null_arg("opType");
    if (nin < 0 || nin > ACLOP_MAX_IO)
        return bad_count("numInputs", nin);
    if (nout < 0 || nout > ACLOP_MAX_IO)
        return bad_count("numOutputs", nout);
    if (nin > 0 && in == NULL)
        return null_arg("inputDesc");
    if (nout > 0 && out == NULL)
        return null_arg("outputDesc");
    for (int k = 0; k < nin; k++)
        if (in[k] == NULL)
            return null_arg("inputDesc[i]");
    for (int k = 0; k < nout; k++)
        if (out[k] == NULL)
            return null_arg("outputDesc[i]");
    int rc = check_ranges(opType, nin, in, "input");
    if (rc == ACL_SUCCESS)
        rc = check_ranges(opType, nout, out, "output");
    if (rc != ACL_SUCCESS)
        return rc;
    aclop_call c;
    memset(&c, 0, sizeof(c));
    aclopAttr *resolved = NULL;
    rc = aclop_prepare(&c, opType, nin, in, nout, out, attr, &resolved, true);
    aclop_attr_free(resolved);
    return rc;
}

ACLEMU_ACLOP_API int aclemu_aclop_compile(const char *api, const char *opType, int nin,
                                          const aclTensorDesc *const in[], int nout, const aclTensorDesc *const out[],
                                          const aclopAttr *attr, bool register_model)
{
    (void)api;
    int rc = validate(opType, nin, in, nout, out, attr);
    if (rc != ACL_SUCCESS || !register_model)
        return rc;
    aclop_model *m = aclop_model_new(opType, nin, in, nout, out, attr);
    if (m == NULL)
        return ACL_ERROR_BAD_ALLOC;
    return aclop_model_register(m, ACLOP_SRC_COMPILED);
}

ACLEMU_ACLOP_API int aclemu_aclop_build_model(const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                                              const aclTensorDesc *const out[], const aclopAttr *attr,
                                              const char *socVersion, void **blob, size_t *size)
{
    int rc = validate(opType, nin, in, nout, out, attr);
    if (rc != ACL_SUCCESS)
        return rc;
    aclop_model *m = aclop_model_new(opType, nin, in, nout, out, attr);
    if (m == NULL)
        return ACL_ERROR_BAD_ALLOC;
    free(m->soc_version);
    m->soc_version = strdup(socVersion ? socVersion : "");
    rc = m->soc_version ? aclop_om_serialize(m, blob, size) : ACL_ERROR_BAD_ALLOC;
    aclop_model_free(m);
    return rc;
}

ACLEMU_ACLOP_API size_t aclemu_aclop_model_count(void)
{
    return aclop_model_count();
}

ACLEMU_ACLOP_API void aclemu_aclop_model_clear(void)
{
    aclop_model_clear();
}

/* ---- model sources ----------------------------------------------------------------------- */

static int load_blob(const void *blob, size_t len, aclop_model_src src, const char *path)
{
    aclop_model *m;
    char why[256];
    int rc = aclop_om_parse(blob, len, &m, why, sizeof(why));
    if (rc != ACL_SUCCESS) {
        if (path)
            ACLEMU_LOG(ACLEMU_LOG_WARNING, "ASCENDCL", "parse model failed. result = %d, model = %s (%s). skip it", rc,
                       path, why);
        else
            aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", "model", "model", why);
        return rc;
    }
    if (path)
        m->path = strdup(path);
    return aclop_model_register(m, src);
}

static int read_file(const char *path, void **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return ACL_ERROR_READ_MODEL_FAILURE;
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || st.st_size <= 0 || st.st_size > (1 << 30)) {
        fclose(f);
        return ACL_ERROR_READ_MODEL_FAILURE;
    }
    void *p = malloc((size_t)st.st_size);
    if (p == NULL || fread(p, 1, (size_t)st.st_size, f) != (size_t)st.st_size) {
        free(p);
        fclose(f);
        return ACL_ERROR_READ_MODEL_FAILURE;
    }
    fclose(f);
    *data = p;
    *len = (size_t)st.st_size;
    return ACL_SUCCESS;
}

/* Loads every *.om under dir, descending at most `depth` more levels. */
static void scan_dir(const char *dir, int depth, size_t *loaded)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[PATH_MAX];
        if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >= sizeof(path))
            continue;
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            if (depth > 0)
                scan_dir(path, depth - 1, loaded);
            continue;
        }
        size_t n = strlen(e->d_name);
        if (!S_ISREG(st.st_mode) || n < 3 || strcmp(e->d_name + n - 3, ".om") != 0)
            continue;
        void *blob;
        size_t len;
        if (read_file(path, &blob, &len) != ACL_SUCCESS) {
            ACLEMU_LOG(ACLEMU_LOG_WARNING, "ASCENDCL", "cannot read model file %s, skip it", path);
            continue;
        }
        if (load_blob(blob, len, ACLOP_SRC_DIR, path) == ACL_SUCCESS)
            (*loaded)++;
        free(blob);
    }
    closedir(d);
}

API aclError aclopSetModelDir(const char *modelDir)
{
    if (modelDir == NULL)
        return null_arg("modelDir");
    char real[PATH_MAX];
    struct stat st;
    if (realpath(modelDir, real) == NULL || stat(real, &st) != 0 || !S_ISDIR(st.st_mode)) {
        aclemu_errmsg_push("EH0003", "Path %s is invalid. Reason: %s.", modelDir,
                           errno ? strerror(errno) : "it is not a directory");
        return ACL_ERROR_READ_MODEL_FAILURE;
    }
    size_t loaded = 0;
    scan_dir(real, 3, &loaded);
    if (loaded == 0)
        ACLEMU_LOG(ACLEMU_LOG_WARNING, "ASCENDCL", "No model is loaded from %s.", real);
    return ACL_SUCCESS;
}

API aclError aclopLoad(const void *model, size_t modelSize)
{
    if (model == NULL)
        return null_arg("model");
    if (modelSize == 0) {
        aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", "0", "modelSize",
                           "it must be greater than zero");
        return ACL_ERROR_INVALID_PARAM;
    }
    return load_blob(model, modelSize, ACLOP_SRC_LOADED, NULL);
}

API aclError aclopSetMaxOpQueueNum(uint64_t maxOpNum)
{
    if (maxOpNum == 0) {
        aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", "0", "maxOpNum",
                           "it must be greater than zero");
        return ACL_ERROR_INVALID_PARAM;
    }
    aclop_model_set_max(maxOpNum);
    return ACL_SUCCESS;
}

/* ---- handles ----------------------------------------------------------------------------- */
struct aclopHandle {
    char *op_type;
    int nin, nout;
    aclTensorDesc in[ACLOP_MAX_IO], out[ACLOP_MAX_IO];
    aclopAttr *attr;
};

API void aclopDestroyHandle(aclopHandle *handle)
{
    if (handle == NULL)
        return;
    for (int k = 0; k < handle->nin; k++)
        aclop_desc_release(&handle->in[k]);
    for (int k = 0; k < handle->nout; k++)
        aclop_desc_release(&handle->out[k]);
    aclop_attr_free(handle->attr);
    free(handle->op_type);
    free(handle);
}

static int make_handle(const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                       const aclTensorDesc *const out[], const aclopAttr *attr, aclopHandle **handle)
{
    if (handle == NULL)
        return null_arg("handle");
    int rc = validate(opType, nin, in, nout, out, attr);
    if (rc != ACL_SUCCESS)
        return rc;
    bool dynamic;
    if (aclop_model_match(opType, nin, in, nout, out, attr, &dynamic) != ACL_SUCCESS) {
        not_found(opType, nin, in, nout, out, attr);
        return ACL_ERROR_OP_NOT_FOUND;
    }
    aclopHandle *h = calloc(1, sizeof(*h));
    if (h == NULL)
        return ACL_ERROR_BAD_ALLOC;
    h->op_type = strdup(opType);
    h->attr = aclop_attr_clone(attr);
    h->nin = nin;
    h->nout = nout;
    bool ok = h->op_type && h->attr;
    for (int k = 0; ok && k < nin; k++)
        ok = aclop_desc_copy(&h->in[k], in[k]) == ACL_SUCCESS;
    for (int k = 0; ok && k < nout; k++)
        ok = aclop_desc_copy(&h->out[k], out[k]) == ACL_SUCCESS;
    if (!ok) {
        aclopDestroyHandle(h);
        return ACL_ERROR_BAD_ALLOC;
    }
    *handle = h;
    return ACL_SUCCESS;
}

API aclError aclopCreateHandle(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                               int numOutputs, const aclTensorDesc *const outputDesc[], const aclopAttr *opAttr,
                               aclopHandle **handle)
{
    return make_handle(opType, numInputs, inputDesc, numOutputs, outputDesc, opAttr, handle);
}

API aclError aclopExecWithHandle(aclopHandle *handle, int numInputs, const aclDataBuffer *const inputs[],
                                 int numOutputs, aclDataBuffer *const outputs[], aclrtStream stream)
{
    if (handle == NULL)
        return null_arg("handle");
    if (numInputs != handle->nin || numOutputs != handle->nout) {
        char v[64];
        snprintf(v, sizeof(v), "%d/%d", numInputs, numOutputs);
        aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: the handle of op %s was created with %d "
                           "inputs and %d outputs.", v, "numInputs/numOutputs", handle->op_type, handle->nin,
                           handle->nout);
        return ACL_ERROR_INVALID_PARAM;
    }
    const aclTensorDesc *in[ACLOP_MAX_IO], *out[ACLOP_MAX_IO];
    for (int k = 0; k < handle->nin; k++)
        in[k] = &handle->in[k];
    for (int k = 0; k < handle->nout; k++)
        out[k] = &handle->out[k];
    return aclemu_aclop_execute("aclopExecWithHandle", handle->op_type, numInputs, in, inputs, numOutputs, out,
                                outputs, NULL, handle->attr, stream, false);
}

/* aclopCast runs the "Cast" model; like GE it adds "truncate" only if a Cast model uses it. */
static aclopAttr *cast_attr(const aclTensorDesc *dst, uint8_t truncate)
{
    aclopAttr *a = aclopCreateAttr();
    if (a == NULL)
        return NULL;
    aclopSetAttrInt(a, "dst_type", dst->dtype);
    if (aclop_model_any_has_attr("Cast", "truncate"))
        aclopSetAttrBool(a, "truncate", truncate);
    return a;
}

API aclError aclopCast(const aclTensorDesc *srcDesc, const aclDataBuffer *srcBuffer, const aclTensorDesc *dstDesc,
                       aclDataBuffer *dstBuffer, uint8_t truncate, aclrtStream stream)
{
    if (srcDesc == NULL)
        return null_arg("srcDesc");
    if (dstDesc == NULL)
        return null_arg("dstDesc");
    if (srcBuffer == NULL)
        return null_arg("srcBuffer");
    if (dstBuffer == NULL)
        return null_arg("dstBuffer");
    aclopAttr *a = cast_attr(dstDesc, truncate);
    if (a == NULL)
        return ACL_ERROR_BAD_ALLOC;
    const aclTensorDesc *in[1] = {srcDesc}, *out[1] = {dstDesc};
    const aclDataBuffer *ib[1] = {srcBuffer};
    aclDataBuffer *ob[1] = {dstBuffer};
    int rc = aclemu_aclop_execute("aclopCast", "Cast", 1, in, ib, 1, out, ob, NULL, a, stream, true);
    aclop_attr_free(a);
    return rc;
}

API aclError aclopCreateHandleForCast(aclTensorDesc *srcDesc, aclTensorDesc *dstDesc, uint8_t truncate,
                                      aclopHandle **handle)
{
    if (srcDesc == NULL)
        return null_arg("srcDesc");
    if (dstDesc == NULL)
        return null_arg("dstDesc");
    aclopAttr *a = cast_attr(dstDesc, truncate);
    if (a == NULL)
        return ACL_ERROR_BAD_ALLOC;
    const aclTensorDesc *in[1] = {srcDesc}, *out[1] = {dstDesc};
    int rc = make_handle("Cast", 1, in, 1, out, a, handle);
    aclop_attr_free(a);
    return rc;
}

API aclError aclopInferShape(const char *opType, int numInputs, aclTensorDesc *inputDesc[], aclDataBuffer *inputs[],
                             int numOutputs, aclTensorDesc *outputDesc[], aclopAttr *attr)
{
    if (opType == NULL)
        return null_arg("opType");
    if (numInputs < 0 || numInputs > ACLOP_MAX_IO)
        return bad_count("numInputs", numInputs);
    if (numOutputs < 0 || numOutputs > ACLOP_MAX_IO)
        return bad_count("numOutputs", numOutputs);
    if ((numInputs > 0 && inputDesc == NULL) || (numOutputs > 0 && outputDesc == NULL))
        return null_arg(inputDesc == NULL ? "inputDesc" : "outputDesc");
    for (int k = 0; k < numInputs; k++)
        if (inputDesc[k] == NULL)
            return null_arg("inputDesc[i]");
    for (int k = 0; k < numOutputs; k++)
        if (outputDesc[k] == NULL)
            return null_arg("outputDesc[i]");
    aclop_call c;
    memset(&c, 0, sizeof(c));
    for (int k = 0; k < numInputs; k++) {
        const aclTensorDesc *d = inputDesc[k];
        if (d->is_const && d->const_data) {
            c.in_host[k] = d->const_data;
            c.in_host_len[k] = d->const_len;
        } else if (inputs && inputs[k] && inputs[k]->data && d->placement == ACL_MEMTYPE_HOST) {
            c.in_host[k] = inputs[k]->data;
            c.in_host_len[k] = inputs[k]->length;
        }
    }
    aclopAttr *resolved = NULL;
    int rc = aclop_prepare(&c, opType, numInputs, (const aclTensorDesc *const *)inputDesc, numOutputs,
                           (const aclTensorDesc *const *)outputDesc, attr, &resolved, false);
    if (rc == ACL_SUCCESS) {
        for (int k = 0; k < numOutputs; k++) {
            aclTensorDesc *o = outputDesc[k];
            o->dtype = c.inferred[k].dtype;
            aclop_desc_set_dims(o, c.inferred[k].ndims, c.inferred[k].dims);
            o->nrange = 0; /* unknown dims: no range recorded, [1, -1] is implied */
        }
    }
    aclop_attr_free(resolved);
    return rc;
}

/* ---- custom kernels: this toolkit has no TIK / AscendC kernel loader ------------------- */
static int no_custom(const char *api)
{
    aclemu_errmsg_push("EH0006", "%s is not supported. Reason: %s.", api,
                       "custom operator kernels cannot be registered on the emulated NPU; only the built-in "
                       "operator types run (see aclopExecuteV2)");
    return ACL_ERROR_API_NOT_SUPPORT;
}

API aclError aclopCreateKernel(const char *opType, const char *kernelId, const char *kernelName, void *binData,
                               int binSize, aclopEngineType enginetype, aclDataDeallocator deallocator)
{
    return no_custom("aclopCreateKernel");
}

API aclError aclopRegisterCompileFunc(const char *opType, aclopCompileFunc func)
{
    return no_custom("aclopRegisterCompileFunc");
}

API aclError aclopUnregisterCompileFunc(const char *opType)
{
    return no_custom("aclopUnregisterCompileFunc");
}

API aclError aclopSetKernelArgs(aclopKernelDesc *kernelDesc, const char *kernelId, uint32_t blockDim, const void *args,
                                uint32_t argSize)
{
    return no_custom("aclopSetKernelArgs");
}

API aclError aclopSetKernelWorkspaceSizes(aclopKernelDesc *kernelDesc, int numWorkspaces, size_t *workspaceSizes)
{
    return no_custom("aclopSetKernelWorkspaceSizes");
}

API aclError aclopUpdateParams(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                               int numOutputs, const aclTensorDesc *const outputDesc[], const aclopAttr *attr)
{
    return no_custom("aclopUpdateParams");
}
