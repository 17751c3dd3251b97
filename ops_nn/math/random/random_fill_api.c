/* Planners of the fill-type random ops: InplaceUniform(+Tensor), InplaceRandom(+Tensor,
 * +WithoutFromTo), InplaceNormal(+Tensor), Normal{Tensor,Float}{Tensor,Float}, Bernoulli (+Tensor,
 * +Inplace) and SimThreadExponential. Checks follow random/dsa_random_uniform/op_host/op_api/
 * aclnn_uniform.cpp, aclnn_random.cpp, dsa_random_normal/.../aclnn_normal.cpp,
 * stateless_random_normal_v2/op_api/aclnn_normal_out.cpp, dsa_gen_bit_mask/.../aclnn_bernoulli.cpp
 * of hicann/ops-math and the aclnnSimThreadExponential doc; chip lists are the docs' product
 * tables (a product marked unsupported gets 361001). */
#include <math.h>
#include <string.h>

#include "random_plan.h"

#define UNIFORM_DTYPES                                                                                   \
    (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(DOUBLE) | DT(BF16))
#define RANDOM_DTYPES_950                                                                                \
    (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(BOOL) | DT(DOUBLE) | \
     DT(BF16))
#define RANDOM_DTYPES (RANDOM_DTYPES_950 | DT(COMPLEX64) | DT(COMPLEX128))
#define NORMAL_DTYPES                                                                                    \
    (DT(FLOAT16) | DT(FLOAT) | DT(DOUBLE) | DT(INT16) | DT(INT32) | DT(INT64) | DT(INT8) | DT(UINT8) | DT(BOOL) | \
     DT(BF16))
#define NORMAL_OUT_DTYPES (DT(BF16) | DT(FLOAT16) | DT(FLOAT) | DT(DOUBLE))
#define BERNOULLI_DTYPES                                                                                 \
    (DT(FLOAT) | DT(INT32) | DT(INT64) | DT(FLOAT16) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(DOUBLE) | DT(BOOL) | \
     DT(BF16))
#define BERNOULLI_DTYPES_950 (BERNOULLI_DTYPES | DT(UINT16) | DT(UINT32) | DT(UINT64))
#define PROB_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(DOUBLE) | DT(BF16))
#define EXPONENTIAL_DTYPES (DT(FLOAT16) | DT(BF16) | DT(FLOAT))

static int is_950(void) { return aclemu_chip_in(RND_CHIPS_950); }
static int is_a2_a3(void) { return aclemu_chip_in(ACLEMU_CHIPS_A2_A3); }

/* null -> chip -> dtype -> rank of an in-place random op's selfRef. */
static aclnnStatus check_self(const char *api, const aclTensor *self, aclemu_chip_set chips, aclemu_dtype_set dts)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "selfRef")) || (st = aclemu_check_chip(api, chips)) ||
        (st = aclemu_check_dtype(api, self, "selfRef", dts)) ||
        (st = aclemu_check_shape(api, self, "selfRef", ACLEMU_MAX_RANK)))
        return st;
    return ACLNN_SUCCESS;
}

/* Seeds the launch `a` from scalars or (seedTensor != NULL) from the device tensors. */
static aclnnStatus seed_launch(aclOpExecutor *ex, random_args *a, uint64_t seed, uint64_t offset,
                               const aclTensor *seedTensor, const aclTensor *offsetTensor)
{
    rnd_seed_scalar(&a->rs, seed, offset);
    if (seedTensor)
        return rnd_seed_tensors(ex, a, &a->rs, seedTensor, offsetTensor, offset);
    return ACLNN_SUCCESS;
}

/* ---- uniform ------------------------------------------------------------------------------- */
static aclnnStatus uniform_plan(aclOpExecutor *ex, const aclTensor *self, double from, double to, uint64_t seed,
                                uint64_t offset, const aclTensor *seedT, const aclTensor *offT, int tensor_form)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = check_self(api, self, tensor_form ? ACLEMU_CHIPS_A2_A3_950 : ACLEMU_CHIPS_ALL_BUT_310B, UNIFORM_DTYPES)))
        return st;
    if (from > to)
        return ACLEMU_PARAM_ERROR(api, "from cannot be greater than to, from is %lf and to is %lf.", from, to);
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if (tensor_form) {
        if ((st = rnd_check_seed_tensors(api, seedT, offT)))
            return st;
        /* the DSA path of the A2 / A3 reads them as they are; the others want UINT64 / INT64 */
        if (!is_a2_a3() && ((st = aclemu_check_dtype(api, seedT, "seedTensor", DT(UINT64) | DT(INT64))) ||
                            (st = aclemu_check_dtype(api, offT, "offsetTensor", DT(UINT64) | DT(INT64)))))
            return st;
    }
    random_args *a = rnd_fill_launch(ex, self, NULL, 0, RD_UNIFORM, &st);
    if (!a)
        return st;
    a->a = from;
    a->b = to;
    return seed_launch(ex, a, seed, offset, seedT, offT);
}

