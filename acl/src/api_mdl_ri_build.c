/* aclmdlRI* of acl_rt.h beyond capture: building an instance explicitly (BuildBegin, a bound
 * head stream, EndTask, BuildEnd, Execute), its name and id, its streams and tasks, kernel task
 * parameters (GetParams / SetParams, applied by aclmdlRIUpdate) and destroy callbacks. The same
 * task list (drv_graph) serves captured, built and loaded instances.
 *
 * Not here: non-head streams (aclmdlRIBindStream with ACL_MODEL_STREAM_FLAG_DEFAULT run when
 * another stream activates them, aclrtActiveStream / aclrtSwitchStream, which aclemu does not
 * have), conditional tasks (aclmdlRICondHandle*, aclmdlRIAddCondTask), aclmdlRIAbort and
 * aclmdlRICaptureToModelRIBegin; they are not declared. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ri_capture.h"

#define FLAG_HEAD 0x0U            /* ACL_MODEL_STREAM_FLAG_HEAD (rts_model.h value) */
#define FLAG_DEFAULT 0x7FFFFFFFU  /* ACL_MODEL_STREAM_FLAG_DEFAULT */
#define UPDATE_WAIT_MS 10000

static int null_arg(const char *param)
{
    ERR_NULL(param);
    return rt_ret(ACL_ERROR_INVALID_PARAM);
}

static int stale(const char *func, const void *p, const char *what)
{
    char v[32];
    snprintf(v, sizeof(v), "%p", p);
    ERR_VALUE(func, v, what, "it is not a live handle (destroyed or never created)");
    return ACL_ERROR_INVALID_PARAM;
}

/* The live instance at p (caller holds the lock), else NULL with the message pushed. */
static aclemu_ri *live_locked(const char *func, const void *p, int *code)
{
    aclemu_ri *ri = ri_lookup_locked(p);
    if (ri == NULL || ri->destroying) {
        *code = stale(func, p, "modelRI");
        return NULL;
    }
    return ri;
}

ACL_FUNC_VISIBILITY aclError aclmdlRIBuildBegin(aclmdlRI *modelRI, uint32_t flag)
{
    const char *func = "aclmdlRIBuildBegin";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (flag != 0) {
        char v[16];
        snprintf(v, sizeof(v), "%u", flag);
        ERR_RT_VALUE(func, v, "flag", "it is reserved and must be 0");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    int code = ACL_SUCCESS;
    rt_context *ctx = rt_require_ctx(func, &code);
    if (ctx == NULL) {
        return rt_ret(code);
    }
    drv_graph *g;
    int ret = drv_graph_create(ctx->drv, &g);
    if (ret != ACL_SUCCESS) {
        return rt_ret(rt_drv_fail(func, ret));
    }
    ri_lock_acquire();
    aclemu_ri *ri = ri_new_locked(ctx, g);
    if (ri != NULL) {
        ri->state = RI_BUILDING;
        ri->built = true;
    }
    ri_lock_release();
    if (ri == NULL) {
        drv_graph_destroy(g, 0);
        aclemu_errmsg_push("EH0010", "Failed to allocate %zu bytes of host memory via %s to ACL.",
                           sizeof(*ri), "calloc");
        return rt_ret(ACL_ERROR_BAD_ALLOC);
    }
    *modelRI = ri;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlRIBindStream(aclmdlRI modelRI, aclrtStream stream, uint32_t flag)
{
    const char *func = "aclmdlRIBindStream";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (stream == NULL) {
        return null_arg("stream");
    }
    if (flag != FLAG_HEAD && flag != FLAG_DEFAULT) {
        char v[16];
        snprintf(v, sizeof(v), "%u", flag);
        ERR_RT_VALUE(func, v, "flag", "ACL_MODEL_STREAM_FLAG_HEAD or ACL_MODEL_STREAM_FLAG_DEFAULT");
        return rt_ret(ACL_ERROR_RT_PARAM_INVALID);
    }
    rt_stream *s;
    int ret = rt_stream_resolve(func, stream, &s);
    if (ret != ACL_SUCCESS) {
        return rt_ret(ret);
    }
    if (s->is_default) {
        handle_put(&s->hdr);
        aclemu_errmsg_push("EE1017", "%s failed. Parameter stream is invalid. Reason: The default "
                           "stream cannot be bound to a model.", func);
        return rt_ret(ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    }
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri == NULL) {
    } else if (!ri->built || ri->state != RI_BUILDING) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: streams are bound to a model runtime "
                           "instance between aclmdlRIBuildBegin and aclmdlRIBuildEnd only "
                           "(model_id=%u).", func, ri->id);
        ret = ACL_ERROR_RT_PARAM_INVALID;
    } else if (flag == FLAG_DEFAULT) {
        aclemu_errmsg_push("EE1006", "%s failed. Reason: a stream bound with "
                           "ACL_MODEL_STREAM_FLAG_DEFAULT runs when another stream of the model "
                           "activates it (aclrtActiveStream), which aclemu does not implement; bind "
                           "one head stream (ACL_MODEL_STREAM_FLAG_HEAD).", func);
        ret = ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
    } else if (ri->origin != NULL || ri->ended) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: the model (model_id=%u) already has its "
                           "head stream.", func, ri->id);
        ret = ACL_ERROR_RT_STREAM_MODEL;
    } else if (s->capture != NULL || s->update != NULL) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: stream %d is capturing, updating a task "
                           "group or bound to another model.", func, (int)drv_stream_id(s->drv));
        ret = ACL_ERROR_RT_STREAM_CAPTURED;
    } else if (s->ctx != ri->ctx) {
        aclemu_errmsg_push("EE1010", "%s execution failed because %s does not belong to the "
                           "current context. Extended information: %s.", func, "stream",
                           "the stream and the model runtime instance are in different contexts");
        ret = ACL_ERROR_RT_STREAM_CONTEXT;
    } else if ((ret = drv_stream_capture_begin(s->drv, ri->graph)) != ACL_SUCCESS) {
        rt_drv_fail(func, ret);
    } else {
        ri->origin = s;
        handle_ref(&s->hdr);
        ri->recording = true;
        s->capture = ri;
    }
    ri_lock_release();
    handle_put(&s->hdr);
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

