/* See rnn_plan.h. */
#include <string.h>

#include "cube.h"
#include "rnn_plan.h"

aclnnStatus rnn_launch_input_proj(aclOpExecutor *ex, const aclTensor *input, int batch_first, uint64_t ws_x,
                                  aclDataType dt, int64_t T, int64_t B, int64_t in, int64_t GH,
                                  const aclTensor *w_ih, const aclTensor *bias1, const aclTensor *bias2,
                                  uint64_t ws_g)
{
    gemm_desc desc;
    memset(&desc, 0, sizeof desc);
    cube_bind bind[CUBE_NOPS];
    for (int i = 0; i < CUBE_NOPS; i++) {
        bind[i].t = NULL;
        bind[i].ws_off = -1;
    }
    desc.M = B;
    desc.N = GH;
    desc.K = in;
    desc.nbatch_dims = 1;
    desc.batch_shape[0] = T;
    desc.math = GEMM_MATH_KEEP;
    desc.alpha = 1.0f;
    if (input) {
        cube_view(&desc.a, CUBE_OP_A, input, batch_first ? 0 : 1, 2, 0, 1);
        desc.a.bstride[0] = T == 1 ? 0 : input->stride[batch_first ? 1 : 0];
        bind[CUBE_OP_A].t = input;
    } else {
        cube_view_raw(&desc.a, CUBE_OP_A, cube_gemm_dtype(dt), in, 1);
        desc.a.bstride[0] = B * in;
        bind[CUBE_OP_A].ws_off = (int64_t)ws_x;
    }
    cube_view(&desc.b, CUBE_OP_B, w_ih, 1, 0, 0, 1); /* (k, n) = W_ih[n, k] */
    bind[CUBE_OP_B].t = w_ih;
    cube_view_raw(&desc.c, CUBE_OP_C, GEMM_F32, GH, 1);
    desc.c.bstride[0] = B * GH;
    bind[CUBE_OP_C].ws_off = (int64_t)ws_g;
    if (bias1) {
        cube_view_bcast(&desc.bias, CUBE_OP_BIAS, bias1, 1, CUBE_BCAST_VEC_N);
        bind[CUBE_OP_BIAS].t = bias1;
    }
    if (bias2) {
        cube_view_bcast(&desc.d, CUBE_OP_D, bias2, 1, CUBE_BCAST_VEC_N);
        desc.beta = 1.0f;
        bind[CUBE_OP_D].t = bias2;
    }
    return cube_launch_gemm(ex, &desc, bind);
}
