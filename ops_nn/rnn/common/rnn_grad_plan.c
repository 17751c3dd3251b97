/* See rnn_grad_plan.h. */
#include <string.h>

#include "cube.h"
#include "rnn_grad_plan.h"

/* A (T, B, n) or (T * B, n) operand seen as the (T * B, n) matrix: its row stride (-1: the two
 * leading dims do not merge). */
static int64_t merged_rs(const nn_stage *s)
{
    if (s->staged)
        return s->shape[s->ndim - 1];
    if (s->ndim == 2 || s->shape[1] == 1)
        return s->stride[0];
    if (s->shape[0] == 1 || s->stride[0] == s->shape[1] * s->stride[1])
        return s->stride[1];
    return -1;
}

static aclnnStatus stage_matrix(aclOpExecutor *ex, gemm_view *v, cube_bind *b, int slot, const nn_stage *s)
{
    const int64_t rs = merged_rs(s);
    if (rs < 0)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, aclemu_exec_api(ex), "unexpected operand layout.");
    cube_view_raw(v, slot, cube_gemm_dtype((aclDataType)s->dtype), rs, s->staged ? 1 : s->stride[s->ndim - 1]);
    if (s->staged) {
        b->t = NULL;
        b->ws_off = (int64_t)s->ws;
    } else {
        v->ptr = (const char *)v->ptr + (uint64_t)s->t->offset * aclemu_dtype_size(s->t->dtype);
        b->t = s->t;
    }
    return ACLNN_SUCCESS;
}

static void desc_init(gemm_desc *d, cube_bind *b, int64_t M, int64_t N, int64_t K)
{
    memset(d, 0, sizeof *d);
    d->M = M;
    d->N = N;
    d->K = K;
    d->math = GEMM_MATH_KEEP;
    d->alpha = 1.0f;
    for (int k = 0; k < CUBE_NOPS; k++) {
        b[k].t = NULL;
        b[k].ws_off = -1;
    }
}

/* dw (G, n) = dG^T (G x TB) . src (TB x n), src already in slot B of (d, b). */
static aclnnStatus launch_dw(aclOpExecutor *ex, gemm_desc *d, cube_bind *b, uint64_t ws_dg, const aclTensor *dw)
{
    cube_view_raw(&d->a, CUBE_OP_A, GEMM_F32, 1, d->M);
    b[CUBE_OP_A].ws_off = (int64_t)ws_dg;
    cube_view(&d->c, CUBE_OP_C, dw, 0, 1, 0, 0);
    b[CUBE_OP_C].t = dw;
    return cube_launch_gemm(ex, d, b);
}

aclnnStatus rnn_grad_layer_gemms(aclOpExecutor *ex, const rnn_grad_gemms *g)
{
    aclnnStatus st;
    gemm_desc d;
    cube_bind b[CUBE_NOPS];
    desc_init(&d, b, g->G, g->H, g->TB); /* dW_hh = dGh^T hp */
    cube_view_raw(&d.b, CUBE_OP_B, GEMM_F32, g->H, 1);
    b[CUBE_OP_B].ws_off = (int64_t)g->ws_hp;
    if ((st = launch_dw(ex, &d, b, g->ws_dgh, g->dw_hh)))
        return st;
    const int64_t in = g->w_ih->shape[1];
    desc_init(&d, b, g->G, in, g->TB); /* dW_ih = dGi^T x */
    if (g->x) {
        if ((st = stage_matrix(ex, &d.b, &b[CUBE_OP_B], CUBE_OP_B, g->x)))
            return st;
    } else {
        cube_view_raw(&d.b, CUBE_OP_B, GEMM_F32, g->x_pitch, 1);
        b[CUBE_OP_B].ws_off = (int64_t)g->ws_x;
    }
    if ((st = launch_dw(ex, &d, b, g->ws_dgi, g->dw_ih)))
        return st;
    desc_init(&d, b, g->TB, in, g->G); /* dx (+)= dGi W_ih */
    cube_view_raw(&d.a, CUBE_OP_A, GEMM_F32, g->G, 1);
    b[CUBE_OP_A].ws_off = (int64_t)g->ws_dgi;
    cube_view(&d.b, CUBE_OP_B, g->w_ih, 0, 1, 0, 0);
    b[CUBE_OP_B].t = g->w_ih;
    if (g->dx) {
        if ((st = stage_matrix(ex, &d.c, &b[CUBE_OP_C], CUBE_OP_C, g->dx)))
            return st;
    } else {
        cube_view_raw(&d.c, CUBE_OP_C, GEMM_F32, in, 1);
        b[CUBE_OP_C].ws_off = (int64_t)g->ws_dx;
    }
    if (g->ws_dx_add >= 0) {
        cube_view_raw(&d.d, CUBE_OP_D, GEMM_F32, in, 1);
        b[CUBE_OP_D].ws_off = g->ws_dx_add;
        d.beta = 1.0f;
    }
    return cube_launch_gemm(ex, &d, b);
}
