/* Loading and unloading models: the file image is checked (mdl_format.c), the weights are
 * uploaded to device memory once, the activation workspace is allocated (or taken from the
 * caller: *WithMem), every step is planned (mdl_steps.c), and the model gets an id. All the
 * device memory is the calling process's (npu-smi shows it under the client). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_rt.h"
#include "aclemu_runtime.h"
#include "mdl_internal.h"
#include "ri_internal.h"

#define MAX_MODEL_FILE ((size_t)4 << 30)

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static mdl_loaded *reg_head;
static uint32_t next_id = 1;

mdl_loaded *mdl_acquire(uint32_t id)
{
    pthread_mutex_lock(&reg_lock);
    for (mdl_loaded *L = reg_head; L; L = L->next)
        if (L->id == id)
            return L;
    mdl_fail(ACL_ERROR_INVALID_MODEL_ID, "modelId %u is not a loaded model", id);
    return NULL;
}

void mdl_release(void) { pthread_mutex_unlock(&reg_lock); }

int mdl_read_file(const char *path, void **buf, size_t *len)
{
    *buf = NULL;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: %s.", path, strerror(errno));
        return ACL_ERROR_READ_MODEL_FAILURE;
    }
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size < 0 || (size_t)size > MAX_MODEL_FILE || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: %s.", path,
                           size < 0 ? "it cannot be read as a regular file" : "it is larger than 4 GiB");
        return ACL_ERROR_READ_MODEL_FAILURE;
    }
    void *p = malloc((size_t)size + 1);
    if (p == NULL) {
        fclose(f);
        return mdl_fail(ACL_ERROR_BAD_ALLOC, "cannot hold the %ld bytes of model %s", size, path);
    }
    size_t got = fread(p, 1, (size_t)size, f);
    fclose(f);
    if (got != (size_t)size) {
        free(p);
        aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: %s.", path, "short read");
        return ACL_ERROR_READ_MODEL_FAILURE;
    }
    *buf = p;
    *len = got;
    return ACL_SUCCESS;
}

int mdl_parse_image(const void *buf, size_t len, mdl_model **m)
{
    char why[512];
    if (!mdl_is_graph_model(buf, len)) {
        *m = NULL;
        return mdl_fail(ACL_ERROR_PARSE_MODEL,
                        "the model is not an aclemu graph model (atc --framework=5 writes them; CANN-built .om files "
                        "are not loadable)");
    }
    if (mdl_parse(buf, len, m, why, sizeof(why)) != 0)
        return mdl_fail(ACL_ERROR_DESERIALIZE_MODEL, "the model cannot be deserialized: %s", why);
    return ACL_SUCCESS;
}

/* the model was compiled for the chip of the current device (same SoC family) */
static int check_soc(const mdl_model *m)
{
    const aclemu_chip_profile *cur = aclemu_current_profile();
    if (strcmp(cur->soc_version, m->soc_version) == 0)
        return ACL_SUCCESS;
    aclemu_chip_profile built;
    char err[256];
    if (aclemu_profile_load(m->soc_version, &built, err, sizeof(err)) == 0 &&
        strcmp(built.short_soc_version, cur->short_soc_version) == 0)
        return ACL_SUCCESS;
    return mdl_fail(ACL_ERROR_PARSE_MODEL, "the model was built for %s (atc --soc_version) and cannot run on %s",
                    m->soc_version, cur->soc_version);
}

static void free_loaded(mdl_loaded *L)
{
    if (L == NULL)
        return;
    for (uint32_t k = 1; L->run && k < L->nrun; k++) {
        mdl_loaded *G = L->run[k];
        if (G == NULL)
            continue;
        if (G->replay)
            aclemu_ri_destroy(G->replay);
        mdl_free_plans(G);
        if (G->scratch)
            aclrtFree(G->scratch);
        if (G->prepack)
            aclrtFree(G->prepack);
        free(G);
    }
    free(L->run);
    mdl_dump_detach(L);
    if (L->replay)
        aclemu_ri_destroy(L->replay);
    mdl_free_plans(L);
    if (L->own_work && L->work)
        aclrtFree(L->work);
    if (L->own_weight && L->weight)
        aclrtFree(L->weight);
    if (L->scratch)
        aclrtFree(L->scratch);
    if (L->prepack)
        aclrtFree(L->prepack);
    mdl_free(L->m);
    pthread_mutex_destroy(&L->lock);
    free(L);
}

