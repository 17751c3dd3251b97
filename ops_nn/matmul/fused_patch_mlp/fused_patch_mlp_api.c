/* aclnnFusedPatchMlp: generated from the op definition (ascend910b only; its inputs are not declared
 * AutoContiguous, views are staged here), so: nulls of x, weights, biases, out (161001) -> no kernel
 * off the A2 (361001) -> the definition's dtype rows (161002): x FLOAT16 / FLOAT / BF16, weights and
 * out of x's dtype, biases FLOAT16 with FLOAT16 x, else FLOAT -> ND formats -> the tiling's refusals
 * (fused_patch_mlp_tiling.cpp, 561002, its messages, its order): numLayers outside [1, 2^32); x of
 * fewer than two dims; a leading dim <= 0; biases empty or not a multiple of numLayers (hidden =
 * biases / numLayers); patch / hidden / rows past INT32_MAX; weights of no dim or a dim <= 0;
 * weights not patch * hidden + (numLayers - 1) * hidden * hidden elements. out must be x's leading
 * dims + [hidden] (the infershape), refused otherwise with the same code.
 * The kernel's steps (op_kernel/fused_patch_mlp.h): per layer a Matmul of T = x's dtype with C of T
 * (FP32 accumulation, the bias added in FP32: FLOAT16 bias for FLOAT16, FLOAT otherwise, rounded once
 * to T) into ping-pong workspace buffers, the last layer into y; between layers the GELU pass on the
 * rounded result (FusedPatchMlpGelu). Layer l's weights start at patch * hidden + (l - 1) * hidden^2
 * and are stored [K, hidden] (the transposed Linear weight), its bias at l * hidden. */
#include <string.h>

#include "aclemu_plans.h"
#include "cube.h"
#include "fused_patch_mlp_args.h"
#include "mm_common.h"

#define TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)
#define FPM_DTYPES (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16))

/* The stride of t's elements in flat (row-major) order when one exists, else 0. */
static int64_t flat_stride(const aclTensor *t)
{
    int64_t s = 0, expect = 0, n = 1;
    for (int d = (int)t->ndim - 1; d >= 0; d--) {
        if (t->shape[d] == 1)
            continue;
        if (!s) {
            s = t->stride[d];
            expect = s * t->shape[d];
        } else {
            if (t->stride[d] != expect)
                return 0;
            expect *= t->shape[d];
        }
        n *= t->shape[d];
    }
    return s ? s : 1;
}

/* Leading dims of a matrix view [..., cols] that merge into one row index: its row stride, else 0. */
static int64_t row_stride(const aclTensor *t)
{
    int nd = (int)t->ndim;
    int64_t rs = t->stride[nd - 2], expect = rs * t->shape[nd - 2];
    for (int d = nd - 3; d >= 0; d--) {
        if (t->shape[d] != 1 && t->stride[d] != expect)
            return 0;
        expect *= t->shape[d];
    }
    return t->shape[nd - 2] == 1 && nd == 2 ? (rs ? rs : 1) : rs;
}

/* A flat operand: the tensor (elements every `s`) or a contiguous copy in the workspace. */
typedef struct fpm_flat {
    const aclTensor *t; /* NULL: staged at ws */
    int64_t s, ws;
} fpm_flat;

static aclnnStatus flat_of(aclOpExecutor *ex, const aclTensor *t, fpm_flat *f)
{
    f->s = flat_stride(t);
    f->t = t;
    f->ws = -1;
    if (f->s > 0)
        return ACLNN_SUCCESS;
    f->t = NULL;
    f->s = 1;
    f->ws = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)aclemu_tensor_numel(t) * aclemu_dtype_size(t->dtype));
    return cube_launch_copy(ex, NULL, f->ws, t->dtype, t, -1, t->dtype);
}

static void flat_view(gemm_view *v, int slot, const fpm_flat *f, aclDataType dt, int64_t first, int64_t rs, int64_t cs,
                      cube_bind *b)
{
    const size_t es = aclemu_dtype_size(dt);
    memset(v, 0, sizeof *v);
    v->dtype = cube_gemm_dtype(dt);
    v->rs = rs * f->s;
    v->cs = cs * f->s;
    if (f->t) {
        v->ptr = (const void *)(uintptr_t)(CUBE_SYNTH_BASE(slot) + (uint64_t)(f->t->offset + first * f->s) * es);
        b->t = f->t;
        b->ws_off = -1;
    } else {
        v->ptr = (const void *)(uintptr_t)CUBE_SYNTH_BASE(slot);
        b->t = NULL;
        b->ws_off = f->ws + first * (int64_t)es;
    }
}

