/* aclnnAddRmsNormQuantV2 (A2 / A3 / 950 / 310P) on the NormStaticQuant kernel (norm_rows, rms
 * mode: y = x * rstd * gamma + beta, rmsNormOut the value before beta). The op_api's routing is
 * kept: null x1 / x2 / gamma / scales1 / y1Out / y2Out, then (off the 950 a FLOAT16 scales1 and
 * an INT8 zeroPoints1 are cast first) empty x1 / gamma / y2Out return at once; the V2 kernel is
 * taken on the 950, and elsewhere only for divMode with one scales1 / zeroPoints1 value, no
 * scales2 / zeroPoints2 and either (betaOptional + xOut) or (rmsNormOut alone); otherwise an
 * xOut routes to the V1 kernel (which refuses rmsNormOut) and no xOut is 161001. Each route
 * has the op_api's dtype / shape checks. y INT8 (950: FLOAT8_E4M3FN / E5M2 too; HIFLOAT8 is
 * not emulated); round half to even, saturated. */
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "norm_static_quant_args.h"

#define ARQ2_XS (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define ARQ2_Y950                                                                                            \
    (ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_HIFLOAT8) | ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN))
#define ARQ2_Z950 (NN_FLOATS | ACLEMU_DT(ACL_INT32))

typedef struct arq2_io {
    const aclTensor *x1, *x2, *gamma, *s1, *s2, *z1, *z2, *beta, *y1, *y2, *xout, *res;
    int regbase;
} arq2_io;

static int is_one(const aclTensor *t) { return t && t->ndim == 1 && t->shape[0] == 1; }

static int v2_route(const arq2_io *io, bool divMode)
{
    if (io->regbase)
        return 1;
    if (io->z2 || io->s2 || !divMode)
        return 0;
    const aclTensor *g = io->gamma, *x1 = io->x1;
    if (is_one(g) && !io->beta && !io->res)
        return 0;
    int64_t n = x1->ndim ? x1->shape[x1->ndim - 1] : -1;
    int gamma_ok = (g->ndim == 2 && g->shape[0] == 1 && g->shape[1] == n) || (g->ndim == 1 && g->shape[0] == n);
    int beta_ok = (!io->beta && io->res && !io->xout) || (io->beta && !io->res && io->xout);
    return gamma_ok && is_one(io->s1) && is_one(io->z1) && beta_ok;
}

static aclnnStatus rank_opt(const char *api, const aclTensor *t, const char *name, uint32_t lo)
{
    aclnnStatus st = ACLNN_SUCCESS;
    if (t && !(st = aclemu_check_shape(api, t, name, 8)))
        st = nn_rank_in(api, t, name, lo, 8);
    return st;
}

static aclnnStatus same_shape_opt(const char *api, const aclTensor *a, const char *an, const aclTensor *b,
                                  const char *bn)
{
    return b ? nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, a, an, b, bn) : ACLNN_SUCCESS;
}

