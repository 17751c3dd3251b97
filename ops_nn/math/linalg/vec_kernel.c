/* Device side of Dot, Trace and LinalgCross. Floating operands are computed in double and
 * rounded once; integer ones in int64 arithmetic that wraps like the output's width (the card's
 * integer units wrap too), BOOL read as 0 / 1. */
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "linalg_vec.h"

static char *at(const linalg_vec_args *a, int k, int64_t off)
{
    return (char *)(uintptr_t)a->base[k] + off * (int64_t)aclemu_kdtype_size(a->dtype[k]);
}

/* v wrapped to the integer dtype's width (two's complement), then stored */
static void store_int(char *p, int32_t dt, uint64_t v)
{
    switch (aclemu_kdtype_size(dt)) {
    case 1: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

static int is_float(int32_t dt) { return aclemu_compute_domain(dt) != ACLEMU_DOM_I64; }

static void run_sum(const linalg_vec_args *a)
{
    /* Dot: self[i] * other[i]; Trace: self[i, i] for i < min(m, n) */
    int dot = a->op == LV_DOT;
    int64_t n = dot ? a->shape[0] : (a->shape[0] < a->shape[1] ? a->shape[0] : a->shape[1]);
    int64_t s0 = dot ? a->st[0][0] : a->st[0][0] + a->st[0][1], s1 = a->st[1][0];
    char *out = at(a, 2, a->off[2]);
    if (is_float(a->dtype[2])) {
        double acc = 0.0, x, y = 1.0;
        for (int64_t i = 0; i < n; i++) {
            aclemu_load_f64(&x, at(a, 0, a->off[0] + i * s0), a->dtype[0], 0, 1);
            if (dot) aclemu_load_f64(&y, at(a, 1, a->off[1] + i * s1), a->dtype[1], 0, 1);
            acc += x * y;
        }
        aclemu_store_f64(out, a->dtype[2], 0, &acc, 1);
        return;
    }
    uint64_t acc = 0;
    int64_t x, y = 1;
    for (int64_t i = 0; i < n; i++) {
        aclemu_load_i64(&x, at(a, 0, a->off[0] + i * s0), a->dtype[0], 0, 1);
        if (dot) aclemu_load_i64(&y, at(a, 1, a->off[1] + i * s1), a->dtype[1], 0, 1);
        acc += (uint64_t)x * (uint64_t)y;
    }
    store_int(out, a->dtype[2], acc);
}

static void run_cross(const linalg_vec_args *a, int64_t i0, int64_t i1)
{
    int fl = is_float(a->dtype[2]);
    for (int64_t it = i0; it < i1; it++) {
        int64_t off[3] = {a->off[0], a->off[1], a->off[2]}, rem = it;
        for (int d = a->rank - 1; d >= 0; d--) {
            if (d == a->dim) continue;
            int64_t q = rem % a->shape[d];
            rem /= a->shape[d];
            for (int k = 0; k < 3; k++) off[k] += q * a->st[k][d];
        }
        if (fl) {
            double x[3], y[3], z[3];
            for (int c = 0; c < 3; c++) {
                aclemu_load_f64(&x[c], at(a, 0, off[0] + c * a->st[0][a->dim]), a->dtype[0], 0, 1);
                aclemu_load_f64(&y[c], at(a, 1, off[1] + c * a->st[1][a->dim]), a->dtype[1], 0, 1);
            }
            z[0] = x[1] * y[2] - x[2] * y[1];
            z[1] = x[2] * y[0] - x[0] * y[2];
            z[2] = x[0] * y[1] - x[1] * y[0];
            for (int c = 0; c < 3; c++) aclemu_store_f64(at(a, 2, off[2] + c * a->st[2][a->dim]), a->dtype[2], 0, &z[c], 1);
        } else {
            int64_t x[3], y[3];
            for (int c = 0; c < 3; c++) {
                aclemu_load_i64(&x[c], at(a, 0, off[0] + c * a->st[0][a->dim]), a->dtype[0], 0, 1);
                aclemu_load_i64(&y[c], at(a, 1, off[1] + c * a->st[1][a->dim]), a->dtype[1], 0, 1);
            }
            uint64_t z[3];
            for (int c = 0; c < 3; c++) {
                int c1 = (c + 1) % 3, c2 = (c + 2) % 3;
                z[c] = (uint64_t)x[c1] * (uint64_t)y[c2] - (uint64_t)x[c2] * (uint64_t)y[c1];
                store_int(at(a, 2, off[2] + c * a->st[2][a->dim]), a->dtype[2], z[c]);
            }
        }
    }
}

static int k_linalg_vec(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(linalg_vec_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const linalg_vec_args *a = (const linalg_vec_args *)args;
    if (a->op < 0 || a->op >= LV_OP_COUNT || a->rank < 0 || a->rank > LV_MAX_RANK || a->per_block <= 0 ||
        (a->op == LV_CROSS && (a->dim < 0 || a->dim >= a->rank || a->shape[a->dim] != 3)))
        return ACLEMU_KERNEL_BAD_ARGS;
    if (a->op != LV_CROSS) {
        if (blk->block_idx == 0) run_sum(a);
        return 0;
    }
    int64_t i0 = (int64_t)blk->block_idx * a->per_block, i1 = i0 + a->per_block;
    run_cross(a, i0, i1 < a->items ? i1 : a->items);
    return 0;
}
ACLEMU_KERNEL("LinalgVec", k_linalg_vec);
