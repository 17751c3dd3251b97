/* aclnnAddLayerNormQuant (950 only: the op_api refuses every other chip before anything else).
 * Checks in the op_api's order: chip, null (quantMode too), quantMode ("static" / "dynamic",
 * matched as prefixes like the op_api's strncmp), dtypes (x1 FLOAT, FLOAT16, BF16 static,
 * FLOAT16, BF16 dynamic; x2 / gamma / beta / bias / xOut x1's dtype, y INT8, outScales FLOAT;
 * scales1 in the mode's list (dynamic: x1's dtype), scales2 / zero points scales1's dtype), the
 * x1 / gamma / outScales relations, the shape equalities, then the optional-input combination.
 * Static runs on the NormStaticQuant kernel, dynamic on NormDynQuant (LayerNorm statistics,
 * scale = rowmax|y (* smooth)| / 127, y / scale rounded half to even). An empty outScales1Out or
 * x1: nothing runs. */
#include <stddef.h>
#include <string.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_dyn_quant_plan.h"
#include "norm_rows_plan.h"
#include "norm_static_quant_args.h"

typedef struct alnq_io {
    const aclTensor *x1, *x2, *gamma, *beta, *bias, *s1, *s2, *z1, *z2;
    const aclTensor *y1, *y2, *xout, *os1, *os2;
    const aclTensor *ln; /* V2's layernormRes (NULL for V1) */
} alnq_io;

#define ALNQ_STC NN_FLOATS
#define ALNQ_DYN (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

static aclnnStatus same_opt(const char *api, const aclTensor *ref, const char *rn, const aclTensor *t, const char *tn)
{
    return t ? aclemu_check_same_dtype(api, ref, rn, t, tn) : ACLNN_SUCCESS;
}

