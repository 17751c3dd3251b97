/* aclmdlRI*: stream capture, replay and the task groups of a captured instance (acl_rt.h).
 * Argument order and codes follow the real runtime: NULL handles ACL_ERROR_INVALID_PARAM at
 * the ACL layer, then the runtime's ACL_ERROR_RT_* codes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ri_capture.h"

static int null_arg(const char *param)
{
    ERR_NULL(param);
    return rt_ret(ACL_ERROR_INVALID_PARAM);
}

/* Chips whose runtime has no stream capture (the Atlas training series and 310B). */
static bool capture_supported(const rt_stream *s)
{
    const aclemu_chip_profile *p = drv_device_profile(s->ctx->drv);
    return p == NULL || (p->family != ACLEMU_FAMILY_910A && p->family != ACLEMU_FAMILY_310B);
}

static int resolve_explicit(const char *func, aclrtStream stream, rt_stream **out)
{
    int ret = rt_stream_resolve(func, stream, out);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    if ((*out)->is_default) {
        handle_put(&(*out)->hdr);
        aclemu_errmsg_push("EE1017", "%s failed. Parameter stream is invalid. Reason: The default "
                           "stream cannot be used in the ACL Graph.", func);
        return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode)
{
    const char *func = "aclmdlRICaptureBegin";
    if (stream == NULL) {
        return null_arg("stream");
    }
    if ((int)mode < ACL_MODEL_RI_CAPTURE_MODE_GLOBAL || (int)mode > ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
        char v[16];
        snprintf(v, sizeof(v), "%d", (int)mode);
        ERR_RT_VALUE(func, v, "mode", "it must be in [0, 3)");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    rt_stream *s;
    int ret = resolve_explicit(func, stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    if (!capture_supported(s)) {
        aclemu_errmsg_push("EE1006", "%s failed. Reason: stream capture is not supported on %s.",
                           func, drv_device_profile(s->ctx->drv)->soc_version);
        handle_put(&s->hdr);
        return rt_ret(ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    }
    ri_lock_acquire();
    if (s->capture != NULL) {
        aclemu_errmsg_push("EE1016", "Stream begin capture failed. Reason: Stream is already in "
                           "capture status, stream_id=%d, status=%s.", (int)drv_stream_id(s->drv),
                           s->capture->invalidated ? "invalidated" : "active");
        ret = ACL_ERROR_RT_STREAM_CAPTURED;
    } else if (s->update != NULL) {
        aclemu_errmsg_push("EE1016", "Stream begin capture failed. Reason: stream %d is updating "
                           "a task group.", (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_STREAM_TASK_GROUP_STATUS;
    } else {
        aclemu_ri *ri;
        ret = ri_capture_begin_locked(s, (int)mode, true, &ri);
        if (ret != ACL_SUCCESS && ret != ACL_ERROR_BAD_ALLOC) {
            rt_drv_fail(func, ret);
        }
    }
    ri_lock_release();
    handle_put(&s->hdr);
    if (ret == ACL_SUCCESS) {
        RT_LOG(ACLEMU_LOG_INFO, "capture begin, stream_id=%d, mode=%s", (int)drv_stream_id(s->drv),
               ri_mode_name((int)mode));
    }
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus *status,
                                                    aclmdlRI *modelRI)
{
    const char *func = "aclmdlRICaptureGetInfo";
    if (stream == NULL) {
        return null_arg("stream");
    }
    if (status == NULL && modelRI == NULL) {
        ERR_VALUE(func, "nullptr/nullptr", "status/modelRI", "both cannot be nullptr at the same time");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    rt_stream *s;
    int ret = rt_stream_resolve(func, stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    ri_lock_acquire();
    aclemu_ri *ri = s->capture != NULL && s->capture->counted ? s->capture : NULL;
    aclmdlRICaptureStatus st = ri == NULL ? ACL_MODEL_RI_CAPTURE_STATUS_NONE
                               : ri->invalidated ? ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED
                                                 : ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE;
    ri_lock_release();
    handle_put(&s->hdr);
    if (status != NULL) {
        *status = st;
    }
    if (modelRI != NULL) {
        *modelRI = ri;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI *modelRI)
{
    const char *func = "aclmdlRICaptureEnd";
    if (stream == NULL) {
        return null_arg("stream");
    }
    if (modelRI == NULL) {
        aclemu_errmsg_push("EE1004", "%s failed. Reason: Parameter captureMdl cannot be "
                           "nullptr.", "Ending the capture of a stream");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    *modelRI = NULL;
    rt_stream *s;
    int ret = resolve_explicit(func, stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    aclemu_ri *ri = NULL;
    ri_lock_acquire();
    if (s->capture == NULL || !s->capture->counted) {
        aclemu_errmsg_push("EE1018", "Stream end capture failed. Reason: The stream "
                           "(stream_id=%d) is not in capture status, call aclmdlRICaptureBegin "
                           "API to capture stream first.", (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_RT_STREAM_NOT_CAPTURED;
    } else {
        ret = ri_capture_end_locked("Stream end capture", s, true, &ri);
    }
    ri_lock_release();
    handle_put(&s->hdr);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    *modelRI = ri;
    RT_LOG(ACLEMU_LOG_INFO, "capture end success, model_id=%u, %u tasks", ri->id,
           aclemu_ri_task_count(ri));
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode *mode)
{
    if (mode == NULL) {
        return null_arg("mode");
    }
    if ((unsigned)*mode > ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
        char v[16];
        snprintf(v, sizeof(v), "%d", (int)*mode);
        ERR_RT_VALUE("aclmdlRICaptureThreadExchangeMode", v, "mode", "it must be less than 3");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    int code;
    rt_context *ctx = rt_require_ctx("aclmdlRICaptureThreadExchangeMode", &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    handle_put(&ctx->hdr);
    *mode = (aclmdlRICaptureMode)ri_exchange_mode((int)*mode);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream)
{
    const char *func = "aclmdlRIExecuteAsync";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    rt_stream *s;
    int ret = rt_stream_resolve(func, stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    ret = ri_launch(func, (aclemu_ri *)modelRI, s);
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout)
{
    const char *func = "aclmdlRIExecute";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (timeout < -1 || timeout == 0) {
        char v[16];
        snprintf(v, sizeof(v), "%d", timeout);
        ERR_RT_VALUE(func, v, "timeout", "greater than or equal to -1 and not equal to 0");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    ri_lock_acquire();
    aclemu_ri *ri = ri_lookup_locked(modelRI);
    bool live = ri != NULL, built = live && ri->built;
    ri_lock_release();
    if (built) { /* aclmdlRIBuildBegin .. BuildEnd: runs on a stream of its own, waited for */
        int ret = ri_execute_built(func, ri, timeout);
        return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
    }
    if (!live) {
        char v[32];
        snprintf(v, sizeof(v), "%p", modelRI);
        ERR_VALUE(func, v, "modelRI", "it is not a live model runtime instance");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    /* a captured instance runs only on a stream */
    aclemu_errmsg_push("EE1016", "%s failed. Reason: ACL Graph mode is not supported; execute a "
                       "captured model runtime instance with aclmdlRIExecuteAsync.",
                       "Synchronously executing the model running instance");
    return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
}

ACL_FUNC_VISIBILITY aclError aclmdlRIDestroy(aclmdlRI modelRI)
{
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    int ret = ri_destroy("aclmdlRIDestroy", (aclemu_ri *)modelRI);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

/* ---- debug output ------------------------------------------------------------------------------ */
static const char *task_type(uint32_t kind)
{
    switch (kind) {
    case DRV_GRAPH_KERNEL: return "KERNEL";
    case DRV_GRAPH_MEMCPY: return "MEMCPY";
    case DRV_GRAPH_MEMSET: return "MEMSET";
    default: return "EVENT";
    }
}

/* The instance at p with launches kept off while we read it, or NULL (message pushed). */
static aclemu_ri *ready_ri(const char *func, aclmdlRI p, int *code)
{
    ri_lock_acquire();
    aclemu_ri *ri = ri_lookup_locked(p);
    if (ri == NULL || ri->destroying) {
        ri_lock_release();
        char v[32];
        snprintf(v, sizeof(v), "%p", p);
        ERR_VALUE(func, v, "modelRI", "it is not a live model runtime instance");
        *code = ACL_ERROR_INVALID_PARAM;
        return NULL;
    }
    if (ri->state == RI_CAPTURING) {
        ri_lock_release();
        aclemu_errmsg_push("EE1016", "%s failed. Reason: the model runtime instance is still "
                           "capturing; print it after aclmdlRICaptureEnd.", func);
        *code = ACL_ERROR_RT_MODEL_CAPTURED;
        return NULL;
    }
    ri->launching++;
    ri_lock_release();
    return ri;
}

static void release_ri(aclemu_ri *ri)
{
    ri_lock_acquire();
    ri->launching--;
    ri_lock_release();
}

ACL_FUNC_VISIBILITY aclError aclmdlRIDebugPrint(aclmdlRI modelRI)
{
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    int code;
    aclemu_ri *ri = ready_ri("aclmdlRIDebugPrint", modelRI, &code);
    if (ri == NULL) {
        return rt_ret(code);
    }
    uint32_t n = aclemu_ri_task_count(ri);
    ACLEMU_LOG(ACLEMU_LOG_EVENT, "RUNTIME", "model_id=%u, device_id=%d, task_count=%u", ri->id,
               (int)ri->ctx->devid, n);
    for (uint32_t i = 0; i < n; i++) {
        drv_graph_task_info t;
        if (drv_graph_describe(ri->graph, i, &t) == ACL_SUCCESS) {
            ACLEMU_LOG(ACLEMU_LOG_EVENT, "RUNTIME", "model_id=%u task_id=%u type=%s%s%s "
                       "block_dim=%u", ri->id, i, task_type(t.kind),
                       t.kind == DRV_GRAPH_KERNEL ? " kernel=" : "",
                       t.kind == DRV_GRAPH_KERNEL ? t.kernel : "", t.block_dim);
        }
    }
    release_ri(ri);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char *path, uint32_t flags)
{
    const char *func = "aclmdlRIDebugJsonPrint";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (path == NULL) {
        return null_arg("path");
    }
    if (flags > ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE) {
        char v[16];
        snprintf(v, sizeof(v), "%u", flags);
        ERR_RT_VALUE(func, v, "flags", "it must be ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY or "
                     "ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    int code;
    aclemu_ri *ri = ready_ri(func, modelRI, &code);
    if (ri == NULL) {
        return rt_ret(code);
    }
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        release_ri(ri);
        aclemu_errmsg_push("EE1001", "%s failed. Reason: cannot open %s for writing: %s.", func,
                           path, strerror(errno));
        return rt_ret(ACL_ERROR_RT_FILE_OPEN);
    }
    uint32_t n = aclemu_ri_task_count(ri);
    fprintf(f, "{\n  \"model_id\": %u,\n  \"device_id\": %d,\n  \"task_count\": %u,\n  \"tasks\": [",
            ri->id, (int)ri->ctx->devid, n);
    for (uint32_t i = 0; i < n; i++) {
        drv_graph_task_info t;
        if (drv_graph_describe(ri->graph, i, &t) != ACL_SUCCESS) {
            continue;
        }
        fprintf(f, "%s\n    {\"task_id\": %u, \"task_type\": \"%s\"", i ? "," : "", i,
                task_type(t.kind));
        if (t.kind == DRV_GRAPH_KERNEL) {
            fprintf(f, ", \"kernel\": \"%s\", \"block_dim\": %u", t.kernel, t.block_dim);
            if (flags & ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE) {
                fprintf(f, ", \"args_size\": %u", t.args_size);
            }
        } else if (t.kind == DRV_GRAPH_MEMCPY || t.kind == DRV_GRAPH_MEMSET) {
            fprintf(f, ", \"dst\": \"0x%llx\", \"bytes\": %llu", (unsigned long long)t.u[0],
                    (unsigned long long)(t.kind == DRV_GRAPH_MEMCPY && t.u[5] == 0
                                             ? t.u[2] : t.kind == DRV_GRAPH_MEMSET ? t.u[2]
                                                                                   : t.u[4] * t.u[5]));
        }
        fputc('}', f);
    }
    fprintf(f, "\n  ]\n}\n");
    int bad = ferror(f);
    bad |= fclose(f);
    release_ri(ri);
    if (bad) {
        aclemu_errmsg_push("EE1001", "%s failed. Reason: writing %s failed.", func, path);
        return rt_ret(ACL_ERROR_RT_FILE_WRITE);
    }
    return ACL_SUCCESS;
}

/* ---- task groups --------------------------------------------------------------------------------- */
static int capturing_stream(const char *func, aclrtStream stream, rt_stream **out, bool want)
{
    if (stream == NULL) {
        return null_arg("stream");
    }
    int ret = rt_stream_resolve(func, stream, out);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    (void)want;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream)
{
    const char *func = "Marking the start of a task group";
    rt_stream *s;
    int ret = capturing_stream("aclmdlRICaptureTaskGrpBegin", stream, &s, true);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    ri_lock_acquire();
    aclemu_ri *ri = s->capture != NULL && s->capture->counted ? s->capture : NULL;
    if (ri == NULL) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: Stream (stream_id=%d) is not in the "
                           "capture stage.", func, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_RT_STREAM_NOT_CAPTURED;
    } else if (ri->group_open) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: a task group is already open on stream "
                           "%d.", func, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_STREAM_TASK_GROUP_STATUS;
    } else {
        ri->group_open = true;
        ri->group_first = drv_graph_task_count(ri->graph);
    }
    ri_lock_release();
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp *handle)
{
    const char *func = "Marking the end of a task group";
    if (stream == NULL) {
        return null_arg("stream");
    }
    if (handle == NULL) {
        return null_arg("handle");
    }
    rt_stream *s;
    int ret = capturing_stream("aclmdlRICaptureTaskGrpEnd", stream, &s, true);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    ri_lock_acquire();
    aclemu_ri *ri = s->capture != NULL && s->capture->counted ? s->capture : NULL;
    if (ri == NULL) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: Stream (stream_id=%d) is not in the "
                           "capture stage.", func, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_RT_STREAM_NOT_CAPTURED;
    } else if (!ri->group_open) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: no task group was begun on stream %d.",
                           func, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_STREAM_TASK_GROUP_STATUS;
    } else {
        aclemu_task_grp *g = calloc(1, sizeof(*g));
        if (g == NULL) {
            aclemu_errmsg_push("EH0010", "Failed to allocate %zu bytes of host memory via %s to "
                               "ACL.", sizeof(*g), "calloc");
            ret = ACL_ERROR_BAD_ALLOC;
        } else {
            g->ri = ri;
            g->first = ri->group_first;
            g->count = drv_graph_task_count(ri->graph) - ri->group_first;
            g->next = ri->groups;
            ri->groups = g;
            ri->group_open = false;
            *handle = g;
        }
    }
    ri_lock_release();
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream, aclrtTaskGrp handle)
{
    const char *func = "Marking the start of the task to be updated";
    if (stream == NULL) {
        return null_arg("stream");
    }
    if (handle == NULL) {
        return null_arg("handle");
    }
    rt_stream *s;
    int ret = capturing_stream("aclmdlRICaptureTaskUpdateBegin", stream, &s, false);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    ri_lock_acquire();
    aclemu_task_grp *g = ri_group_lookup_locked(handle);
    if (g == NULL) {
        char v[32];
        snprintf(v, sizeof(v), "%p", handle);
        ERR_VALUE("aclmdlRICaptureTaskUpdateBegin", v, "handle", "it is not a live task group");
        ret = ACL_ERROR_INVALID_PARAM;
    } else if (s->capture != NULL) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: Stream (stream_id=%d) during the capture "
                           "stage is not supported.", func, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_RT_STREAM_CAPTURED;
    } else if (s->update != NULL) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: stream %d is already updating a task "
                           "group.", func, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_STREAM_TASK_GROUP_STATUS;
    } else if (g->updater != NULL || g->ri->state != RI_READY || g->ri->destroying) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: The handle only can be updated by one "
                           "stream, after its capture has ended.", func);
        ret = ACL_ERROR_STREAM_TASK_GROUP_STATUS;
    } else {
        ret = drv_stream_update_begin(s->drv, g->ri->graph, g->first, g->count);
        if (ret == ACL_SUCCESS) {
            g->updater = s;
            s->update = g;
            g->ri->launching++; /* the instance stays until the update ends */
        } else {
            rt_drv_fail(func, ret);
        }
    }
    ri_lock_release();
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream)
{
    const char *func = "Marking the end of the task to be updated";
    rt_stream *s;
    int ret = capturing_stream("aclmdlRICaptureTaskUpdateEnd", stream, &s, false);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    ri_lock_acquire();
    aclemu_task_grp *g = s->update;
    if (s->capture != NULL) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: Stream (stream_id=%d) during the capture "
                           "stage is not supported.", func, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_RT_STREAM_CAPTURED;
    } else if (g == NULL) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: stream %d did not begin a task update.",
                           func, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_STREAM_TASK_GROUP_STATUS;
    } else {
        uint32_t left = 0;
        drv_stream_update_end(s->drv, &left);
        g->updater = NULL;
        s->update = NULL;
        g->ri->launching--;
        if (left != 0) {
            aclemu_errmsg_push("EE1017", "%s failed. Parameter tasks is invalid. Reason: %u of the "
                               "%u tasks of the task group were not updated.", func, left,
                               g->count);
            ret = ACL_ERROR_RT_INTERNAL_ERROR;
        }
    }
    ri_lock_release();
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}
