/* Dynamic AIPP (atc aipp_mode: dynamic): the aclmdlAIPP parameter set and its setters, and
 * aclmdlSetInputAIPP / aclmdlSetAIPPByInputIndex, which check a set against the model input and
 * write it into the dataset's ACL_DYNAMIC_AIPP_NAME input. At execute the conversion reads the
 * set from that buffer (mdl_exec.c), as the card's AIPP unit does.
 *
 * The ACL_DYNAMIC_AIPP_NAME buffer holds one mdl_aipp per image of the batch (aclemu's layout);
 * the data input holds the images at a stride of max_src_image_size bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_rt.h"
#include "aclemu_runtime.h"
#include "data_buffer.h"
#include "mdl_internal.h"

struct aclmdlAIPP {
    uint64_t batch;
    mdl_aipp *p; /* one per image */
};

ACL_FUNC_VISIBILITY aclmdlAIPP *aclmdlCreateAIPP(uint64_t batchSize)
{
    if (batchSize == 0 || batchSize > MDL_AIPP_MAX_SIDE) {
        mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlCreateAIPP: batchSize %llu must be in [1, %d]",
                 (unsigned long long)batchSize, MDL_AIPP_MAX_SIDE);
        return NULL;
    }
    aclmdlAIPP *a = calloc(1, sizeof(*a));
    if (a)
        a->p = calloc((size_t)batchSize, sizeof(mdl_aipp));
    if (a == NULL || a->p == NULL) {
        free(a);
        return NULL;
    }
    a->batch = batchSize;
    for (uint64_t b = 0; b < batchSize; b++) {
        mdl_aipp_defaults(&a->p[b]);
        a->p[b].mode = MDL_AIPP_DYNAMIC;
    }
    return a;
}

ACL_FUNC_VISIBILITY aclError aclmdlDestroyAIPP(const aclmdlAIPP *aippParmsSet)
{
    if (aippParmsSet == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "aippParmsSet");
        return ACL_ERROR_INVALID_PARAM;
    }
    free(aippParmsSet->p);
    free((void *)aippParmsSet);
    return ACL_SUCCESS;
}

/* NULL set / batchIndex past the batch: ACL_ERROR_INVALID_PARAM with the setter's name */
static int bad_set(const aclmdlAIPP *a, uint64_t batchIndex, const char *api)
{
    if (a == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "aippParmsSet");
        return 1;
    }
    if (batchIndex >= a->batch) {
        mdl_fail(ACL_ERROR_INVALID_PARAM, "%s: batchIndex %llu is past the batch of %llu", api,
                 (unsigned long long)batchIndex, (unsigned long long)a->batch);
        return 1;
    }
    return 0;
}

static int bad_switch(int8_t v, const char *what, const char *api)
{
    if (v == 0 || v == 1)
        return 0;
    mdl_fail(ACL_ERROR_INVALID_PARAM, "%s: %s is %d (0 or 1)", api, what, v);
    return 1;
}

