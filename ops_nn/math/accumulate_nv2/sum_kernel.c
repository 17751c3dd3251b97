/* AccumulateNV2: out = partial + sum(in[0..nin)) over out's shape, row by row (out's last dim)
 * in chunks. Float dtypes add in double (FLOAT16 is widened as the real op does; one rounding
 * into out), integers in int64 and wrap on the store like the integer adds. Between launches
 * the partial sum lives in the workspace (double or int64 per element, row-major). */
#include "accumulate_args.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"

/* Byte offset of row r's first element in d (rows are out's dims but the last). */
static int64_t row_offset(const aclemu_tdesc *d, uint64_t r, size_t es)
{
    int64_t off = d->offset;
    for (int32_t i = (int32_t)d->ndim - 2; i >= 0; i--) {
        off += (int64_t)(r % (uint64_t)d->shape[i]) * d->stride[i];
        r /= (uint64_t)d->shape[i];
    }
    return off * (int64_t)es;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(accumulate_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const accumulate_args *a = args;
    if (a->nin < 1 || a->nin > ACC_MAX_INPUTS)
        return ACLEMU_KERNEL_BAD_ARGS;
    const aclemu_tdesc *o = &a->out;
    const int ints = aclemu_compute_domain(o->dtype) == ACLEMU_DOM_I64;
    const int64_t inner = o->ndim ? o->shape[o->ndim - 1] : 1;
    const size_t es = aclemu_kdtype_size(o->dtype);
    double facc[ACLEMU_CHUNK], fbuf[ACLEMU_CHUNK];
    int64_t iacc[ACLEMU_CHUNK], ibuf[ACLEMU_CHUNK];
    uint64_t s, e;
    aclemu_block_range(a->rows, a->rows_per_block, blk, &s, &e);
    for (uint64_t r = s; r < e; r++) {
        for (int64_t c = 0; c < inner; c += ACLEMU_CHUNK) {
            int64_t n = inner - c < ACLEMU_CHUNK ? inner - c : ACLEMU_CHUNK;
            int64_t flat = (int64_t)r * inner + c;
            if (a->read_partial) {
                const char *p = (const char *)(uintptr_t)a->partial + flat * 8;
                for (int64_t i = 0; i < n; i++) {
                    if (ints) iacc[i] = ((const int64_t *)p)[i];
                    else facc[i] = ((const double *)p)[i];
                }
            } else {
                for (int64_t i = 0; i < n; i++) { iacc[i] = 0; facc[i] = 0; }
            }
            for (int32_t k = 0; k < a->nin; k++) {
                const aclemu_tdesc *d = &a->in[k];
                int64_t st = (d->ndim ? d->stride[d->ndim - 1] : 0) * (int64_t)es;
                const char *p = (const char *)(uintptr_t)d->addr + row_offset(d, r, es) + c * st;
                if (ints) {
                    aclemu_load_i64(ibuf, p, d->dtype, st, n);
                    for (int64_t i = 0; i < n; i++) iacc[i] = (int64_t)((uint64_t)iacc[i] + (uint64_t)ibuf[i]);
                } else {
                    aclemu_load_f64(fbuf, p, d->dtype, st, n);
                    for (int64_t i = 0; i < n; i++) facc[i] += fbuf[i];
                }
            }
            if (a->write_out) {
                int64_t st = (o->ndim ? o->stride[o->ndim - 1] : 0) * (int64_t)es;
                char *p = (char *)(uintptr_t)o->addr + row_offset(o, r, es) + c * st;
                if (ints) aclemu_store_i64(p, o->dtype, st, iacc, n);
                else aclemu_store_f64(p, o->dtype, st, facc, n);
            } else {
                char *p = (char *)(uintptr_t)a->partial + flat * 8;
                for (int64_t i = 0; i < n; i++) {
                    if (ints) ((int64_t *)p)[i] = iacc[i];
                    else ((double *)p)[i] = facc[i];
                }
            }
        }
    }
    return 0;
}

ACLEMU_KERNEL("AccumulateNV2", k);
