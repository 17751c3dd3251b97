/* Device side of the pad backwards (PadGrad): each block owns rows of gradInput and gathers,
 * per element, the gradOutput elements the forward pad copied from it, so no two blocks write
 * the same element and the sum order is fixed (deterministic across thread counts). Rows whose
 * every dim is interior are plain converting copies; the rest sum in double. */
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "movement_args.h"

/* Output indices start, start + step, ... (count of them). */
typedef struct pg_run {
    int64_t start, count, step;
} pg_run;

/* The forward reflect map at output o (pad < n, so one mirror at most). */
static int64_t reflect_src(int64_t o, int64_t lo, int64_t n)
{
    int64_t i = o - lo;
    if (i < 0) i = -i;
    if (i >= n) i = 2 * (n - 1) - i;
    return i;
}

/* Runs of the output indices in [0, W) that the forward map of `kind` sends to input index i
 * (input size n, low pad lo); returns how many (0: nothing reaches i, its gradient is 0). */
static int preimage(int kind, int64_t i, int64_t lo, int64_t n, int64_t W, pg_run r[3])
{
    switch (kind) {
    case MV_REPLICATE: { /* clamp is monotone: the preimage of a point is an interval */
        int64_t a = i == 0 ? 0 : i + lo, b = i == n - 1 ? W - 1 : i + lo;
        if (a < 0) a = 0;
        if (b > W - 1) b = W - 1;
        if (a > b) return 0;
        r[0] = (pg_run){a, b - a + 1, 1};
        return 1;
    }
    case MV_ROLL: { /* circular: every o = i + lo (mod n) */
        int64_t o = (i + lo) % n;
        if (o < 0) o += n;
        if (o >= W) return 0;
        r[0] = (pg_run){o, (W - 1 - o) / n + 1, n};
        return 1;
    }
    case MV_REFLECT: { /* the direct index and its mirrors at both edges, where they exist */
        int64_t c[3] = {i + lo, lo - i, lo + 2 * (n - 1) - i};
        int use[3] = {1, i > 0, i < n - 1}, k = 0;
        for (int j = 0; j < 3; j++)
            if (use[j] && c[j] >= 0 && c[j] < W && reflect_src(c[j], lo, n) == i) r[k++] = (pg_run){c[j], 1, 1};
        return k;
    }
    default: r[0] = (pg_run){i, 1, 1}; return 1;
    }
}

typedef struct pg_ctx {
    const mv_pad_grad_args *a;
    int nd;
    size_t es;
    int64_t gs;                       /* byte stride of gradOutput's last dim */
    pg_run run[ACLEMU_KMAX_RANK][3];  /* preimages of this row's indices, outer dims */
    int nrun[ACLEMU_KMAX_RANK];
} pg_ctx;

/* Sum of the elements of one gradOutput row (grow) in the last dim's preimage of i. */
static double last_sum(const pg_ctx *c, const char *grow, int64_t i)
{
    const mv_pad_grad_args *a = c->a;
    int d = c->nd - 1;
    pg_run r[3];
    int nr = preimage(a->kind[d], i, a->shift[d], a->out.shape[d], a->grad.shape[d], r);
    double sum = 0, v[256];
    for (int j = 0; j < nr; j++)
        for (int64_t k = 0; k < r[j].count; k += 256) {
            int64_t m = r[j].count - k < 256 ? r[j].count - k : 256;
            aclemu_load_f64(v, grow + (r[j].start + k * r[j].step) * c->gs, a->grad.dtype, r[j].step * c->gs, m);
            for (int64_t q = 0; q < m; q++) sum += v[q];
        }
    return sum;
}

/* acc[0..m) += the contributions of the gradOutput row at element offset goff to gradInput
 * columns [c0, c0 + m). */
static void row_add(const pg_ctx *c, int64_t goff, int64_t c0, int64_t m, double *acc)
{
    const mv_pad_grad_args *a = c->a;
    int d = c->nd - 1;
    const char *grow = (const char *)(uintptr_t)a->grad.addr + goff * (int64_t)c->es;
    int64_t lo = a->inner_lo[d] > c0 ? a->inner_lo[d] : c0, hi = a->inner_hi[d] < c0 + m ? a->inner_hi[d] : c0 + m;
    if (lo < hi) {
        double v[256];
        aclemu_load_f64(v, grow + (lo + a->shift[d]) * c->gs, a->grad.dtype, c->gs, hi - lo);
        for (int64_t k = lo; k < hi; k++) acc[k - c0] += v[k - lo];
    } else {
        lo = hi = c0;
    }
    for (int64_t k = c0; k < lo; k++) acc[k - c0] += last_sum(c, grow, k);
    for (int64_t k = hi; k < c0 + m; k++) acc[k - c0] += last_sum(c, grow, k);
}