/* The V2 kernel's checks: dtypes per chip, then ranks and the shapes of the outputs. */
static aclnnStatus check_v2(const char *api, const arq2_io *io, aclDataType s1_dt, aclDataType z1_dt)
{
    aclnnStatus st;
    if (io->regbase) {
        if ((st = aclemu_check_dtype(api, io->x1, "x1", NN_FLOATS)) ||
            (st = aclemu_check_dtype(api, io->x2, "x2", NN_FLOATS)) ||
            (st = aclemu_check_dtype(api, io->gamma, "gamma", NN_FLOATS)) ||
            (st = aclemu_check_dtype(api, io->s1, "scales1", NN_FLOATS)) ||
            (st = nn_dtype_opt(api, io->beta, "betaOptional", NN_FLOATS)) ||
            (st = nn_dtype_opt(api, io->z1, "zeroPoints1Optional", ARQ2_Z950)) ||
            (st = nn_dtype_opt(api, io->s2, "scales2Optional", NN_FLOATS)) ||
            (st = nn_dtype_opt(api, io->z2, "zeroPoints2Optional", ARQ2_Z950)) ||
            (st = aclemu_check_same_dtype(api, io->x1, "x1", io->x2, "x2")) ||
            (st = aclemu_check_same_dtype(api, io->x1, "x1", io->gamma, "gamma")) ||
            (st = aclemu_check_dtype(api, io->y1, "y1Out", ARQ2_Y950)) ||
            (st = aclemu_check_dtype(api, io->y2, "y2Out", ARQ2_Y950)) ||
            (st = nn_dtype_opt(api, io->res, "rmsNormOut", NN_FLOATS)) ||
            (st = nn_dtype_opt(api, io->xout, "xOut", NN_FLOATS)))
            return st;
    } else {
        if ((st = aclemu_check_dtype(api, io->x1, "x1", ARQ2_XS)) ||
            (st = aclemu_check_dtype(api, io->x2, "x2", ARQ2_XS)) ||
            (st = aclemu_check_dtype(api, io->gamma, "gamma", ARQ2_XS)) ||
            (st = aclemu_check_dtype_value(api, s1_dt, "scales1", ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16))) ||
            (st = nn_dtype_opt(api, io->beta, "betaOptional", ARQ2_XS)) ||
            (io->z1 && (st = aclemu_check_dtype_value(api, z1_dt, "zeroPoints1Optional",
                                                      ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_BF16)))) ||
            (st = aclemu_check_same_dtype(api, io->x1, "x1", io->x2, "x2")) ||
            (st = aclemu_check_same_dtype(api, io->x1, "x1", io->gamma, "gamma")) ||
            (st = aclemu_check_dtype(api, io->y1, "y1Out", ACLEMU_DT(ACL_INT8))) ||
            (st = aclemu_check_dtype(api, io->y2, "y2Out", ACLEMU_DT(ACL_INT8))) ||
            (st = nn_dtype_opt(api, io->res, "rmsNormOut", ARQ2_XS)) ||
            (st = nn_dtype_opt(api, io->xout, "xOut", ARQ2_XS)))
            return st;
    }
    if ((st = rank_opt(api, io->x1, "x1", 0)) || (st = rank_opt(api, io->x2, "x2", 0)) ||
        (st = rank_opt(api, io->gamma, "gamma", 0)) || (st = rank_opt(api, io->s1, "scales1", 0)) ||
        (st = rank_opt(api, io->beta, "betaOptional", 0)) || (st = rank_opt(api, io->z1, "zeroPoints1Optional", 0)) ||
        (st = rank_opt(api, io->y1, "y1Out", 0)) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, io->x1, "x1", io->y1, "y1Out")) ||
        (st = same_shape_opt(api, io->x1, "x1", io->y2, "y2Out")) || (st = rank_opt(api, io->res, "rmsNormOut", 0)) ||
        (st = same_shape_opt(api, io->x1, "x1", io->res, "rmsNormOut")) || (st = rank_opt(api, io->xout, "xOut", 0)) ||
        (st = same_shape_opt(api, io->x1, "x1", io->xout, "xOut")))
        return st;
    return ACLNN_SUCCESS;
}

/* gamma must be x1's trailing dims (310P: at least 32 elements). */
static aclnnStatus gamma_vs_x(const char *api, const aclTensor *x1, const aclTensor *g)
{
    if (g->ndim > x1->ndim)
        return ACLEMU_PARAM_ERROR(api, "The gamma tensor's dim %u should not greater than x1 tensor's dim %u.",
                                  g->ndim, x1->ndim);
    int64_t total = 1;
    for (uint32_t i = 0; i < g->ndim; i++) {
        int64_t xd = x1->shape[x1->ndim - g->ndim + i];
        if (xd != g->shape[i])
            return ACLEMU_PARAM_ERROR(api, "The gamma tensor's shape dim %u is %lld, is not equal to x1 %lld.", i,
                                      (long long)g->shape[i], (long long)xd);
        total *= g->shape[i];
    }
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_310P && total < 32)
        return ACLEMU_PARAM_ERROR(api, "The gamma tensor's size %lld is smaller than 32.", (long long)total);
    return ACLNN_SUCCESS;
}

