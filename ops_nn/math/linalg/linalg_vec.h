/* Blob of the vector products (Dot, Trace, LinalgCross): three strided operands (self, other,
 * out) over one index space. Dot: shape [n], one block sums self * other. Trace: shape [m, n],
 * one block sums self's diagonal. Cross: out's shape with `dim` (size 3) iterated inside each
 * item; self and other carry stride 0 on the dims they broadcast. */
#ifndef OPS_MATH_LINALG_VEC_H
#define OPS_MATH_LINALG_VEC_H

#include <stdint.h>

#define LV_MAX_RANK 8

enum linalg_vec_op { LV_DOT = 0, LV_TRACE, LV_CROSS, LV_OP_COUNT };

typedef struct linalg_vec_args {
    int32_t op, rank, dim, pad;
    int64_t shape[LV_MAX_RANK];
    int64_t st[3][LV_MAX_RANK];     /* element strides of self, other, out */
    int64_t off[3];
    int32_t dtype[3];
    int32_t pad2;
    uint64_t base[3];
    int64_t items, per_block;       /* Cross: output triples; Dot / Trace: 1 */
} linalg_vec_args;

#endif
