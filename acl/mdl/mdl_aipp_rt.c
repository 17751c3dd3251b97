/* AIPP at run time: the desc entries of an AIPP input (the source image batch: UINT8, NHWC),
 * the conversion as a stream-ordered task in front of the model's steps (a host task of the
 * stream: it reads the caller's device buffer and writes the input's workspace slot when the
 * stream reaches it, as the AIPP unit does on a card), and aclmdlGetAippType /
 * aclmdlGetFirstAippInfo. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_rt.h"
#include "aclemu_runtime.h"
#include "mdl_internal.h"

/* channels of the source image as the desc reports them (NHWC) */
static int src_channels(int32_t format)
{
    return format == MDL_AIPP_XRGB8888_U8 ? 4 : format == MDL_AIPP_YUV400_U8 ? 1 : 3;
}

size_t mdl_input_bytes(const mdl_model *m, const mdl_model *g, uint32_t i)
{
    const mdl_tensor *t = &g->tensors[g->inputs[i]];
    const mdl_aipp *a = mdl_input_aipp(m, i);
    if (a == NULL)
        return (size_t)t->bytes;
    if (a->mode == MDL_AIPP_DYNAMIC)
        return (size_t)t->dims[0] * (size_t)a->max_src_size;
    return (size_t)t->dims[0] * mdl_aipp_src_bytes(a->input_format, a->src_w, a->src_h);
}

/* a dynamic AIPP's data input (images at a stride of max_src_image_size) and its
 * ACL_DYNAMIC_AIPP_NAME input (one parameter set per image) */
static void dyn_desc(aclmdlDesc *d, const mdl_aipp *a, mdl_io *io, mdl_io *params, size_t nmax)
{
    int64_t n = io->dims[0];
    io->dtype = ACL_UINT8;
    io->format = ACL_FORMAT_ND;
    io->ndims = io->ndims2 = 2;
    io->dims[0] = io->dims2[0] = n;
    io->dims[1] = io->dims2[1] = a->max_src_size;
    io->bytes = nmax * (size_t)a->max_src_size;
    memcpy(io->lo, io->dims, sizeof(io->lo));
    memcpy(io->hi, io->dims, sizeof(io->hi));
    memset(params, 0, sizeof(*params));
    snprintf(params->name, sizeof(params->name), "%s", ACL_DYNAMIC_AIPP_NAME);
    params->dtype = ACL_UINT8;
    params->format = ACL_FORMAT_ND;
    params->ndims = params->ndims2 = 1;
    params->bytes = nmax * sizeof(mdl_aipp);
    params->dims[0] = params->dims2[0] = params->lo[0] = params->hi[0] = (int64_t)params->bytes;
    (void)d;
}

void mdl_aipp_desc(aclmdlDesc *d, const mdl_model *m)
{
    uint32_t dyn = 0;
    for (uint32_t k = 0; k < m->naipp; k++) {
        const mdl_aipp *a = &m->aipp[k];
        mdl_io *io = &d->in[m->aipp_input[k]];
        int64_t n = io->dims[0]; /* -1 for a dynamic batch */
        size_t per = mdl_aipp_src_bytes(a->input_format, a->src_w, a->src_h);
        size_t nmax = 0, nmin = SIZE_MAX;
        for (uint32_t g = 0; g < (m->gear ? m->ngears : 1); g++) {
            const mdl_model *gm = mdl_gear(m, g);
            size_t b = (size_t)gm->tensors[gm->inputs[m->aipp_input[k]]].dims[0];
            nmax = b > nmax ? b : nmax;
            nmin = b < nmin ? b : nmin;
        }
        if (a->mode == MDL_AIPP_DYNAMIC) {
            dyn_desc(d, a, io, &d->in[m->ninputs + dyn++], nmax);
            continue;
        }
        io->dtype = ACL_UINT8;
        io->format = ACL_FORMAT_NHWC;
        io->ndims = io->ndims2 = 4;
        io->dims[0] = io->dims2[0] = n;
        io->dims[1] = a->src_h;
        io->dims[2] = io->dims2[2] = a->src_w;
        io->dims[3] = src_channels(a->input_format);
        /* V2: the bytes as rows: a YUV420SP image is H*3/2 rows of W bytes */
        io->dims2[1] = a->input_format == MDL_AIPP_YUV420SP_U8 ? (int64_t)a->src_h * 3 / 2 : a->src_h;
        io->dims2[3] = a->input_format == MDL_AIPP_YUV420SP_U8 ? 1 : io->dims[3];
        io->bytes = nmax * per;
        memcpy(io->lo, io->dims, sizeof(io->lo));
        memcpy(io->hi, io->dims, sizeof(io->hi));
        io->lo[0] = (int64_t)nmin;
        io->hi[0] = (int64_t)nmax;
    }
    if (d->nin < m->ninputs + dyn)
        d->nin = m->ninputs + dyn;
}

