/* The foreach family's APIs (the ops-nn foreach folder): one row per API (what it computes, its dtype
 * lists from the op_api sources / docs, its scalar rule, where it runs) and each planner as one
 * fe_plan call. Rows and planners are in the order of the .def files. */
#include "vec/eltwise.h" /* the vec_unary_op values of the unary rows */
#include "foreach_plan.h"

#define FE_FLOATS (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define FE_FI32 (FE_FLOATS | ACLEMU_DT(ACL_INT32))
#define FE_SMALL_INTS (ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8))
#define FE_FI_ALL (FE_FI32 | FE_SMALL_INTS)
#define FE_COPY_DTYPES                                                                             \
    (FE_FI_ALL | ACLEMU_DT(ACL_UINT16) | ACLEMU_DT(ACL_UINT32) | ACLEMU_DT(ACL_INT64) |          \
     ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_BOOL))
static const fe_row row_ForeachACosInplace = {
    .op = FE_UNARY, .vop = VEC_ACOS, .kind = FK_MAP, .nlists = 1, .inplace = 1, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachACosInplace(aclOpExecutor *executor, const aclTensorList* x)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachACosInplace, lists, NULL, NULL, NULL, NULL);
}

static const fe_row row_ForeachAbs = {
    .op = FE_UNARY, .vop = VEC_ABS, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachAbs(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachAbs, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachAcos = {
    .op = FE_UNARY, .vop = VEC_ACOS, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachAcos(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachAcos, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachAddList = {
    .op = FE_ADD, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_TENSOR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2"}, .sname = "alpha"};
aclnnStatus aclemu_plan_ForeachAddList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensor* alpha, aclTensorList* out)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachAddList, lists, out, alpha, NULL, NULL);
}

static const fe_row row_ForeachAddListInplace = {
    .op = FE_ADD, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 1, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_TENSOR_MATCH, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_950,
    .names = {"x1", "x2"}, .sname = "alpha"};
aclnnStatus aclemu_plan_ForeachAddListInplace(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensor* alpha)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachAddListInplace, lists, NULL, alpha, NULL, NULL);
}

static const fe_row row_ForeachAddListV2 = {
    .op = FE_ADD, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FI_ALL,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2"}, .sname = "alpha"};
aclnnStatus aclemu_plan_ForeachAddListV2(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclScalar* alpha, aclTensorList* out)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachAddListV2, lists, out, NULL, alpha, NULL);
}

static const fe_row row_ForeachAddScalar = {
    .op = FE_ADD, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_SET, .sset = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT32),
    .dtypes = FE_FI_ALL,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachAddScalar(aclOpExecutor *executor, const aclTensorList* x, const aclTensor* scalar, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachAddScalar, lists, out, scalar, NULL, NULL);
}

static const fe_row row_ForeachAddScalarList = {
    .op = FE_ADD, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_SCALARLIST, .srule = SR_LIST_F32, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachAddScalarList(aclOpExecutor *executor, const aclTensorList* x, const aclScalarList* scalars, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachAddScalarList, lists, out, NULL, NULL, scalars);
}

