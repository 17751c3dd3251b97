/* Executing a loaded model: the inputs are copied into their workspace slots, the planned steps'
 * launches go onto the stream (stage 2 of each repeatable executor; nothing is planned again),
 * and the outputs are copied out to the caller's buffers — all in stream order, on the device.
 * One execution at a time per model: its workspace is shared by every execution. */
#include <stdio.h>
#include <string.h>

#include "acl/acl_rt.h"
#include "aclemu_runtime.h"
#include "data_buffer.h"
#include "mdl_internal.h"
#include "ri_internal.h"

/* L: the gear's graph being run; dyn: a dynamic model, whose input dataset holds one more
 * buffer (ACL_DYNAMIC_TENSOR_NAME) and whose buffers may be larger than the gear's tensors */
static int check_dataset(const mdl_loaded *L, const mdl_model *top, const aclmdlDataset *ds, int out, int dyn,
                         const char *api)
{
    const mdl_model *m = L->m;
    uint32_t n = out ? m->noutputs : m->ninputs;
    const uint32_t *idx = out ? m->outputs : m->inputs;
    const char *what = out ? "output" : "input";
    uint32_t want = out ? n : n + mdl_num_dyn_aipp(top) + (dyn ? 1u : 0u);
    if (ds->n != want)
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "%s: the %s dataset holds %zu buffers, model %u has %u %ss%s", api,
                        what, ds->n, L->id, want, what, want > n ? " (with its dynamic AIPP / shape inputs)" : "");
    for (uint32_t i = 0; i < n; i++) {
        const aclDataBuffer *b = ds->slot[i].buf;
        const mdl_tensor *t = &m->tensors[idx[i]];
        size_t bytes = out ? (size_t)t->bytes : mdl_input_bytes(top, m, i);
        if (b == NULL || b->data == NULL)
            return mdl_fail(ACL_ERROR_GE_EXEC_MODEL_ADDR_INVALID, "%s: %s %u (%s) has no data buffer address", api,
                            what, i, t->name);
        if (out || dyn ? b->length < bytes : b->length != bytes)
            return mdl_fail(ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID,
                            "%s: %s %u (%s) buffer holds %zu bytes, the model %s %zu", api, what, i, t->name,
                            b->length, out ? "writes" : "takes", bytes);
        if (aclemu_host_view(b->data, bytes) == NULL)
            return mdl_fail(ACL_ERROR_GE_EXEC_MODEL_ADDR_INVALID,
                            "%s: %s %u (%s) buffer %p is not device memory of this process (aclrtMalloc it)", api,
                            what, i, t->name, b->data);
    }
    return ACL_SUCCESS;
}

static int enqueue_dyn_aipp(mdl_loaded *L, const mdl_model *top, uint32_t i, const mdl_aipp *a,
                            const aclmdlDataset *input, aclrtStream stream, const char *api)
{
    const mdl_tensor *t = &L->m->tensors[L->m->inputs[i]];
    uint32_t slot = top->ninputs;
    for (uint32_t k = 0; k < top->naipp && top->aipp_input[k] != i; k++)
        slot += top->aipp[k].mode == MDL_AIPP_DYNAMIC;
    const aclDataBuffer *b = input->slot[slot].buf;
    size_t n = (size_t)t->dims[0], need = sizeof(mdl_aipp) * n;
    const mdl_aipp *sets = b && b->data && b->length >= need ? aclemu_host_view(b->data, need) : NULL;
    if (sets == NULL)
        return mdl_fail(ACL_ERROR_GE_DYNAMIC_INPUT_ADDR_INVALID, "%s: no %s buffer of %zu bytes for input %u (index %u)",
                        api, ACL_DYNAMIC_AIPP_NAME, need, i, slot);
    char why[256];
    if (mdl_dyn_aipp_check(a, sets, n, t, why, sizeof(why)) != 0)
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "%s: the dynamic AIPP parameters of input %u: %s (set them with "
                        "aclmdlSetInputAIPP)", api, i, why);
    mdl_tensor one = *t;
    one.dims[0] = 1;
    one.bytes = t->bytes / (n ? n : 1);
    for (size_t k = 0; k < n; k++) {
        mdl_aipp p = sets[k];
        int rc = mdl_aipp_enqueue(&p, (const char *)input->slot[i].buf->data + k * (size_t)a->max_src_size,
                                  (char *)mdl_tensor_addr(L, t) + k * (size_t)one.bytes, &one, stream);
        if (rc != ACL_SUCCESS)
            return rc;
    }
    return ACL_SUCCESS;
}