typedef struct aipp_task {
    mdl_aipp a;
    const uint8_t *src;
    void *dst;
    int half;
    int64_t n, c, h, w;
} aipp_task;

static void aipp_task_run(void *arg)
{
    aipp_task *t = arg;
    mdl_aipp_run(&t->a, t->src, t->dst, t->half, t->n, t->c, t->h, t->w);
    free(t);
}

int mdl_aipp_enqueue(const mdl_aipp *a, const void *src, void *dst, const mdl_tensor *t, aclrtStream stream)
{
    size_t src_bytes = (size_t)t->dims[0] * mdl_aipp_src_bytes(a->input_format, a->src_w, a->src_h);
    aipp_task *task = calloc(1, sizeof(*task));
    if (task == NULL)
        return mdl_fail(ACL_ERROR_BAD_ALLOC, "out of memory for an AIPP task");
    task->a = *a;
    task->src = aclemu_host_view(src, src_bytes);
    task->dst = aclemu_host_view(dst, (size_t)t->bytes);
    task->half = t->dtype == ACL_FLOAT16;
    task->n = t->dims[0];
    task->c = t->dims[1];
    task->h = t->dims[2];
    task->w = t->dims[3];
    if (task->src == NULL || task->dst == NULL) {
        free(task);
        return mdl_fail(ACL_ERROR_GE_EXEC_MODEL_ADDR_INVALID, "the AIPP input buffer %p is not device memory", src);
    }
    aclError rc = aclrtLaunchHostFunc(stream, aipp_task_run, task);
    if (rc != ACL_SUCCESS)
        free(task);
    return rc;
}

