/* Device side: the same-dtype strided copy every view-copy kernel shares (ViewCopy, Transpose,
 * hence Permute, Contiguous, ConfusionTranspose, Expand, Repeat, RepeatInterleaveInt, ...).
 * Two paths, both exact element moves:
 * - a swap of the last two dims (out's last dim strided in the input, the one before it
 *   contiguous there): whole output rows in 16 x 16 tiles, so each input column piece and each
 *   output row piece is one cache line (element by element, every input element cost a line);
 * - otherwise the last two dims as tight typed loops and the outer ones by an odometer, so a
 *   short innermost dim (a broadcast of 2 repeats, a flip, a column) does not pay the run
 *   iterator's full offset computation and a call per run. */
#include <string.h>

#include "aclemu_op/kernel_util.h"

#define TP_TILE 16

/* A TP_TILE-row strip of rows [i0, i0 + nr) of one output plane, c columns: out rows are `orow`
 * elements apart, input columns `icol` apart (input rows are contiguous). */
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

/* Element offsets of plane `plane` (the dims before the last two, row-major) in both views. */
static void plane_offsets(const aclemu_ew *ew, uint64_t plane, int64_t *oo, int64_t *xo)
{
    *oo = ew->op[0].offset;
    *xo = ew->op[1].offset;
    for (uint32_t d = ew->ndim - 2; d-- > 0;) {
        int64_t k = (int64_t)(plane % (uint64_t)ew->shape[d]);
        plane /= (uint64_t)ew->shape[d];
        *oo += k * ew->op[0].stride[d];
        *xo += k * ew->op[1].stride[d];
    }
}

/* The tiled walk of output rows [r0, r1) (row = C elements of the last dim), plane by plane:
 * pieces of TP_COLS columns outside, the 16-row strips inside, so a piece's input rows stay in
 * the TLB and their lines are read in order while the strips go down. */