aclnnStatus aclemu_plan_InplaceUniform(aclOpExecutor *executor, const aclTensor *selfRef, double from, double to,
                                       uint64_t seed, uint64_t offset)
{
    return uniform_plan(executor, selfRef, from, to, seed, offset, NULL, NULL, 0);
}

aclnnStatus aclemu_plan_InplaceUniformTensor(aclOpExecutor *executor, const aclTensor *selfRef, double from, double to,
                                             const aclTensor *seedTensor, const aclTensor *offsetTensor,
                                             uint64_t offset)
{
    return uniform_plan(executor, selfRef, from, to, 0, offset, seedTensor, offsetTensor, 1);
}

/* ---- random (integers) ------------------------------------------------------------------------ */
/* Significant bits of the float dtypes (0: integer dtype). */
static int float_digits(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT16: return 11;
    case ACL_BF16: return 8;
    case ACL_FLOAT: return 24;
    case ACL_DOUBLE: return 53;
    default: return 0;
    }
}

/* v rounded to `digits` significant bits (nearest even), as the cast to the dtype does; past
 * the int64 range it saturates (the real static_cast would be undefined there). */
static __int128 round_to_digits(__int128 v, int digits)
{
    double d = (double)v;
    if (digits < 53) {
        int e;
        double m = frexp(d, &e);
        d = ldexp(nearbyint(ldexp(m, digits)), e - digits);
    }
    if (d >= 9223372036854775807.0)
        return INT64_MAX;
    if (d <= -9223372036854775808.0)
        return INT64_MIN;
    return (__int128)(int64_t)d;
}

/* floor(log2(|v|)) for v != 0, 0 for v == 0. */
static int ilog2_abs(__int128 v)
{
    unsigned __int128 m = v < 0 ? (unsigned __int128)(-v) : (unsigned __int128)v;
    int n = 0;
    while ((m >>= 1) != 0)
        n++;
    return n;
}

/* The real updateFrom / updateTo: for a float dtype, move from / to onto the nearest values
 * the dtype holds inside [from, to) (from + 1 rounding below from, to - 1 rounding to or above
 * to, at large magnitudes). Done in 128 bits so no int64 step overflows. */
static void update_range(aclDataType dt, int64_t *from, int64_t *to)
{
    int digits = float_digits(dt);
    if (!digits)
        return;
    __int128 f = *from, t = *to;
    __int128 up = round_to_digits(f + 1, digits);
    int n = ilog2_abs(f + 1);
    if (up < f && n - digits + 1 >= 0)
        f = up + ((__int128)1 << (n - digits + 1));
    __int128 down = round_to_digits(t - 1, digits);
    n = ilog2_abs(t - 1);
    if (down >= t && n - digits + 1 >= 0)
        t = down - ((__int128)1 << (n - digits + 1));
    *from = f > INT64_MAX ? INT64_MAX : f < INT64_MIN ? INT64_MIN : (int64_t)f;
    *to = t > INT64_MAX ? INT64_MAX : t < INT64_MIN ? INT64_MIN : (int64_t)t;
}

