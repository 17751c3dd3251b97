/* Planners of the complex family, with the checks of hicann/ops-math: math/complex/op_api/
 * aclnn_complex.cpp, math/real/op_api/aclnn_real.cpp, math/polar/op_api/aclnn_polar.cpp, and
 * for AngleV2 (a generated aclnn API) math/angle_v2/op_host/angle_v2_def.cpp's input -> output
 * dtype pairs and SoC configs (910, 910B, 910_93, 950). */
#include <string.h>

#include "aclemu_plans.h"
#include "complex_args.h"

static aclnnStatus launch(aclOpExecutor *ex, int32_t op, const aclTensor *out, const aclTensor *x, const aclTensor *y)
{
    const aclTensor *in[2] = {x, y};
    aclnnStatus st;
    complex_args *a = (complex_args *)aclemu_ew_launch(ex, "ComplexFamily", sizeof(complex_args), out, in, y ? 2 : 1, &st);
    if (a) a->op = op;
    return st;
}

static int is_empty(const aclTensor *t)
{
    for (uint32_t i = 0; i < t->ndim; i++)
        if (t->shape[i] == 0) return 1;
    return 0;
}

/* 1 when (in, out) is one of the n pairs. */
static int paired(const aclDataType (*pairs)[2], int n, aclDataType in, aclDataType out)
{
    for (int i = 0; i < n; i++)
        if (pairs[i][0] == in && pairs[i][1] == out) return 1;
    return 0;
}

/* broadcast of a and b must be out's shape */
static aclnnStatus check_broadcast_out(const char *api, const aclTensor *a, const char *an, const aclTensor *b, const char *bn,
                                       const aclTensor *out, const char *fmt)
{
    int64_t bs[ACLEMU_MAX_RANK];
    uint32_t nd;
    aclnnStatus st;
    if ((st = aclemu_check_shape(api, a, an, 8)) || (st = aclemu_check_shape(api, b, bn, 8)) ||
        (st = aclemu_check_shape(api, out, "out", 8)) || (st = aclemu_broadcast_shape(api, a, an, b, bn, bs, &nd)))
        return st;
    if (nd == out->ndim && !memcmp(bs, out->shape, nd * sizeof(int64_t)))
        return ACLNN_SUCCESS;
    char s1[256], s2[256];
    return ACLEMU_PARAM_ERROR(api, fmt, aclemu_shape_str(bs, nd, s1, sizeof s1), aclemu_shape_str(out->shape, out->ndim, s2, sizeof s2));
}

/* Complex: null -> (an empty real or imag: nothing, before any other check, as the real code)
 * -> real / imag FLOAT16 / FLOAT / DOUBLE, out COMPLEX32 / 64 / 128, real and imag alike, the
 * pairs F16-C32, F32-C64, F64-C128 -> broadcast shape = out's -> formats alike on 950. */
aclnnStatus aclemu_plan_Complex(aclOpExecutor *executor, const aclTensor *real, const aclTensor *imag, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, real, "real")) || (st = aclemu_check_notnull(api, imag, "imag")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (is_empty(real) || is_empty(imag))
        return ACLNN_SUCCESS;
    const aclemu_dtype_set in_dt = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE);
    const aclemu_dtype_set out_dt = ACLEMU_DT(ACL_COMPLEX32) | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128);
    if ((st = aclemu_check_dtype(api, real, "real", in_dt)) || (st = aclemu_check_dtype(api, imag, "imag", in_dt)) ||
        (st = aclemu_check_dtype(api, out, "out", out_dt)) || (st = aclemu_check_same_dtype(api, real, "real", imag, "imag")))
        return st;
    static const aclDataType pairs[3][2] = {{ACL_FLOAT16, ACL_COMPLEX32}, {ACL_FLOAT, ACL_COMPLEX64}, {ACL_DOUBLE, ACL_COMPLEX128}};
    if (!paired(pairs, 3, real->dtype, out->dtype))
        return ACLEMU_PARAM_ERROR(api, "Input dtype and out dtype must be paired. Current dtype is %s and %s.",
                                  aclemu_dtype_name(real->dtype), aclemu_dtype_name(out->dtype));
    if ((st = check_broadcast_out(api, real, "real", imag, "imag", out, "BroadcastShape %s is not equal out's shape %s.")))
        return st;
    if (aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950)) && (real->format != imag->format || real->format != out->format))
        return ACLEMU_PARAM_ERROR(api, "Format of real, imag and out should be equal, real [%s], imag [%s], out [%s].",
                                  aclemu_format_name(real->format), aclemu_format_name(imag->format), aclemu_format_name(out->format));
    return launch(executor, CX_COMPLEX, out, real, imag);
}