static const fe_row row_ForeachAddScalarV2 = {
    .op = FE_ADD, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE_950, .sset = 0,
    .dtypes = FE_FI_ALL, .dtypes950 = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachAddScalarV2(aclOpExecutor *executor, const aclTensorList* x, const aclScalar* scalar, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachAddScalarV2, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachAddcdivList = {
    .op = FE_ADDCDIV, .vop = 0, .kind = FK_MAP, .nlists = 3, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_TENSOR_N, .srule = SR_SAME, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2", "x3"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachAddcdivList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* x3, const aclTensor* scalars, const aclTensorList* out)
{
    const aclTensorList *lists[3] = {x1, x2, x3};
    return fe_plan(executor, &row_ForeachAddcdivList, lists, out, scalars, NULL, NULL);
}

static const fe_row row_ForeachAddcdivScalar = {
    .op = FE_ADDCDIV, .vop = 0, .kind = FK_MAP, .nlists = 3, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_TENSOR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2", "x3"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachAddcdivScalar(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* x3, const aclTensor* scalar, aclTensorList* out)
{
    const aclTensorList *lists[3] = {x1, x2, x3};
    return fe_plan(executor, &row_ForeachAddcdivScalar, lists, out, scalar, NULL, NULL);
}

static const fe_row row_ForeachAddcdivScalarList = {
    .op = FE_ADDCDIV, .vop = 0, .kind = FK_MAP, .nlists = 3, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_TENSOR_N, .srule = SR_SAME, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2", "x3"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachAddcdivScalarList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* x3, const aclTensor* scalars, aclTensorList* out)
{
    const aclTensorList *lists[3] = {x1, x2, x3};
    return fe_plan(executor, &row_ForeachAddcdivScalarList, lists, out, scalars, NULL, NULL);
}

static const fe_row row_ForeachAddcdivScalarV2 = {
    .op = FE_ADDCDIV, .vop = 0, .kind = FK_MAP, .nlists = 3, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2", "x3"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachAddcdivScalarV2(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* x3, const aclScalar* scalar, aclTensorList* out)
{
    const aclTensorList *lists[3] = {x1, x2, x3};
    return fe_plan(executor, &row_ForeachAddcdivScalarV2, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachAddcmulList = {
    .op = FE_ADDCMUL, .vop = 0, .kind = FK_MAP, .nlists = 3, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_TENSOR_N, .srule = SR_SAME, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2", "x3"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachAddcmulList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* x3, const aclTensor* scalars, const aclTensorList* out)
{
    const aclTensorList *lists[3] = {x1, x2, x3};
    return fe_plan(executor, &row_ForeachAddcmulList, lists, out, scalars, NULL, NULL);
}

static const fe_row row_ForeachAddcmulScalar = {
    .op = FE_ADDCMUL, .vop = 0, .kind = FK_MAP, .nlists = 3, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_SET, .sset = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT32),
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2", "x3"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachAddcmulScalar(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* x3, const aclTensor* scalar, const aclTensorList* out)
{
    const aclTensorList *lists[3] = {x1, x2, x3};
    return fe_plan(executor, &row_ForeachAddcmulScalar, lists, out, scalar, NULL, NULL);
}

static const fe_row row_ForeachAddcmulScalarList = {
    .op = FE_ADDCMUL, .vop = 0, .kind = FK_MAP, .nlists = 3, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_TENSOR_N, .srule = SR_SAME, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2", "x3"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachAddcmulScalarList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* x3, const aclTensor* scalars, const aclTensorList* out)
{
    const aclTensorList *lists[3] = {x1, x2, x3};
    return fe_plan(executor, &row_ForeachAddcmulScalarList, lists, out, scalars, NULL, NULL);
}

static const fe_row row_ForeachAddcmulScalarV2 = {
    .op = FE_ADDCMUL, .vop = 0, .kind = FK_MAP, .nlists = 3, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE_950, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2", "x3"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachAddcmulScalarV2(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* x3, const aclScalar* scalar, aclTensorList* out)
{
    const aclTensorList *lists[3] = {x1, x2, x3};
    return fe_plan(executor, &row_ForeachAddcmulScalarV2, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachAsin = {
    .op = FE_UNARY, .vop = VEC_ASIN, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachAsin(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachAsin, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachAtan = {
    .op = FE_UNARY, .vop = VEC_ATAN, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachAtan(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachAtan, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachCopy = {
    .op = FE_COPY, .vop = 0, .kind = FK_COPY, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_COPY_DTYPES,
    .chips = FE_CHIPS_A2_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachCopy(aclOpExecutor *executor, const aclTensorList* x, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachCopy, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachCos = {
    .op = FE_UNARY, .vop = VEC_COS, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachCos(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachCos, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachCosh = {
    .op = FE_UNARY, .vop = VEC_COSH, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachCosh(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachCosh, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachDivList = {
    .op = FE_DIV, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachDivList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, aclTensorList* out)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachDivList, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachDivListInplace = {
    .op = FE_DIV, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 1, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_950,
    .names = {"x1", "x2"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachDivListInplace(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachDivListInplace, lists, NULL, NULL, NULL, NULL);
}

static const fe_row row_ForeachDivScalar = {
    .op = FE_DIV, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 1,
    .sarg = SA_TENSOR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachDivScalar(aclOpExecutor *executor, const aclTensorList* x, const aclTensor* scalar, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachDivScalar, lists, out, scalar, NULL, NULL);
}

static const fe_row row_ForeachDivScalarList = {
    .op = FE_DIV, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_SCALARLIST, .srule = SR_SET, .sset = ACLEMU_DT(ACL_FLOAT),
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachDivScalarList(aclOpExecutor *executor, const aclTensorList* x, const aclScalarList* scalars, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachDivScalarList, lists, out, NULL, NULL, scalars);
}

static const fe_row row_ForeachDivScalarV2 = {
    .op = FE_DIV, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachDivScalarV2(aclOpExecutor *executor, const aclTensorList* x, const aclScalar* scalar, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachDivScalarV2, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachErf = {
    .op = FE_UNARY, .vop = VEC_ERF, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachErf(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachErf, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachErfc = {
    .op = FE_UNARY, .vop = VEC_ERFC, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachErfc(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachErfc, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachExp = {
    .op = FE_UNARY, .vop = VEC_EXP, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS | FE_SMALL_INTS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachExp(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachExp, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachExpm1 = {
    .op = FE_UNARY, .vop = VEC_EXPM1, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS | FE_SMALL_INTS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachExpm1(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachExpm1, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachLerpList = {
    .op = FE_LERP, .vop = 0, .kind = FK_MAP, .nlists = 3, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2", "weight"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachLerpList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* weight, aclTensorList* out)
{
    const aclTensorList *lists[3] = {x1, x2, weight};
    return fe_plan(executor, &row_ForeachLerpList, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachLerpScalar = {
    .op = FE_LERP, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_SET, .sset = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE),
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2"}, .sname = "weight"};
aclnnStatus aclemu_plan_ForeachLerpScalar(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclScalar* weight, aclTensorList* out)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachLerpScalar, lists, out, NULL, weight, NULL);
}

static const fe_row row_ForeachLog = {
    .op = FE_UNARY, .vop = VEC_LOG, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachLog(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachLog, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachLog10 = {
    .op = FE_UNARY, .vop = VEC_LOG10, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachLog10(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachLog10, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachLog1p = {
    .op = FE_UNARY, .vop = VEC_LOG1P, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachLog1p(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachLog1p, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachLog2 = {
    .op = FE_UNARY, .vop = VEC_LOG2, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachLog2(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachLog2, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachLogInplace = {
    .op = FE_UNARY, .vop = VEC_LOG, .kind = FK_MAP, .nlists = 1, .inplace = 1, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachLogInplace(aclOpExecutor *executor, const aclTensorList* x)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachLogInplace, lists, NULL, NULL, NULL, NULL);
}

static const fe_row row_ForeachMaximumList = {
    .op = FE_MAX, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachMaximumList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* out)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachMaximumList, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachMaximumScalar = {
    .op = FE_MAX, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_TENSOR_MATCH, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachMaximumScalar(aclOpExecutor *executor, const aclTensorList* x, const aclTensor* scalar, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachMaximumScalar, lists, out, scalar, NULL, NULL);
}

static const fe_row row_ForeachMaximumScalarList = {
    .op = FE_MAX, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_SCALARLIST, .srule = SR_LIST_F32D, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachMaximumScalarList(aclOpExecutor *executor, const aclTensorList* x, const aclScalarList* scalars, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachMaximumScalarList, lists, out, NULL, NULL, scalars);
}

static const fe_row row_ForeachMaximumScalarV2 = {
    .op = FE_MAX, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachMaximumScalarV2(aclOpExecutor *executor, const aclTensorList* x, const aclScalar* scalar, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachMaximumScalarV2, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachMinimumList = {
    .op = FE_MIN, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachMinimumList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* out)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachMinimumList, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachMinimumScalar = {
    .op = FE_MIN, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_TENSOR_MATCH, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachMinimumScalar(aclOpExecutor *executor, const aclTensorList* x, const aclTensor* scalar, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachMinimumScalar, lists, out, scalar, NULL, NULL);
}

static const fe_row row_ForeachMinimumScalarList = {
    .op = FE_MIN, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_SCALARLIST, .srule = SR_LIST_F32D, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachMinimumScalarList(aclOpExecutor *executor, const aclTensorList* x, const aclScalarList* scalars, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachMinimumScalarList, lists, out, NULL, NULL, scalars);
}

static const fe_row row_ForeachMinimumScalarV2 = {
    .op = FE_MIN, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachMinimumScalarV2(aclOpExecutor *executor, const aclTensorList* x, const aclScalar* scalar, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachMinimumScalarV2, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachMulList = {
    .op = FE_MUL, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FI_ALL,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachMulList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, aclTensorList* out)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachMulList, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachMulListInplace = {
    .op = FE_MUL, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 1, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_950,
    .names = {"x1", "x2"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachMulListInplace(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachMulListInplace, lists, NULL, NULL, NULL, NULL);
}

static const fe_row row_ForeachMulScalar = {
    .op = FE_MUL, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_SET, .sset = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT32),
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachMulScalar(aclOpExecutor *executor, const aclTensorList* x, const aclTensor* scalar, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachMulScalar, lists, out, scalar, NULL, NULL);
}

static const fe_row row_ForeachMulScalarInplace = {
    .op = FE_MUL, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 1, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_SET, .sset = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_INT32),
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachMulScalarInplace(aclOpExecutor *executor, const aclTensorList* x, const aclTensor* scalar)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachMulScalarInplace, lists, NULL, scalar, NULL, NULL);
}

static const fe_row row_ForeachMulScalarList = {
    .op = FE_MUL, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_SCALARLIST, .srule = SR_LIST_F32D, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachMulScalarList(aclOpExecutor *executor, const aclTensorList* x, const aclScalarList* scalars, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachMulScalarList, lists, out, NULL, NULL, scalars);
}

static const fe_row row_ForeachMulScalarV2 = {
    .op = FE_MUL, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE_950, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachMulScalarV2(aclOpExecutor *executor, const aclTensorList* x, const aclScalar* scalar, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachMulScalarV2, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachNeg = {
    .op = FE_UNARY, .vop = VEC_NEG, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FI_ALL,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachNeg(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachNeg, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachNonFiniteCheckAndUnscale = {
    .op = FE_UNSCALE, .vop = 0, .kind = FK_UNSCALE, .nlists = 1, .inplace = 1, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_SET, .sset = ACLEMU_DT(ACL_FLOAT),
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_310P),
    .names = {"scaledGrads"}, .sname = "invScale"};
aclnnStatus aclemu_plan_ForeachNonFiniteCheckAndUnscale(aclOpExecutor *executor, const aclTensorList* scaledGrads, const aclTensor* foundInf, const aclTensor* invScale)
{
    return fe_plan_unscale(executor, &row_ForeachNonFiniteCheckAndUnscale, scaledGrads, foundInf, invScale);
}

static const fe_row row_ForeachNorm = {
    .op = FE_NORM, .vop = 0, .kind = FK_NORM, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_SCALAR, .srule = SR_SET, .sset = ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_INT64),
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachNorm(aclOpExecutor *executor, const aclTensorList* x, const aclScalar* scalar, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachNorm, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachPowList = {
    .op = FE_POW, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachPowList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* out)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachPowList, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachPowScalar = {
    .op = FE_POW, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_TENSOR_MATCH, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachPowScalar(aclOpExecutor *executor, const aclTensorList* x, const aclTensor* scalar, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachPowScalar, lists, out, scalar, NULL, NULL);
}

static const fe_row row_ForeachPowScalarAndTensor = {
    .op = FE_RPOW, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_SCALAR, .srule = SR_LIST_F32D, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachPowScalarAndTensor(aclOpExecutor *executor, const aclScalar* scalar, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachPowScalarAndTensor, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachPowScalarList = {
    .op = FE_POW, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_SCALARLIST, .srule = SR_LIST_F32, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachPowScalarList(aclOpExecutor *executor, const aclTensorList* x, const aclScalarList* scalars, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachPowScalarList, lists, out, NULL, NULL, scalars);
}

static const fe_row row_ForeachPowScalarV2 = {
    .op = FE_POW, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachPowScalarV2(aclOpExecutor *executor, const aclTensorList* x, const aclScalar* scalar, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachPowScalarV2, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachReciprocal = {
    .op = FE_UNARY, .vop = VEC_RECIPROCAL, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachReciprocal(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachReciprocal, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachRoundOffNumber = {
    .op = FE_ROUND, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_SET, .sset = ACLEMU_DT(ACL_INT8),
    .dtypes = FE_FLOATS | ACLEMU_DT(ACL_INT16),
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "roundMode"};
aclnnStatus aclemu_plan_ForeachRoundOffNumber(aclOpExecutor *executor, const aclTensorList* x, const aclTensor* roundMode, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachRoundOffNumber, lists, out, roundMode, NULL, NULL);
}

static const fe_row row_ForeachRoundOffNumberV2 = {
    .op = FE_ROUND, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_SET, .sset = ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT64),
    .dtypes = FE_FI32 | ACLEMU_DT(ACL_INT16), .dtypes950 = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "roundMode"};
aclnnStatus aclemu_plan_ForeachRoundOffNumberV2(aclOpExecutor *executor, const aclTensorList* x, const aclScalar* roundMode, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachRoundOffNumberV2, lists, out, NULL, roundMode, NULL);
}

static const fe_row row_ForeachSigmoid = {
    .op = FE_UNARY, .vop = VEC_SIGMOID, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachSigmoid(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachSigmoid, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachSign = {
    .op = FE_UNARY, .vop = VEC_SIGN, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64),
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachSign(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachSign, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachSin = {
    .op = FE_UNARY, .vop = VEC_SIN, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachSin(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachSin, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachSinh = {
    .op = FE_UNARY, .vop = VEC_SINH, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachSinh(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachSinh, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachSqrt = {
    .op = FE_SQRT, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachSqrt(aclOpExecutor *executor, const aclTensorList* x, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachSqrt, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachSubList = {
    .op = FE_SUB, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_TENSOR_MATCH, .sset = 0,
    .dtypes = FE_FI_ALL,
    .chips = FE_CHIPS_A2_A3,
    .names = {"x1", "x2"}, .sname = "alpha"};
aclnnStatus aclemu_plan_ForeachSubList(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensor* alpha, const aclTensorList* out)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachSubList, lists, out, alpha, NULL, NULL);
}

static const fe_row row_ForeachSubListInplace = {
    .op = FE_SUB, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 1, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_TENSOR_MATCH, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_950,
    .names = {"x1", "x2"}, .sname = "alpha"};
aclnnStatus aclemu_plan_ForeachSubListInplace(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclTensor* alpha)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachSubListInplace, lists, NULL, alpha, NULL, NULL);
}

static const fe_row row_ForeachSubListV2 = {
    .op = FE_SUB, .vop = 0, .kind = FK_MAP, .nlists = 2, .inplace = 0, .b_is_scalar = 0, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FI_ALL,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x1", "x2"}, .sname = "alpha"};
aclnnStatus aclemu_plan_ForeachSubListV2(aclOpExecutor *executor, const aclTensorList* x1, const aclTensorList* x2, const aclScalar* alpha, aclTensorList* out)
{
    const aclTensorList *lists[2] = {x1, x2};
    return fe_plan(executor, &row_ForeachSubListV2, lists, out, NULL, alpha, NULL);
}

static const fe_row row_ForeachSubScalar = {
    .op = FE_SUB, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_TENSOR_MATCH, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachSubScalar(aclOpExecutor *executor, const aclTensorList* x, const aclTensor* scalar, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachSubScalar, lists, out, scalar, NULL, NULL);
}

static const fe_row row_ForeachSubScalarInplace = {
    .op = FE_SUB, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 1, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_TENSOR, .srule = SR_TENSOR_MATCH, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachSubScalarInplace(aclOpExecutor *executor, const aclTensorList* x, const aclTensor* scalar)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachSubScalarInplace, lists, NULL, scalar, NULL, NULL);
}

static const fe_row row_ForeachSubScalarList = {
    .op = FE_SUB, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 0,
    .sarg = SA_SCALARLIST, .srule = SR_LIST_F32, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalars"};
aclnnStatus aclemu_plan_ForeachSubScalarList(aclOpExecutor *executor, const aclTensorList* x, const aclScalarList* scalars, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachSubScalarList, lists, out, NULL, NULL, scalars);
}

static const fe_row row_ForeachSubScalarV2 = {
    .op = FE_SUB, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 1, .v2 = 1,
    .sarg = SA_SCALAR, .srule = SR_FLOAT_DOUBLE, .sset = 0,
    .dtypes = FE_FI32,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = "scalar"};
aclnnStatus aclemu_plan_ForeachSubScalarV2(aclOpExecutor *executor, const aclTensorList* x, const aclScalar* scalar, aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachSubScalarV2, lists, out, NULL, scalar, NULL);
}

static const fe_row row_ForeachTan = {
    .op = FE_UNARY, .vop = VEC_TAN, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachTan(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachTan, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachTanh = {
    .op = FE_UNARY, .vop = VEC_TANH, .kind = FK_MAP, .nlists = 1, .inplace = 0, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS,
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachTanh(aclOpExecutor *executor, const aclTensorList* x, const aclTensorList* out)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachTanh, lists, out, NULL, NULL, NULL);
}

static const fe_row row_ForeachZeroInplace = {
    .op = FE_ZERO, .vop = 0, .kind = FK_MAP, .nlists = 1, .inplace = 1, .b_is_scalar = 0, .v2 = 0,
    .sarg = SA_NONE, .srule = SR_NONE, .sset = 0,
    .dtypes = FE_FLOATS | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT32),
    .chips = FE_CHIPS_A2_A3_950,
    .names = {"x"}, .sname = NULL};
aclnnStatus aclemu_plan_ForeachZeroInplace(aclOpExecutor *executor, const aclTensorList* x)
{
    const aclTensorList *lists[1] = {x};
    return fe_plan(executor, &row_ForeachZeroInplace, lists, NULL, NULL, NULL, NULL);
}