static aclnnStatus dtypes(const char *api, const alnq_io *io, int dyn)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, io->x1, "x1", dyn ? ALNQ_DYN : ALNQ_STC)) ||
        (st = aclemu_check_same_dtype(api, io->x1, "x1", io->x2, "x2")) ||
        (st = aclemu_check_same_dtype(api, io->x1, "x1", io->gamma, "gamma")) ||
        (st = aclemu_check_same_dtype(api, io->x1, "x1", io->beta, "beta")) ||
        (st = same_opt(api, io->x1, "x1", io->bias, "biasOptional")) ||
        (st = aclemu_check_dtype(api, io->y1, "y1Out", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_dtype(api, io->y2, "y2Out", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_same_dtype(api, io->x1, "x1", io->xout, "xOut")) ||
        (st = same_opt(api, io->x1, "x1", io->ln, "layernormRes")) ||
        (st = aclemu_check_dtype(api, io->os1, "outScales1Out", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, io->os2, "outScales2Out", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if (!io->s1)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_dtype(api, io->s1, "scales1Optional", dyn ? ALNQ_DYN : ALNQ_STC)) ||
        (dyn && (st = aclemu_check_same_dtype(api, io->x1, "x1", io->s1, "scales1Optional"))) ||
        (st = same_opt(api, io->s1, "scales1Optional", io->s2, "scales2Optional")) ||
        (st = same_opt(api, io->s1, "scales1Optional", io->z1, "zeroPoints1Optional")) ||
        (st = same_opt(api, io->s1, "scales1Optional", io->z2, "zeroPoints2Optional")))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus shape_rel(const char *api, const alnq_io *io, int dyn)
{
    aclnnStatus st;
    if ((st = aclemu_check_shape(api, io->x1, "x1", 8)) || (st = aclemu_check_shape(api, io->gamma, "gamma", 8)))
        return st;
    const aclTensor *x1 = io->x1, *g = io->gamma, *os = io->os1;
    if (x1->ndim < g->ndim)
        return ACLEMU_PARAM_ERROR(api, "DimNum of x1 should bigger than gamma");
    for (uint32_t i = 0; i < g->ndim; i++)
        if (x1->shape[i + x1->ndim - g->ndim] != g->shape[i])
            return ACLEMU_PARAM_ERROR(api, "Shape of gamma should be equal to few dims of shape x1");
    if (!dyn)
        return ACLNN_SUCCESS;
    if (x1->ndim < 2 || g->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "In dyn quant, x1.dims() >= 2 and gamma.dims() == 1 should be followed");
    if (x1->ndim != 1 + os->ndim)
        return ACLEMU_PARAM_ERROR(api, "DimNum of outScales1Out should equals to (x1DimNum - 1)");
    for (uint32_t i = 0; i < os->ndim; i++)
        if (x1->shape[i] != os->shape[i])
            return ACLEMU_PARAM_ERROR(api, "Shape of outScales should equals to x1 without last dim");
    return ACLNN_SUCCESS;
}

static int eq_opt(const aclTensor *req, const aclTensor *opt) { return !opt || nr_shape_eq(req, opt); }

static aclnnStatus shape_eqs(const char *api, const alnq_io *io, int dyn)
{
    int dual = io->s2 != NULL;
    if (!nr_shape_eq(io->x1, io->x2) || !nr_shape_eq(io->x1, io->xout) || !nr_shape_eq(io->x1, io->y1) ||
        (dual && !nr_shape_eq(io->x1, io->y2)))
        return ACLEMU_PARAM_ERROR(api, "Tensors x1/x2/y1/y2/x shape not same.");
    if (!nr_shape_eq(io->gamma, io->beta) || !eq_opt(io->gamma, io->s1) || !eq_opt(io->gamma, io->s2) ||
        !eq_opt(io->gamma, io->z1) || !eq_opt(io->gamma, io->z2))
        return ACLEMU_PARAM_ERROR(api, "Tensors gamma/beta/s1/s2/z1/z2 shape not same.");
    if (!eq_opt(io->gamma, io->bias) && !eq_opt(io->x1, io->bias))
        return ACLEMU_PARAM_ERROR(api, "Shape of bias is not same as x1 or gamma.");
    if (dual && dyn && !nr_shape_eq(io->os1, io->os2))
        return ACLEMU_PARAM_ERROR(api, "Shapes of outScales not equal.");
    return ACLNN_SUCCESS;
}

static aclnnStatus combination(const char *api, const alnq_io *io, int dyn)
{
    int s1 = io->s1 != NULL, s2 = io->s2 != NULL, z1 = io->z1 != NULL, z2 = io->z2 != NULL;
    if (dyn) {
        if (z1 || z2 || (s2 && !s1))
            return ACLEMU_PARAM_ERROR(api, "Invalid Optional input combination in dyn quant mode");
    } else if (!s1 || (s2 ? z1 != z2 : z2)) {
        return ACLEMU_PARAM_ERROR(api, "Invalid Optional input combination in stc quant mode");
    }
    return ACLNN_SUCCESS;
}

/* mode NSQ_DIV / NSQ_MUL; scale_n 1 (per tensor) or n; ln: layernormRes to write (or NULL). */
static aclnnStatus launch_static(aclOpExecutor *executor, const alnq_io *io, int64_t rows, int64_t n, double eps,
                                 bool additionalOutput, int mode, int64_t scale_n, const aclTensor *ln)
{
    norm_static_quant_args a = {0};
    a.scale_n = scale_n;
    a.mode = mode;
    a.bias_rows = io->bias && aclemu_tensor_numel(io->bias) != n;
    const nr_operand ops[] = {{io->x1, 0, offsetof(norm_static_quant_args, x1)},
                              {io->x2, 0, offsetof(norm_static_quant_args, x2)},
                              {io->bias, 0, offsetof(norm_static_quant_args, bias)},
                              {io->gamma, 0, offsetof(norm_static_quant_args, gamma)},
                              {io->beta, 0, offsetof(norm_static_quant_args, beta)},
                              {io->s1, 0, offsetof(norm_static_quant_args, s1)},
                              {io->s2, 0, offsetof(norm_static_quant_args, s2)},
                              {io->z1, 0, offsetof(norm_static_quant_args, z1)},
                              {io->s2 ? io->z2 : NULL, 0, offsetof(norm_static_quant_args, z2)},
                              {io->y1, 1, offsetof(norm_static_quant_args, y1)},
                              {io->s2 ? io->y2 : NULL, 1, offsetof(norm_static_quant_args, y2)},
                              {additionalOutput ? io->xout : NULL, 1, offsetof(norm_static_quant_args, xout)},
                              {ln, 1, offsetof(norm_static_quant_args, yn)}};
    return nr_launch(executor, "NormStaticQuant", &a, sizeof a, rows, n, eps, ops, 13);
}

static aclnnStatus launch_dynamic(aclOpExecutor *executor, const char *api, const alnq_io *io, int64_t rows,
                                  int64_t n, double eps, bool additionalOutput)
{
    norm_dyn_quant_args a = {0};
    aclnnStatus st = ndq_target(api, io->y1, "y1Out", &a);
    if (st)
        return st;
    a.layer = 1;
    a.bias_rows = io->bias && aclemu_tensor_numel(io->bias) != n;
    const nr_operand ops[] = {{io->x1, 0, offsetof(norm_dyn_quant_args, x1)},
                              {io->x2, 0, offsetof(norm_dyn_quant_args, x2)},
                              {io->bias, 0, offsetof(norm_dyn_quant_args, bias)},
                              {io->gamma, 0, offsetof(norm_dyn_quant_args, gamma)},
                              {io->beta, 0, offsetof(norm_dyn_quant_args, beta)},
                              {io->s1, 0, offsetof(norm_dyn_quant_args, smooth1)},
                              {io->s2, 0, offsetof(norm_dyn_quant_args, smooth2)},
                              {io->y1, 1, offsetof(norm_dyn_quant_args, y1)},
                              {io->s2 ? io->y2 : NULL, 1, offsetof(norm_dyn_quant_args, y2)},
                              {additionalOutput ? io->xout : NULL, 1, offsetof(norm_dyn_quant_args, xout)},
                              {io->os1, 1, offsetof(norm_dyn_quant_args, scale1)},
                              {io->s2 ? io->os2 : NULL, 1, offsetof(norm_dyn_quant_args, scale2)}};
    return nr_launch(executor, "NormDynQuant", &a, sizeof a, rows, n, eps, ops, 12);
}

aclnnStatus aclemu_plan_AddLayerNormQuant(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                          const aclTensor *gamma, const aclTensor *beta, const aclTensor *biasOptional,
                                          const aclTensor *scales1Optional, const aclTensor *scales2Optional,
                                          const aclTensor *zeroPoints1Optional, const aclTensor *zeroPoints2Optional,
                                          const char *quantMode, double epsilon, bool additionalOutput, bool divMode,
                                          aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut,
                                          aclTensor *outScales1Out, aclTensor *outScales2Out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_950))))
        return st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, beta, "beta")) ||
        (st = aclemu_check_notnull(api, y1Out, "y1Out")) || (st = aclemu_check_notnull(api, y2Out, "y2Out")) ||
        (st = aclemu_check_notnull(api, xOut, "xOut")) ||
        (st = aclemu_check_notnull(api, outScales1Out, "outScales1Out")) ||
        (st = aclemu_check_notnull(api, outScales2Out, "outScales2Out")) ||
        (st = aclemu_check_notnull(api, quantMode, "quantMode")))
        return st;
    int dyn = strncmp(quantMode, "dynamic", 7) == 0;
    if (!dyn && strncmp(quantMode, "static", 6) != 0)
        return ACLEMU_PARAM_ERROR(api, "Got quantMode neither \"dynamic\" nor \"static\".");
    alnq_io io = {x1, x2, gamma, beta, biasOptional, scales1Optional, scales2Optional, zeroPoints1Optional,
                  zeroPoints2Optional, y1Out, y2Out, xOut, outScales1Out, outScales2Out, NULL};
    if ((st = dtypes(api, &io, dyn)) || (st = shape_rel(api, &io, dyn)) || (st = shape_eqs(api, &io, dyn)) ||
        (st = combination(api, &io, dyn)))
        return st;
    if (aclemu_tensor_numel(outScales1Out) == 0 || aclemu_tensor_numel(x1) == 0 || aclemu_tensor_numel(gamma) == 0)
        return ACLNN_SUCCESS;
    int64_t n = aclemu_tensor_numel(gamma), rows = aclemu_tensor_numel(x1) / n;
    if (io.s2 && aclemu_tensor_numel(y2Out) == 0)
        io.s2 = io.z2 = NULL; /* an empty y2Out: the second output is not computed */
    return dyn ? launch_dynamic(executor, api, &io, rows, n, epsilon, additionalOutput)
               : launch_static(executor, &io, rows, n, epsilon, additionalOutput, divMode ? NSQ_DIV : NSQ_MUL, n, NULL);
}