/* Every combination of the outer dims' preimages (dims d..nd-2), then row_add. */
static void combos_add(const pg_ctx *c, int d, int64_t goff, int64_t c0, int64_t m, double *acc)
{
    if (d == c->nd - 1) {
        row_add(c, goff, c0, m, acc);
        return;
    }
    int64_t gstride = c->a->grad.stride[d];
    for (int j = 0; j < c->nrun[d]; j++)
        for (int64_t k = 0; k < c->run[d][j].count; k++)
            combos_add(c, d + 1, goff + (c->run[d][j].start + k * c->run[d][j].step) * gstride, c0, m, acc);
}

static int k_pad_grad(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(mv_pad_grad_args)) return ACLEMU_KERNEL_BAD_ARGS;
    pg_ctx c;
    c.a = (const mv_pad_grad_args *)args;
    const mv_pad_grad_args *a = c.a;
    const aclemu_tdesc *g = &a->grad, *o = &a->out;
    int nd = c.nd = (int)o->ndim;
    if (nd < 1 || nd > ACLEMU_KMAX_RANK || g->ndim != o->ndim || g->dtype != o->dtype) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t rows = 1;
    for (int d = 0; d < nd; d++) {
        if (o->shape[d] <= 0 || g->shape[d] < 0) return ACLEMU_KERNEL_BAD_ARGS;
        if (d + 1 < nd) rows *= o->shape[d];
    }
    c.es = aclemu_kdtype_size(o->dtype);
    c.gs = g->stride[nd - 1] * (int64_t)c.es;
    int64_t L = o->shape[nd - 1], os = o->stride[nd - 1] * (int64_t)c.es;
    int64_t ia = a->inner_lo[nd - 1], ib = a->inner_hi[nd - 1];
    if (ia < 0 || ib > L || (ia < ib && (ia + a->shift[nd - 1] < 0 || ib + a->shift[nd - 1] > g->shape[nd - 1])))
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t r0 = (int64_t)blk->block_idx * a->rows_per_block, r1 = r0 + a->rows_per_block;
    if (r1 > rows) r1 = rows;
    for (int64_t r = r0; r < r1; r++) {
        int64_t rem = r, ooff = o->offset, goff = g->offset;
        int single = 1, none = 0;
        for (int d = nd - 2; d >= 0; d--) {
            int64_t id = rem % o->shape[d];
            rem /= o->shape[d];
            ooff += id * o->stride[d];
            c.nrun[d] = preimage(a->kind[d], id, a->shift[d], o->shape[d], g->shape[d], c.run[d]);
            if (!c.nrun[d]) none = 1;
            else if (c.nrun[d] != 1 || c.run[d][0].count != 1) single = 0;
            else goff += c.run[d][0].start * g->stride[d];
        }
        char *dst = (char *)(uintptr_t)o->addr + ooff * (int64_t)c.es;
        if (none) { /* no output element came from this row */
            aclemu_zero_run(dst, o->dtype, os, L);
            continue;
        }
        if (single && ia < ib) { /* one source row: the interior is a copy */
            const char *grow = (const char *)(uintptr_t)g->addr + goff * (int64_t)c.es;
            aclemu_convert_run(dst + ia * os, o->dtype, os, grow + (ia + a->shift[nd - 1]) * c.gs, g->dtype, c.gs, ib - ia);
            for (int64_t k = 0; k < L; k++) { /* the edges, summed */
                if (k == ia) k = ib;
                if (k >= L) break;
                double v = last_sum(&c, grow, k);
                aclemu_store_f64(dst + k * os, o->dtype, 0, &v, 1);
            }
            continue;
        }
        double acc[256];
        for (int64_t c0 = 0; c0 < L; c0 += 256) {
            int64_t m = L - c0 < 256 ? L - c0 : 256;
            for (int64_t k = 0; k < m; k++) acc[k] = 0;
            combos_add(&c, 0, g->offset, c0, m, acc);
            aclemu_store_f64(dst + c0 * os, o->dtype, os, acc, m);
        }
    }
    return 0;
}
ACLEMU_KERNEL("PadGrad", k_pad_grad);
