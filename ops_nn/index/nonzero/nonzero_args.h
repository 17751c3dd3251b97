/* Blob of the Nonzero kernel (Nonzero: out [N, D]; NonzeroV2: out [D, N]): the coordinates of
 * the N non-zero elements of self (row-major order), written compactly as INT64 from out's
 * offset; the kernel leaves out's real dims in the workspace (aclemu_exec_out_shape). One block. */
#ifndef OPS_INDEX_NONZERO_ARGS_H
#define OPS_INDEX_NONZERO_ARGS_H

#include <stdint.h>

#define NZ_MAX_DIMS 8

typedef struct nonzero_args {
    int32_t dtype;
    int32_t nd;            /* self's rank D (0-d: one coordinate-less row) */
    int32_t transposed;    /* 1: [D, N] (NonzeroV2) */
    int32_t out_rank;
    uint64_t in, out, ws;
    int64_t in_off, out_off;
    int64_t shape[NZ_MAX_DIMS], stride[NZ_MAX_DIMS];
    int64_t numel;
    int64_t cap;           /* results out has room for (more: nothing written, N reported) */
    int64_t ws_dims;       /* workspace offset of out's dims */
} nonzero_args;

#endif
