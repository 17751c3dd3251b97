/* The state behind an aclmdlRI, shared by ri_capture.c and api_mdl_ri.c only. */
#ifndef ACLEMU_RI_CAPTURE_H
#define ACLEMU_RI_CAPTURE_H

#include "ri_internal.h"

enum ri_state { RI_CAPTURING = 1, RI_READY, RI_BUILDING /* aclmdlRIBuildBegin .. BuildEnd */ };
#define RI_MAX_JOINED 32

/* aclmdlRICaptureTaskGrpBegin/End: tasks [first, first + count) of the instance's list. */
struct aclemu_task_grp {
    aclemu_ri *ri;
    uint32_t first, count;
    rt_stream *updater;          /* the stream updating it (aclmdlRICaptureTaskUpdateBegin) */
    aclemu_task_grp *next;       /* in ri->groups */
};

struct aclemu_ri {
    uint32_t id;                 /* aclmdlRIGetId-style id, in messages */
    rt_context *ctx;             /* referenced */
    drv_graph *graph;
    enum ri_state state;
    /* while capturing */
    rt_stream *origin;           /* the capturing stream (referenced) */
    int mode;                    /* aclmdlRICaptureMode */
    bool counted;                /* a public capture: its mode applies (not a model build) */
    bool invalidated;            /* a task failed to be recorded: the end reports it */
    bool group_open;
    uint32_t group_first;
    uint64_t capture_id;
    uint64_t begin_thread;
    /* cross-stream capture: streams that joined by waiting on an event recorded in it. Their
     * tasks go into the same list in issue order (a valid order of the captured dependencies).
     * Each must be joined back: its last event record waited on by the origin stream. */
    rt_stream *joined[RI_MAX_JOINED];  /* referenced */
    uint64_t joined_rec[RI_MAX_JOINED], joined_waited[RI_MAX_JOINED];
    int njoined;
    /* once ready */
    int launching;               /* launches being enqueued */
    bool destroying;
    aclemu_task_grp *groups;
    /* built explicitly (aclmdlRIBuildBegin): origin is the bound head stream (referenced until
     * unbound or destroyed), recording until aclmdlRIEndTask */
    bool built, recording, ended;
    char name[128];              /* aclmdlRISetName */
    struct ri_destroy_cb { aclrtCallback fn; void *ud; } *cbs;
    uint32_t ncbs;
    struct ri_task *tasks;       /* aclmdlRITask handles, made on first use once ready */
    uint32_t ntasks;
    struct ri_mstream *mstreams; /* aclmdlRIGetStreams handles of a captured instance */
    uint32_t nmstreams;
    aclemu_ri *next;             /* in the instance list */
};

/* An aclmdlRITask: task `index` of ri's list, `seq` its rank among its stream's tasks; a kernel's
 * new parameters wait in pending / args until aclmdlRIUpdate. */
struct ri_task {
    aclemu_ri *ri;
    uint32_t index, seq, stream_id;
    bool pending;
    uint32_t block_dim;
    uint32_t args_size;
    unsigned char *args;         /* host copy (aclmdlRITaskGetParams hands it out) */
};

/* A stream of a captured instance as aclmdlRIGetStreams names it (the model's own stream). */
struct ri_mstream {
    aclemu_ri *ri;
    uint32_t stream_id;
};

/* A new instance of ctx over g, in the list (caller holds the lock); NULL when out of memory. */
aclemu_ri *ri_new_locked(rt_context *ctx, drv_graph *g);
/* The head of the instance list (caller holds the lock). */
aclemu_ri *ri_first_locked(void);
/* aclmdlRIExecute of a built instance (api_mdl_ri_build.c). ACL code. */
int ri_execute_built(const char *func, aclemu_ri *ri, int32_t timeout);
/* Ends the recording of a built instance and releases its bound stream (caller holds the lock). */
void ri_build_unbind_locked(aclemu_ri *ri);
/* Runs and drops the destroy callbacks of an instance being freed. */
void ri_run_destroy_cbs(aclemu_ri *ri);

void ri_lock_acquire(void);
void ri_lock_release(void);
const char *ri_mode_name(int mode);
/* The instance / task group at p, or NULL (caller holds the lock). */
aclemu_ri *ri_lookup_locked(const void *p);
aclemu_task_grp *ri_group_lookup_locked(const void *p);
/* Starts recording s into a new instance (caller holds the lock, checked s is idle). */
int ri_capture_begin_locked(rt_stream *s, int mode, bool counted, aclemu_ri **out);
/* Ends the capture s->capture (caller holds the lock): the ready instance, or a code and the
 * capture discarded. */
int ri_capture_end_locked(const char *func, rt_stream *s, bool check_thread, aclemu_ri **out);
int ri_launch(const char *func, aclemu_ri *ri, rt_stream *s);
int ri_destroy(const char *func, aclemu_ri *ri);
/* aclmdlRICaptureThreadExchangeMode: sets this thread's mode, returns the previous one. */
int ri_exchange_mode(int mode);

#endif
