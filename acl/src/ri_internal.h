/* Model runtime instances (aclmdlRI): stream capture and replay, shared by captured streams and
 * loaded models. Internal to libascendcl.
 *
 * An aclemu_ri holds a task list (a drv_graph): recorded from a stream, then copied once into
 * device memory. Replaying it is one task on a stream, whatever the number of launches in it;
 * each replay reads the current contents of the memory the tasks name. The public aclmdlRI
 * handle is an aclemu_ri pointer. See README.md, "Stream capture and replay". */
#ifndef ACLEMU_RI_INTERNAL_H
#define ACLEMU_RI_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "rt_internal.h"

typedef struct aclemu_ri aclemu_ri;
typedef struct aclemu_task_grp aclemu_task_grp;

/* ---- building a task list directly (the model loader) ------------------------------------
 * Every task issued on `stream` between build_begin and build_end (aclnn launches, async copies
 * and memsets) is recorded instead of run, as in a capture but without its mode rules: load a
 * model by issuing its launches on a private stream once, then aclemu_ri_launch per execute.
 * The tasks hold absolute device addresses: bind inputs/outputs by copying them into the
 * model's own buffers (copies recorded in the list) or by rebuilding the list. */
int aclemu_ri_build_begin(aclrtStream stream);
int aclemu_ri_build_end(aclrtStream stream, aclemu_ri **out);
/* One submission on `stream` (NULL = default stream) running the whole list. ACL code. */
int aclemu_ri_launch(aclemu_ri *ri, aclrtStream stream);
/* Waits up to 10 s for launches in flight (then ACL_ERROR_RT_MODEL_RUNNING), frees the list. */
int aclemu_ri_destroy(aclemu_ri *ri);
uint32_t aclemu_ri_task_count(const aclemu_ri *ri);

/* ---- capture rules other runtime calls apply (cheap when nothing captures) --------------- */
/* A synchronous memory call (aclrtMemcpy, aclrtMemset, aclrtMemcpy2d) or one turned
 * synchronous (refused_code ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC: an async copy of pageable
 * memory): ACL_SUCCESS if the capture modes in force allow it on this thread, else refused_code
 * with the EE1016 message. */
int rt_capture_check_unsafe(const char *func, int refused_code);
/* s records into a capture or a model build. */
bool rt_stream_capturing(rt_stream *s);
/* ACL_ERROR_RT_STREAM_CAPTURED (with the message) if s is capturing, else ACL_SUCCESS. */
int rt_capture_refuse_stream(const char *func, rt_stream *s);
/* Same for any stream of ctx (device / context synchronisation). */
int rt_capture_refuse_ctx(const char *func, rt_context *ctx);
/* Event record / wait on s: ACL_SUCCESS to go on with the driver call (which records into the
 * capture when s captures), or the refusal code. */
int rt_capture_event_record(const char *func, rt_event *e, rt_stream *s);
int rt_capture_event_wait(const char *func, rt_event *e, rt_stream *s);
/* Host-side waits and queries of an event recorded by a capture in progress:
 * ACL_ERROR_RT_EVENT_CAPTURED. */
int rt_capture_refuse_event(const char *func, rt_event *e);
/* Ends the captures and destroys the instances of a context being torn down. */
void rt_ri_context_teardown(rt_context *ctx);

#endif