static int enqueue(mdl_loaded *L, mdl_loaded *T, const aclmdlDataset *input, aclmdlDataset *output,
                   aclrtStream stream, const char *api)
{
    const mdl_model *top = T->m;
    const mdl_model *m = L->m;
    int rc;
    for (uint32_t i = 0; i < m->ninputs; i++) {
        const mdl_tensor *t = &m->tensors[m->inputs[i]];
        const mdl_aipp *a = mdl_input_aipp(top, i);
        if (a && a->mode == MDL_AIPP_STATIC) { /* the image conversion writes the input slot */
            if ((rc = mdl_aipp_enqueue(a, input->slot[i].buf->data, mdl_tensor_addr(L, t), t, stream)) != ACL_SUCCESS)
                return rc;
            continue;
        }
        if (a) { /* dynamic: per image, the parameter set of the ACL_DYNAMIC_AIPP_NAME input */
            if ((rc = enqueue_dyn_aipp(L, top, i, a, input, stream, api)) != ACL_SUCCESS)
                return rc;
            continue;
        }
        if (t->bytes && (rc = aclrtMemcpyAsync(mdl_tensor_addr(L, t), (size_t)t->bytes, input->slot[i].buf->data,
                                               (size_t)t->bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream)) != ACL_SUCCESS)
            return rc;
    }
    /* the steps: their task list, recorded at load (mdl_build_replay); one by one when dumping */
    if (mdl_dump_wanted(T)) {
        if ((rc = mdl_dump_run_steps(L, T, stream, api)) != ACL_SUCCESS)
            return rc;
    } else if ((rc = aclemu_ri_launch(L->replay, stream)) != ACL_SUCCESS) {
        return mdl_fail(rc, "%s: model %u: replaying its %u steps failed", api, L->id, L->nplans);
    }
    for (uint32_t i = 0; i < m->noutputs; i++) {
        const mdl_tensor *t = &m->tensors[m->outputs[i]];
        if (t->bytes && (rc = aclrtMemcpyAsync(output->slot[i].buf->data, (size_t)t->bytes, mdl_tensor_addr(L, t),
                                               (size_t)t->bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream)) != ACL_SUCCESS)
            return rc;
    }
    return ACL_SUCCESS;
}

aclError mdl_execute(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output, aclrtStream stream,
                     int sync, int32_t timeout_ms, const char *api)
{
    if (input == NULL || output == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", input ? "output" : "input");
        return ACL_ERROR_INVALID_PARAM;
    }
    mdl_loaded *L = mdl_acquire(modelId);
    if (L == NULL) {
        mdl_release();
        return ACL_ERROR_INVALID_MODEL_ID;
    }
    /* the model stays loaded while it runs: aclmdlUnload takes this lock before freeing */
    pthread_mutex_lock(&L->lock);
    mdl_release();
    /* a dynamic model runs the gear its ACL_DYNAMIC_TENSOR_NAME input names */
    int rc = ACL_SUCCESS, dyn = L->m->gear != NULL;
    int gear = mdl_dataset_gear(L, input, api, &rc);
    mdl_loaded *G = gear >= 0 && dyn ? L->run[gear] : L;
    if (rc == ACL_SUCCESS)
        rc = check_dataset(G, L->m, input, 0, dyn, api);
    if (rc == ACL_SUCCESS)
        rc = check_dataset(G, L->m, output, 1, dyn, api);
    /* an async execution still running on another stream uses the same workspace: wait for it
     * (executions on one stream are ordered by the stream itself) */
    if (rc == ACL_SUCCESS && L->pending && L->last_stream != stream) {
        rc = aclrtSynchronizeStream(L->last_stream);
        L->pending = false;
    }
    if (rc == ACL_SUCCESS)
        rc = enqueue(G, L, input, output, stream, api);
    if (rc == ACL_SUCCESS && L->dump != NULL)
        L->dump_iter++;
    if (rc == ACL_SUCCESS && sync) {
        rc = timeout_ms > 0 ? aclrtSynchronizeStreamWithTimeout(stream, timeout_ms) : aclrtSynchronizeStream(stream);
        L->pending = false;
    } else if (rc == ACL_SUCCESS) {
        L->pending = true;
        L->last_stream = stream;
    }
    pthread_mutex_unlock(&L->lock);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclmdlExecute(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output)
{
    return mdl_execute(modelId, input, output, NULL, 1, -1, "aclmdlExecute");
}

ACL_FUNC_VISIBILITY aclError aclmdlExecuteAsync(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output,
                                                aclrtStream stream)
{
    return mdl_execute(modelId, input, output, stream, 0, -1, "aclmdlExecuteAsync");
}

/* Issues every planned step once on a private stream in build mode: the launches are recorded
 * (not run) into L->replay, which aclmdlExecute replays with one submission. */
int mdl_build_replay(mdl_loaded *L)
{
    const mdl_model *m = L->m;
    aclrtStream s = NULL;
    int rc = aclrtCreateStream(&s);
    if (rc != ACL_SUCCESS)
        return rc;
    if ((rc = aclemu_ri_build_begin(s)) != ACL_SUCCESS) {
        aclrtDestroyStream(s);
        return rc;
    }
    int step_rc = ACL_SUCCESS;
    for (uint32_t i = 0; i < L->nplans && step_rc == ACL_SUCCESS; i++) {
        mdl_plan *p = &L->plans[i];
        if (p->ex == NULL) {
            if (p->copy_bytes)
                step_rc = aclrtMemcpyAsync(p->copy_dst, p->copy_bytes, p->copy_src, p->copy_bytes,
                                           ACL_MEMCPY_DEVICE_TO_DEVICE, s);
            continue;
        }
        aclnnStatus st = p->run(L->scratch, p->ws_size, p->ex, s);
        if (st != 0)
            step_rc = mdl_fail(ACL_ERROR_PARSE_MODEL, "model step %u, node %s (%s): %s returned %d while recording", i,
                               m->steps[i].node, m->steps[i].op_type, mdl_step_api(m->steps[i].kind), (int)st);
    }
    struct aclemu_ri *ri = NULL;
    rc = aclemu_ri_build_end(s, &ri);
    aclrtDestroyStream(s);
    if (step_rc != ACL_SUCCESS || rc != ACL_SUCCESS) {
        if (ri)
            aclemu_ri_destroy(ri);
        return step_rc != ACL_SUCCESS ? step_rc : rc;
    }
    L->replay = ri;
    return ACL_SUCCESS;
}
