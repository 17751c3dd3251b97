/* aclnnSignBitsPack / aclnnSignBitsUnpack (ops-math math/sign_bits_pack, sign_bits_unpack):
 * checks in the order of their op_api sources: null self / out; the SoC (A2, A3, 310P, 950;
 * 161002, in the dtype step), self / out dtypes (Unpack: out == dtype); ND storage formats;
 * the values (size > 0, no negative out dim, the packed length divisible by size, out's first
 * dim == size); then the ranks (self 1-D, out 2-D). Empty self or out: nothing to do. Out's
 * second dim is left to the final ViewCopy there (561103 when it differs). */
#include "aclemu_plans.h"
#include "sign_bits_args.h"

#define SB_CHIPS (ACLEMU_CHIPS_A2_A3 | ACLEMU_CHIP(ACLEMU_FAMILY_310P) | ACLEMU_CHIP(ACLEMU_FAMILY_950))
#define SB_FLOATS (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16))
#define SB_BYTES ACLEMU_DT(ACL_UINT8)

static int64_t numel_of(const aclTensor *t)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < t->ndim; i++)
        n *= t->shape[i];
    return n;
}

/* the shared tail: formats, values, ranks, then the launch */
static aclnnStatus sign_bits_plan(aclOpExecutor *executor, const char *api, const aclTensor *self, int64_t size,
                                  const aclTensor *out, int unpack)
{
    const aclTensor *ts[2] = {self, out};
    const char *names[2] = {"self", "out"};
    for (int i = 0; i < 2; i++)
        if (ts[i]->format != ACL_FORMAT_ND)
            return ACLEMU_PARAM_ERROR(api, "%s format should be ND. Actual: %s is [%s].", names[i], names[i],
                                      aclemu_format_name(ts[i]->format));
    if (size <= 0)
        return ACLEMU_PARAM_ERROR(api, "%s value must bigger than zero.", unpack ? "Size" : "size");
    for (uint32_t i = 0; i < out->ndim; i++)
        if (out->shape[i] < 0)
            return ACLEMU_PARAM_ERROR(api, "Dim value of out is negative.");
    int64_t n = self->ndim ? self->shape[0] : 1;
    if (n < 0)
        return ACLEMU_PARAM_ERROR(api, "Dim value of self is negative.");
    if (n > ((int64_t)1 << 58))
        return ACLEMU_PARAM_ERROR(api, "self of %lld elements is too large.", (long long)n);
    int64_t len = unpack ? n * 8 : (n + 7) / 8; /* elements of the result */
    if (len % size != 0) {
        if (unpack)
            return ACLEMU_PARAM_ERROR(api, "The number of elements in self * 8 cannot be divided by size.");
        return ACLEMU_PARAM_ERROR(api, "The number of packed bytes %lld cannot be divided by size %lld.", (long long)len,
                                  (long long)size);
    }
    if ((out->ndim ? out->shape[0] : 1) != size)
        return ACLEMU_PARAM_ERROR(api, "The value of the first dimension of 'out' is incorrect and should be equal to "
                                       "size.");
    if (self->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "Self dims %u should be 1.", self->ndim);
    if (out->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "Out dims %u should be 2.", out->ndim);
    if (numel_of(self) == 0 || numel_of(out) == 0)
        return ACLNN_SUCCESS;
    if (out->shape[1] != len / size) {
        int64_t want[2] = {size, len / size};
        char a[96], b[96];
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api,
                               "the result of shape %s can not be copied into out of shape %s.",
                               aclemu_shape_str(want, 2, a, sizeof a), aclemu_shape_str(out->shape, 2, b, sizeof b));
    }
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)len, aclemu_vector_core_num(aclemu_op_profile()), 8192, 32, &bd, &per);
    sign_bits_args *a = (sign_bits_args *)aclemu_exec_add_launch(executor, "SignBits", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->unpack = unpack;
    a->msb_negative = aclemu_op_profile()->family == ACLEMU_FAMILY_950;
    a->per_block = (int64_t)per;
    aclnnStatus st = aclemu_exec_tdesc(executor, a, &a->self, self);
    return st ? st : aclemu_exec_tdesc(executor, a, &a->out, out);
}

aclnnStatus aclemu_plan_SignBitsPack(aclOpExecutor *executor, const aclTensor *self, int64_t size, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (!aclemu_chip_in(SB_CHIPS))
        return ACLEMU_PARAM_ERROR(api, "SignBitsPack is unsupported by the current SOC version [%s]",
                                  aclemu_op_profile()->short_soc_version);
    if ((st = aclemu_check_dtype(api, self, "self", SB_FLOATS)) || (st = aclemu_check_dtype(api, out, "out", SB_BYTES)))
        return st;
    return sign_bits_plan(executor, api, self, size, out, 0);
}

aclnnStatus aclemu_plan_SignBitsUnpack(aclOpExecutor *executor, const aclTensor *self, int64_t size, aclDataType dtype,
                                       aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (!aclemu_chip_in(SB_CHIPS))
        return ACLEMU_PARAM_ERROR(api, "SignBitsUnpack is not supported on this device.");
    if ((st = aclemu_check_dtype(api, self, "self", SB_BYTES)) || (st = aclemu_check_dtype(api, out, "out", SB_FLOATS)))
        return st;
    if (out->dtype != dtype)
        return ACLEMU_PARAM_ERROR(api, "out dtype %s should be the same as dtype %s.", aclemu_dtype_name(out->dtype),
                                  aclemu_dtype_name(dtype));
    return sign_bits_plan(executor, api, self, size, out, 1);
}