/* The V1 kernel's checks (the AddRmsNormQuant route). */
static aclnnStatus check_v1(const char *api, const arq2_io *io, aclDataType s1_dt, aclDataType z1_dt)
{
    aclnnStatus st;
    if (io->res)
        return aclemu_op_error(ACLNN_ERR_PARAM_NULLPTR, ACLEMU_ERRCODE_PARAM, api,
                               "The rmsNormOut tensor should be nullptr in computeV1.");
    if ((st = rank_opt(api, io->x2, "x2", 1)) || (st = rank_opt(api, io->x1, "x1", 1)) ||
        (st = rank_opt(api, io->s1, "scales1", 1)) || (st = rank_opt(api, io->gamma, "gamma", 1)) ||
        (st = rank_opt(api, io->z2, "zeroPoints2Optional", 1)) ||
        (st = rank_opt(api, io->z1, "zeroPoints1Optional", 1)) || (st = rank_opt(api, io->s2, "scales2Optional", 1)) ||
        (st = rank_opt(api, io->beta, "betaOptional", 1)) || (st = rank_opt(api, io->xout, "xOut", 1)) ||
        (st = rank_opt(api, io->y2, "y2Out", 1)) || (st = rank_opt(api, io->y1, "y1Out", 1)))
        return st;
    aclemu_dtype_set ss = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16), zs = ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype_value(api, s1_dt, "scales1", ss)) ||
        (st = nn_dtype_opt(api, io->z2, "zeroPoints2Optional", zs)) ||
        (io->z1 && (st = aclemu_check_dtype_value(api, z1_dt, "zeroPoints1Optional", zs))) ||
        (st = nn_dtype_opt(api, io->s2, "scales2Optional", ss)) ||
        (st = aclemu_check_dtype(api, io->gamma, "gamma", ARQ2_XS)) ||
        (st = aclemu_check_dtype(api, io->x1, "x1", ARQ2_XS)) || (st = aclemu_check_dtype(api, io->x2, "x2", ARQ2_XS)) ||
        (st = nn_dtype_opt(api, io->beta, "betaOptional", ARQ2_XS)) ||
        (st = aclemu_check_dtype(api, io->xout, "xOut", ARQ2_XS)) ||
        (st = aclemu_check_dtype(api, io->y2, "y2Out", ACLEMU_DT(ACL_INT8))) ||
        (st = aclemu_check_dtype(api, io->y1, "y1Out", ACLEMU_DT(ACL_INT8))))
        return st;
    if ((st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, io->x1, "x1", io->x2, "x2")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, io->x1, "x1", io->y1, "y1Out")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, io->x1, "x1", io->y2, "y2Out")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, io->x1, "x1", io->xout, "xOut")) ||
        (st = nr_same_shape(api, ACLNN_ERR_PARAM_INVALID, io->gamma, "gamma", io->s1, "scales1")) ||
        (st = same_shape_opt(api, io->gamma, "gamma", io->s2, "scales2Optional")) ||
        (st = same_shape_opt(api, io->gamma, "gamma", io->z1, "zeroPoints1Optional")) ||
        (st = same_shape_opt(api, io->gamma, "gamma", io->z2, "zeroPoints2Optional")) ||
        (st = same_shape_opt(api, io->gamma, "gamma", io->beta, "betaOptional")))
        return st;
    return gamma_vs_x(api, io->x1, io->gamma);
}

