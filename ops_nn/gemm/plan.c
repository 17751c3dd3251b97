/* gemm_plan_init: validation, cache blocking and the split of C into blocks. */
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "gemm_internal.h"

#define TILE_M_MAX 1536     /* bounds the packed A panel (tm x kc) */
#define B_DIRECT_TM_MAX 128 /* tiles at most this tall read FP32 B in place */
#define TILE_ACC_MAX (1 << 20) /* bounds the FP32 accumulator of a tile (tm x tn floats) when K is split */

static int dtype_ok(int32_t dt) { return dt == GEMM_F32 || dt == GEMM_F16 || dt == GEMM_BF16; }

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int64_t round_up(int64_t a, int64_t b) { return ceil_div(a, b) * b; }

static int validate(const gemm_desc *d)
{
    if (d->M < 0 || d->N < 0 || d->K < 0) return GEMM_EINVAL;
    if (d->nbatch_dims < 0 || d->nbatch_dims > GEMM_MAX_BATCH_DIMS) return GEMM_EINVAL;
    for (int i = 0; i < d->nbatch_dims; i++)
        if (d->batch_shape[i] < 0) return GEMM_EINVAL;
    if (d->math < GEMM_MATH_KEEP || d->math > GEMM_MATH_FP16) return GEMM_EINVAL;
    if (d->act < GEMM_ACT_NONE || d->act > GEMM_ACT_LAST) return GEMM_EINVAL;
    if (!dtype_ok(d->a.dtype) || !dtype_ok(d->b.dtype) || !dtype_ok(d->c.dtype)) return GEMM_EINVAL;
    if (d->d.ptr && !dtype_ok(d->d.dtype)) return GEMM_EINVAL;
    if (d->bias.ptr && !dtype_ok(d->bias.dtype)) return GEMM_EINVAL;
    if (d->M > 0 && d->N > 0) {
        if (!d->c.ptr) return GEMM_EINVAL;
        if (d->K > 0 && (!d->a.ptr || !d->b.ptr)) return GEMM_EINVAL;
    }
    const gemm_conv_geom *g = &d->conv;
    if (g->kind < GEMM_BSRC_DENSE || g->kind > GEMM_BSRC_WQ) return GEMM_EINVAL;
    if (g->kind == GEMM_BSRC_WQ) {
        const gemm_wq_src *w = &d->wq;
        if ((w->wbits != 8 && w->wbits != 4) || (w->round != GEMM_F16 && w->round != GEMM_BF16) ||
            d->b.dtype != w->round || d->b.jsplit > 0 || d->nbatch_dims != 0 || w->group < 0 || w->prows < 1 ||
            d->math != GEMM_MATH_KEEP || !w->scale.ptr || !dtype_ok(w->scale.dtype) ||
            (w->offset.ptr && !dtype_ok(w->offset.dtype)))
            return GEMM_EINVAL;
    } else if (g->kind != GEMM_BSRC_DENSE) {
        if (g->nsp < 1 || g->nsp > 3) return GEMM_EINVAL;
        for (int i = 0; i < g->nsp; i++)
            if (g->in[i] <= 0 || g->out[i] <= 0 || g->ksz[i] <= 0 || g->stride[i] <= 0 || g->dil[i] <= 0)
                return GEMM_EINVAL;
    }
    return GEMM_OK;
}

/* Estimated cycles of one tm x tn tile (FP32 FMA at 2x16 lanes per cycle, packing A and B once
 * per tile, fixed cost). */
static double tile_cost(int64_t tm, int64_t tn, int64_t K)
{
    double fma = (double)tm * tn * K / 32.0;
    double pack_a = (double)tm * K * 0.5;
    double pack_b = (double)tn * K * 0.4;
    return fma + pack_a + pack_b + 4000.0;
}

