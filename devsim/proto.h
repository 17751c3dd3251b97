/* The protocol between the driver (host process) and the device process.
 *
 * Two channels:
 *  - a Unix stream socket for resource requests (alloc, free, stream/event create, status ...):
 *    fixed-size request/response records, one outstanding request per connection;
 *  - shared memory: the HBM arena (memfd, mapped by the device at the device address range and by
 *    each client anywhere) and the control block (memfd): per-stream task rings with completion
 *    counters, per-event generation counters, per-client report counters. Counters double as
 *    futex words (process-shared futexes on the memfd mapping).
 *
 * Internal to devsim/: not installed. */
#ifndef ACLEMU_DEVSIM_PROTO_H
#define ACLEMU_DEVSIM_PROTO_H

#include <stdatomic.h>
#include <stdint.h>

#include "aclemu/kernel.h"
#include "aclemu/profile.h"

#define DS_MAGIC 0x41434c45u /* "ACLE" */
#define DS_VERSION 6u /* 2: waiter_cpu, completed_ns; 3: task timeouts; 4: memory checker;
                         5: task graphs (DS_TASK_GRAPH); 6: VMM */

/* Device address range of device N: [DS_DEV_BASE(N), DS_DEV_BASE(N) + cap), cap <= DS_DEV_STRIDE.
 * Far from anything a host process maps, so a device pointer dereferenced in the host faults.
 * Only the device process uses these (clients learn arena_base from HELLO), and it must be able to
 * map them: 32 TiB + N TiB lies in AddressSanitizer's high application memory (its shadow ends at
 * 0x10007fff7fff) as well as in a plain process's free middle; ThreadSanitizer accepts application
 * mappings only in its fixed ranges, of which the low one (below 512 GiB, where only MAP_32BIT
 * mappings and non-PIE binaries go) is the one nothing else uses. */
#if defined(__SANITIZE_THREAD__)
#define ACLEMU_DS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define ACLEMU_DS_TSAN 1
#endif
#endif
#ifdef ACLEMU_DS_TSAN
#define DS_DEV_BASE0 0x1000000000ull /* 64 GiB */
#define DS_DEV_STRIDE 0x600000000ull /* 24 GiB: 16 devices end below 448 GiB */
#else
#define DS_DEV_BASE0 0x200000000000ull /* 32 TiB */
#define DS_DEV_STRIDE 0x10000000000ull /* 1 TiB */
#endif
#define DS_DEV_BASE(n) (DS_DEV_BASE0 + (uint64_t)(n) * DS_DEV_STRIDE)

#define DS_MAX_CLIENTS 128
#define DS_MAX_STREAMS 1024
#define DS_MAX_EVENTS 65536
#define DS_RING_BYTES (1u << 20)  /* per stream */
#define DS_TASK_ALIGN 64u

/* ---- socket messages ---------------------------------------------------------------------- */
enum ds_op {
    DS_OP_HELLO = 1,
    DS_OP_ALLOC,
    DS_OP_FREE,
    DS_OP_MEMINFO,
    DS_OP_STREAM_CREATE,
    DS_OP_STREAM_DESTROY,
    DS_OP_EVENT_CREATE,
    DS_OP_EVENT_DESTROY,
    DS_OP_HOST_REGISTER,   /* fd attached: a pinned host region */
    DS_OP_HOST_UNREGISTER,
    DS_OP_STATUS,
    DS_OP_SHUTDOWN,        /* persistent-mode stop, from the aclemu-devsim --stop tool */
    /* virtual memory management (aclrtReserveMemAddress ...; server/vmm.c) */
    DS_OP_VMM_RESERVE,     /* a0 size, a1 alignment -> r0 address */
    DS_OP_VMM_RELEASE,     /* a0 address */
    DS_OP_VMM_MAP,         /* a0 address, a1 size, a2 device address of the physical block */
    DS_OP_VMM_UNMAP,       /* a0 address, a1 size */
};

typedef struct ds_req {
    uint32_t op;
    uint32_t flags;
    uint64_t a[4];
    char name[64]; /* HELLO: process name */
} ds_req;

typedef struct ds_resp {
    int32_t status; /* ACL error code */
    uint32_t pad;
    uint64_t r[4];
    char msg[192];
} ds_resp;

/* HELLO reply payload, sent right after ds_resp with the arena and control fds. */
typedef struct ds_hello {
    uint32_t magic;
    uint32_t version;
    int32_t devsim_pid;
    uint32_t client_slot;
    uint64_t arena_base; /* device address of arena offset 0 */
    uint64_t arena_size;
    uint64_t ctl_size;
    aclemu_chip_profile profile;
} ds_hello;

/* STATUS reply payload (after ds_resp). */
typedef struct ds_status_proc {
    int32_t pid;
    char name[64];
    uint64_t mem_bytes;
} ds_status_proc;

typedef struct ds_status {
    int32_t devsim_pid;
    uint32_t nproc;
    uint64_t mem_total;
    uint64_t mem_used;
    uint32_t aicore_util;
    uint32_t pad;
    ds_status_proc procs[64];
    char soc_version[ACLEMU_NAME_LEN];
} ds_status;