/* ---- aclnnAddLayerNormQuantV2 (A2 / A3 / 950 / 310P) -------------------------------------------
 * Its own checks (op_api order): null (layernormRes too), quantMode ("static" only off the 950),
 * dtypes (V1's plus layernormRes = x1's), beta = gamma and the per-tensor (gamma [1, n], scales1
 * [1]) or per-channel (scales1 = gamma) layout in static mode, the shape equalities, the
 * combination (scales1 required in static mode, zeroPoints1 refused in dynamic mode). On the 950
 * it runs as V1 (layernormRes is not written there); elsewhere the kernel multiplies by the
 * scales whatever divMode says and writes layernormRes. The 310P kernels have no BF16 path. */
static aclnnStatus shape_rel_v2(const char *api, const alnq_io *io, int dyn, int *per_tensor)
{
    aclnnStatus st;
    if ((st = aclemu_check_shape(api, io->x1, "x1", 8)) || (st = aclemu_check_shape(api, io->gamma, "gamma", 8)) ||
        (st = nn_rank_in(api, io->x1, "x1", 1, 8)))
        return st;
    const aclTensor *x1 = io->x1, *g = io->gamma, *s1 = io->s1, *os = io->os1;
    if (!nr_shape_eq(g, io->beta))
        return ACLEMU_PARAM_ERROR(api, "beta shape must be same as gamma");
    *per_tensor = 0;
    if (!dyn) {
        *per_tensor = s1 && g->ndim == 2 && g->shape[0] == 1 && g->shape[1] == x1->shape[x1->ndim - 1] &&
                      s1->ndim == 1 && aclemu_tensor_numel(s1) == 1;
        if (!*per_tensor && !(s1 && nr_shape_eq(s1, g)))
            return ACLEMU_PARAM_ERROR(api, "Invalid gamma/scales1 shape combination for static quantization");
        return ACLNN_SUCCESS;
    }
    if (x1->ndim < 2)
        return ACLEMU_PARAM_ERROR(api, "In dyn quant, x1.dims() >= 2 should be followed");
    if (x1->ndim != 1 + os->ndim)
        return ACLEMU_PARAM_ERROR(api, "DimNum of outScales1Out should equals to (x1DimNum - 1)");
    for (uint32_t i = 0; i < os->ndim; i++)
        if (x1->shape[i] != os->shape[i])
            return ACLEMU_PARAM_ERROR(api, "Shape of outScales should equals to x1 without last dim");
    return ACLNN_SUCCESS;
}