aclnnStatus aclemu_plan_AddRmsNormQuantV2(aclOpExecutor *executor, const aclTensor *x1, const aclTensor *x2,
                                          const aclTensor *gamma, const aclTensor *scales1,
                                          const aclTensor *scales2Optional, const aclTensor *zeroPoints1Optional,
                                          const aclTensor *zeroPoints2Optional, const aclTensor *betaOptional,
                                          int64_t axis, double epsilon, bool divMode, aclTensor *y1Out,
                                          aclTensor *y2Out, aclTensor *xOut, aclTensor *rmsNormOut)
{
    (void)axis; /* documented: only -1 */
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x1, "x1")) || (st = aclemu_check_notnull(api, x2, "x2")) ||
        (st = aclemu_check_notnull(api, gamma, "gamma")) || (st = aclemu_check_notnull(api, scales1, "scales1")) ||
        (st = aclemu_check_notnull(api, y1Out, "y1Out")) || (st = aclemu_check_notnull(api, y2Out, "y2Out")))
        return st;
    if ((st = nn_chip_gate(api, NN_CHIPS_A2_A3_950 | NN_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    arq2_io io = {x1, x2, gamma, scales1, scales2Optional, zeroPoints1Optional, zeroPoints2Optional, betaOptional,
                  y1Out, y2Out, xOut, rmsNormOut, aclemu_op_profile()->family == ACLEMU_FAMILY_950};
    /* off the 950 the op_api casts FLOAT16 scales1 to FLOAT and INT8 zeroPoints1 to INT32 first */
    aclDataType s1_dt = scales1->dtype, z1_dt = zeroPoints1Optional ? zeroPoints1Optional->dtype : ACL_DT_UNDEFINED;
    if (!io.regbase && s1_dt == ACL_FLOAT16)
        s1_dt = ACL_FLOAT;
    if (!io.regbase && z1_dt == ACL_INT8)
        z1_dt = ACL_INT32;
    if (aclemu_tensor_numel(x1) == 0 || aclemu_tensor_numel(gamma) == 0 || aclemu_tensor_numel(y2Out) == 0)
        return ACLNN_SUCCESS;
    if (v2_route(&io, divMode)) {
        if (!io.regbase && !((betaOptional && xOut && !rmsNormOut) || (!xOut && rmsNormOut && !betaOptional)))
            return aclemu_op_error(ACLNN_ERR_PARAM_NULLPTR, ACLEMU_ERRCODE_PARAM, api,
                                   "betaOptional with xOut, or rmsNormOut alone, should be given.");
        st = check_v2(api, &io, s1_dt, z1_dt);
    } else if (xOut) {
        st = check_v1(api, &io, s1_dt, z1_dt);
    } else {
        return aclemu_op_error(ACLNN_ERR_PARAM_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "xOut should not be nullptr.");
    }
    if (st)
        return st;
    if (y1Out->dtype == ACL_HIFLOAT8 || (scales2Optional && y2Out->dtype == ACL_HIFLOAT8))
        return ACLEMU_PARAM_ERROR(api, "y dtype DT_HIFLOAT8 is not supported by the emulator (not emulated).");
    if (scales2Optional && y1Out->dtype != y2Out->dtype)
        return aclemu_check_same_dtype(api, y1Out, "y1Out", y2Out, "y2Out");
    int64_t rows, n;
    if ((st = gamma_vs_x(api, x1, gamma)) ||
        (st = nr_split_rows(api, ACLNN_ERR_PARAM_INVALID, x1, "x1", gamma, "gamma", &rows, &n)))
        return st;
    int64_t sn = aclemu_tensor_numel(scales1);
    if (sn != 1 && sn != n)
        return ACLEMU_PARAM_ERROR(api, "scales1 should hold 1 or %lld elements, but holds %lld.", (long long)n,
                                  (long long)sn);
    if ((scales2Optional && aclemu_tensor_numel(scales2Optional) != sn) ||
        (zeroPoints1Optional && aclemu_tensor_numel(zeroPoints1Optional) != sn) ||
        (scales2Optional && zeroPoints2Optional && aclemu_tensor_numel(zeroPoints2Optional) != sn))
        return ACLEMU_PARAM_ERROR(api, "scales2 and the zero points should hold %lld elements like scales1.",
                                  (long long)sn);
    if (betaOptional && aclemu_tensor_numel(betaOptional) != n)
        return ACLEMU_PARAM_ERROR(api, "betaOptional should hold %lld elements.", (long long)n);
    norm_static_quant_args a = {0};
    a.rms = 1;
    a.round_sum = 1;
    a.yn_pre_beta = 1;
    a.scale_n = sn;
    a.mode = divMode ? NSQ_DIV : NSQ_MUL;
    a.code = (int32_t)y1Out->dtype;
    const nr_operand ops[] = {{x1, 0, offsetof(norm_static_quant_args, x1)},
                              {x2, 0, offsetof(norm_static_quant_args, x2)},
                              {gamma, 0, offsetof(norm_static_quant_args, gamma)},
                              {betaOptional, 0, offsetof(norm_static_quant_args, beta)},
                              {scales1, 0, offsetof(norm_static_quant_args, s1)},
                              {scales2Optional, 0, offsetof(norm_static_quant_args, s2)},
                              {zeroPoints1Optional, 0, offsetof(norm_static_quant_args, z1)},
                              {scales2Optional ? zeroPoints2Optional : NULL, 0, offsetof(norm_static_quant_args, z2)},
                              {y1Out, 1, offsetof(norm_static_quant_args, y1)},
                              {scales2Optional ? y2Out : NULL, 1, offsetof(norm_static_quant_args, y2)},
                              {xOut, 1, offsetof(norm_static_quant_args, xout)},
                              {rmsNormOut, 1, offsetof(norm_static_quant_args, yn)}};
    return nr_launch(executor, "NormStaticQuant", &a, sizeof a, rows, n, epsilon, ops, 12);
}