/* Real: null -> self in the chip's list (A2/A3: FLOAT, FLOAT16, COMPLEX32/64/128; 950: no
 * COMPLEX128; others: COMPLEX64/128) -> (self, out) one of C64-F32, C32-F16, C128-F64, F16-F16,
 * F32-F32 -> same shape -> no private format on 950 -> empty: nothing. */
aclnnStatus aclemu_plan_Real(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set list = ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_COMPLEX128);
    if (aclemu_chip_in(ACLEMU_CHIPS_A2_A3))
        list |= ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_COMPLEX32);
    else if (aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950)))
        list = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_COMPLEX32) | ACLEMU_DT(ACL_COMPLEX64);
    if ((st = aclemu_check_dtype(api, self, "self", list)))
        return st;
    static const aclDataType pairs[5][2] = {{ACL_COMPLEX64, ACL_FLOAT}, {ACL_COMPLEX32, ACL_FLOAT16}, {ACL_COMPLEX128, ACL_DOUBLE},
                                            {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT, ACL_FLOAT}};
    if (!paired(pairs, 5, self->dtype, out->dtype))
        return ACLEMU_PARAM_ERROR(api, "when dtype of input is [%s] output is [%s],the param is invalid.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(out->dtype));
    if ((st = aclemu_check_shape(api, self, "self", 8)) || (st = aclemu_check_shape(api, out, "out", 8)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if (aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950)) && (aclemu_format_is_private(self->format) || aclemu_format_is_private(out->format)))
        return ACLEMU_PARAM_ERROR(api, "Real does not support private %s format on RegBase.",
                                  aclemu_format_is_private(self->format) ? "input" : "output");
    if (is_empty(self))
        return ACLNN_SUCCESS;
    return launch(executor, CX_REAL, out, self, NULL);
}

/* Polar: null -> input FLOAT, out COMPLEX64, angle FLOAT like input -> broadcast = out's shape
 * -> formats alike, not private, on 950 -> an empty input or angle: nothing. */
aclnnStatus aclemu_plan_Polar(aclOpExecutor *executor, const aclTensor *input, const aclTensor *angle, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, angle, "angle")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, input, "input", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, out, "out", ACLEMU_DT(ACL_COMPLEX64))) ||
        (st = aclemu_check_dtype(api, angle, "angle", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if ((st = check_broadcast_out(api, input, "input", angle, "angle", out, "Shape of out should be %s, but current is %s.")))
        return st;
    if (aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950))) {
        if (input->format != out->format || angle->format != out->format)
            return ACLEMU_PARAM_ERROR(api, "Format of input, angle and output should be equal. input [%s], angle [%s], out [%s].",
                                      aclemu_format_name(input->format), aclemu_format_name(angle->format), aclemu_format_name(out->format));
        if ((st = aclemu_check_format(api, input, "input")))
            return st;
    }
    if (is_empty(input) || is_empty(angle))
        return ACLNN_SUCCESS;
    return launch(executor, CX_POLAR, out, input, angle);
}

/* AngleV2: null -> SoC (910, 910B, 910_93, 950) -> x in the op's list -> out the dtype its
 * pair gives (FLOAT16 -> FLOAT16, BFLOAT16 -> BFLOAT16, any other -> FLOAT) -> same shape. */
aclnnStatus aclemu_plan_AngleV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_910A))))
        return st;
    const aclemu_dtype_set list = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_COMPLEX64) | ACLEMU_DT(ACL_BOOL) |
                                  ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT32) |
                                  ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_BF16);
    if ((st = aclemu_check_dtype(api, x, "x", list)))
        return st;
    aclDataType want = x->dtype == ACL_FLOAT16 || x->dtype == ACL_BF16 ? x->dtype : ACL_FLOAT;
    if (out->dtype != want)
        return ACLEMU_PARAM_ERROR(api, "out dtype %s should be %s for x dtype %s.", aclemu_dtype_name(out->dtype),
                                  aclemu_dtype_name(want), aclemu_dtype_name(x->dtype));
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = aclemu_check_shape(api, out, "out", 8)) ||
        (st = aclemu_check_same_shape(api, x, "x", out, "out")))
        return st;
    return launch(executor, CX_ANGLE, out, x, NULL);
}