static aclnnStatus shape_eqs_v2(const char *api, const alnq_io *io, int dyn)
{
    int dual = io->s2 != NULL;
    if (!nr_shape_eq(io->x1, io->x2) || !nr_shape_eq(io->x1, io->xout) || !nr_shape_eq(io->x1, io->y1) ||
        !nr_shape_eq(io->x1, io->ln) || (dual && !nr_shape_eq(io->x1, io->y2)))
        return ACLEMU_PARAM_ERROR(api, "Tensors x1/x2/y1/y2/x/layernormRes shape not same.");
    if (io->s1 && !eq_opt(io->s1, io->z1))
        return ACLEMU_PARAM_ERROR(api, "Tensors scales1/zeroPoints1 shape not same.");
    if (io->s2 && !eq_opt(io->s2, io->z2))
        return ACLEMU_PARAM_ERROR(api, "Tensors scales2/zeroPoints2 shape not same.");
    if (!eq_opt(io->gamma, io->bias) && !eq_opt(io->x1, io->bias))
        return ACLEMU_PARAM_ERROR(api, "Shape of bias is not same as x1 or gamma.");
    if (dual && dyn && !nr_shape_eq(io->os1, io->os2))
        return ACLEMU_PARAM_ERROR(api, "Shapes of outScales not equal.");
    return ACLNN_SUCCESS;
}