#define TP_COLS 256
static void tiled_rows(const aclemu_ew *ew, int64_t es, uint64_t r0, uint64_t r1)
{
    uint32_t nd = ew->ndim;
    int64_t R = ew->shape[nd - 2], C = ew->shape[nd - 1];
    const aclemu_ew_operand *o = &ew->op[0], *x = &ew->op[1];
    int64_t orow = o->stride[nd - 2], icol = x->stride[nd - 1];
    for (uint64_t r = r0; r < r1;) {
        int64_t i0 = (int64_t)(r % (uint64_t)R), i1 = R, oo, xo;
        if ((uint64_t)(i1 - i0) > r1 - r) i1 = i0 + (int64_t)(r1 - r);
        plane_offsets(ew, r / (uint64_t)R, &oo, &xo);
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

/* nr rows of nc elements: row steps dr / xr, element steps dc / xc (bytes). The constant-size
 * memcpy is one unaligned-safe move; a broadcast source (xc 0) is loaded once per row. */
#define ROWS(T)                                                                                     \
    static void rows_##T(char *d, int64_t dr, int64_t dc, const char *x, int64_t xr, int64_t xc, \
                         int64_t nr, int64_t nc)                                                    \
    {                                                                                               \
        for (int64_t r = 0; r < nr; r++, d += dr, x += xr) {                                        \
            if (dc == (int64_t)sizeof(T) && xc == (int64_t)sizeof(T) && nc >= 16) {                 \
                memmove(d, x, (size_t)nc * sizeof(T));                                              \
            } else if (xc == 0) {                                                                   \
                T v;                                                                                \
                memcpy(&v, x, sizeof v);                                                            \
                for (int64_t c = 0; c < nc; c++) memcpy(d + c * dc, &v, sizeof v);                  \
            } else {                                                                                \
                for (int64_t c = 0; c < nc; c++) {                                                  \
                    T v;                                                                            \
                    memcpy(&v, x + c * xc, sizeof v);                                               \
                    memcpy(d + c * dc, &v, sizeof v);                                               \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
    }
ROWS(uint8_t)
ROWS(uint16_t)
ROWS(uint32_t)
ROWS(uint64_t)

static void copy_rows(int64_t es, char *d, int64_t dr, int64_t dc, const char *x, int64_t xr, int64_t xc, int64_t nr,
                      int64_t nc)
{
    switch (es) {
    case 1: rows_uint8_t(d, dr, dc, x, xr, xc, nr, nc); break;
    case 2: rows_uint16_t(d, dr, dc, x, xr, xc, nr, nc); break;
    case 4: rows_uint32_t(d, dr, dc, x, xr, xc, nr, nc); break;
    default: rows_uint64_t(d, dr, dc, x, xr, xc, nr, nc); break;
    }
}

/* Elements [s, e) (row-major over ew's shape) in runs of whole rows of the last two dims. */
static void plain_range(const aclemu_ew *ew, int64_t es, uint64_t s, uint64_t e)
{
    uint32_t nd = ew->ndim;
    const aclemu_ew_operand *o = &ew->op[0], *x = &ew->op[1];
    uint64_t C = (uint64_t)ew->shape[nd - 1], R = nd >= 2 ? (uint64_t)ew->shape[nd - 2] : 1;
    int64_t dc = o->stride[nd - 1] * es, xc = x->stride[nd - 1] * es;
    int64_t dr = nd >= 2 ? o->stride[nd - 2] * es : 0, xr = nd >= 2 ? x->stride[nd - 2] * es : 0;
    char *obase = (char *)(uintptr_t)o->addr;
    const char *xbase = (const char *)(uintptr_t)x->addr;
    for (uint64_t pos = s; pos < e;) {
        uint64_t row = pos / C, j = pos % C, plane = row / R, i = row % R;
        int64_t oo = o->offset, xo = x->offset;
        if (nd > 2) plane_offsets(ew, plane, &oo, &xo);
        char *d = obase + oo * es + (int64_t)i * dr + (int64_t)j * dc;
        const char *xp = xbase + xo * es + (int64_t)i * xr + (int64_t)j * xc;
        if (j) { /* a partial first row */
            uint64_t n = C - j < e - pos ? C - j : e - pos;
            copy_rows(es, d, 0, dc, xp, 0, xc, 1, (int64_t)n);
            pos += n;
            continue;
        }
        /* whole rows to the end of this plane or of the range, then a partial last row */
        uint64_t nr = R - i, left = (e - pos) / C;
        if (nr > left) nr = left;
        if (nr) {
            copy_rows(es, d, dr, dc, xp, xr, xc, (int64_t)nr, (int64_t)C);
            pos += nr * C;
        } else {
            copy_rows(es, d, 0, dc, xp, 0, xc, 1, (int64_t)(e - pos));
            pos = e;
        }
    }
}

int aclemu_copy_range(const aclemu_ew *ew, uint64_t s, uint64_t e)
{
    uint32_t nd = ew->ndim;
    int64_t es = (int64_t)aclemu_kdtype_size(ew->op[0].dtype);
    if (ew->nops != 2 || nd < 1 || nd > ACLEMU_KMAX_RANK || ew->op[0].dtype != ew->op[1].dtype ||
        aclemu_kdtype_size(ew->op[0].dtype) != aclemu_kdtype_size(ew->op[1].dtype) || (es != 1 && es != 2 && es != 4 && es != 8))
        return -1;
    if (s >= e)
        return 0;
    for (uint32_t d = 0; d < nd; d++)
        if (ew->shape[d] <= 0) return 0;
    int tiled = nd >= 2 && ew->op[0].stride[nd - 1] == 1 && ew->op[1].stride[nd - 2] == 1 &&
                ew->op[1].stride[nd - 1] != 1 && ew->op[1].stride[nd - 1] != 0 && ew->shape[nd - 1] >= TP_TILE &&
                ew->shape[nd - 2] >= TP_TILE;
    if (!tiled) {
        plain_range(ew, es, s, e);
        return 0;
    }
    uint64_t C = (uint64_t)ew->shape[nd - 1], r0 = (s + C - 1) / C, r1 = e / C;
    if (r0 >= r1) {
        plain_range(ew, es, s, e);
        return 0;
    }
    if (s < r0 * C) plain_range(ew, es, s, r0 * C); /* a partial first row */
    tiled_rows(ew, es, r0, r1);
    if (r1 * C < e) plain_range(ew, es, r1 * C, e); /* a partial last row */
    return 0;
}