/* ---- tasks (in a stream's byte ring) ----------------------------------------------------- */
enum ds_task_kind {
    DS_TASK_PAD = 0,      /* skip to the ring start */
    DS_TASK_KERNEL,
    DS_TASK_COPY,         /* memcpy between device-process pointers */
    DS_TASK_COPY2D,
    DS_TASK_MEMSET,
    DS_TASK_EVENT_RECORD,
    DS_TASK_EVENT_WAIT,
    DS_TASK_HOST_FN,
    DS_TASK_NOP,
    /* ---- stream capture / model replay (aclmdlRI, acl/src/ri_*.c) ---- */
    DS_TASK_GRAPH,        /* runs a task list resident in device memory, in order */
};

typedef struct ds_task {
    uint32_t kind;
    uint32_t size;        /* bytes of this record incl. header, multiple of DS_TASK_ALIGN */
    uint32_t block_dim;   /* KERNEL */
    uint32_t args_size;   /* KERNEL */
    uint64_t u[6];        /* kind-specific: KERNEL timeout_us (0: none); COPY dst,src,n;
                             COPY2D dst,dpitch,src,spitch,w,h; MEMSET dst,value,n;
                             EVENT_RECORD slot,gen; EVENT_WAIT slot,gen,timeout_us (0: none);
                             HOST_FN seq,block;
                             GRAPH list,bytes,count (list: device address of a ds_graph_hdr) */
    char kernel[ACLEMU_KERNEL_NAME_LEN];
    /* KERNEL: args_size bytes of arguments follow */
} ds_task;

_Static_assert(sizeof(ds_task) % 8 == 0, "task header alignment");

/* A task graph in device memory: this header, then `bytes` of task records laid out as in a
 * ring (each ds_task followed by its payload, DS_TASK_ALIGN-aligned; no PAD records). The device
 * bumps `replays_done` (a futex word) after each run of the list, or when it skips one. */
typedef struct ds_graph_hdr {
    _Atomic uint32_t replays_done;
    uint32_t magic;       /* DS_GRAPH_MAGIC */
    uint64_t bytes;
    uint32_t count;
    uint32_t pad[11];
} ds_graph_hdr;
#define DS_GRAPH_MAGIC 0x47524150u /* "GRAP" */
_Static_assert(sizeof(ds_graph_hdr) == DS_TASK_ALIGN, "graph header is one task slot");

/* ---- control block -------------------------------------------------------------------------- */
#define DS_CACHELINE 64

enum ds_stream_state { DS_STREAM_FREE = 0, DS_STREAM_LIVE = 1, DS_STREAM_ABORT = 2 };

typedef struct ds_stream_shm {
    /* written by the client */
    _Alignas(DS_CACHELINE) _Atomic uint32_t submitted;    /* tasks published; futex for the device */
    _Atomic uint32_t dev_sleeping;                         /* device thread waits on `submitted` */
    _Atomic uint64_t write_pos;                            /* ring bytes published */
    _Atomic uint32_t cb_done;                              /* host fns run by the client; futex */
    _Atomic int32_t waiter_cpu;                            /* CPU a client thread last slept on
                                                              waiting for `completed` */
    /* written by the device */
    _Alignas(DS_CACHELINE) _Atomic uint32_t completed;    /* tasks finished; futex for clients */
    _Atomic uint32_t client_waiting;
    _Atomic uint64_t completed_ns;                         /* CLOCK_MONOTONIC of the last completion */
    _Atomic uint64_t read_pos;                             /* ring bytes consumed */
    _Atomic int32_t error;                                 /* first task failure since last sync */
    _Atomic uint32_t cb_reached;                           /* host fns reached; futex */
    _Atomic uint32_t state;
    _Atomic uint32_t owner_slot;                           /* read by a reaper thread, set by the
                                                              main thread on create */
    uint32_t fail_mode;                                    /* 1 = stop on failure */
    uint32_t priority;
    _Alignas(DS_CACHELINE) unsigned char ring[DS_RING_BYTES];
} ds_stream_shm;

typedef struct ds_event_shm {
    _Atomic uint32_t recorded;   /* generation of the last record (client increments) */
    _Atomic uint32_t completed;  /* generation completed (device); futex */
    _Atomic uint64_t timestamp;  /* CLOCK_MONOTONIC ns of the last completion */
    _Atomic uint32_t live;
    uint32_t owner_slot;
    uint32_t flags;
    uint32_t pad;
} ds_event_shm;

typedef struct ds_client_shm {
    _Alignas(DS_CACHELINE) _Atomic uint32_t report_seq; /* bumped when any stream reaches a host fn */
    _Atomic uint32_t live;
    int32_t pid;
} ds_client_shm;

typedef struct ds_ctl {
    uint32_t magic;
    uint32_t version;
    _Atomic uint64_t busy_ns;     /* AI-core busy time, summed over workers */
    _Atomic uint32_t util_pct;
    ds_client_shm clients[DS_MAX_CLIENTS];
    ds_event_shm events[DS_MAX_EVENTS];
    ds_stream_shm streams[DS_MAX_STREAMS];
} ds_ctl;

/* Wrap-safe "a has reached b" for 32-bit generation counters. */
static inline int ds_reached(uint32_t a, uint32_t b) { return (int32_t)(a - b) >= 0; }

/* Runtime directory for sockets and locks: $ACLEMU_RUNTIME_DIR, else /tmp/aclemu-<uid>/<hash of
 * the real path of the device-process executable given to ds_runtime_set_exe> (one set of devices
 * per installation). Creates it. Returns 0 or -1. */
int ds_runtime_dir(char *buf, unsigned len);
void ds_runtime_set_exe(const char *path);
int ds_socket_path(int devid, char *buf, unsigned len);
int ds_lock_path(int devid, char *buf, unsigned len);

#endif
