/* State of the device process (one per emulated device). */
#ifndef ACLEMU_DEVSIM_H
#define ACLEMU_DEVSIM_H

#include <pthread.h>
#include <stdint.h>

#include "../proto.h"
#include "arena.h"
#include "memcheck.h"
#include "workers.h"

typedef struct ds_host_region {
    uint32_t id;
    void *addr;     /* mapping in the device process */
    uint64_t size;
    struct ds_host_region *next;
} ds_host_region;

typedef struct ds_client {
    int fd;                 /* -1 when the slot is free */
    int observer;           /* npu-smi style connection: owns nothing */
    int reaping;
    int32_t pid;
    char name[64];
    ds_host_region *regions;
    uint32_t next_region_id;
} ds_client;

/* A reserved device address range (vmm.c), sorted by va in ds_server.vmm. */
typedef struct ds_vmm_res {
    uint64_t va, size;
    uint32_t owner;          /* client slot */
    struct ds_vmm_res *next;
} ds_vmm_res;

typedef struct ds_server {
    int devid;
    aclemu_chip_profile prof;
    int arena_fd, ctl_fd;
    uint64_t arena_base, arena_size;
    ds_ctl *ctl;
    uint64_t ctl_size;
    arena *alloc;
    pthread_mutex_t lock;   /* allocator, slots, clients */
    ds_client clients[DS_MAX_CLIENTS];
    ds_pool pool;
    uint32_t event_hint;
    uint32_t stream_limit;
    uint32_t event_limit;
    _Atomic(struct ds_memcheck *) mc; /* the memory checker, once a client asks for it */
    ds_vmm_res *vmm;        /* reserved address ranges (under lock) */
} ds_server;

/* vmm.c (callers hold srv->lock); errno-style results: 0, EINVAL, ENOMEM */
int ds_vmm_reserve(ds_server *srv, uint32_t slot, uint64_t size, uint64_t align, uint64_t *va_out);
int ds_vmm_release(ds_server *srv, uint32_t slot, uint64_t va);
int ds_vmm_map(ds_server *srv, uint32_t slot, uint64_t va, uint64_t size, uint64_t phys);
int ds_vmm_unmap(ds_server *srv, uint32_t slot, uint64_t va, uint64_t size);
void ds_vmm_client_gone(ds_server *srv, uint32_t slot);

/* stream_exec.c */
int ds_stream_start(ds_server *srv, uint32_t idx);
/* Stops the stream: pending tasks are dropped; the thread frees the slot when it exits. */
void ds_stream_abort(ds_server *srv, uint32_t idx);
/* Waits until the stream's thread has exited: the slot is free, or already created again for
 * another client than owner. */
void ds_stream_wait_free(ds_server *srv, uint32_t idx, uint32_t owner);

/* arena pages are given back to the host for large freed blocks */
void ds_arena_release_pages(ds_server *srv, uint64_t addr, uint64_t size);

#endif