/* the global setters apply to every image of the set */
#define FOR_ALL(a) for (uint64_t b_ = 0; b_ < (a)->batch; b_++)

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPInputFormat(aclmdlAIPP *aippParmsSet, aclAippInputFormat inputFormat)
{
    if (bad_set(aippParmsSet, 0, "aclmdlSetAIPPInputFormat"))
        return ACL_ERROR_INVALID_PARAM;
    if (inputFormat != ACL_YUV420SP_U8 && inputFormat != ACL_XRGB8888_U8 && inputFormat != ACL_RGB888_U8 &&
        inputFormat != ACL_YUV400_U8)
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlSetAIPPInputFormat: format %d is not supported by aclemu "
                        "(ACL_YUV420SP_U8, ACL_XRGB8888_U8, ACL_RGB888_U8, ACL_YUV400_U8 are)", (int)inputFormat);
    FOR_ALL(aippParmsSet) aippParmsSet->p[b_].input_format = (int32_t)inputFormat;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPCscParams(aclmdlAIPP *aippParmsSet, int8_t cscSwitch, int16_t cscMatrixR0C0,
                                                    int16_t cscMatrixR0C1, int16_t cscMatrixR0C2,
                                                    int16_t cscMatrixR1C0, int16_t cscMatrixR1C1,
                                                    int16_t cscMatrixR1C2, int16_t cscMatrixR2C0,
                                                    int16_t cscMatrixR2C1, int16_t cscMatrixR2C2,
                                                    uint8_t cscOutputBiasR0, uint8_t cscOutputBiasR1,
                                                    uint8_t cscOutputBiasR2, uint8_t cscInputBiasR0,
                                                    uint8_t cscInputBiasR1, uint8_t cscInputBiasR2)
{
    if (bad_set(aippParmsSet, 0, "aclmdlSetAIPPCscParams") || bad_switch(cscSwitch, "cscSwitch", "aclmdlSetAIPPCscParams"))
        return ACL_ERROR_INVALID_PARAM;
    const int16_t m[9] = {cscMatrixR0C0, cscMatrixR0C1, cscMatrixR0C2, cscMatrixR1C0, cscMatrixR1C1,
                          cscMatrixR1C2, cscMatrixR2C0, cscMatrixR2C1, cscMatrixR2C2};
    FOR_ALL(aippParmsSet) {
        mdl_aipp *p = &aippParmsSet->p[b_];
        p->csc = cscSwitch;
        for (int i = 0; i < 9; i++)
            p->matrix[i] = m[i];
        p->out_bias[0] = cscOutputBiasR0;
        p->out_bias[1] = cscOutputBiasR1;
        p->out_bias[2] = cscOutputBiasR2;
        p->in_bias[0] = cscInputBiasR0;
        p->in_bias[1] = cscInputBiasR1;
        p->in_bias[2] = cscInputBiasR2;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPRbuvSwapSwitch(aclmdlAIPP *aippParmsSet, int8_t rbuvSwapSwitch)
{
    if (bad_set(aippParmsSet, 0, "aclmdlSetAIPPRbuvSwapSwitch") ||
        bad_switch(rbuvSwapSwitch, "rbuvSwapSwitch", "aclmdlSetAIPPRbuvSwapSwitch"))
        return ACL_ERROR_INVALID_PARAM;
    FOR_ALL(aippParmsSet) aippParmsSet->p[b_].rbuv_swap = rbuvSwapSwitch;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPAxSwapSwitch(aclmdlAIPP *aippParmsSet, int8_t axSwapSwitch)
{
    if (bad_set(aippParmsSet, 0, "aclmdlSetAIPPAxSwapSwitch") ||
        bad_switch(axSwapSwitch, "axSwapSwitch", "aclmdlSetAIPPAxSwapSwitch"))
        return ACL_ERROR_INVALID_PARAM;
    FOR_ALL(aippParmsSet) aippParmsSet->p[b_].ax_swap = axSwapSwitch;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPSrcImageSize(aclmdlAIPP *aippParmsSet, int32_t srcImageSizeW,
                                                       int32_t srcImageSizeH)
{
    if (bad_set(aippParmsSet, 0, "aclmdlSetAIPPSrcImageSize"))
        return ACL_ERROR_INVALID_PARAM;
    if (srcImageSizeW <= 0 || srcImageSizeH <= 0 || srcImageSizeW > MDL_AIPP_MAX_SIDE ||
        srcImageSizeH > MDL_AIPP_MAX_SIDE)
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlSetAIPPSrcImageSize: %dx%d must be in [1, %d]", srcImageSizeW,
                        srcImageSizeH, MDL_AIPP_MAX_SIDE);
    FOR_ALL(aippParmsSet) {
        aippParmsSet->p[b_].src_w = srcImageSizeW;
        aippParmsSet->p[b_].src_h = srcImageSizeH;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPScfParams(aclmdlAIPP *aippParmsSet, int8_t scfSwitch, int32_t scfInputSizeW,
                                                    int32_t scfInputSizeH, int32_t scfOutputSizeW,
                                                    int32_t scfOutputSizeH, uint64_t batchIndex)
{
    (void)scfInputSizeW; /* the resize input is the (cropped) image itself */
    (void)scfInputSizeH;
    if (bad_set(aippParmsSet, batchIndex, "aclmdlSetAIPPScfParams") ||
        bad_switch(scfSwitch, "scfSwitch", "aclmdlSetAIPPScfParams"))
        return ACL_ERROR_INVALID_PARAM;
    mdl_aipp *p = &aippParmsSet->p[batchIndex];
    p->resize = scfSwitch;
    p->resize_w = scfOutputSizeW;
    p->resize_h = scfOutputSizeH;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPCropParams(aclmdlAIPP *aippParmsSet, int8_t cropSwitch,
                                                     int32_t cropStartPosW, int32_t cropStartPosH, int32_t cropSizeW,
                                                     int32_t cropSizeH, uint64_t batchIndex)
{
    if (bad_set(aippParmsSet, batchIndex, "aclmdlSetAIPPCropParams") ||
        bad_switch(cropSwitch, "cropSwitch", "aclmdlSetAIPPCropParams"))
        return ACL_ERROR_INVALID_PARAM;
    mdl_aipp *p = &aippParmsSet->p[batchIndex];
    p->crop = cropSwitch;
    p->crop_x = cropStartPosW;
    p->crop_y = cropStartPosH;
    p->crop_w = cropSizeW;
    p->crop_h = cropSizeH;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPPaddingParams(aclmdlAIPP *aippParmsSet, int8_t paddingSwitch,
                                                        int32_t paddingSizeTop, int32_t paddingSizeBottom,
                                                        int32_t paddingSizeLeft, int32_t paddingSizeRight,
                                                        uint64_t batchIndex)
{
    if (bad_set(aippParmsSet, batchIndex, "aclmdlSetAIPPPaddingParams") ||
        bad_switch(paddingSwitch, "paddingSwitch", "aclmdlSetAIPPPaddingParams"))
        return ACL_ERROR_INVALID_PARAM;
    mdl_aipp *p = &aippParmsSet->p[batchIndex];
    p->padding = paddingSwitch;
    p->pad_top = paddingSizeTop;
    p->pad_bottom = paddingSizeBottom;
    p->pad_left = paddingSizeLeft;
    p->pad_right = paddingSizeRight;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPDtcPixelMean(aclmdlAIPP *aippParmsSet, int16_t dtcPixelMeanChn0,
                                                       int16_t dtcPixelMeanChn1, int16_t dtcPixelMeanChn2,
                                                       int16_t dtcPixelMeanChn3, uint64_t batchIndex)
{
    if (bad_set(aippParmsSet, batchIndex, "aclmdlSetAIPPDtcPixelMean"))
        return ACL_ERROR_INVALID_PARAM;
    int32_t *m = aippParmsSet->p[batchIndex].mean;
    m[0] = dtcPixelMeanChn0;
    m[1] = dtcPixelMeanChn1;
    m[2] = dtcPixelMeanChn2;
    m[3] = dtcPixelMeanChn3;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPDtcPixelMin(aclmdlAIPP *aippParmsSet, float dtcPixelMinChn0,
                                                      float dtcPixelMinChn1, float dtcPixelMinChn2,
                                                      float dtcPixelMinChn3, uint64_t batchIndex)
{
    if (bad_set(aippParmsSet, batchIndex, "aclmdlSetAIPPDtcPixelMin"))
        return ACL_ERROR_INVALID_PARAM;
    float *m = aippParmsSet->p[batchIndex].min;
    m[0] = dtcPixelMinChn0;
    m[1] = dtcPixelMinChn1;
    m[2] = dtcPixelMinChn2;
    m[3] = dtcPixelMinChn3;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPPixelVarReci(aclmdlAIPP *aippParmsSet, float dtcPixelVarReciChn0,
                                                       float dtcPixelVarReciChn1, float dtcPixelVarReciChn2,
                                                       float dtcPixelVarReciChn3, uint64_t batchIndex)
{
    if (bad_set(aippParmsSet, batchIndex, "aclmdlSetAIPPPixelVarReci"))
        return ACL_ERROR_INVALID_PARAM;
    float *v = aippParmsSet->p[batchIndex].var_reci;
    v[0] = dtcPixelVarReciChn0;
    v[1] = dtcPixelVarReciChn1;
    v[2] = dtcPixelVarReciChn2;
    v[3] = dtcPixelVarReciChn3;
    return ACL_SUCCESS;
}

int mdl_dyn_aipp_check(const mdl_aipp *decl, const mdl_aipp *sets, uint64_t n, const mdl_tensor *t, char *why,
                       size_t cap)
{
    if (n != (uint64_t)t->dims[0]) {
        snprintf(why, cap, "the parameter set is for a batch of %llu, the input has %lld images",
                 (unsigned long long)n, (long long)t->dims[0]);
        return -1;
    }
    for (uint64_t b = 0; b < n; b++) {
        mdl_aipp p = sets[b];
        p.mode = MDL_AIPP_STATIC; /* checked as a static set of that image */
        const char *bad = mdl_aipp_check(&p, t->dims[1], t->dims[2], t->dims[3]);
        if (bad == NULL && mdl_aipp_src_bytes(p.input_format, p.src_w, p.src_h) > (size_t)decl->max_src_size)
            bad = "the source image is larger than the model's max_src_image_size";
        if (bad) {
            snprintf(why, cap, "image %llu: %s", (unsigned long long)b, bad);
            return -1;
        }
    }
    return 0;
}

/* index: the ACL_DYNAMIC_AIPP_NAME input (attached = 0) or the data input it serves (attached = 1) */
static aclError set_input_aipp(uint32_t modelId, aclmdlDataset *dataset, size_t index, const aclmdlAIPP *set,
                               int by_data, const char *api)
{
    if (dataset == NULL || set == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", dataset ? "aippParmsSet" : "dataset");
        return ACL_ERROR_INVALID_PARAM;
    }
    mdl_loaded *L = mdl_acquire(modelId);
    if (L == NULL) {
        mdl_release();
        return ACL_ERROR_INVALID_MODEL_ID;
    }
    const mdl_model *m = L->m;
    int k = -1;
    uint32_t slot = 0, dyn = 0;
    for (uint32_t j = 0; j < m->naipp && k < 0; j++) {
        if (m->aipp[j].mode != MDL_AIPP_DYNAMIC)
            continue;
        if ((by_data && m->aipp_input[j] == index) || (!by_data && m->ninputs + dyn == index)) {
            k = (int)j;
            slot = m->ninputs + dyn;
        }
        dyn++;
    }
    int rc = ACL_SUCCESS;
    char why[256];
    if (k < 0) {
        rc = mdl_fail(ACL_ERROR_GE_AIPP_NOT_EXIST, "%s: input %zu of model %u is no %s", api, index, modelId,
                      by_data ? "input with dynamic AIPP" : ACL_DYNAMIC_AIPP_NAME " input");
    } else {
        /* the largest gear's input: a dynamic batch model takes the set for its largest batch */
        const mdl_tensor *t = NULL;
        for (uint32_t g = 0; g < (m->gear ? m->ngears : 1); g++) {
            const mdl_model *gm = mdl_gear(m, g);
            const mdl_tensor *gt = &gm->tensors[gm->inputs[m->aipp_input[k]]];
            if (t == NULL || gt->dims[0] > t->dims[0])
                t = gt;
        }
        size_t need = sizeof(mdl_aipp) * (size_t)t->dims[0];
        const aclDataBuffer *b = slot < dataset->n ? dataset->slot[slot].buf : NULL;
        if (mdl_dyn_aipp_check(&m->aipp[k], set->p, set->batch, t, why, sizeof(why)) != 0)
            rc = mdl_fail(ACL_ERROR_INVALID_PARAM, "%s: %s", api, why);
        else if (b == NULL || b->data == NULL || aclemu_host_view(b->data, need) == NULL)
            rc = mdl_fail(ACL_ERROR_GE_DYNAMIC_INPUT_ADDR_INVALID,
                          "%s: the dataset has no device buffer for the %s input (index %u)", api,
                          ACL_DYNAMIC_AIPP_NAME, slot);
        else if (b->length < need)
            rc = mdl_fail(ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID, "%s: the %s buffer holds %zu bytes, %zu needed",
                          api, ACL_DYNAMIC_AIPP_NAME, b->length, need);
        else
            rc = aclrtMemcpy(b->data, b->length, set->p, need, ACL_MEMCPY_HOST_TO_DEVICE);
    }
    mdl_release();
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetInputAIPP(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                                                const aclmdlAIPP *aippParmsSet)
{
    return set_input_aipp(modelId, dataset, index, aippParmsSet, 0, "aclmdlSetInputAIPP");
}

ACL_FUNC_VISIBILITY aclError aclmdlSetAIPPByInputIndex(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                                                       const aclmdlAIPP *aippParmsSet)
{
    return set_input_aipp(modelId, dataset, index, aippParmsSet, 1, "aclmdlSetAIPPByInputIndex");
}
