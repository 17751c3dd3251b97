/* Blobs of the HansEncode / HansDecode kernels (ops-math math/hans_encode, hans_decode).
 *
 * The layout the real kernels write (op_kernel/hans_encode_base.h, hans_pdf_statistic_base.h):
 *  - cores P = min(n / 32768, vector cores); core b codes elements [b * lpc * 64, ...) (lpc =
 *    n / 64 / P loops of 64, the last core also the remainder), in tiles of 4096 (a last partial
 *    one of a multiple of 64);
 *  - an element's high byte (FLOAT: byte 3, 16-bit: byte 1) is its symbol, the others (in
 *    order) go to mantissaOut at element * (dsize - 1);
 *  - the symbols are ranked by the pdf sorted descending (its INT32 counts compared as FLOAT,
 *    Sort32 of 32 then MrgSort 4 x 32, 2 x 128; ties keep the lower index); rank r is coded in
 *    len(r) = max(1, bits(r)) bits;
 *  - tile element 64 r + c adds its rank to state S[64 r + c] (S = S << L_r | rank, L_r the
 *    longest code of row r in the tile); row bits B_r += L_r; rows with B_r > 16 are flushed:
 *    their 64 low halves of S are written (rows in order), S >>= 16, B_r -= 16; then the 64 L_r
 *    as UINT16; a core stops (the rest goes raw to varOut) when its region would overflow
 *    (SpaceVerify); then the 4096 low halves of S and the 64 INT32 B_r (8448 bytes);
 *  - core b's region: fixedOut + 512 + b * fpc (reshuff: the workspace, then packed after the
 *    header in core order); header (128 INT32 summed over the cores): [0] 12138 per core,
 *    [1] cores, [2] loops, [3] coded loops, [4] raw loops, [8 + b] bytes of core b, [64 + b]
 *    raw elements of core b (their exponent bytes at varOut + sum of the earlier cores'). */
#ifndef OPS_MATH_HANS_ARGS_H
#define OPS_MATH_HANS_ARGS_H

#include "aclemu_op/kargs.h"

#define HANS_META_BYTES 512
#define HANS_TAIL_BYTES 8448
#define HANS_MIN_PER_CORE 32768
#define HANS_TILE 4096

enum { HANS_PHASE_HIST = 0, HANS_PHASE_PDF = 1, HANS_PHASE_ENCODE = 2, HANS_PHASE_TAIL = 3 };

typedef struct hans_enc_args {
    aclemu_tdesc input, pdf, mantissa, fixed, var;
    uint64_t ws;                 /* workspace base */
    int64_t n, dsize, cores;
    int64_t loops_per_core, loops_last;
    int64_t fixed_per_core, fixed_last; /* region bytes (after the 512-byte header) */
    int64_t fixed_bytes, var_bytes;     /* bytes of the user's fixedOut / varOut */
    int64_t comp_off, hist_off, info_off; /* workspace offsets: reshuff regions, per-core pdfs, per-core info */
    int32_t phase, reshuff;
} hans_enc_args;

typedef struct hans_dec_args {
    aclemu_tdesc mantissa, fixed, var, pdf, out;
    int64_t dsize;
    int64_t fixed_bytes, var_bytes, mant_bytes, out_numel;
    int32_t reshuff, pad;
} hans_dec_args;

#endif