static aclnnStatus random_plan(aclOpExecutor *ex, const aclTensor *self, int64_t from, int64_t to, int64_t seed,
                               int64_t offset, const aclTensor *seedT, const aclTensor *offT, int tensor_form)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = check_self(api, self, tensor_form ? ACLEMU_CHIPS_A2_A3_950 : RND_CHIPS_A2_A3_950_910A,
                         is_950() ? RANDOM_DTYPES_950 : RANDOM_DTYPES)))
        return st;
    if (from >= to)
        return ACLEMU_PARAM_ERROR(api, "from %lld must be less than to %lld.", (long long)from, (long long)to);
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if (tensor_form && (st = rnd_check_seed_tensors(api, seedT, offT)))
        return st;
    /* off the A2 / A3 DSA path the real op wants INT64 tensors; its compute step then returns
     * nothing, which surfaces as ACLNN_ERR_INNER_NULLPTR */
    if (tensor_form && !is_a2_a3()) {
        if (seedT->dtype != ACL_INT64)
            return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api,
                                   "Random seedTensor dtype must be DT_INT64, got %s.", aclemu_dtype_name(seedT->dtype));
        if (offT->dtype != ACL_INT64)
            return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api,
                                   "Random offsetTensor dtype must be DT_INT64, got %s.",
                                   aclemu_dtype_name(offT->dtype));
    }
    update_range(self->dtype, &from, &to);
    random_args *a = rnd_fill_launch(ex, self, NULL, 0, RD_INT_RANGE, &st);
    if (!a)
        return st;
    a->ilo = from;
    a->irange = to > from ? (uint64_t)to - (uint64_t)from : 1;
    return seed_launch(ex, a, (uint64_t)seed, (uint64_t)offset, seedT, offT);
}

aclnnStatus aclemu_plan_InplaceRandom(aclOpExecutor *executor, const aclTensor *selfRef, int64_t from, int64_t to,
                                      int64_t seed, int64_t offset)
{
    return random_plan(executor, selfRef, from, to, seed, offset, NULL, NULL, 0);
}

aclnnStatus aclemu_plan_InplaceRandomTensor(aclOpExecutor *executor, const aclTensor *selfRef, int64_t from, int64_t to,
                                            const aclTensor *seedTensor, const aclTensor *offsetTensor, int64_t offset)
{
    return random_plan(executor, selfRef, from, to, 0, offset, seedTensor, offsetTensor, 1);
}

/* [0, DTYPE_MAX_VALUE] (the doc): the largest integer the dtype holds with all below it. */
static uint64_t full_range(aclDataType dt)
{
    int digits = float_digits(dt);
    if (digits)
        return ((uint64_t)1 << digits) + 1;
    switch (dt) {
    case ACL_BOOL: return 2;
    case ACL_INT8: return (uint64_t)1 << 7;
    case ACL_UINT8: return (uint64_t)1 << 8;
    case ACL_INT16: return (uint64_t)1 << 15;
    case ACL_INT32: return (uint64_t)1 << 31;
    default: return (uint64_t)1 << 63; /* INT64 */
    }
}

static aclnnStatus random_full_plan(aclOpExecutor *ex, const aclTensor *self, int64_t seed, int64_t offset,
                                    const aclTensor *seedT, const aclTensor *offT, int tensor_form)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = check_self(api, self, RND_CHIPS_950, RANDOM_DTYPES_950)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if (tensor_form) {
        if ((st = rnd_check_seed_tensors(api, seedT, offT)))
            return st;
        if (seedT->dtype != ACL_INT64)
            return ACLEMU_PARAM_ERROR(api, "Random seedTensor dtype must be DT_INT64, got %s.",
                                      aclemu_dtype_name(seedT->dtype));
        if (offT->dtype != ACL_INT64)
            return ACLEMU_PARAM_ERROR(api, "Random offsetTensor dtype must be DT_INT64, got %s.",
                                      aclemu_dtype_name(offT->dtype));
    }
    random_args *a = rnd_fill_launch(ex, self, NULL, 0, RD_INT_RANGE, &st);
    if (!a)
        return st;
    a->ilo = 0;
    a->irange = full_range(self->dtype);
    return seed_launch(ex, a, (uint64_t)seed, (uint64_t)offset, seedT, offT);
}

aclnnStatus aclemu_plan_InplaceRandomWithoutFromTo(aclOpExecutor *executor, const aclTensor *selfRef, int64_t seed,
                                                   int64_t offset)
{
    return random_full_plan(executor, selfRef, seed, offset, NULL, NULL, 0);
}

aclnnStatus aclemu_plan_InplaceRandomWithoutFromToTensor(aclOpExecutor *executor, const aclTensor *selfRef,
                                                         const aclTensor *seedTensor, const aclTensor *offsetTensor,
                                                         int64_t offset)
{
    return random_full_plan(executor, selfRef, 0, offset, seedTensor, offsetTensor, 1);
}

