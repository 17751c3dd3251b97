/* aclnnHansEncode / aclnnHansDecode (ops-math math/hans_encode, hans_decode; A2 / A3 per their
 * docs, no kernel elsewhere: 361001). Their op_api sources are not public: the checks follow the
 * docs' error tables in the usual order (null, chip, dtypes) and then the tilings' rules and
 * messages (op_host/hans_encode_tiling.cpp, hans_decode_tiling.cpp), all ACLNN_ERR_PARAM_INVALID
 * as the docs list them. Sizes are taken from the storage shapes as the tilings do; the input
 * element count from its view. The encode runs as the real kernel's phases, one launch each
 * (the cores' SyncAll points): pdf counts per core, their sum into pdfRef (statistic only), the
 * coding of each core, then the header, the raw tails (or the reshuffle). Layout: hans_args.h. */
#include "aclemu_plans.h"
#include "hans_args.h"

#define HANS_FLOATS (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

static int64_t storage_numel(const aclTensor *t)
{
    int64_t n = 1;
    for (uint32_t i = 0; i < t->storage_ndim; i++)
        n *= t->storage_shape[i];
    return n;
}

static int64_t view_bytes(const aclTensor *t)
{
    return aclemu_tensor_numel(t) * (int64_t)aclemu_dtype_size(t->dtype);
}

