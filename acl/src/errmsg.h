/* The error-message store behind aclGetRecentErrMsg.
 *
 * Messages are kept per thread (default) or per process (aclInit "err_msg_mode": "1"), and
 * aclGetRecentErrMsg renders and clears them in the error manager's layout:
 *   [PID: <pid>] <yyyy-mm-dd-hh:mm:ss.mmm.uuu> <ErrorTitle>(<code>): <message>
 *           Possible Cause: ...        (only when the catalogue has one)
 *           Solution: ...
 *   TraceBack (most recent call last):
 *           <older message>
 * Inner errors (codes ending in 9999 / 8888) alone render as "<code>: Inner Error!" first. */
#ifndef ACLEMU_ERRMSG_H
#define ACLEMU_ERRMSG_H

#include <stdbool.h>
#include <stddef.h>

typedef struct errmsg_catalog_entry {
    const char *code;
    const char *title;
    const char *cause;    /* NULL or "N/A": not printed */
    const char *solution; /* NULL or "N/A": not printed */
} errmsg_catalog_entry;

/* The catalogue entry of a code, or NULL for codes it does not know. */
const errmsg_catalog_entry *errmsg_catalog_find(const char *code);

void errmsg_set_process_mode(bool process_level);
bool errmsg_process_mode(void);

/* Renders, clears and returns the pending messages of this thread (or of the process in
 * process mode). NULL when nothing is pending. The pointer stays valid until the next call
 * on the same thread. */
const char *errmsg_take(void);

/* Number of pending messages visible to the calling thread. */
size_t errmsg_pending(void);

/* Drops every stored message (thread and process stores). For tests and aclFinalize. */
void errmsg_clear_all(void);

#endif
