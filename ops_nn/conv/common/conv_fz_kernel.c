/* ConvFz: NCHW <-> FRACTAL_Z FLOAT16 convolution weights (layout and modes in conv_fz_args.h). */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "conv_fz_args.h"

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* FZ rows [r0, r1): zeroed, then each output channel column co of the row takes the input
 * channels of its group that fall into the row's 16-channel slice. */
static void fz_pack(const conv_fz_args *a, const char *src, char *dst, int64_t r0, int64_t r1)
{
    const int64_t hw_n = a->h * a->w, c1hw = a->c1 * hw_n, row = a->cout_opt * CONV_FZ_C0;
    const int64_t es = (int64_t)aclemu_kdtype_size(a->src_dtype), cols = a->e * a->cout;
    for (int64_t r = r0; r < r1; r++) {
        const int64_t gg = r / c1hw, ci1 = (r % c1hw) / hw_n, hw = r % hw_n, ci_lo = ci1 * CONV_FZ_C0;
        const char *pix = src + ((hw / a->w) * a->sh + (hw % a->w) * a->sw) * es;
        char *out = dst + r * row * 2;
        memset(out, 0, (size_t)(row * 2));
        for (int64_t co = 0; co < cols; co++) {
            const int64_t ge = co / a->cout, g = gg * a->e + ge;
            if (g >= a->groups)
                break;
            const int64_t lo = max64(ci_lo, ge * a->cin), hi = min64(ci_lo + CONV_FZ_C0, (ge + 1) * a->cin);
            if (lo >= hi)
                continue;
            const int64_t n = g * a->cout + co % a->cout, c = lo - ge * a->cin;
            aclemu_convert_run(out + (co * CONV_FZ_C0 + lo - ci_lo) * 2, ACL_FLOAT16, 2,
                               pix + (n * a->sn + c * a->sc) * es, a->src_dtype, a->sc * es, hi - lo);
        }
    }
}

/* NCHW planes [p0, p1) of the contiguous result: plane (n, c) is the H*W elements of one
 * (ci, co) position, cout_opt*16 elements apart in the FZ source. */
static void fz_unpack(const conv_fz_args *a, const char *src, char *dst, int64_t p0, int64_t p1)
{
    const int64_t hw_n = a->h * a->w, row = a->cout_opt * CONV_FZ_C0;
    for (int64_t p = p0; p < p1; p++) {
        const int64_t n = p / a->c, c = p % a->c, g = n / a->cout, ge = g % a->e;
        const int64_t ci = ge * a->cin + c, co = ge * a->cout + n % a->cout;
        const int64_t at = ((g / a->e) * a->c1 + ci / CONV_FZ_C0) * hw_n * row + co * CONV_FZ_C0 + ci % CONV_FZ_C0;
        aclemu_convert_run(dst + p * hw_n * 2, ACL_FLOAT16, 2, src + at * 2, ACL_FLOAT16, row * 2, hw_n);
    }
}

static int conv_fz_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size != sizeof(conv_fz_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const conv_fz_args *a = (const conv_fz_args *)args;
    if (a->cout <= 0 || a->e <= 0 || a->c <= 0 || a->w <= 0 || a->c1 <= 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t s, e;
    aclemu_block_range((uint64_t)a->items, (uint64_t)a->per_block, blk, &s, &e);
    const char *src = (const char *)(uintptr_t)(a->src + (uint64_t)a->src_off);
    char *dst = (char *)(uintptr_t)(a->dst + (uint64_t)a->dst_off);
    if (a->mode == CONV_FZ_PACK)
        fz_pack(a, src, dst, (int64_t)s, (int64_t)e);
    else if (a->mode == CONV_FZ_UNPACK)
        fz_unpack(a, src, dst, (int64_t)s, (int64_t)e);
    else
        return ACLEMU_KERNEL_BAD_ARGS;
    return 0;
}
ACLEMU_KERNEL("ConvFz", conv_fz_kernel);
