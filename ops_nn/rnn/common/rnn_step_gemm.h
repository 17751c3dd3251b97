/* The recurrent GEMM of one RNN step, shared by the LSTM and GRU layer kernels:
 * gates (B, ngates * H, FP32) = h (B, H, FP32) x W_hh^T, W_hh stored (ngates * H, H) in its
 * own dtype. The caller adds its bias / accumulation (bias or beta + d) before planning. */
#ifndef OPS_NN_RNN_STEP_GEMM_H
#define OPS_NN_RNN_STEP_GEMM_H

#include <string.h>

#include "acl/acl_base.h"
#include "gemm.h"

static inline int32_t rnn_gemm_dtype(int32_t acl_dt)
{
    return acl_dt == ACL_FLOAT16 ? GEMM_F16 : acl_dt == ACL_BF16 ? GEMM_BF16 : GEMM_F32;
}

static inline void rnn_step_gemm_desc(gemm_desc *desc, float *h, const void *whh, int32_t whh_acl_dtype,
                                      int64_t B, int64_t H, int64_t ngates, float *gates)
{
    memset(desc, 0, sizeof *desc);
    desc->M = B;
    desc->N = ngates * H;
    desc->K = H;
    desc->math = GEMM_MATH_KEEP;
    desc->alpha = 1.0f;
    desc->a.ptr = h;
    desc->a.dtype = GEMM_F32;
    desc->a.rs = H;
    desc->a.cs = 1;
    desc->b.ptr = (void *)whh; /* (k, n) = W_hh[n, k] */
    desc->b.dtype = rnn_gemm_dtype(whh_acl_dtype);
    desc->b.rs = 1;
    desc->b.cs = H;
    desc->c.ptr = gates;
    desc->c.dtype = GEMM_F32;
    desc->c.rs = ngates * H;
    desc->c.cs = 1;
}

#endif