aclnnStatus aclemu_plan_FusedPatchMlp(aclOpExecutor *executor, const aclTensor *x, const aclTensor *weights,
                                      const aclTensor *biases, int64_t numLayers, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, weights, "weights")) ||
        (st = aclemu_check_notnull(api, biases, "biases")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", FPM_DTYPES)) || (st = aclemu_check_dtype(api, weights, "weights", FPM_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, x, "x", weights, "weights")) ||
        (st = aclemu_check_dtype(api, biases, "biases",
                                 x->dtype == ACL_FLOAT16 ? ACLEMU_DT(ACL_FLOAT16) : ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, out, "out", FPM_DTYPES)) || (st = aclemu_check_same_dtype(api, x, "x", out, "out")))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, weights, "weights")) ||
        (st = aclemu_check_format(api, biases, "biases")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, weights, "weights", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, biases, "biases", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    /* the tiling */
    if (numLayers <= 0 || numLayers > (int64_t)0xffffffffll)
        return TILING_ERROR(api, "num_layers is out of range, got %lld.", (long long)numLayers);
    if (x->ndim < 2)
        return TILING_ERROR(api, "x must have at least two dimensions.");
    const int nd = (int)x->ndim;
    const int64_t patch = x->shape[nd - 1];
    int64_t N = 1;
    for (int i = 0; i + 1 < nd; i++) {
        if (x->shape[i] <= 0 || N > INT64_MAX / x->shape[i])
            return TILING_ERROR(api, "invalid or overflowing x shape.");
        N *= x->shape[i];
    }
    const int64_t blen = aclemu_tensor_numel(biases);
    if (blen <= 0 || blen % numLayers != 0)
        return TILING_ERROR(api, "bias length must be divisible by num_layers.");
    const int64_t hidden = blen / numLayers;
    if (patch <= 0 || hidden <= 0 || patch > INT32_MAX || hidden > INT32_MAX || N > INT32_MAX)
        return TILING_ERROR(api, "shape exceeds the Matmul int32 dimension range.");
    if (weights->ndim == 0)
        return TILING_ERROR(api, "weights must have at least one dimension.");
    for (uint32_t i = 0; i < weights->ndim; i++)
        if (weights->shape[i] <= 0)
            return TILING_ERROR(api, "invalid or overflowing weights shape.");
    const uint64_t wlen = (uint64_t)aclemu_tensor_numel(weights);
    const uint64_t want = (uint64_t)patch * (uint64_t)hidden + (uint64_t)(numLayers - 1) * (uint64_t)hidden * (uint64_t)hidden;
    if (wlen != want)
        return TILING_ERROR(api, "weights element count mismatch, expected %llu but got %llu.", (unsigned long long)want,
                            (unsigned long long)wlen);
    int bad = out->ndim != x->ndim || out->shape[nd - 1] != hidden;
    for (int i = 0; !bad && i + 1 < nd; i++) bad = out->shape[i] != x->shape[i];
    if (bad)
        return TILING_ERROR(api, "y must be x's leading dims with a last dim of hidden_size %lld.", (long long)hidden);

    const aclDataType T = x->dtype;
    const size_t es = aclemu_dtype_size(T);
    fpm_flat fw, fb;
    if ((st = flat_of(executor, weights, &fw)) || (st = flat_of(executor, biases, &fb)))
        return st;
    /* x as [N, patch] */
    int64_t xrs = row_stride(x), xcs = x->stride[nd - 1], ws_x = -1;
    if (!xrs) {
        ws_x = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(N * patch) * es);
        if ((st = cube_launch_copy(executor, NULL, ws_x, T, x, -1, T)))
            return st;
    }
    int64_t ors = row_stride(out), ocs = out->stride[nd - 1], ws_o = -1;
    if (!ors)
        ws_o = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(N * hidden) * es);
    int64_t ws_h[2] = {-1, -1};
    for (int i = 0; i < 2 && i < numLayers - 1; i++)
        ws_h[i] = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)(N * hidden) * es);
    const aclDataType BT = biases->dtype;
    for (int64_t l = 0; l < numLayers; l++) {
        const int64_t K = l ? hidden : patch;
        const int64_t woff = l ? patch * hidden + (l - 1) * hidden * hidden : 0;
        const int last = l == numLayers - 1;
        cube_mm mm;
        mm_desc_init(&mm.d, N, hidden, K, GEMM_MATH_KEEP);
        mm_bind(mm.bind, NULL, NULL, NULL, NULL, NULL);
        /* A */
        if (l == 0 && ws_x < 0) {
            cube_view(&mm.d.a, CUBE_OP_A, x, -1, -1, 0, 0);
            mm.d.a.rs = xrs;
            mm.d.a.cs = xcs;
            mm.bind[CUBE_OP_A].t = x;
        } else {
            cube_view_raw(&mm.d.a, CUBE_OP_A, cube_gemm_dtype(T), K, 1);
            mm.bind[CUBE_OP_A].ws_off = l == 0 ? ws_x : ws_h[(l - 1) & 1];
        }
        flat_view(&mm.d.b, CUBE_OP_B, &fw, T, woff, hidden, 1, &mm.bind[CUBE_OP_B]);
        flat_view(&mm.d.bias, CUBE_OP_BIAS, &fb, BT, l * hidden, 0, 1, &mm.bind[CUBE_OP_BIAS]);
        if (last && ws_o < 0) {
            cube_view(&mm.d.c, CUBE_OP_C, out, -1, -1, 0, 0);
            mm.d.c.rs = ors;
            mm.d.c.cs = ocs;
            mm.bind[CUBE_OP_C].t = out;
        } else {
            cube_view_raw(&mm.d.c, CUBE_OP_C, cube_gemm_dtype(T), hidden, 1);
            mm.bind[CUBE_OP_C].ws_off = last ? ws_o : ws_h[l & 1];
        }
        if ((st = cube_launch_gemm(executor, &mm.d, mm.bind)))
            return st;
        if (!last) {
            const int64_t n = N * hidden;
            uint32_t bd;
            uint64_t per;
            aclemu_tile_1d((uint64_t)n, aclemu_vector_core_num(aclemu_op_profile()), 4096, 1, &bd, &per);
            fpm_gelu_args *g = aclemu_exec_add_launch(executor, "FusedPatchMlpGelu", bd, sizeof *g);
            if (!g)
                return ACLNN_ERR_INNER;
            g->n = n;
            g->per_block = (int64_t)per;
            g->dtype = (int32_t)T;
            if ((st = aclemu_exec_bind_workspace(executor, g, &g->buf, (uint64_t)ws_h[l & 1])))
                return st;
        }
    }
    if (ws_o >= 0)
        return cube_launch_copy(executor, out, -1, T, NULL, ws_o, T);
    return ACLNN_SUCCESS;
}
