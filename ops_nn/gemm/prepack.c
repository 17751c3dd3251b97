/* gemm_prepack_a: A packed once ahead of a plan's launches (a model's constant weights; the host
 * side of libopapi calls it at model load, so it lives apart from the driver and its kernels). */
#include "gemm_internal.h"

#define GEMM_PREPACK_TN_MAX 1024 /* tiles at most this wide take a prepacked A */

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* The prepacked layout: K chunk after K chunk (chunk pc at Mr * pc, Mr = M rounded up to mr), each
 * chunk the mr-row micro-panels of all of A's rows, as a tile starting at row m0 (a multiple of mr)
 * packs them (its panel at m0 * kcur of the chunk; only the last panel of A has padding rows). */
static int prepack_ok(const gemm_plan *p)
{
    if (p->nblocks == 0 || p->d.K == 0) return 0;
    /* Only where it pays: packing A's rows costs a tile ~16 / tn of its FMAs (tile_cost), a
     * sizeable share for the narrow tiles of small images (7 x 7, 14 x 14 at batch 1), nothing
     * worth a second copy of A for wide ones. */
    if (p->tn > GEMM_PREPACK_TN_MAX) return 0;
    for (int i = 0; i < p->d.nbatch_dims; i++)
        if (p->d.a.bstride[i] != 0 && p->d.batch_shape[i] > 1) return 0; /* A differs per batch */
    return 1;
}

int64_t gemm_prepack_a_floats(const gemm_plan *p)
{
    if (!prepack_ok(p)) return 0;
    return (p->d.M + p->mr - 1) / p->mr * p->mr * p->d.K;
}

void gemm_prepack_a(const gemm_plan *p, float *dst)
{
    if (!prepack_ok(p)) return;
    int64_t K = p->d.K, Mr = (p->d.M + p->mr - 1) / p->mr * p->mr;
    for (int64_t pc = 0; pc < K; pc += p->kc)
        gemm_pack_a_isa(p, (const char *)p->d.a.ptr, 0, p->d.M, pc, min64(p->kc, K - pc), dst + Mr * pc);
}