int gemm_plan_init(gemm_plan *p, const gemm_desc *desc, uint32_t max_blocks, uint32_t workers)
{
    memset(p, 0, sizeof *p);
    int rc = validate(desc);
    if (rc) return rc;
    p->d = *desc;
    gemm_desc *d = &p->d;
    if (d->conv.kind != GEMM_BSRC_DENSE && d->conv.kind != GEMM_BSRC_WQ) {
        gemm_conv_geom *g = &d->conv;
        g->out_total = g->k_total = g->in_total = 1;
        for (int i = 0; i < g->nsp; i++) {
            g->out_total *= g->out[i];
            g->k_total *= g->ksz[i];
            g->in_total *= g->in[i];
        }
    }
    p->isa = gemm_host_isa();
    const gemm_isa_impl *impl = gemm_isa_impl_get((gemm_isa)p->isa);
    p->mr = impl->mr;
    p->nr = impl->nr;

    p->nbatch = 1;
    for (int i = 0; i < d->nbatch_dims; i++) p->nbatch *= d->batch_shape[i];
    if (d->M == 0 || d->N == 0 || p->nbatch == 0) {
        p->nblocks = 0; /* nothing to compute */
        return GEMM_OK;
    }

    /* Cache blocking: kc so an mr x kc A micro-panel sits in a third of L1 (at least 128 deep),
     * nc so the kc x nc B panel takes half of L2. */
    int64_t l1, l2, l3;
    gemm_host_caches(&l1, &l2, &l3);
    int64_t kc_t = (l1 / 3) / (p->mr * 4);
    if (kc_t < 128) kc_t = 128;
    if (kc_t > GEMM_KC_MAX) kc_t = GEMM_KC_MAX;
    int64_t K = d->K > 0 ? d->K : 1;
    int64_t nk = ceil_div(K, kc_t);
    p->kc = ceil_div(K, nk);
    int64_t nc_t = (l2 / 2) / (p->kc * 4);
    if (nc_t > GEMM_NC_MAX) nc_t = GEMM_NC_MAX;
    nc_t = nc_t / p->nr * p->nr; /* so p->nc <= GEMM_NC_MAX */
    if (nc_t < p->nr) nc_t = p->nr;

    /* Tile grid: the cheapest completion time over the workers, then the fewest tiles. */
    if (max_blocks == 0) max_blocks = 1;
    if (workers == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        workers = n > 0 ? (uint32_t)n : 1;
    }
    if (workers > max_blocks) workers = max_blocks;
    int64_t mt_max = ceil_div(d->M, p->mr), nt_max = ceil_div(d->N, p->nr);
    int64_t gm_min = ceil_div(d->M, TILE_M_MAX);
    /* When K is split into several chunks and C is not accumulated in place, a tile keeps a
     * tm x tn FP32 accumulator: bound it. */
    int acc_bounded = K > p->kc && !gemm_c_direct_planned(d);
    double best = -1;
    for (int64_t gm = gm_min; gm <= mt_max && gm <= gm_min + 64; gm++) {
        int64_t tm = round_up(ceil_div(d->M, gm), p->mr);
        if (gm > gm_min && ceil_div(d->M, tm) < gm) continue; /* same tiles as a smaller gm */
        int64_t tn_cap = acc_bounded ? (TILE_ACC_MAX / tm) / p->nr * p->nr : INT64_MAX;
        if (tn_cap < p->nr) tn_cap = p->nr;
        int64_t gn_lo = acc_bounded ? ceil_div(d->N, tn_cap) : 1;
        for (int64_t gn = gn_lo; gn <= nt_max && gn <= gn_lo + 64; gn++) {
            int64_t tn = round_up(ceil_div(d->N, gn), p->nr);
            if (gn > gn_lo && ceil_div(d->N, tn) < gn) continue;
            if (tn > tn_cap) continue;
            int64_t T = p->nbatch * ceil_div(d->M, tm) * ceil_div(d->N, tn);
            int64_t nb = T < (int64_t)max_blocks ? T : (int64_t)max_blocks;
            double t = (double)ceil_div(nb, workers) * (double)ceil_div(T, nb) * tile_cost(tm, tn, K);
            if (best < 0 || t < best * 0.999) {
                best = t;
                p->tm = tm;
                p->tn = tn;
            }
        }
    }
    p->gm = ceil_div(d->M, p->tm);
    p->gn = ceil_div(d->N, p->tn);
    p->ntiles = p->nbatch * p->gm * p->gn;
    p->nblocks = (int32_t)(p->ntiles < (int64_t)max_blocks ? p->ntiles : (int64_t)max_blocks);

    int64_t nnc = ceil_div(p->tn, nc_t);
    p->nc = round_up(ceil_div(p->tn, nnc), p->nr);
    p->mc = round_up(p->tm, p->mr); /* A is packed once per tile and K chunk */
    /* B read in place (no packing) when it is FP32 rows needing no conversion and packing would
     * not pay: a B panel is swept by tm / mr micro-panels of A, few for a short tile, so packing it
     * costs a sizeable share (~10% at tm = 128). Not when the row stride is a multiple of 4 KiB:
     * such rows fall into a few cache sets and evict each other (packing exists for that). */
    const gemm_view *b = &d->b;
    p->b_direct = impl->ukernel_bs && d->conv.kind == GEMM_BSRC_DENSE && b->dtype == GEMM_F32 &&
                  d->math == GEMM_MATH_KEEP && b->cs == 1 && b->jsplit == 0 && p->tm <= B_DIRECT_TM_MAX &&
                  (b->rs * 4) % 4096 != 0;
    size_t ap = (size_t)gemm_a_panel_floats(p) * 4, bp = (size_t)p->kc * p->nc * 4;
    size_t acc = (size_t)gemm_acc_floats(p) * 4, stage = (size_t)gemm_stage_floats(p) * 4;
    p->scratch_bytes = round_up(ap, 64) + round_up(bp, 64) + round_up(acc, 64) + stage + 64;
    return GEMM_OK;
}

void gemm_block_tiles(const gemm_plan *p, uint32_t block_idx, int64_t *t0, int64_t *t1)
{
    *t0 = p->ntiles * (int64_t)block_idx / p->nblocks;
    *t1 = p->ntiles * ((int64_t)block_idx + 1) / p->nblocks;
}

void gemm_tile_region(const gemm_plan *p, int64_t tile, int64_t *batch, int64_t *m0, int64_t *m1, int64_t *n0,
                      int64_t *n1)
{
    int64_t per_batch = p->gm * p->gn;
    *batch = tile / per_batch;
    int64_t r = tile % per_batch;
    int64_t im = r / p->gn, in = r % p->gn;
    *m0 = im * p->tm;
    *m1 = *m0 + p->tm < p->d.M ? *m0 + p->tm : p->d.M;
    *n0 = in * p->tn;
    *n1 = *n0 + p->tn < p->d.N ? *n0 + p->tn : p->d.N;
}
