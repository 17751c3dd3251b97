/* Orderings of the device process's threads that pass through a client.
 *
 * A stream thread finishes a task (a release store of `completed` in shared memory), the client
 * sees it (acquire) and submits a task to another stream, whose thread picks it up (an acquire of
 * `submitted`); or the main thread maps a pinned host region, replies, and the client then submits
 * a copy on it. The chain is sound (lock-free atomics work across processes), but
 * ThreadSanitizer sees no client thread, so it would take the second thread's access to memory
 * the first one touched for a data race. Under TSan these hand it the edges the client makes:
 * every task completion and every reply releases, every task start acquires. Elsewhere they are
 * nothing. (It over-approximates the client's order, so races between two streams the client
 * did not order are not reported: those are the program's, as on a card.) */
#ifndef ACLEMU_DEVSIM_CLIENT_ORDER_H
#define ACLEMU_DEVSIM_CLIENT_ORDER_H

#include "../proto.h"

#ifdef ACLEMU_DS_TSAN
#include <sanitizer/tsan_interface.h>
extern char ds_client_order_sync; /* stream_exec.c; only its address matters */
static inline void ds_client_order_release(void) { __tsan_release(&ds_client_order_sync); }
static inline void ds_client_order_acquire(void) { __tsan_acquire(&ds_client_order_sync); }
#else
static inline void ds_client_order_release(void) {}
static inline void ds_client_order_acquire(void) {}
#endif

#endif