/* Every further gear of a dynamic model is planned over the model's work and weight memory. */
static int plan_gears(mdl_loaded *L)
{
    const mdl_model *m = L->m;
    if (m->gear == NULL)
        return ACL_SUCCESS;
    L->run = calloc(m->ngears, sizeof(mdl_loaded *));
    if (L->run == NULL)
        return mdl_fail(ACL_ERROR_BAD_ALLOC, "out of memory loading a model");
    L->nrun = m->ngears;
    L->run[0] = L;
    for (uint32_t k = 1; k < m->ngears; k++) {
        mdl_loaded *G = calloc(1, sizeof(*G));
        if (G == NULL)
            return mdl_fail(ACL_ERROR_BAD_ALLOC, "out of memory loading a model");
        L->run[k] = G;
        G->m = m->gear[k];
        G->device = L->device;
        G->work = L->work;
        G->weight = L->weight;
        G->work_size = L->work_size;
        G->weight_size = L->weight_size;
        int rc = mdl_plan_steps(G);
        if (rc == ACL_SUCCESS) {
            mdl_prepack(G);
            rc = mdl_build_replay(G);
        }
        if (rc != ACL_SUCCESS)
            return rc;
    }
    return ACL_SUCCESS;
}

static int load(const void *buf, size_t len, uint32_t *modelId, void *workPtr, size_t workSize, void *weightPtr,
                size_t weightSize)
{
    if (buf == NULL || modelId == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", buf ? "modelId" : "model");
        return ACL_ERROR_INVALID_PARAM;
    }
    mdl_model *m;
    int rc = mdl_parse_image(buf, len, &m);
    if (rc != ACL_SUCCESS)
        return rc;
    if ((rc = check_soc(m)) != ACL_SUCCESS) {
        mdl_free(m);
        return rc;
    }
    mdl_loaded *L = calloc(1, sizeof(*L));
    if (L == NULL) {
        mdl_free(m);
        return mdl_fail(ACL_ERROR_BAD_ALLOC, "out of memory loading a model");
    }
    pthread_mutex_init(&L->lock, NULL);
    L->m = m;
    aclrtGetDevice(&L->device);
    uint64_t work_need = mdl_work_bytes(m);
    L->work_size = work_need ? work_need : MDL_ALIGN;
    L->weight_size = m->weight_bytes ? m->weight_bytes : MDL_ALIGN;
    if (workPtr) {
        if (workSize < work_need) {
            unsigned long long need = work_need; /* m goes with L */
            free_loaded(L);
            return mdl_fail(ACL_ERROR_INVALID_PARAM,
                            "workSize %zu is smaller than the %llu bytes the model needs (aclmdlQuerySize)", workSize,
                            need);
        }
        L->work = workPtr;
    } else {
        L->own_work = true;
        if ((rc = aclrtMalloc(&L->work, L->work_size, ACL_MEM_MALLOC_HUGE_FIRST)) != ACL_SUCCESS) {
            L->work = NULL;
            free_loaded(L);
            return rc;
        }
    }
    if (weightPtr) {
        if (weightSize < m->weight_bytes) {
            unsigned long long need = m->weight_bytes; /* m goes with L */
            free_loaded(L);
            return mdl_fail(ACL_ERROR_INVALID_PARAM,
                            "weightSize %zu is smaller than the %llu bytes of the model's weights (aclmdlQuerySize)",
                            weightSize, need);
        }
        L->weight = weightPtr;
    } else {
        L->own_weight = true;
        if ((rc = aclrtMalloc(&L->weight, L->weight_size, ACL_MEM_MALLOC_HUGE_FIRST)) != ACL_SUCCESS) {
            L->weight = NULL;
            free_loaded(L);
            return rc;
        }
    }
    if (m->weight_bytes &&
        (rc = aclrtMemcpy(L->weight, L->weight_size, m->weights, m->weight_bytes, ACL_MEMCPY_HOST_TO_DEVICE)) !=
            ACL_SUCCESS) {
        free_loaded(L);
        return rc;
    }
    /* the host copy of the weights is no longer needed */
    free(m->weights);
    m->weights = NULL;
    if ((rc = mdl_plan_steps(L)) == ACL_SUCCESS)
        mdl_prepack(L);
    if (rc != ACL_SUCCESS || (rc = mdl_build_replay(L)) != ACL_SUCCESS ||
        (rc = plan_gears(L)) != ACL_SUCCESS) {
        free_loaded(L);
        return rc;
    }
    mdl_dump_attach(L);
    pthread_mutex_lock(&reg_lock);
    L->id = next_id++;
    for (uint32_t k = 1; k < L->nrun; k++)
        L->run[k]->id = L->id;
    L->next = reg_head;
    reg_head = L;
    *modelId = L->id;
    pthread_mutex_unlock(&reg_lock);
    ACLEMU_LOG(ACLEMU_LOG_INFO, "ASCENDCL", "model %u (%s) loaded: %u steps, workspace %zu bytes, weights %zu bytes",
               L->id, m->graph_name, m->nsteps, L->work_size, L->weight_size);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlLoadFromMem(const void *model, size_t modelSize, uint32_t *modelId)
{
    return load(model, modelSize, modelId, NULL, 0, NULL, 0);
}

ACL_FUNC_VISIBILITY aclError aclmdlLoadFromMemWithMem(const void *model, size_t modelSize, uint32_t *modelId,
                                                      void *workPtr, size_t workSize, void *weightPtr,
                                                      size_t weightSize)
{
    return load(model, modelSize, modelId, workPtr, workSize, weightPtr, weightSize);
}

static aclError load_file(const char *path, uint32_t *modelId, void *workPtr, size_t workSize, void *weightPtr,
                          size_t weightSize)
{
    if (path == NULL || modelId == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", path ? "modelId" : "modelPath");
        return ACL_ERROR_INVALID_PARAM;
    }
    void *buf;
    size_t len;
    int rc = mdl_read_file(path, &buf, &len);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = load(buf, len, modelId, workPtr, workSize, weightPtr, weightSize);
    free(buf);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclmdlLoadFromFile(const char *modelPath, uint32_t *modelId)
{
    return load_file(modelPath, modelId, NULL, 0, NULL, 0);
}

ACL_FUNC_VISIBILITY aclError aclmdlLoadFromFileWithMem(const char *modelPath, uint32_t *modelId, void *workPtr,
                                                       size_t workSize, void *weightPtr, size_t weightSize)
{
    return load_file(modelPath, modelId, workPtr, workSize, weightPtr, weightSize);
}

ACL_FUNC_VISIBILITY aclError aclmdlUnload(uint32_t modelId)
{
    pthread_mutex_lock(&reg_lock);
    mdl_loaded **pp = &reg_head;
    while (*pp && (*pp)->id != modelId)
        pp = &(*pp)->next;
    mdl_loaded *L = *pp;
    if (L)
        *pp = L->next;
    pthread_mutex_unlock(&reg_lock);
    if (L == NULL)
        return mdl_fail(ACL_ERROR_INVALID_MODEL_ID, "aclmdlUnload: modelId %u is not a loaded model", modelId);
    /* an execution still running (async) reads this memory */
    pthread_mutex_lock(&L->lock);
    aclrtSynchronizeDevice();
    pthread_mutex_unlock(&L->lock);
    free_loaded(L);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlQuerySizeFromMem(const void *model, size_t modelSize, size_t *workSize,
                                                    size_t *weightSize)
{
    if (model == NULL || workSize == NULL || weightSize == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.",
                           !model ? "model" : !workSize ? "workSize" : "weightSize");
        return ACL_ERROR_INVALID_PARAM;
    }
    mdl_model *m;
    int rc = mdl_parse_image(model, modelSize, &m);
    if (rc != ACL_SUCCESS)
        return rc;
    *workSize = (size_t)mdl_work_bytes(m);
    *weightSize = (size_t)m->weight_bytes;
    mdl_free(m);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlQuerySize(const char *fileName, size_t *workSize, size_t *weightSize)
{
    if (fileName == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "fileName");
        return ACL_ERROR_INVALID_PARAM;
    }
    void *buf;
    size_t len;
    int rc = mdl_read_file(fileName, &buf, &len);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = aclmdlQuerySizeFromMem(buf, len, workSize, weightSize);
    free(buf);
    return rc;
}