/* the loaded model and the AIPP of its input index (NULL when none); registry lock held */
static mdl_loaded *aipp_model(uint32_t modelId, size_t index, const mdl_aipp **a, const char *api, int *rc)
{
    mdl_loaded *L = mdl_acquire(modelId);
    *a = NULL;
    if (L == NULL) {
        *rc = ACL_ERROR_INVALID_MODEL_ID;
        return NULL;
    }
    uint32_t nin = mdl_shape_input_index(L->m) + (L->m->gear ? 1u : 0u);
    if (index >= nin) {
        *rc = mdl_fail(ACL_ERROR_INVALID_PARAM, "%s: index %zu is out of range: model %u has %u inputs", api, index,
                       modelId, nin);
        return NULL;
    }
    if (index < L->m->ninputs)
        *a = mdl_input_aipp(L->m, (uint32_t)index);
    *rc = ACL_SUCCESS;
    return L;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetAippType(uint32_t modelId, size_t index, aclmdlInputAippType *type,
                                               size_t *dynamicAttachedDataIndex)
{
    if (type == NULL || dynamicAttachedDataIndex == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", type ? "dynamicAttachedDataIndex" : "type");
        return ACL_ERROR_INVALID_PARAM;
    }
    const mdl_aipp *a;
    int rc;
    mdl_loaded *L = aipp_model(modelId, index, &a, "aclmdlGetAippType", &rc);
    if (L == NULL) {
        mdl_release();
        return rc;
    }
    *type = ACL_DATA_WITHOUT_AIPP;
    *dynamicAttachedDataIndex = ACL_INVALID_NODE_INDEX;
    const mdl_model *m = L->m;
    uint32_t dyn = 0;
    for (uint32_t k = 0; k < m->naipp; k++) {
        if (m->aipp[k].mode != MDL_AIPP_DYNAMIC) {
            if (m->aipp_input[k] == index)
                *type = ACL_DATA_WITH_STATIC_AIPP;
            continue;
        }
        if (m->aipp_input[k] == index) {
            *type = ACL_DATA_WITH_DYNAMIC_AIPP;
            *dynamicAttachedDataIndex = m->ninputs + dyn;
        } else if (index == m->ninputs + dyn) {
            *type = ACL_DYNAMIC_AIPP_NODE;
        }
        dyn++;
    }
    mdl_release();
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetFirstAippInfo(uint32_t modelId, size_t index, aclAippInfo *aippInfo)
{
    if (aippInfo == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "aippInfo");
        return ACL_ERROR_INVALID_PARAM;
    }
    const mdl_aipp *a;
    int rc;
    mdl_loaded *L = aipp_model(modelId, index, &a, "aclmdlGetFirstAippInfo", &rc);
    if (L == NULL) {
        mdl_release();
        return rc;
    }
    if (a == NULL || a->mode != MDL_AIPP_STATIC) {
        rc = mdl_fail(ACL_ERROR_GE_AIPP_NOT_EXIST, "aclmdlGetFirstAippInfo: input %zu of model %u has no static AIPP",
                      index, modelId);
        mdl_release();
        return rc;
    }
    const mdl_model *m = L->m;
    memset(aippInfo, 0, sizeof(*aippInfo));
    aippInfo->inputFormat = (aclAippInputFormat)a->input_format;
    aippInfo->srcImageSizeW = a->src_w;
    aippInfo->srcImageSizeH = a->src_h;
    aippInfo->cropSwitch = (int8_t)a->crop;
    aippInfo->loadStartPosW = a->crop_x;
    aippInfo->loadStartPosH = a->crop_y;
    aippInfo->cropSizeW = a->crop_w;
    aippInfo->cropSizeH = a->crop_h;
    aippInfo->resizeSwitch = (int8_t)a->resize;
    aippInfo->resizeOutputW = a->resize_w;
    aippInfo->resizeOutputH = a->resize_h;
    aippInfo->paddingSwitch = (int8_t)a->padding;
    aippInfo->leftPaddingSize = a->pad_left;
    aippInfo->rightPaddingSize = a->pad_right;
    aippInfo->topPaddingSize = a->pad_top;
    aippInfo->bottomPaddingSize = a->pad_bottom;
    aippInfo->cscSwitch = (int8_t)a->csc;
    aippInfo->rbuvSwapSwitch = (int8_t)a->rbuv_swap;
    aippInfo->axSwapSwitch = (int8_t)a->ax_swap;
    aippInfo->singleLineMode = (int8_t)a->single_line;
    int32_t *mx[9] = {&aippInfo->matrixR0C0, &aippInfo->matrixR0C1, &aippInfo->matrixR0C2,
                      &aippInfo->matrixR1C0, &aippInfo->matrixR1C1, &aippInfo->matrixR1C2,
                      &aippInfo->matrixR2C0, &aippInfo->matrixR2C1, &aippInfo->matrixR2C2};
    for (int i = 0; i < 9; i++)
        *mx[i] = a->matrix[i];
    aippInfo->outputBias0 = a->out_bias[0];
    aippInfo->outputBias1 = a->out_bias[1];
    aippInfo->outputBias2 = a->out_bias[2];
    aippInfo->inputBias0 = a->in_bias[0];
    aippInfo->inputBias1 = a->in_bias[1];
    aippInfo->inputBias2 = a->in_bias[2];
    aippInfo->meanChn0 = a->mean[0];
    aippInfo->meanChn1 = a->mean[1];
    aippInfo->meanChn2 = a->mean[2];
    aippInfo->meanChn3 = a->mean[3];
    aippInfo->minChn0 = a->min[0];
    aippInfo->minChn1 = a->min[1];
    aippInfo->minChn2 = a->min[2];
    aippInfo->minChn3 = a->min[3];
    aippInfo->varReciChn0 = a->var_reci[0];
    aippInfo->varReciChn1 = a->var_reci[1];
    aippInfo->varReciChn2 = a->var_reci[2];
    aippInfo->varReciChn3 = a->var_reci[3];
    /* the source as the model's input (before the conversion) and what the AIPP writes */
    const mdl_tensor *t = &m->tensors[m->inputs[index]];
    aippInfo->srcFormat = ACL_FORMAT_NHWC;
    aippInfo->srcDatatype = ACL_UINT8;
    aippInfo->srcDimNum = 4;
    uint32_t ngears = m->gear ? m->ngears : 1;
    aippInfo->shapeCount = ngears;
    for (uint32_t g = 0; g < ngears && g < ACL_MAX_SHAPE_COUNT; g++) {
        const mdl_model *gm = mdl_gear(m, g);
        const mdl_tensor *gt = &gm->tensors[gm->inputs[index]];
        aclAippDims *od = &aippInfo->outDims[g];
        int64_t src[4] = {gt->dims[0], a->src_h, a->src_w, src_channels(a->input_format)};
        od->srcDims.dimCount = 4;
        memcpy(od->srcDims.dims, src, sizeof(src));
        od->srcSize = (size_t)gt->dims[0] * mdl_aipp_src_bytes(a->input_format, a->src_w, a->src_h);
        od->aippOutdims.dimCount = gt->ndims;
        memcpy(od->aippOutdims.dims, gt->dims, sizeof(int64_t) * gt->ndims);
        od->aippOutSize = (size_t)gt->bytes;
        snprintf(od->srcDims.name, sizeof(od->srcDims.name), "%s", t->name ? t->name : "");
        snprintf(od->aippOutdims.name, sizeof(od->aippOutdims.name), "%s", t->name ? t->name : "");
    }
    mdl_release();
    return ACL_SUCCESS;
}
