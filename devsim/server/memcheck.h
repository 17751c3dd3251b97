/* The device-memory checker (what msSanitizer does on a card), see devsim/MEMCHECK.md.
 *
 * Off until a client says hello with DS_HELLO_MEMCHECK; from then on the device keeps a
 * registry of every allocation (all clients: so that "another process's memory" can be named),
 * a quarantine of blocks its checked clients freed, and a shadow bitmap of initialised 4-byte
 * words. Only checked clients' tasks are checked. */
#ifndef ACLEMU_DEVSIM_MEMCHECK_H
#define ACLEMU_DEVSIM_MEMCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "../proto.h"

struct ds_server;
typedef struct ds_memcheck ds_memcheck;

/* HELLO of a client asking to be checked: maps its report ring (takes the fd). Returns 0 or -1. */
int ds_mc_attach(struct ds_server *srv, uint32_t slot, int fd, int32_t pid);

/* ---- allocator hooks: the caller holds srv->lock ----------------------------------------- */
void ds_mc_on_alloc(struct ds_server *srv, uint32_t slot, uint64_t addr, uint64_t size);
/* A free request. Returns 1 when the checker took the block (quarantine), 0 when the caller frees
 * it as usual, -1 when it is invalid (reported for a checked client; the caller refuses it). */
int ds_mc_on_free(struct ds_server *srv, uint32_t slot, uint64_t addr);
/* Gives every quarantined block back to the arena (an allocation did not fit). Returns bytes. */
uint64_t ds_mc_drain_quarantine(struct ds_server *srv);
/* Bytes held in quarantine (counted as free by MEMINFO). */
uint64_t ds_mc_quarantined(struct ds_server *srv);
/* The client's connection is gone: forget its blocks and ring. Returns the errors it had, and
 * how many of its tasks were checked in how much time. */
uint32_t ds_mc_client_gone(struct ds_server *srv, uint32_t slot, uint64_t *tasks, uint64_t *ns);

/* DS_OP_MEMCHECK requests. */
void ds_mc_request(struct ds_server *srv, uint32_t slot, const ds_req *req, ds_resp *r);

/* Stream thread, before a task runs: 0 to run it, or the error code the stream fails with (the
 * task is skipped: an illegal access must not corrupt memory). */
int ds_mc_task(struct ds_server *srv, ds_stream_shm *s, const ds_task *t);

#endif
