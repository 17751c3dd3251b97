/* The GEMM engine of the emulated Cube unit.
 *
 *   C[b][m,n] = act( alpha * sum_k op(A)[b][m,k] * op(B)[b][k,n] + bias[m,n] + beta * D[b][m,n] )
 *
 * rounded once to C's dtype. Every operand is a strided view (strides in elements), so transposes,
 * broadcast batch dims (stride 0) and slices need no copy. Products are formed from operands
 * converted to FP32 while packing (FP16/BF16 exactly; FP32 rounded to HF32 or FP16 when the cube
 * math mode asks), accumulated in FP32. See NUMERICS.md.
 *
 * Work is split like a device kernel launch: gemm_plan() fixes the number of blocks and each
 * block's share of C; gemm_run_block() computes one block (blocks are independent and write
 * disjoint parts of C), so a kernel called once per block with its block_idx is all it takes.
 * The plan is plain data (no pointers into itself): it can be copied into a launch argument blob. */
#ifndef ACLEMU_GEMM_H
#define ACLEMU_GEMM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GEMM_API __attribute__((visibility("default")))

typedef enum gemm_dtype { GEMM_F32 = 0, GEMM_F16 = 1, GEMM_BF16 = 2 } gemm_dtype;

/* How FP32 operands enter the products (the cubeMathType a caller resolved for its chip). */
typedef enum gemm_math {
    GEMM_MATH_KEEP = 0, /* exact FP32 operands */
    GEMM_MATH_HF32 = 1, /* FP32 operands rounded to HF32 (1 sign, 8 exponent, 10 mantissa bits) */
    GEMM_MATH_FP16 = 2, /* every operand rounded to FP16 */
} gemm_math;

/* FP32 -> HF32 rounding (the Cube unit's transMode; 0 is the hardware default). */
typedef enum gemm_hf32_round { GEMM_HF32_RNE = 0, GEMM_HF32_RTZ = 1 } gemm_hf32_round;

typedef enum gemm_act {
    GEMM_ACT_NONE = 0,
    GEMM_ACT_RELU = 1,
    GEMM_ACT_GELU_TANH = 2,
    GEMM_ACT_GELU_ERF = 3,
    /* model graph fusion (atc's fused Conv / MatMul epilogues); parameters in gemm_desc.act_param */
    GEMM_ACT_CLIP = 4,       /* min(max(v, act_param[0]), act_param[1]): Relu6, Clip */
    GEMM_ACT_LEAKY_RELU = 5, /* v < 0 ? v * act_param[0] : v */
    GEMM_ACT_HARDSWISH = 6,  /* v * min(max(v + 3, 0), 6) / 6 */
    GEMM_ACT_LAST = GEMM_ACT_HARDSWISH,
} gemm_act;

typedef enum gemm_isa { GEMM_ISA_AUTO = 0, GEMM_ISA_SCALAR = 1, GEMM_ISA_AVX2 = 2, GEMM_ISA_AVX512 = 3 } gemm_isa;

#define GEMM_MAX_BATCH_DIMS 6

/* A strided 2-D view (i, j) of one operand; element at ptr + i*rs + joff(j), where
 * joff(j) = j*cs, or, when jsplit > 0, (j / jsplit)*cs_outer + (j % jsplit)*cs (a second index
 * folded into j, e.g. (image, position) of a convolution output or (cin, tap) of a weight).
 * Batch index d moves the base by bstride[d] (0 = broadcast). ptr == NULL: operand absent.
 * A is viewed as (m, k), B as (k, n), C, D and bias as (m, n). */
typedef struct gemm_view {
    const void *ptr;
    int32_t dtype; /* gemm_dtype */
    int32_t reserved;
    int64_t rs, cs;
    int64_t jsplit, cs_outer;
    int64_t bstride[GEMM_MAX_BATCH_DIMS];
} gemm_view;

/* B generated on the fly from a convolution input (implicit GEMM; no im2col buffer). */
typedef enum gemm_bsrc_kind {
    GEMM_BSRC_DENSE = 0,
    GEMM_BSRC_IM2COL = 1,  /* B[(ci,tap), (img,opos)] = x[img, ci, opos*stride - pad + tap*dil] */
    GEMM_BSRC_COL2IM = 2,  /* transposed conv: B[(ci,tap), (img,opos)] = x[img, ci, (opos + pad - tap*dil)/stride]
                              where divisible and in range */
    GEMM_BSRC_IM2COL_T = 3, /* weight grad: B[(img,opos), (ci,tap)] = x[img, ci, opos*stride - pad + tap*dil] */
    GEMM_BSRC_WQ = 4,       /* weight antiquant: B[k, n] = dequantised INT8 / INT4 weight (gemm_desc.wq) */
} gemm_bsrc_kind;

typedef struct gemm_conv_geom {
    int32_t kind; /* gemm_bsrc_kind */
    int32_t nsp;  /* spatial dims, 1..3 */
    int64_t cin;  /* channels of the source per GEMM (per group) */
    int64_t nimg; /* images folded into the (img, opos) index */
    int64_t img_stride, ch_stride; /* source strides (elements) between images / channels */
    int64_t in[3], out[3], ksz[3], stride[3], pad[3], dil[3];
    int64_t out_total, k_total, in_total; /* prod(out), prod(ksz), prod(in) */
} gemm_conv_geom;