static aclnnStatus same_dtype(const char *api, const aclTensor *t, const char *name, const aclTensor *ref,
                              const char *refname)
{
    if (t->dtype != ref->dtype)
        return ACLEMU_PARAM_ERROR(api, "%s dtype %s should be the same as %s dtype %s.", name,
                                  aclemu_dtype_name(t->dtype), refname, aclemu_dtype_name(ref->dtype));
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_HansEncode(aclOpExecutor *executor, const aclTensor *inputTensor, aclTensor *pdfRef,
                                   bool statistic, bool reshuff, const aclTensor *mantissaOut,
                                   const aclTensor *fixedOut, const aclTensor *varOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, inputTensor, "inputTensor")) || (st = aclemu_check_notnull(api, pdfRef, "pdf")) ||
        (st = aclemu_check_notnull(api, mantissaOut, "mantissaOut")) ||
        (st = aclemu_check_notnull(api, fixedOut, "fixedOut")) || (st = aclemu_check_notnull(api, varOut, "varOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if ((st = aclemu_check_dtype(api, inputTensor, "inputTensor", HANS_FLOATS)) ||
        (st = aclemu_check_dtype(api, pdfRef, "pdf", ACLEMU_DT(ACL_INT32))) ||
        (st = same_dtype(api, mantissaOut, "mantissaOut", inputTensor, "inputTensor")) ||
        (st = same_dtype(api, fixedOut, "fixedOut", inputTensor, "inputTensor")) ||
        (st = same_dtype(api, varOut, "varOut", inputTensor, "inputTensor")))
        return st;
    /* HansEncodeTiling::Init / ParamCheck / SetTilingData */
    int64_t ds = (int64_t)aclemu_dtype_size(inputTensor->dtype);
    int64_t n = aclemu_tensor_numel(inputTensor);
    int64_t pdf_numel = storage_numel(pdfRef);
    int64_t mant_bytes = storage_numel(mantissaOut) * ds, fixed_bytes = storage_numel(fixedOut) * ds;
    int64_t var_bytes = storage_numel(varOut) * ds;
    int64_t aiv = aclemu_vector_core_num(aclemu_op_profile());
    int64_t cores = n / HANS_MIN_PER_CORE > aiv ? aiv : n / HANS_MIN_PER_CORE;
    int64_t upper = n + n / 64 + HANS_TAIL_BYTES * cores + HANS_META_BYTES;
    if (pdf_numel != 256)
        return ACLEMU_PARAM_ERROR(api, "pdf length must equal to 256.");
    if (n % 64 != 0 || n < HANS_MIN_PER_CORE)
        return ACLEMU_PARAM_ERROR(api, "The number of input tensors must be a multiple of 64 and greater than 32768.");
    if (mant_bytes != (ds - 1) * n)
        return ACLEMU_PARAM_ERROR(api, "Insufficient size for mantissa.");
    if (reshuff) {
        if (fixed_bytes < upper)
            return ACLEMU_PARAM_ERROR(api, "If reshuff, the space of fixed must be greater than the upper bound.");
        fixed_bytes = upper;
    }
    if (fixed_bytes < HANS_META_BYTES)
        return ACLEMU_PARAM_ERROR(api, "The fixed space must be greater than 512.");
    if (fixed_bytes + var_bytes < upper)
        return ACLEMU_PARAM_ERROR(api, "The space of fixed and var (%lld bytes) is below the compression upper bound "
                                       "(%lld bytes): (size(fixed) + size(var)) >= (len(input) + len(input) / 64 + "
                                       "8448 * %lld + 512).",
                                  (long long)(fixed_bytes + var_bytes), (long long)upper, (long long)cores);
    if (cores < 1)
        cores = 1;
    int64_t loops = n / 64, lpc = loops / cores, out_bytes = fixed_bytes - HANS_META_BYTES;
    uint64_t comp_off = reshuff ? aclemu_exec_alloc_workspace(executor, (uint64_t)upper) : 0;
    uint64_t hist_off = aclemu_exec_alloc_workspace(executor, (uint64_t)cores * 1024);
    uint64_t info_off = aclemu_exec_alloc_workspace(executor, (uint64_t)cores * 32);
    for (int phase = statistic ? HANS_PHASE_HIST : HANS_PHASE_ENCODE; phase <= HANS_PHASE_TAIL; phase++) {
        uint32_t bd = phase == HANS_PHASE_PDF ? 1 : (uint32_t)cores;
        hans_enc_args *a = (hans_enc_args *)aclemu_exec_add_launch(executor, "HansEncode", bd, sizeof(*a));
        if (!a)
            return ACLNN_ERR_INNER;
        a->phase = phase;
        a->reshuff = reshuff;
        a->n = n;
        a->dsize = ds;
        a->cores = cores;
        a->loops_per_core = lpc;
        a->loops_last = lpc + loops % cores;
        a->fixed_per_core = out_bytes / cores;
        a->fixed_last = out_bytes / cores + out_bytes % cores;
        a->fixed_bytes = view_bytes(fixedOut);
        a->var_bytes = view_bytes(varOut);
        a->comp_off = (int64_t)comp_off;
        a->hist_off = (int64_t)hist_off;
        a->info_off = (int64_t)info_off;
        if ((st = aclemu_exec_tdesc(executor, a, &a->input, inputTensor)) ||
            (st = aclemu_exec_tdesc(executor, a, &a->pdf, pdfRef)) ||
            (st = aclemu_exec_tdesc(executor, a, &a->mantissa, mantissaOut)) ||
            (st = aclemu_exec_tdesc(executor, a, &a->fixed, fixedOut)) ||
            (st = aclemu_exec_tdesc(executor, a, &a->var, varOut)) ||
            (st = aclemu_exec_bind_workspace(executor, a, &a->ws, 0)))
            return st;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_HansDecode(aclOpExecutor *executor, const aclTensor *mantissa, const aclTensor *fixed,
                                   const aclTensor *var, const aclTensor *pdf, bool reshuff, const aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, mantissa, "mantissa")) || (st = aclemu_check_notnull(api, fixed, "fixed")) ||
        (st = aclemu_check_notnull(api, var, "var")) || (st = aclemu_check_notnull(api, pdf, "pdf")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if ((st = aclemu_check_dtype(api, mantissa, "mantissa", HANS_FLOATS)) ||
        (st = same_dtype(api, fixed, "fixed", mantissa, "mantissa")) ||
        (st = same_dtype(api, var, "var", mantissa, "mantissa")) ||
        (st = aclemu_check_dtype(api, pdf, "pdf", ACLEMU_DT(ACL_INT32))) ||
        (st = same_dtype(api, out, "out", mantissa, "mantissa")))
        return st;
    /* HansDecodeTiling::Init */
    int64_t ds = (int64_t)aclemu_dtype_size(mantissa->dtype);
    int64_t mant_numel = aclemu_tensor_numel(mantissa), out_numel = storage_numel(out);
    if (mant_numel != (ds - 1) * out_numel / ds)
        return ACLEMU_PARAM_ERROR(api, "Insufficient size for mantissa.");
    if (storage_numel(pdf) != 256)
        return ACLEMU_PARAM_ERROR(api, "pdf length must equal to 256.");
    uint32_t aiv = aclemu_vector_core_num(aclemu_op_profile());
    hans_dec_args *a = (hans_dec_args *)aclemu_exec_add_launch(executor, "HansDecode", aiv ? aiv : 1, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->dsize = ds;
    a->reshuff = reshuff;
    /* the decoder splits the stream by the fixed tensor's element count (tiling: fixedByteSize) */
    a->fixed_bytes = aclemu_tensor_numel(fixed) * ds;
    if (a->fixed_bytes > view_bytes(fixed))
        a->fixed_bytes = view_bytes(fixed);
    a->var_bytes = view_bytes(var);
    a->mant_bytes = view_bytes(mantissa);
    a->out_numel = aclemu_tensor_numel(out);
    if ((st = aclemu_exec_tdesc(executor, a, &a->mantissa, mantissa)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->fixed, fixed)) || (st = aclemu_exec_tdesc(executor, a, &a->var, var)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->pdf, pdf)) || (st = aclemu_exec_tdesc(executor, a, &a->out, out)))
        return st;
    return ACLNN_SUCCESS;
}
