/* Transpose kernel: copies a (permuted) view of self into out. When the last two dims swap
 * (out's last dim strided in self, the one before it contiguous there) and the dtype stays, whole
 * output rows go in 16 x 16 tiles: each input column piece and each output row piece is one
 * 64-byte line for FP32 (element by element, every input element cost a line read). Everything
 * else, and the partial rows at the ends of a block's range, element runs as before. */
#include <string.h>

#include "aclemu_op/kernel_util.h"

#define TP_TILE 16

/* A TP_TILE-row strip of rows [i0, i0 + nr) of one output plane, all c columns: out rows are
 * `orow` elements apart, input columns `icol` apart (input rows are contiguous). */
#define TP_STRIP(T)                                                                                \
    static void strip_##T(T *o, int64_t orow, const T *in, int64_t icol, int64_t nr, int64_t c)    \
    {                                                                                              \
        for (int64_t j0 = 0; j0 < c; j0 += TP_TILE) {                                              \
            int64_t nc = c - j0 < TP_TILE ? c - j0 : TP_TILE;                                      \
            if (nr == TP_TILE && nc == TP_TILE) {                                                  \
                T t[TP_TILE][TP_TILE];                                                             \
                for (int64_t b = 0; b < TP_TILE; b++)                                              \
                    memcpy(t[b], in + (j0 + b) * icol, sizeof(T) * TP_TILE);                       \
                for (int64_t a = 0; a < TP_TILE; a++)                                              \
                    for (int64_t b = 0; b < TP_TILE; b++) o[a * orow + j0 + b] = t[b][a];          \
                continue;                                                                          \
            }                                                                                      \
            for (int64_t a = 0; a < nr; a++)                                                       \
                for (int64_t b = 0; b < nc; b++) o[a * orow + j0 + b] = in[(j0 + b) * icol + a];   \
        }                                                                                          \
    }
TP_STRIP(uint8_t)
TP_STRIP(uint16_t)
TP_STRIP(uint32_t)
TP_STRIP(uint64_t)

/* The tiled walk of output rows [r0, r1) (row = C elements of the last dim), plane by plane:
 * pieces of TP_COLS columns outside, the 16-row strips inside, so a piece's input rows (one page
 * each) stay in the TLB and their lines are read in order while the strips go down. */
#define TP_COLS 256
static void tiled_rows(const aclemu_ew *ew, uint64_t r0, uint64_t r1)
{
    uint32_t nd = ew->ndim;
    int64_t es = (int64_t)aclemu_kdtype_size(ew->op[0].dtype);
    int64_t R = ew->shape[nd - 2], C = ew->shape[nd - 1];
    const aclemu_ew_operand *o = &ew->op[0], *x = &ew->op[1];
    int64_t orow = o->stride[nd - 2], icol = x->stride[nd - 1];
    for (uint64_t r = r0; r < r1;) {
        uint64_t plane = r / (uint64_t)R;
        int64_t i0 = (int64_t)(r % (uint64_t)R), i1 = R;
        if ((uint64_t)(i1 - i0) > r1 - r) i1 = i0 + (int64_t)(r1 - r);
        int64_t oo = o->offset, xo = x->offset;
        uint64_t q = plane;
        for (uint32_t d = nd - 2; d-- > 0;) {
            int64_t k = (int64_t)(q % (uint64_t)ew->shape[d]);
            q /= (uint64_t)ew->shape[d];
            oo += k * o->stride[d];
            xo += k * x->stride[d];
        }
        for (int64_t jc = 0; jc < C; jc += TP_COLS) {
            int64_t nc = C - jc < TP_COLS ? C - jc : TP_COLS;
            for (int64_t i = i0; i < i1; i += TP_TILE) {
                int64_t nr = i1 - i < TP_TILE ? i1 - i : TP_TILE;
                char *op = (char *)(uintptr_t)o->addr + (oo + i * orow + jc) * es;
                const char *xp = (const char *)(uintptr_t)x->addr + (xo + i * x->stride[nd - 2] + jc * icol) * es;
                switch (es) {
                case 1: strip_uint8_t((uint8_t *)op, orow, (const uint8_t *)xp, icol, nr, nc); break;
                case 2: strip_uint16_t((uint16_t *)op, orow, (const uint16_t *)xp, icol, nr, nc); break;
                case 4: strip_uint32_t((uint32_t *)op, orow, (const uint32_t *)xp, icol, nr, nc); break;
                default: strip_uint64_t((uint64_t *)op, orow, (const uint64_t *)xp, icol, nr, nc); break;
                }
            }
        }
        r += (uint64_t)(i1 - i0);
    }
}

static void runs(const aclemu_ew *ew, uint64_t s, uint64_t e)
{
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, ew, s, e);
    char *p[2];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        aclemu_convert_run(p[0], ew->op[0].dtype, it.inner_stride[0], p[1], ew->op[1].dtype, it.inner_stride[1], n);
}

static int transpose_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(aclemu_ew))
        return ACLEMU_KERNEL_BAD_ARGS;
    const aclemu_ew *ew = (const aclemu_ew *)args;
    uint64_t s, e;
    aclemu_block_range(ew->numel, ew->per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    uint32_t nd = ew->ndim;
    int64_t es = (int64_t)aclemu_kdtype_size(ew->op[0].dtype);
    int tiled = ew->nops == 2 && nd >= 2 && nd <= ACLEMU_KMAX_RANK && ew->op[0].dtype == ew->op[1].dtype &&
                (es == 1 || es == 2 || es == 4 || es == 8) && ew->op[0].stride[nd - 1] == 1 &&
                ew->op[1].stride[nd - 2] == 1 && ew->op[1].stride[nd - 1] != 1 && ew->op[1].stride[nd - 1] != 0 &&
                ew->shape[nd - 1] >= TP_TILE && ew->shape[nd - 2] >= TP_TILE;
    if (!tiled) {
        runs(ew, s, e);
        return 0;
    }
    uint64_t C = (uint64_t)ew->shape[nd - 1], r0 = (s + C - 1) / C, r1 = e / C;
    if (r0 >= r1) {
        runs(ew, s, e);
        return 0;
    }
    if (s < r0 * C) runs(ew, s, r0 * C); /* a partial first row */
    tiled_rows(ew, r0, r1);
    if (r1 * C < e) runs(ew, r1 * C, e); /* a partial last row */
    return 0;
}

ACLEMU_KERNEL("Transpose", transpose_kernel);
