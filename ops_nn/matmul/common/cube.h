/* Stage-1 helpers shared by the cube operators (matmul and convolution families): the per-chip
 * rules of reference ops-nn.md §2.1 (which SoCs, dtypes and cubeMathType values are accepted and
 * what math the Cube unit then does), GEMM operand views over aclTensors, and launches of the
 * cube kernels with their addresses bound for stage 2. */
#ifndef ACLEMU_CUBE_H
#define ACLEMU_CUBE_H

#include "aclemu_op/op_api.h"
#include "cube_args.h"

/* cubeMathType values (op_api_def_nn.h). */
enum { CUBE_KEEP_DTYPE = 0, CUBE_ALLOW_FP32_DOWN_PRECISION = 1, CUBE_USE_FP16 = 2, CUBE_USE_HF32 = 3,
       CUBE_USE_FP32_ADD = 4 };

/* Which rule table an op follows (the conv docs differ from the matmul docs for FP32 + 0). */
typedef enum cube_family { CUBE_MATMUL = 0, CUBE_CONV = 1 } cube_family;

/* Bits of aclemu_family values, for cube_check_soc. */
#define CUBE_SOC(f) (1u << (unsigned)(f))
#define CUBE_SOC_ALL 0x3fu

/* The SoC of the current device must be in `allowed` (CUBE_SOC bits); else 161002 "... is not
 * supported by the current SOC version [...]" as ops-nn reports it. */
aclnnStatus cube_check_soc(const char *api, unsigned allowed);

/* FLOAT, FLOAT16 and, where the chip has it, BFLOAT16. */
aclemu_dtype_set cube_float_dtypes(void);

/* Resolves cubeMathType for operands of (promoted) dtype `dt` on the current chip into a
 * gemm_math, or rejects the combination with 161002. */
aclnnStatus cube_math(const char *api, cube_family fam, aclDataType dt, int8_t cubeMathType, int32_t *math);

/* Promotion of two cube operands: FLOAT16 + FLOAT -> FLOAT; BFLOAT16 mixed with another dtype
 * gives FLOAT for the matmul family and is refused for the convolutions. ACL_DT_UNDEFINED +
 * 161002 on refusal. */
aclnnStatus cube_promote(const char *api, cube_family fam, const aclTensor *a, const char *an, const aclTensor *b,
                         const char *bn, aclDataType *out);

/* gemm_dtype of a float aclDataType (-1 otherwise). */
int32_t cube_gemm_dtype(aclDataType dt);

/* blockDim bound (cube cores of the chip) and device worker threads. */
uint32_t cube_max_blocks(void);
uint32_t cube_workers(void);

/* Fills operand view v of slot `slot` from t: matrix rows along t's dim r, columns along dim c
 * (-1: a size-1 dim, stride 0); t's leading nb_t dims are batch dims aligned right to a batch
 * shape of nb dims (size-1 dims broadcast with stride 0). */
void cube_view(gemm_view *v, int slot, const aclTensor *t, int r, int c, int nb_t, int nb);

/* A view of a contiguous buffer placed in the workspace (for slot `slot`). */
void cube_view_raw(gemm_view *v, int slot, int32_t gdt, int64_t rs, int64_t cs);

/* Where each operand of a launch lives: an API tensor, or (tensor NULL) a workspace offset. */
typedef struct cube_bind {
    const aclTensor *t;
    int64_t ws_off; /* used when t == NULL; -1 = operand absent */
} cube_bind;

/* Plans `d` over the chip's cube cores and records a CubeGemm launch (none when the result is
 * empty). Views in d must have been built with cube_view / cube_view_raw. */
aclnnStatus cube_launch_gemm(aclOpExecutor *ex, const gemm_desc *d, const cube_bind bind[CUBE_NOPS]);

/* Same from a ready plan (conv planners): the plan's views were built against the synthetic
 * bases. */
aclnnStatus cube_launch_plan(aclOpExecutor *ex, const gemm_plan *plan, const cube_bind bind[CUBE_NOPS]);

/* Strided copy with dtype conversion through the ViewCopy kernel: dst (tensor, or a contiguous
 * buffer of `dst_dt` at workspace offset dst_ws when dst == NULL) = src (tensor, or contiguous
 * workspace buffer src_ws of src_dt with shape of the other side). */
aclnnStatus cube_launch_copy(aclOpExecutor *ex, const aclTensor *dst, int64_t dst_ws, aclDataType dst_dt,
                             const aclTensor *src, int64_t src_ws, aclDataType src_dt);

/* Elementwise step after a GEMM whose FP32 result lies contiguous (out's shape) at workspace
 * offset acc_ws: out = acc * x (CUBE_POST_MUL, x broadcast to out) or the INT8 requantisation
 * with a per-element UINT64 scale x (CUBE_POST_QUANT). */
aclnnStatus cube_launch_post(aclOpExecutor *ex, const aclTensor *out, int64_t acc_ws, const aclTensor *x, int32_t mode);
/* The same where x is a view the planner derived from the API tensor x_addr (its storage, e.g. the
 * first n of an aligned parameter vector): the launch takes x's geometry and x_addr's address. */
aclnnStatus cube_launch_post_view(aclOpExecutor *ex, const aclTensor *out, int64_t acc_ws, const aclTensor *x,
                                  const aclTensor *x_addr, int32_t mode);

/* Copies `bytes` bytes from workspace offset ws_off over t's memory from its view offset (CubeNz
 * COPY, blocks owning 1 MiB pieces): the last step of the weight conversions that pack into the
 * workspace first. t is bound as it is at the call (bind after describing its new storage). */
aclnnStatus cube_launch_ws_to_tensor(aclOpExecutor *ex, const aclTensor *t, int64_t ws_off, int64_t bytes);

/* Zeroes `bytes` bytes of the workspace from ws_off. */
aclnnStatus cube_launch_fill(aclOpExecutor *ex, int64_t ws_off, int64_t bytes);

/* Shape of a tensor as "[a, b]" for messages. */
const char *cube_shape_str(const aclTensor *t, char *buf, size_t len);


/* An addend (D) or bias view of t broadcast (numpy rules, aligned right) to a result of nb batch
 * dims followed by (M, N): size-1 and missing dims get stride 0. For 1-D results pass
 * vec_n = 1 (t's last dim runs along N, M is 1) or vec_n = 0 (along M, N is 1). */
void cube_view_bcast(gemm_view *v, int slot, const aclTensor *t, int nb, int vec_mode);
enum { CUBE_BCAST_MATRIX = -1, CUBE_BCAST_VEC_M = 0, CUBE_BCAST_VEC_N = 1 };

/* The operands of a (batched) matmul launch with its epilogue. */
typedef struct cube_mm {
    gemm_desc d;
    cube_bind bind[CUBE_NOPS];
} cube_mm;

#endif
