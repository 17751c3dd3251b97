/* aclnnEqual's kernels: per-block compares (stopping at the first difference), then one block
 * folding the flags into out. NaN never equals anything (torch.equal). */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "equal_args.h"

/* 1 if some element of op[0] in [s, e) equals the scalar. */
static int range_has(const equal_cmp_args *a, uint64_t s, uint64_t e)
{
    const int dom = aclemu_compute_domain(a->promoted);
    const int32_t xdt = a->ew.op[0].dtype;
    const float sf32 = (float)a->sf;
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[1] = {0};
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t sx = it.inner_stride[0];
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK, hit = 0;
            if (dom == ACLEMU_DOM_F32) {
                float x[ACLEMU_CHUNK];
                aclemu_load_f32(x, p[0] + c * sx, xdt, sx, m);
                for (int64_t i = 0; i < m; i++) hit |= x[i] == sf32;
            } else if (dom == ACLEMU_DOM_F64) {
                double x[ACLEMU_CHUNK];
                aclemu_load_f64(x, p[0] + c * sx, xdt, sx, m);
                for (int64_t i = 0; i < m; i++) hit |= x[i] == a->sf;
            } else {
                int64_t x[ACLEMU_CHUNK];
                aclemu_load_i64(x, p[0] + c * sx, xdt, sx, m);
                for (int64_t i = 0; i < m; i++) hit |= x[i] == a->si;
            }
            if (hit)
                return 1;
        }
    }
    return 0;
}

static int range_equal(const equal_cmp_args *a, uint64_t s, uint64_t e)
{
    const int dom = aclemu_compute_domain(a->promoted);
    const int32_t xdt = a->ew.op[0].dtype, ydt = a->ew.op[1].dtype;
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[2] = {0, 0};
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t sx = it.inner_stride[0], sy = it.inner_stride[1];
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK, diff = 0;
            if (dom == ACLEMU_DOM_F32) {
                float x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                aclemu_load_f32(x, p[0] + c * sx, xdt, sx, m);
                aclemu_load_f32(y, p[1] + c * sy, ydt, sy, m);
                for (int64_t i = 0; i < m; i++) diff |= !(x[i] == y[i]);
            } else if (dom == ACLEMU_DOM_F64) {
                double x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                aclemu_load_f64(x, p[0] + c * sx, xdt, sx, m);
                aclemu_load_f64(y, p[1] + c * sy, ydt, sy, m);
                for (int64_t i = 0; i < m; i++) diff |= !(x[i] == y[i]);
            } else {
                int64_t x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                aclemu_load_i64(x, p[0] + c * sx, xdt, sx, m);
                aclemu_load_i64(y, p[1] + c * sy, ydt, sy, m);
                if (a->promoted == ACL_BOOL)
                    for (int64_t i = 0; i < m; i++) diff |= (x[i] != 0) != (y[i] != 0);
                else
                    for (int64_t i = 0; i < m; i++) diff |= x[i] != y[i];
            }
            if (diff)
                return 0;
        }
    }
    return 1;
}

/* 1 if op[0] and op[1] hold the same bytes at every element of [s, e) (same dtypes). */
static int range_bitwise(const equal_cmp_args *a, uint64_t s, uint64_t e)
{
    const size_t es = aclemu_kdtype_size(a->ew.op[0].dtype);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[2] = {0, 0};
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t sx = it.inner_stride[0], sy = it.inner_stride[1];
        if (sx == (int64_t)es && sy == (int64_t)es) {
            if (memcmp(p[0], p[1], (size_t)n * es))
                return 0;
            continue;
        }
        for (int64_t i = 0; i < n; i++)
            if (memcmp(p[0] + i * sx, p[1] + i * sy, es))
                return 0;
    }
    return 1;
}

static int equal_cmp(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(equal_cmp_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const equal_cmp_args *a = (const equal_cmp_args *)args;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    ((uint8_t *)(uintptr_t)a->flags)[blk->block_idx] = (uint8_t)(a->scalar == 2   ? range_bitwise(a, s, e)
                                                                : a->scalar ? range_has(a, s, e) : range_equal(a, s, e));
    return 0;
}

static int equal_fin(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(equal_fin_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    (void)blk;
    const equal_fin_args *f = (const equal_fin_args *)args;
    int64_t r = f->constant;
    if (f->nflags) {
        const uint8_t *flags = (const uint8_t *)(uintptr_t)f->flags;
        r = !f->any;
        for (uint32_t i = 0; i < f->nflags; i++) r = f->any ? (r | flags[i]) : (r & flags[i]);
    }
    r ^= f->invert != 0;
    if (f->mismatch)
        r = r ? 0 : (int64_t)f->mismatch;
    char *dst = (char *)(uintptr_t)f->out.addr + f->out.offset * (int64_t)aclemu_kdtype_size(f->out.dtype);
    aclemu_store_i64(dst, f->out.dtype, 0, &r, 1);
    return 0;
}

ACLEMU_KERNEL("TensorEqualCmp", equal_cmp);
ACLEMU_KERNEL("TensorEqualFin", equal_fin);
