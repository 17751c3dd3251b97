/* "ConvFz": FLOAT16 convolution weights in the FRACTAL_Z layout of the Ascend 310P (the weight
 * aclnnTransConvolutionWeight writes and aclnnConvolution reads), shared by the host planners
 * (conv_common.c) and the kernel (conv_fz_kernel.c).
 *
 * An NCHW weight [N, C, H, W] with `groups` (cin = C, cout = N / groups; C0 = Ni = 16) packs
 * e = min(lcm(lcm(cin, 16) / cin, lcm(cout, 16) / cout), groups) groups side by side into one
 * diagonal block of cin_opt = ceil(e*cin / 16)*16 input by cout_opt = ceil(e*cout / 16)*16
 * output channels; the storage is [g_dim*c1*H*W, n1, 16, 16] with c1 = cin_opt / 16,
 * n1 = cout_opt / 16, g_dim = ceil(groups / e), and element (n, c, h, w) of group g = n / cout
 * lies at
 *   ((g/e)*c1*H*W + (ci/16)*H*W + h*W + w)*cout_opt*16 + co*16 + ci%16,
 *   ci = (g%e)*cin + c, co = (g%e)*cout + n%cout;
 * every other element is zero. One FZ "row" is the cout_opt*16 elements of one
 * (g/e, ci/16, h, w).
 *   CONV_FZ_PACK:   dst (contiguous FZ FLOAT16) = src (a strided NCHW view of FLOAT16 or FLOAT,
 *                   rounded to nearest even); blocks own FZ rows and write them whole.
 *   CONV_FZ_UNPACK: dst (contiguous NCHW FLOAT16) = src (FZ FLOAT16); blocks own (n, c) planes. */
#ifndef ACLEMU_CONV_FZ_ARGS_H
#define ACLEMU_CONV_FZ_ARGS_H

#include <stdint.h>

#define CONV_FZ_C0 16 /* C0 of FLOAT16 (32-byte blocks) and Ni */

enum { CONV_FZ_PACK = 0, CONV_FZ_UNPACK = 1 };

typedef struct conv_fz_args {
    uint64_t src, dst;        /* device bases (patched at stage 2) */
    int64_t src_off, dst_off; /* bytes from each base to the first element */
    int32_t mode;
    int32_t src_dtype;        /* PACK: the NCHW source's dtype (FLOAT16 / FLOAT) */
    int64_t n, c, h, w;       /* the NCHW weight */
    int64_t groups, cin, cout, e, c1, cout_opt; /* the layout (see above) */
    int64_t sn, sc, sh, sw;   /* PACK: source strides in elements */
    int64_t items;            /* PACK: FZ rows (g_dim*c1*H*W); UNPACK: planes (N*C) */
    int64_t per_block;
} conv_fz_args;

#endif