/* ---- normal --------------------------------------------------------------------------------- */
static aclnnStatus inplace_normal_plan(aclOpExecutor *ex, const aclTensor *self, float mean, float std, int64_t seed,
                                       int64_t offset, const aclTensor *seedT, const aclTensor *offT, int tensor_form)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if (tensor_form) { /* the real Tensor form checks seed / offset first */
        static const int64_t one[1] = {1};
        if ((st = rnd_check_seed_tensors(api, seedT, offT)) ||
            (st = aclemu_check_dtype(api, seedT, "seedTensor", DT(INT64))) ||
            (st = aclemu_check_dtype(api, offT, "offsetTensor", DT(INT64))) ||
            (st = aclemu_check_shape_is(api, seedT, "seedTensor", one, 1)) ||
            (st = aclemu_check_shape_is(api, offT, "offsetTensor", one, 1)))
            return st;
    }
    if ((st = aclemu_check_notnull(api, self, "selfRef")) ||
        (st = aclemu_check_chip(api, tensor_form ? ACLEMU_CHIPS_A2_A3_950 : RND_CHIPS_A2_A3_950_910A)))
        return st;
    if (std < 0)
        return ACLEMU_PARAM_ERROR(api, "Normal expects std >= 0.0, but found std [%f].", (double)std);
    if ((st = aclemu_check_dtype(api, self, "selfRef", NORMAL_DTYPES)) ||
        (st = aclemu_check_shape(api, self, "selfRef", ACLEMU_MAX_RANK)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    random_args *a = rnd_fill_launch(ex, self, NULL, 0, RD_NORMAL, &st);
    if (!a)
        return st;
    a->a = mean;
    a->b = std;
    return seed_launch(ex, a, (uint64_t)seed, (uint64_t)offset, seedT, offT);
}

aclnnStatus aclemu_plan_InplaceNormal(aclOpExecutor *executor, const aclTensor *selfRef, float mean, float std,
                                      int64_t seed, int64_t offset)
{
    return inplace_normal_plan(executor, selfRef, mean, std, seed, offset, NULL, NULL, 0);
}

aclnnStatus aclemu_plan_InplaceNormalTensor(aclOpExecutor *executor, const aclTensor *selfRef, float mean, float std,
                                            const aclTensor *seedTensor, const aclTensor *offsetTensor, int64_t offset)
{
    return inplace_normal_plan(executor, selfRef, mean, std, 0, offset, seedTensor, offsetTensor, 1);
}

/* out = mean + std * N(0, 1), mean / std from op[mean_op] / op[std_op] or the floats. */
static aclnnStatus normal_out_launch(aclOpExecutor *ex, const aclTensor *out, const aclTensor *meanT,
                                     const aclTensor *stdT, float mean, float std, int64_t seed, int64_t offset)
{
    aclnnStatus st;
    const aclTensor *ins[2];
    uint32_t nin = 0;
    int mean_op = 0, std_op = 0;
    if (meanT) {
        ins[nin++] = meanT;
        mean_op = (int)nin;
    }
    if (stdT) {
        ins[nin++] = stdT;
        std_op = (int)nin;
    }
    random_args *a = rnd_fill_launch(ex, out, ins, nin, RD_NORMAL, &st);
    if (!a)
        return st;
    a->mean_op = mean_op;
    a->std_op = std_op;
    a->a = mean;
    a->b = std;
    rnd_seed_scalar(&a->rs, (uint64_t)seed, (uint64_t)offset);
    return ACLNN_SUCCESS;
}

/* out's shape must be the broadcast of a and b. */
static aclnnStatus check_bcast_is_out(const char *api, const aclTensor *x, const char *xn, const aclTensor *y,
                                      const char *yn, const aclTensor *out)
{
    int64_t shape[ACLEMU_MAX_RANK];
    uint32_t nd;
    aclnnStatus st = aclemu_broadcast_shape(api, x, xn, y, yn, shape, &nd);
    if (st)
        return st;
    if (nd != out->ndim || memcmp(shape, out->shape, nd * sizeof(int64_t)) != 0) {
        char want[160], got[160];
        return ACLEMU_PARAM_ERROR(api, "Shape of out should be %s, but current is %s.",
                                  aclemu_shape_str(shape, nd, want, sizeof want),
                                  aclemu_shape_str(out->shape, out->ndim, got, sizeof got));
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_NormalTensorTensor(aclOpExecutor *executor, const aclTensor *mean, const aclTensor *std,
                                           int64_t seed, int64_t offset, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, mean, "mean")) || (st = aclemu_check_notnull(api, std, "std")) ||
        (st = aclemu_check_notnull(api, out, "out")) || (st = aclemu_check_chip(api, RND_CHIPS_950)))
        return st;
    if ((st = aclemu_check_shape(api, mean, "mean", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, std, "std", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = check_bcast_is_out(api, mean, "mean", std, "std", out)))
        return st;
    if ((st = aclemu_check_dtype(api, mean, "mean", NORMAL_OUT_DTYPES)) ||
        (st = aclemu_check_dtype(api, std, "std", NORMAL_OUT_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", NORMAL_OUT_DTYPES)))
        return st;
    if ((aclemu_tensor_numel(mean) == 0 || aclemu_tensor_numel(std) == 0) && aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    aclDataType pt = aclemu_promote_types(mean->dtype, std->dtype);
    if (pt == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "Mean dtype [%s] and std dtype [%s] can not promote dtype.",
                                  aclemu_dtype_name(mean->dtype), aclemu_dtype_name(std->dtype));
    if ((st = aclemu_check_can_cast(api, pt, out, "out")))
        return st;
    return normal_out_launch(executor, out, mean, std, 0, 0, seed, offset);
}

aclnnStatus aclemu_plan_NormalTensorFloat(aclOpExecutor *executor, const aclTensor *mean, float std, int64_t seed,
                                          int64_t offset, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, mean, "mean")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_chip(api, RND_CHIPS_950)))
        return st;
    if ((st = aclemu_check_shape(api, mean, "mean", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = check_bcast_is_out(api, mean, "mean", out, "out", out)))
        return st;
    if ((st = aclemu_check_dtype(api, mean, "mean", NORMAL_OUT_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", NORMAL_OUT_DTYPES)))
        return st;
    if (aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    return normal_out_launch(executor, out, mean, NULL, 0, std, seed, offset);
}

aclnnStatus aclemu_plan_NormalFloatTensor(aclOpExecutor *executor, float mean, const aclTensor *std, int64_t seed,
                                          int64_t offset, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, std, "std")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_chip(api, RND_CHIPS_950)))
        return st;
    if ((st = aclemu_check_shape(api, std, "std", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    if (aclemu_tensor_numel(std) == 0)
        return ACLEMU_PARAM_ERROR(api, "The std can not be an empty tensor.");
    if (!(aclemu_tensor_numel(out) == 0 && aclemu_tensor_numel(std) == 1) &&
        (out->ndim != std->ndim || memcmp(out->shape, std->shape, out->ndim * sizeof(int64_t)) != 0))
        return ACLEMU_PARAM_ERROR(api, "Shape of std should be match with out.");
    if ((st = aclemu_check_dtype(api, std, "std", NORMAL_OUT_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", NORMAL_OUT_DTYPES)))
        return st;
    if (aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    return normal_out_launch(executor, out, NULL, std, mean, 0, seed, offset);
}

aclnnStatus aclemu_plan_NormalFloatFloat(aclOpExecutor *executor, float mean, float std, int64_t seed, int64_t offset,
                                         aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, out, "out")) || (st = aclemu_check_chip(api, RND_CHIPS_950)) ||
        (st = aclemu_check_dtype(api, out, "out", NORMAL_OUT_DTYPES)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    if (aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    return normal_out_launch(executor, out, NULL, NULL, mean, std, seed, offset);
}

/* ---- bernoulli ------------------------------------------------------------------------------ */
static aclemu_dtype_set bernoulli_dtypes(void) { return is_950() ? BERNOULLI_DTYPES_950 : BERNOULLI_DTYPES; }

static aclnnStatus bernoulli_plan(aclOpExecutor *ex, const aclTensor *self, const aclScalar *prob,
                                  const aclTensor *probT, int64_t seed, int64_t offset, const aclTensor *out,
                                  const char *sname, const char *oname)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, sname)) ||
        (st = aclemu_check_notnull(api, probT ? (const void *)probT : (const void *)prob, "prob")) ||
        (st = aclemu_check_notnull(api, out, oname)) || (st = aclemu_check_chip(api, RND_CHIPS_A2_A3_950_910A)))
        return st;
    if ((st = aclemu_check_dtype(api, self, sname, bernoulli_dtypes())) ||
        (st = probT ? aclemu_check_dtype(api, probT, "prob", PROB_DTYPES)
                    : aclemu_check_dtype_value(api, prob->dtype, "prob", PROB_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, sname, out, oname)))
        return st;
    if (!probT) {
        double p = aclemu_scalar_to_f64(prob);
        if (p > 1 || p < 0 || p != p)
            return ACLEMU_PARAM_ERROR(api, "prob should be in range 0<=prob<=1 .");
    }
    if ((st = aclemu_check_shape(api, self, sname, ACLEMU_MAX_RANK)) ||
        (probT && (st = aclemu_check_shape(api, probT, "prob", ACLEMU_MAX_RANK))) ||
        (st = aclemu_check_shape(api, out, oname, ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, sname, out, oname)))
        return st;
    if ((st = aclemu_check_format(api, self, sname)) || (probT && (st = aclemu_check_format(api, probT, "prob"))))
        return st;
    if (aclemu_tensor_numel(self) == 0 || (probT && aclemu_tensor_numel(probT) == 0))
        return ACLNN_SUCCESS;
    if (probT) { /* the kernel reads prob per element of out: it has to broadcast to it */
        int64_t shape[ACLEMU_MAX_RANK];
        uint32_t nd;
        if ((st = aclemu_broadcast_shape(api, out, oname, probT, "prob", shape, &nd)))
            return st;
        if (nd != out->ndim || memcmp(shape, out->shape, nd * sizeof(int64_t)) != 0)
            return ACLEMU_PARAM_ERROR(api, "prob shape can not broadcast to %s shape.", oname);
    }
    const aclTensor *ins[1] = {probT};
    random_args *a = rnd_fill_launch(ex, out, ins, probT ? 1 : 0, RD_BERNOULLI, &st);
    if (!a)
        return st;
    a->prob_op = probT ? 1 : 0;
    a->a = probT ? 0 : aclemu_scalar_to_f64(prob);
    rnd_seed_scalar(&a->rs, (uint64_t)seed, (uint64_t)offset);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Bernoulli(aclOpExecutor *executor, const aclTensor *self, const aclScalar *prob, int64_t seed,
                                  int64_t offset, aclTensor *out)
{
    return bernoulli_plan(executor, self, prob, NULL, seed, offset, out, "self", "out");
}

aclnnStatus aclemu_plan_BernoulliTensor(aclOpExecutor *executor, const aclTensor *self, const aclTensor *prob,
                                        int64_t seed, int64_t offset, aclTensor *out)
{
    return bernoulli_plan(executor, self, NULL, prob, seed, offset, out, "self", "out");
}

aclnnStatus aclemu_plan_InplaceBernoulli(aclOpExecutor *executor, const aclTensor *selfRef, const aclScalar *prob,
                                         int64_t seed, int64_t offset)
{
    return bernoulli_plan(executor, selfRef, prob, NULL, seed, offset, selfRef, "selfRef", "selfRef");
}

aclnnStatus aclemu_plan_InplaceBernoulliTensor(aclOpExecutor *executor, const aclTensor *selfRef, const aclTensor *prob,
                                               int64_t seed, int64_t offset)
{
    return bernoulli_plan(executor, selfRef, NULL, prob, seed, offset, selfRef, "selfRef", "selfRef");
}

/* ---- exponential ---------------------------------------------------------------------------- */
aclnnStatus aclemu_plan_SimThreadExponential(aclOpExecutor *executor, aclTensor *selfRef, int64_t count, double lambda,
                                             int64_t seed, int64_t offset)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = check_self(api, selfRef, ACLEMU_CHIPS_A2_A3_950, EXPONENTIAL_DTYPES)))
        return st;
    if (!(lambda > 0))
        return ACLEMU_PARAM_ERROR(api, "lambda must be greater than 0, but got %f.", lambda);
    int64_t n = aclemu_tensor_numel(selfRef);
    /* the real tiling refuses these (SimThreadExponential tiling: count >= 0, count == numel) */
    if (count < 0 || count != n)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "Count %lld must be equal to the product of the elements in selfShape (%lld).",
                               (long long)count, (long long)n);
    if (n == 0)
        return ACLNN_SUCCESS;
    random_args *a = rnd_fill_launch(executor, selfRef, NULL, 0, RD_EXPONENTIAL, &st);
    if (!a)
        return st;
    a->a = lambda;
    rnd_seed_scalar(&a->rs, (uint64_t)seed, (uint64_t)offset);
    return ACLNN_SUCCESS;
}
