/* The device-memory checker's part of the driver <-> device protocol (see MEMCHECK.md).
 *
 *  - HELLO with flags & DS_HELLO_MEMCHECK carries an fd: a memfd of one ds_mc_ring the client
 *    created. The device checks that client's launches and copies and writes its reports there;
 *    the client prints them (at synchronisations, at close, at exit).
 *  - A KERNEL task of such a client has u[1] = bytes of the manifest (a ds_mc_manifest and its
 *    drv_mc_range entries) after the arguments (which are padded to 8 bytes), u[2] = the
 *    client's launch sequence number (u[0] is the execute timeout). u[1] = 0: no manifest.
 *  - DS_OP_MEMCHECK requests (flags = DS_MC_REQ_*) tell the device about what the runtime did
 *    without a task: a synchronous copy through the client's mapping, an allocation's requested
 *    size.
 *
 * Internal to devsim/: not installed. */
#ifndef ACLEMU_DEVSIM_MEMCHECK_PROTO_H
#define ACLEMU_DEVSIM_MEMCHECK_PROTO_H

#include <stdatomic.h>
#include <stdint.h>

#include "aclemu/drv.h"

#define DS_HELLO_MEMCHECK 2u      /* ds_req.flags bit of HELLO */
#define DS_OP_MEMCHECK 64u        /* ds_req.op (away from the resource requests' numbers) */

enum ds_mc_req {
    DS_MC_REQ_SIZE = 1, /* a[0] = allocation, a[1] = bytes the user asked for */
    DS_MC_REQ_COPY,     /* a[0] = dst, a[1] = src (0: memset), a[2] = bytes, name = the call */
};

typedef struct ds_mc_manifest {
    char op[48];        /* host call, e.g. "aclnnAdd" */
    uint32_t count;     /* drv_mc_range entries that follow */
    uint32_t reserved;
} ds_mc_manifest;

#define DS_MC_MAX_RANGES 128u

/* Report ring: the device appends whole reports (text), the client consumes them. */
#define DS_MC_RING_BYTES (1u << 20)
typedef struct ds_mc_ring {
    _Atomic uint64_t head;      /* bytes written (device) */
    _Atomic uint64_t tail;      /* bytes printed (client) */
    _Atomic uint32_t errors;    /* errors found in this client */
    _Atomic uint32_t dropped;   /* reports that did not fit */
    unsigned char reserved[40];
    unsigned char data[DS_MC_RING_BYTES];
} ds_mc_ring;

#endif