/* The bound stream of ri named by stream (caller holds the lock), else a code with the message. */
static int bound_locked(const char *func, aclemu_ri *ri, aclrtStream stream, rt_stream **out)
{
    rt_stream *s;
    int ret = rt_stream_resolve(func, stream, &s);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    handle_put(&s->hdr);
    if (ri->origin != s) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: stream %d is not bound to the model "
                           "(model_id=%u).", func, (int)drv_stream_id(s->drv), ri->id);
        return ACL_ERROR_RT_STREAM_MODEL;
    }
    *out = s;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream)
{
    const char *func = "aclmdlRIEndTask";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (stream == NULL) {
        return null_arg("stream");
    }
    int ret = ACL_SUCCESS;
    rt_stream *s;
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri == NULL) {
    } else if (ri->state != RI_BUILDING) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: the model (model_id=%u) is not being "
                           "built.", func, ri->id);
        ret = ACL_ERROR_RT_PARAM_INVALID;
    } else if ((ret = bound_locked(func, ri, stream, &s)) != ACL_SUCCESS) {
    } else if (!ri->recording) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: the model (model_id=%u) already has its "
                           "end task.", func, ri->id);
        ret = ACL_ERROR_RT_PARAM_INVALID;
    } else {
        /* the list ends here: later tasks on the stream run as usual */
        drv_stream_capture_end(s->drv);
        s->capture = NULL;
        ri->recording = false;
        ri->ended = true;
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void *reserve)
{
    const char *func = "aclmdlRIBuildEnd";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (reserve != NULL) {
        ERR_VALUE(func, "non-null", "reserve", "reserve is a reserved parameter and must be nullptr");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri == NULL) {
    } else if (ri->state != RI_BUILDING) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: the model (model_id=%u) is not being "
                           "built.", func, ri->id);
        ret = ACL_ERROR_RT_PARAM_INVALID;
    } else if (!ri->ended) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: the model (model_id=%u) has no end task; "
                           "call aclmdlRIEndTask on its head stream first.", func, ri->id);
        ret = ACL_ERROR_RT_PARAM_INVALID;
    } else if (drv_graph_failed(ri->graph)) {
        aclemu_errmsg_push("EE1016", "%s failed. Reason: a task of the model (model_id=%u) could "
                           "not be recorded.", func, ri->id);
        ret = ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED;
    } else if ((ret = drv_graph_finalize(ri->graph)) != ACL_SUCCESS) {
        rt_drv_fail(func, ret);
    } else {
        ri->state = RI_READY;
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream)
{
    const char *func = "aclmdlRIUnbindStream";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (stream == NULL) {
        return null_arg("stream");
    }
    int ret = ACL_SUCCESS;
    rt_stream *s;
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri != NULL && (ret = bound_locked(func, ri, stream, &s)) == ACL_SUCCESS) {
        ri_build_unbind_locked(ri);
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

/* aclmdlRIExecute of a built instance: one replay on a stream of its own, waited for. */
int ri_execute_built(const char *func, aclemu_ri *ri, int32_t timeout)
{
    rt_context *cur = rt_current_ctx();
    if (cur != ri->ctx) {
        aclemu_errmsg_push("EE1010", "%s execution failed because %s does not belong to the "
                           "current context. Extended information: %s.", func, "modelRI",
                           "set the context the model was built in");
        return ACL_ERROR_RT_CONTEXT_NULL;
    }
    aclrtStream st;
    int ret = aclrtCreateStream(&st);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    rt_stream *s;
    ret = rt_stream_resolve(func, st, &s);
    if (ret == ACL_SUCCESS) {
        ret = ri_launch(func, ri, s);
        handle_put(&s->hdr);
    }
    if (ret == ACL_SUCCESS) {
        ret = aclrtSynchronizeStreamWithTimeout(st, timeout);
    }
    int dret = aclrtDestroyStreamForce(st);
    return ret != ACL_SUCCESS ? ret : dret;
}

ACL_FUNC_VISIBILITY aclError aclmdlRISetName(aclmdlRI modelRI, const char *name)
{
    const char *func = "aclmdlRISetName";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (name == NULL) {
        return null_arg("name");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri != NULL) {
        if (strlen(name) >= sizeof(ri->name)) {
            ERR_RT_VALUE(func, name, "name", "it must be shorter than 128 characters");
            ret = ACL_ERROR_RT_PARAM_INVALID;
        } else {
            snprintf(ri->name, sizeof(ri->name), "%s", name);
        }
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRIGetName(aclmdlRI modelRI, uint32_t maxLen, char *name)
{
    const char *func = "aclmdlRIGetName";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (name == NULL) {
        return null_arg("name");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri != NULL) {
        size_t n = strlen(ri->name);
        if (maxLen < n + 1) {
            char v[16];
            snprintf(v, sizeof(v), "%u", maxLen);
            ERR_RT_VALUE(func, v, "maxLen", "it must hold the name and its terminating NUL");
            ret = ACL_ERROR_RT_PARAM_INVALID;
        } else {
            memcpy(name, ri->name, n + 1);
        }
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRIGetId(aclmdlRI modelRI, uint32_t *modelRIId)
{
    const char *func = "aclmdlRIGetId";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (modelRIId == NULL) {
        return null_arg("modelRIId");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri != NULL) {
        *modelRIId = ri->id;
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRIDestroyRegisterCallback(aclmdlRI modelRI, aclrtCallback func_, void *userData)
{
    const char *func = "aclmdlRIDestroyRegisterCallback";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (func_ == NULL) {
        return null_arg("func");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri != NULL) {
        struct ri_destroy_cb *n = realloc(ri->cbs, sizeof(*n) * (ri->ncbs + 1));
        if (n == NULL) {
            ret = ACL_ERROR_BAD_ALLOC;
        } else {
            ri->cbs = n;
            n[ri->ncbs].fn = func_;
            n[ri->ncbs].ud = userData;
            ri->ncbs++;
        }
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRIDestroyUnregisterCallback(aclmdlRI modelRI, aclrtCallback func_)
{
    const char *func = "aclmdlRIDestroyUnregisterCallback";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (func_ == NULL) {
        return null_arg("func");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri != NULL) {
        uint32_t k = 0;
        for (uint32_t i = 0; i < ri->ncbs; i++) {
            if (ri->cbs[i].fn != func_) {
                ri->cbs[k++] = ri->cbs[i];
            }
        }
        if (k == ri->ncbs) {
            ERR_VALUE(func, "func", "func", "it is not registered for this model runtime instance");
            ret = ACL_ERROR_INVALID_PARAM;
        }
        ri->ncbs = k;
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

/* ---- streams and tasks ----------------------------------------------------------------------- */
/* Makes ri's task handles (caller holds the lock, ri ready). ACL code. */
static int tasks_locked(aclemu_ri *ri)
{
    if (ri->tasks != NULL || ri->state != RI_READY) {
        return ri->state == RI_READY ? ACL_SUCCESS : ACL_ERROR_RT_MODEL_CAPTURED;
    }
    uint32_t n = drv_graph_task_count(ri->graph);
    ri->tasks = calloc(n ? n : 1, sizeof(*ri->tasks));
    if (ri->tasks == NULL) {
        return ACL_ERROR_BAD_ALLOC;
    }
    ri->ntasks = n;
    uint32_t ids[RI_MAX_JOINED + 1], seqs[RI_MAX_JOINED + 1], nids = 0;
    ri->mstreams = calloc(RI_MAX_JOINED + 1, sizeof(*ri->mstreams));
    if (ri->mstreams == NULL) {
        free(ri->tasks);
        ri->tasks = NULL;
        return ACL_ERROR_BAD_ALLOC;
    }
    for (uint32_t i = 0; i < n; i++) {
        drv_graph_task_info t;
        drv_graph_describe(ri->graph, i, &t);
        uint32_t k = 0;
        while (k < nids && ids[k] != t.stream_id) {
            k++;
        }
        if (k == nids && nids <= RI_MAX_JOINED) {
            ids[nids] = t.stream_id;
            seqs[nids] = 0;
            ri->mstreams[nids].ri = ri;
            ri->mstreams[nids].stream_id = t.stream_id;
            nids++;
        }
        ri->tasks[i].ri = ri;
        ri->tasks[i].index = i;
        ri->tasks[i].stream_id = t.stream_id;
        ri->tasks[i].seq = k < nids ? seqs[k]++ : i;
        ri->tasks[i].block_dim = t.block_dim;
        ri->tasks[i].args_size = t.kind == DRV_GRAPH_KERNEL ? t.args_size : 0;
    }
    ri->nmstreams = nids;
    return ACL_SUCCESS;
}

static int not_ready(const char *func, aclemu_ri *ri)
{
    aclemu_errmsg_push("EE1016", "%s failed. Reason: the model runtime instance (model_id=%u) is "
                       "still being captured or built.", func, ri->id);
    return ACL_ERROR_RT_MODEL_CAPTURED;
}

ACL_FUNC_VISIBILITY aclError aclmdlRIGetStreams(aclmdlRI modelRI, aclrtStream *streams, uint32_t *numStreams)
{
    const char *func = "aclmdlRIGetStreams";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    if (numStreams == NULL) {
        return null_arg("numStreams");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri != NULL && (ret = tasks_locked(ri)) == ACL_ERROR_RT_MODEL_CAPTURED) {
        ret = not_ready(func, ri);
    } else if (ri != NULL && ret == ACL_SUCCESS) {
        /* a built model's stream is the one bound to it; a capture's are the model's own */
        uint32_t n = ri->built ? 1 : ri->nmstreams;
        if (streams == NULL) {
            *numStreams = n;
        } else {
            uint32_t m = *numStreams < n ? *numStreams : n;
            for (uint32_t i = 0; i < m; i++) {
                streams[i] = ri->built && ri->origin != NULL ? (aclrtStream)ri->origin
                                                              : (aclrtStream)&ri->mstreams[i];
            }
            *numStreams = m;
        }
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRIGetTasksByStream(aclrtStream stream, aclmdlRITask *tasks, uint32_t *numTasks)
{
    const char *func = "aclmdlRIGetTasksByStream";
    if (stream == NULL) {
        return null_arg("stream");
    }
    if (numTasks == NULL) {
        return null_arg("numTasks");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    /* a model stream of a capture, or a user stream bound to a built model */
    aclemu_ri *ri = NULL;
    uint32_t id = 0;
    for (aclemu_ri *r = ri_first_locked(); r != NULL && ri == NULL; r = r->next) {
        if (r->destroying) {
            continue;
        }
        if (r->built && r->origin != NULL && (aclrtStream)r->origin == stream) {
            ri = r;
            id = (uint32_t)drv_stream_id(r->origin->drv);
        }
        for (uint32_t k = 0; k < r->nmstreams && ri == NULL; k++) {
            if ((aclrtStream)&r->mstreams[k] == stream) {
                ri = r;
                id = r->mstreams[k].stream_id;
            }
        }
    }
    if (ri == NULL) {
        char v[32];
        snprintf(v, sizeof(v), "%p", stream);
        ERR_VALUE(func, v, "stream", "it is no stream of a ready model runtime instance "
                  "(aclmdlRIGetStreams names them)");
        ret = ACL_ERROR_INVALID_PARAM;
    } else if ((ret = tasks_locked(ri)) == ACL_ERROR_RT_MODEL_CAPTURED) {
        ret = not_ready(func, ri);
    } else if (ret == ACL_SUCCESS) {
        uint32_t n = 0, cap = tasks != NULL ? *numTasks : UINT32_MAX;
        for (uint32_t i = 0; i < ri->ntasks; i++) {
            if (ri->tasks[i].stream_id == id) {
                if (tasks != NULL && n < cap) {
                    tasks[n] = &ri->tasks[i];
                }
                n++;
            }
        }
        *numTasks = tasks != NULL && n > cap ? cap : n;
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

/* The task at p (caller holds the lock), else NULL with the message pushed. */
static struct ri_task *task_locked(const char *func, const void *p, int *code)
{
    for (aclemu_ri *r = ri_first_locked(); r != NULL; r = r->next) {
        if (!r->destroying && r->ntasks > 0 && (const struct ri_task *)p >= r->tasks &&
            (const struct ri_task *)p < r->tasks + r->ntasks) {
            return (struct ri_task *)p;
        }
    }
    *code = stale(func, p, "task");
    return NULL;
}

static aclmdlRITaskType task_type_of(uint32_t kind)
{
    switch (kind) {
    case DRV_GRAPH_KERNEL: return ACL_MODEL_RI_TASK_KERNEL;
    case DRV_GRAPH_EVENT_RECORD: return ACL_MODEL_RI_TASK_EVENT_RECORD;
    case DRV_GRAPH_EVENT_WAIT: return ACL_MODEL_RI_TASK_EVENT_WAIT;
    default: return ACL_MODEL_RI_TASK_DEFAULT; /* copies, memsets, host functions */
    }
}

ACL_FUNC_VISIBILITY aclError aclmdlRITaskGetType(aclmdlRITask task, aclmdlRITaskType *type)
{
    const char *func = "aclmdlRITaskGetType";
    if (task == NULL) {
        return null_arg("task");
    }
    if (type == NULL) {
        return null_arg("type");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    struct ri_task *t = task_locked(func, task, &ret);
    if (t != NULL) {
        drv_graph_task_info info;
        drv_graph_describe(t->ri->graph, t->index, &info);
        *type = task_type_of(info.kind);
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRITaskGetSeqId(aclmdlRITask task, uint32_t *id)
{
    const char *func = "aclmdlRITaskGetSeqId";
    if (task == NULL) {
        return null_arg("task");
    }
    if (id == NULL) {
        return null_arg("id");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    struct ri_task *t = task_locked(func, task, &ret);
    if (t != NULL) {
        *id = t->seq;
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRITaskGetParams(aclmdlRITask task, aclmdlRITaskParams *params)
{
    const char *func = "aclmdlRITaskGetParams";
    if (task == NULL) {
        return null_arg("task");
    }
    if (params == NULL) {
        return null_arg("params");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    struct ri_task *t = task_locked(func, task, &ret);
    if (t != NULL) {
        drv_graph_task_info info;
        drv_graph_describe(t->ri->graph, t->index, &info);
        memset(params, 0, sizeof(*params));
        params->type = task_type_of(info.kind);
        for (aclemu_task_grp *g = t->ri->groups; g != NULL; g = g->next) {
            if (t->index >= g->first && t->index < g->first + g->count) {
                params->taskGrp = g;
            }
        }
        if (params->type == ACL_MODEL_RI_TASK_KERNEL) {
            if (t->args == NULL && (t->args = malloc(t->args_size ? t->args_size : 1)) != NULL &&
                drv_graph_task_args(t->ri->graph, t->index, t->args, t->args_size) != ACL_SUCCESS) {
                free(t->args);
                t->args = NULL;
            }
            if (t->args == NULL) {
                ret = ACL_ERROR_BAD_ALLOC;
            } else {
                /* an aclnn kernel of the operator library: no aclrtFuncHandle names it */
                params->kernelTaskParams.funcHandle = NULL;
                params->kernelTaskParams.cfg = NULL;
                params->kernelTaskParams.args = t->args;
                params->kernelTaskParams.isHostArgs = 1;
                params->kernelTaskParams.argsSize = t->args_size;
                params->kernelTaskParams.numBlocks = t->block_dim;
            }
        } else if (params->type != ACL_MODEL_RI_TASK_DEFAULT) {
            aclemu_errmsg_push("EE1006", "%s failed. Reason: aclemu reports the parameters of kernel "
                               "tasks only (task %u is an event task).", func, t->seq);
            ret = ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
        }
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRITaskSetParams(aclmdlRITask task, aclmdlRITaskParams *params)
{
    const char *func = "aclmdlRITaskSetParams";
    if (task == NULL) {
        return null_arg("task");
    }
    if (params == NULL) {
        return null_arg("params");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    struct ri_task *t = task_locked(func, task, &ret);
    if (t != NULL) {
        drv_graph_task_info info;
        drv_graph_describe(t->ri->graph, t->index, &info);
        const aclmdlRIKernelTaskParams *k = &params->kernelTaskParams;
        if (task_type_of(info.kind) != ACL_MODEL_RI_TASK_KERNEL || params->type != ACL_MODEL_RI_TASK_KERNEL) {
            aclemu_errmsg_push("EE1006", "%s failed. Reason: aclemu sets the parameters of kernel "
                               "tasks only, with type ACL_MODEL_RI_TASK_KERNEL.", func);
            ret = ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
        } else if (k->args == NULL || k->argsSize != t->args_size) {
            char v[32];
            snprintf(v, sizeof(v), "%zu", k->args == NULL ? (size_t)0 : k->argsSize);
            ERR_RT_VALUE(func, v, "kernelTaskParams.argsSize",
                         "the kernel's arguments keep their size (the recorded one)");
            ret = ACL_ERROR_RT_PARAM_INVALID;
        } else if (k->numBlocks == 0) {
            ERR_RT_VALUE(func, "0", "kernelTaskParams.numBlocks", "it must be at least 1");
            ret = ACL_ERROR_RT_PARAM_INVALID;
        } else if (k->funcHandle != NULL) {
            aclemu_errmsg_push("EE1006", "%s failed. Reason: the kernel of a recorded aclnn task "
                               "cannot be replaced by another function (funcHandle must be NULL).",
                               func);
            ret = ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
        } else {
            if (t->args == NULL) {
                t->args = malloc(t->args_size ? t->args_size : 1);
            }
            if (t->args == NULL) {
                ret = ACL_ERROR_BAD_ALLOC;
            } else {
                if (k->args != t->args) {
                    memcpy(t->args, k->args, t->args_size);
                }
                t->block_dim = k->numBlocks;
                t->pending = true; /* applied by aclmdlRIUpdate */
            }
        }
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}

ACL_FUNC_VISIBILITY aclError aclmdlRIUpdate(aclmdlRI modelRI)
{
    const char *func = "aclmdlRIUpdate";
    if (modelRI == NULL) {
        return null_arg("modelRI");
    }
    int ret = ACL_SUCCESS;
    ri_lock_acquire();
    aclemu_ri *ri = live_locked(func, modelRI, &ret);
    if (ri != NULL && ri->state != RI_READY) {
        ret = not_ready(func, ri);
    }
    for (uint32_t i = 0; ri != NULL && ret == ACL_SUCCESS && i < ri->ntasks; i++) {
        struct ri_task *t = &ri->tasks[i];
        if (!t->pending) {
            continue;
        }
        /* waits for the replays in flight, so later ones run the new parameters */
        ret = drv_graph_set_kernel(ri->graph, t->index, t->args, t->args_size, t->block_dim, UPDATE_WAIT_MS);
        if (ret == ACL_ERROR_RT_MODEL_RUNNING) {
            aclemu_errmsg_push("EE1016", "%s failed. Reason: the model (model_id=%u) is still "
                               "running.", func, ri->id);
        } else if (ret != ACL_SUCCESS) {
            rt_drv_fail(func, ret);
        } else {
            t->pending = false;
        }
    }
    ri_lock_release();
    return ret == ACL_SUCCESS ? ACL_SUCCESS : rt_ret(ret);
}