/* GEMM_BSRC_WQ: B[k, n] = (w[k, n] + offset[r, c]) * scale[r, c], r = k / group (0 without
 * groups, clamped to prows - 1), c = n (scale.cs = 0 per tensor), rounded as the Vector unit's
 * WeightAntiquant does for x's dtype `round`: GEMM_F16: the add and the multiply each rounded to
 * FP16 (RNE); GEMM_BF16: FP32 add and multiply, rounded once to BF16 (RNE). w is B's view: ptr the
 * weight's base, element (k, n) at woff + k*rs + n*cs; wbits 8: INT8 bytes, 4: INT4 nibbles (even
 * element: low nibble, sign-extended). B's dtype is `round`. scale / offset: (R, C) views of FP16 /
 * BF16 / FP32 values (offset.ptr NULL: none). Packed panels hold the same FP32 values as B taken
 * from an FP32 buffer the WeightAntiquant kernel wrote, so the products are bit-identical. */
typedef struct gemm_wq_src {
    int32_t wbits, round;
    int64_t woff;
    int64_t group, prows;
    gemm_view scale, offset;
} gemm_wq_src;

typedef struct gemm_desc {
    int64_t M, N, K;
    int32_t nbatch_dims;
    int32_t math;       /* gemm_math */
    int32_t hf32_round; /* gemm_hf32_round */
    int32_t act;        /* gemm_act */
    int64_t batch_shape[GEMM_MAX_BATCH_DIMS];
    gemm_view a, b, c;
    gemm_view d;    /* optional addend scaled by beta (may be C itself: in-place beta*C) */
    gemm_view bias; /* optional, added in FP32 (e.g. rs = 0, cs = 1 for a per-N vector) */
    float alpha, beta;
    gemm_conv_geom conv; /* used when conv.kind != GEMM_BSRC_DENSE; B's ptr/dtype/bstride give the source */
    float act_param[2];  /* GEMM_ACT_CLIP bounds, GEMM_ACT_LEAKY_RELU slope */
    gemm_wq_src wq;      /* used when conv.kind == GEMM_BSRC_WQ */
} gemm_desc;

/* The tiling of one launch: blocks and their shares, cache blocking, chosen microkernel. */
typedef struct gemm_plan {
    gemm_desc d;
    int32_t isa;        /* resolved gemm_isa */
    int32_t mr, nr;     /* microkernel tile */
    int32_t nblocks;
    int64_t mc, kc, nc; /* cache blocking */
    int64_t tm, tn;     /* C tile of one work item (multiples of mr / nr) */
    int64_t gm, gn;     /* tiles per batch along M and N */
    int64_t nbatch;     /* product of batch_shape */
    int64_t ntiles;     /* nbatch * gm * gn; block i owns tiles [i*ntiles/nblocks, (i+1)*ntiles/nblocks) */
    size_t scratch_bytes; /* per block */
    int32_t b_direct;   /* B is FP32 row-major and used in place (no B packing) */
    int32_t reserved;
    /* A packed once ahead of the launches (gemm_prepack_a; constant A such as a model's weights),
     * or NULL: every tile packs its A rows per execution. Set by the owner of the plan only. */
    const float *a_packed;
} gemm_plan;

/* Error codes (negative) of the engine; the aclnn layer maps them to its own codes. */
#define GEMM_OK 0
#define GEMM_EINVAL (-1)
#define GEMM_ENOMEM (-2)

/* Validates `desc` and fills `plan`. max_blocks: upper bound of blocks (the chip's core count);
 * workers: threads that will run blocks concurrently (0 = unknown). Returns GEMM_OK or GEMM_EINVAL. */
GEMM_API int gemm_plan_init(gemm_plan *plan, const gemm_desc *desc, uint32_t max_blocks, uint32_t workers);

/* Block `block_idx`'s tile range [*t0, *t1) and the C region of tile t. */
GEMM_API void gemm_block_tiles(const gemm_plan *plan, uint32_t block_idx, int64_t *t0, int64_t *t1);
GEMM_API void gemm_tile_region(const gemm_plan *plan, int64_t tile, int64_t *batch, int64_t *m0, int64_t *m1,
                               int64_t *n0, int64_t *n1);

/* Computes block `block_idx`. scratch: plan->scratch_bytes bytes, 64-byte aligned, or NULL to use
 * aclemu_worker_scratch(). Returns GEMM_OK, GEMM_EINVAL (bad index) or GEMM_ENOMEM. */
GEMM_API int gemm_run_block(const gemm_plan *plan, uint32_t block_idx, void *scratch);

/* Packing A once for every launch of a plan whose A does not change between them (a model's
 * weights): gemm_prepack_a_floats is the size of the packed copy (0 when the plan cannot use one:
 * no products, or A differs per batch), gemm_prepack_a writes it to dst (64-byte aligned), reading
 * A at plan->d.a.ptr. The copy holds exactly what the tiles would pack (same values, same order of
 * the products): setting plan->a_packed to it (its device address) leaves every result bit-identical. */
GEMM_API int64_t gemm_prepack_a_floats(const gemm_plan *plan);
GEMM_API void gemm_prepack_a(const gemm_plan *plan, float *dst);

/* Runs every block on the calling thread (tests, small host-side uses). */
GEMM_API int gemm_run_all(const gemm_plan *plan);

/* The instruction set the engine picks on this host: ACLEMU_ISA=avx512|avx2|scalar overrides,
 * capped at what the CPU supports. */
GEMM_API gemm_isa gemm_host_isa(void);
GEMM_API const char *gemm_isa_name(gemm_isa isa);

/* Element size of a gemm_dtype. */
static inline size_t gemm_dtype_size(int32_t dt) { return dt == GEMM_F32 ? 4 : 2; }

#ifdef __cplusplus
}
#endif
#endif
