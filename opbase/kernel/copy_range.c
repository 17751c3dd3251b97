/* Device side: the same-dtype strided copy every view-copy kernel shares (ViewCopy, Transpose,
 * hence Permute, Contiguous, ConfusionTranspose, Expand, Repeat, RepeatInterleaveInt, ...).
 * Two paths, both exact element moves:
 * - a copy that moves the input's stride-1 dim away from the output's last dim (any
 *   permutation that does, at any rank): the tiled transpose of copy_transpose.c, over the
 *   block's share of tiles (aclemu_copy_block only);
 * - otherwise the last two dims as tight typed loops (a contiguous run as one memmove) and the
 *   outer ones by an odometer, so a short innermost dim (a broadcast of 2 repeats, a flip, a
 *   column) does not pay the run iterator's full offset computation and a call per run. */
#include <string.h>

#include "aclemu_op/kernel_util.h"

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

static int64_t same_dtype_size(const aclemu_ew *ew)
{
    int64_t es = (int64_t)aclemu_kdtype_size(ew->op[0].dtype);
    if (ew->nops != 2 || ew->ndim < 1 || ew->ndim > ACLEMU_KMAX_RANK || ew->op[0].dtype != ew->op[1].dtype ||
        (es != 1 && es != 2 && es != 4 && es != 8))
        return -1;
    return es;
}

int aclemu_copy_range(const aclemu_ew *ew, uint64_t s, uint64_t e)
{
    int64_t es = same_dtype_size(ew);
    if (es < 0)
        return -1;
    if (s >= e)
        return 0;
    for (uint32_t d = 0; d < ew->ndim; d++)
        if (ew->shape[d] <= 0) return 0;
    plain_range(ew, es, s, e);
    return 0;
}

int aclemu_copy_block(const aclemu_ew *ew, const aclemu_block *blk)
{
    int64_t es = same_dtype_size(ew);
    if (es < 0)
        return -1;
    if (aclemu_copy_transpose(ew, es, blk->block_idx, blk->block_dim) == 0)
        return 0;
    uint64_t s, e;
    aclemu_block_range(ew->numel, ew->per_block, blk, &s, &e);
    return aclemu_copy_range(ew, s, e);
}
