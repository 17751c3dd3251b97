/* Device side of the search family (search_args.h). SearchSorted: per element, a binary search
 * of its line (through the sorter when given) with values converted to the promoted dtype and
 * ordered with NaN last. Histogram: one block; Histc bins (x - lo) / (hi - lo) * bins (x == hi in
 * the last bin, outside and NaN dropped), Bincount adds weights (or 1) at each value in
 * [0, bins). */
#include <math.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "search_args.h"

/* aclDataType values of the float types (the rest compare as int64) */
enum { S_FLOAT = 0, S_FLOAT16 = 1, S_DOUBLE = 11, S_BF16 = 27 };

static int is_float(int dt) { return dt == S_FLOAT || dt == S_FLOAT16 || dt == S_DOUBLE || dt == S_BF16; }

/* A value of dtype dt at p, converted to comp and read as double (floats) or int64. */
typedef struct sval { double f; int64_t i; } sval;

static sval load(int dt, int comp, const char *p)
{
    char tmp[8];
    sval v = {0, 0};
    if (dt != comp) {
        aclemu_convert_run(tmp, comp, 0, p, dt, 0, 1);
        p = tmp;
    }
    if (is_float(comp)) aclemu_load_f64(&v.f, p, comp, 0, 1);
    else aclemu_load_i64(&v.i, p, comp, 0, 1);
    return v;
}

/* a < b with NaN the largest */
static int less(int fl, sval a, sval b)
{
    if (!fl) return a.i < b.i;
    if (a.f != a.f) return 0;
    if (b.f != b.f) return 1;
    return a.f < b.f;
}

static int k_search(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(search_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const search_args *a = (const search_args *)args;
    if (a->nd < 0 || a->nd > SEARCH_MAX_DIMS || a->m < 0) return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t b, e;
    aclemu_block_range((uint64_t)a->numel, (uint64_t)a->per_block, blk, &b, &e);
    size_t ses = aclemu_kdtype_size(a->self_dtype), qes = aclemu_kdtype_size(a->seq_dtype);
    size_t oes = aclemu_kdtype_size(a->out_dtype);
    int fl = is_float(a->comp_dtype);
    const char *self = (const char *)(uintptr_t)a->self, *seq = (const char *)(uintptr_t)a->seq;
    const int64_t *sorter = (const int64_t *)(uintptr_t)a->sorter;
    char *out = (char *)(uintptr_t)a->out;
    int last = a->nd - 1;
    for (uint64_t x = b; x < e; x++) {
        int64_t rem = (int64_t)x, so = a->self_off, oo = a->out_off, qo = a->seq_off, ro = a->sorter_off;
        for (int d = last; d >= 0; d--) {
            int64_t k = rem % a->shape[d];
            rem /= a->shape[d];
            so += k * a->sstride[d];
            oo += k * a->ostride[d];
            if (a->seq_lines && d < last) {
                qo += k * a->qstride[d];
                ro += k * a->rstride[d];
            }
        }
        sval v = load(a->self_dtype, a->comp_dtype, a->scalar ? (const char *)a->scalar_elem : self + so * (int64_t)ses);
        int64_t lo = 0, hi = a->m, qs = a->qstride[SEARCH_MAX_DIMS - 1], rs = a->rstride[SEARCH_MAX_DIMS - 1];
        while (lo < hi) {
            int64_t mid = lo + (hi - lo) / 2;
            int64_t at = sorter ? sorter[ro + mid * rs] : mid;
            if (at < 0 || at >= a->m) at = at < 0 ? 0 : a->m - 1; /* a bad sorter entry stays in the line */
            sval s = load(a->seq_dtype, a->comp_dtype, seq + (qo + at * qs) * (int64_t)qes);
            int go_right = a->right ? !less(fl, v, s) : less(fl, s, v);
            if (go_right) lo = mid + 1;
            else hi = mid;
        }
        aclemu_store_i64(out + oo * (int64_t)oes, a->out_dtype, 0, &lo, 1);
    }
    return 0;
}
ACLEMU_KERNEL("SearchSorted", k_search);

static int k_histogram(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(hist_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const hist_args *a = (const hist_args *)args;
    if (a->nd < 0 || a->nd > SEARCH_MAX_DIMS || a->bins < 1) return ACLEMU_KERNEL_BAD_ARGS;
    if (blk->block_idx != 0) return 0;
    size_t es = aclemu_kdtype_size(a->self_dtype), oes = aclemu_kdtype_size(a->out_dtype);
    const char *self = (const char *)(uintptr_t)a->self;
    char *out = (char *)(uintptr_t)a->out;
    /* zero out, then add element by element in its dtype's domain */
    int fout = is_float(a->out_dtype);
    double zf = 0;
    int64_t zi = 0;
    for (int64_t k = 0; k < a->bins; k++) {
        char *p = out + (a->out_off + k * a->out_stride) * (int64_t)oes;
        if (fout) aclemu_store_f64(p, a->out_dtype, 0, &zf, 1);
        else aclemu_store_i64(p, a->out_dtype, 0, &zi, 1);
    }
    double lo = a->lo, hi = a->hi;
    for (int pass = a->mode == HIST_HISTC && a->data_range ? 0 : 1; pass < 2; pass++) {
        int64_t idx[SEARCH_MAX_DIMS] = {0}, off = a->self_off;
        double dmin = INFINITY, dmax = -INFINITY;
        for (int64_t n = 0; n < a->numel; n++) {
            double x;
            aclemu_load_f64(&x, self + off * (int64_t)es, a->self_dtype, 0, 1);
            if (pass == 0) {
                if (x < dmin) dmin = x;
                if (x > dmax) dmax = x;
            } else {
                int64_t bin = -1;
                double w = 1;
                if (a->mode == HIST_HISTC) {
                    if (x >= lo && x <= hi) {
                        bin = hi > lo ? (int64_t)((x - lo) / (hi - lo) * (double)a->bins) : 0;
                        if (bin >= a->bins) bin = a->bins - 1;
                    }
                } else {
                    if (x >= 0 && x < (double)a->bins) bin = (int64_t)x;
                    if (a->weights)
                        aclemu_load_f64(&w, (const char *)(uintptr_t)a->weights +
                                                (a->w_off + n * a->w_stride) * (int64_t)aclemu_kdtype_size(a->w_dtype),
                                        a->w_dtype, 0, 1);
                }
                if (bin >= 0) {
                    char *p = out + (a->out_off + bin * a->out_stride) * (int64_t)oes;
                    if (fout) {
                        double c;
                        aclemu_load_f64(&c, p, a->out_dtype, 0, 1);
                        c += w;
                        aclemu_store_f64(p, a->out_dtype, 0, &c, 1);
                    } else {
                        int64_t c;
                        aclemu_load_i64(&c, p, a->out_dtype, 0, 1);
                        c += (int64_t)w;
                        aclemu_store_i64(p, a->out_dtype, 0, &c, 1);
                    }
                }
            }
            for (int d = a->nd - 1; d >= 0; d--) {
                off += a->stride[d];
                if (++idx[d] < a->shape[d]) break;
                off -= idx[d] * a->stride[d];
                idx[d] = 0;
            }
        }
        if (pass == 0) { /* min == max: the data's range, widened by 1 when it is one value */
            lo = dmin;
            hi = dmax;
            if (lo == hi) { lo -= 1; hi += 1; }
        }
    }
    return 0;
}
ACLEMU_KERNEL("Histogram", k_histogram);