/* Rows and row length: gamma's elements must be x1's trailing elements (per tensor: its last dim). */
static aclnnStatus rows_v2(const char *api, const alnq_io *io, int64_t *rows, int64_t *n)
{
    int64_t gn = aclemu_tensor_numel(io->gamma), tail = 1;
    for (uint32_t i = io->x1->ndim; i-- > 0 && tail < gn;)
        tail *= io->x1->shape[i];
    if (tail != gn)
        return ACLEMU_PARAM_ERROR(api, "gamma (%lld elements) should cover trailing dims of x1.", (long long)gn);
    *n = gn;
    *rows = aclemu_tensor_numel(io->x1) / gn;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_AddLayerNormQuantV2(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                            const aclTensor *gamma, const aclTensor *beta,
                                            const aclTensor *biasOptional, const aclTensor *scales1Optional,
                                            const aclTensor *scales2Optional, const aclTensor *zeroPoints1Optional,
                                            const aclTensor *zeroPoints2Optional, const char *quantMode,
                                            double epsilon, bool additionalOutput, bool divMode, aclTensor *y1Out,
                                            aclTensor *y2Out, aclTensor *xOut, aclTensor *layernormRes,
                                            aclTensor *outScales1Out, aclTensor *outScales2Out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, beta, "beta")) ||
        (st = aclemu_check_notnull(api, y1Out, "y1Out")) || (st = aclemu_check_notnull(api, y2Out, "y2Out")) ||
        (st = aclemu_check_notnull(api, xOut, "xOut")) ||
        (st = aclemu_check_notnull(api, layernormRes, "layernormRes")) ||
        (st = aclemu_check_notnull(api, outScales1Out, "outScales1Out")) ||
        (st = aclemu_check_notnull(api, outScales2Out, "outScales2Out")) ||
        (st = aclemu_check_notnull(api, quantMode, "quantMode")))
        return st;
    aclemu_family fam = aclemu_op_profile()->family;
    int regbase = fam == ACLEMU_FAMILY_950;
    int dyn = strncmp(quantMode, "dynamic", 7) == 0;
    if (!regbase && strncmp(quantMode, "static", 6) != 0)
        return ACLEMU_PARAM_ERROR(api, "Got quantMode is not \"static\".");
    if (!dyn && strncmp(quantMode, "static", 6) != 0)
        return ACLEMU_PARAM_ERROR(api, "Got quantMode neither \"dynamic\" nor \"static\".");
    alnq_io io = {x1, x2, gamma, beta, biasOptional, scales1Optional, scales2Optional, zeroPoints1Optional,
                  zeroPoints2Optional, y1Out, y2Out, xOut, outScales1Out, outScales2Out, layernormRes};
    int per_tensor = 0;
    if ((st = dtypes(api, &io, dyn)) || (st = shape_rel_v2(api, &io, dyn, &per_tensor)) ||
        (st = shape_eqs_v2(api, &io, dyn)))
        return st;
    if (dyn ? zeroPoints1Optional != NULL : scales1Optional == NULL)
        return ACLEMU_PARAM_ERROR(api, dyn ? "Invalid Optional input combination in dyn quant mode"
                                           : "Invalid Optional input combination in stc quant mode");
    if (fam == ACLEMU_FAMILY_310P && x1->dtype == ACL_BF16)
        return ACLEMU_PARAM_ERROR(api, "x1 dtype DT_BF16 is not supported on %s (its kernels have no BF16 path).",
                                  aclemu_op_profile()->soc_version);
    int has_empty = aclemu_tensor_numel(x1) == 0 || aclemu_tensor_numel(gamma) == 0 ||
                    aclemu_tensor_numel(y2Out) == 0 || aclemu_tensor_numel(outScales1Out) == 0 ||
                    aclemu_tensor_numel(outScales2Out) == 0;
    if ((has_empty && !regbase) || aclemu_tensor_numel(outScales1Out) == 0 || aclemu_tensor_numel(x1) == 0 ||
        aclemu_tensor_numel(gamma) == 0)
        return ACLNN_SUCCESS;
    int64_t rows = 0, n = 0;
    if ((st = rows_v2(api, &io, &rows, &n)))
        return st;
    if (io.s2 && aclemu_tensor_numel(y2Out) == 0)
        io.s2 = io.z2 = NULL;
    if (dyn)
        return launch_dynamic(executor, api, &io, rows, n, epsilon, additionalOutput);
    int mode = regbase && divMode ? NSQ_DIV : NSQ_MUL;
    return launch_static(executor, &io, rows, n, epsilon, additionalOutput, mode, per_tensor ? 1 : n,
                         regbase ? NULL : layernormRes);
}
