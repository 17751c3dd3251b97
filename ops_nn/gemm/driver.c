/* gemm_run_block: the blocked loops of one block (per tile: K chunk, N chunk, micro-tiles). */
#include <string.h>

#include "aclemu/kernel.h"
#include "gemm_internal.h"

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static size_t align64(size_t x) { return (x + 63) & ~(size_t)63; }

static void pack_a(const gemm_plan *p, const char *base, int64_t m0, int64_t mc, int64_t k0, int64_t kc, float *dst)
{
    gemm_pack_a_isa(p, base, m0, mc, k0, kc, dst);
}

static void pack_b(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc, float *dst)
{
    if (p->d.conv.kind == GEMM_BSRC_WQ) {
        gemm_pack_b_wq(p, base, n0, nc, k0, kc, dst);
        return;
    }
    if (p->isa == GEMM_ISA_AVX512 && gemm_pack_b_avx512(p, base, n0, nc, k0, kc, dst)) return;
    gemm_pack_b(p, base, n0, nc, k0, kc, dst);
}

static void epilogue(const gemm_plan *p, int64_t batch, int64_t m0, int64_t mc, int64_t n0, int64_t nc,
                     const float *acc, int64_t ldacc)
{
    if (p->isa == GEMM_ISA_AVX512 && gemm_epilogue_avx512(p, batch, m0, mc, n0, nc, acc, ldacc)) return;
    gemm_epilogue(p, batch, m0, mc, n0, nc, acc, ldacc);
}

/* Where the micro-tiles of one N chunk x K chunk read B: FP32 B in place (plan.b_direct), a staged
 * convolution source whose full panels are read in place (the others packed into Bp), or the
 * packed panel Bp. */
typedef struct b_source {
    const float *inplace; /* B in place at row pc, column jc, or NULL */
    int staged;
    gemm_conv_stage sg;
    int direct[GEMM_NC_MAX / 48 + 1];      /* per 48-column panel: read from the stage */
    int64_t off[GEMM_NC_MAX / 48 + 1][3];  /* its three lane groups' offsets */
} b_source;

static void prepare_b(const gemm_plan *p, const gemm_isa_impl *impl, const char *bbase, int64_t jc, int64_t ncur,
                      int64_t pc, int64_t kcur, float *Bp, float *stage, b_source *bs)
{
    bs->inplace = NULL;
    bs->staged = 0;
    if (p->b_direct) {
        bs->inplace = (const float *)bbase + pc * p->d.b.rs + jc;
    } else if (impl->ukernel_kp && p->isa == GEMM_ISA_AVX512 && p->nr == 48 && ncur <= GEMM_NC_MAX &&
               gemm_conv_stage_chunk(p, bbase, jc, ncur, pc, kcur, stage, &bs->sg)) {
        bs->staged = 1;
        for (int64_t jr = 0, q = 0; jr < ncur; jr += 48, q++) {
            bs->direct[q] = gemm_conv_stage_panel_plain(&bs->sg, jr, bs->off[q]);
            if (!bs->direct[q]) gemm_conv_stage_pack_panel(&bs->sg, jr, kcur, Bp + jr * kcur);
        }
    } else {
        pack_b(p, bbase, jc, ncur, pc, kcur, Bp);
    }
}

/* One tile. Either A's rows of the tile are packed once per K chunk and each K chunk sweeps the N
 * chunks, or (gemm_a_whole) the whole A panel is packed once and each N chunk sweeps the K chunks,
 * so that C chunk stays in cache. Per N chunk the B panel is packed and swept by the micro-tiles
 * (an A micro-panel stays in L1 across the chunk, the B panel in L2). At the last K chunk each
 * micro-tile's epilogue runs while it is in L1. The sums go straight into C (gemm_c_direct), or
 * into a micro-tile buffer when K is one chunk, or into an N-chunk / tile accumulator. */
static void run_tile(const gemm_plan *p, const gemm_isa_impl *impl, int64_t batch, int64_t m0, int64_t m1,
                     int64_t n0, int64_t n1, float *Ap, float *Bp, float *acc, float *stage)
{
    const gemm_desc *d = &p->d;
    const char *abase = (const char *)d->a.ptr + gemm_batch_offset(p, &d->a, batch) * gemm_dtype_size(d->a.dtype);
    const char *bbase = (const char *)d->b.ptr + gemm_batch_offset(p, &d->b, batch) * gemm_dtype_size(d->b.dtype);
    int64_t mr = p->mr, nr = p->nr, K = d->K, mt = m1 - m0;
    /* In place also when C's columns are split (conv output over images) but the tile lies in one
     * run of the split. */
    const gemm_view *cv = &d->c;
    int direct = gemm_c_direct(d) ||
                 (cv->dtype == GEMM_F32 && cv->cs == 1 && !gemm_d_blocks_direct(d) && cv->jsplit > 0 &&
                  n0 / cv->jsplit == (n1 - 1) / cv->jsplit);
    int use_d = d->d.ptr && d->beta != 0.0f;
    /* Split columns (conv output: (image, position)): N chunks end at run boundaries, so a chunk of
     * direct C is contiguous and a conv source chunk lies in one image (the packers' fast paths).
     * Short odd runs are not cut (tails would cost more than the fast paths gain). */
    int64_t run = cv->jsplit > 0 && cv->jsplit < d->N &&
                  (direct || cv->jsplit % 16 == 0 || cv->jsplit >= 384) ? cv->jsplit : 0;
    int epi = !direct || d->alpha != 1.0f || d->bias.ptr || d->act != GEMM_ACT_NONE || use_d, single = K <= p->kc;
    /* 16-bit C written by the microkernel itself: one K chunk, nothing for an epilogue to do */
    int direct16 = impl->ukernel_h && single && !p->b_direct &&
                   (d->conv.kind == GEMM_BSRC_DENSE || d->conv.kind == GEMM_BSRC_WQ) &&
                   (cv->dtype == GEMM_F16 || cv->dtype == GEMM_BF16) && cv->cs == 1 && cv->jsplit <= 0 &&
                   d->alpha == 1.0f && !d->bias.ptr && d->act == GEMM_ACT_NONE && !(d->d.ptr && d->beta != 0.0f);
    /* The epilogue in the microkernels' store (gemm_kepi) when C is written in place and it is at
     * most an FP32 bias, a residual D beside C (gemm_d_with_c) and ReLU: no second pass over each
     * micro-tile. */
    const gemm_view *bv = &d->bias;
    int bias_row = bv->ptr && bv->dtype == GEMM_F32 && bv->cs == 0 && bv->jsplit <= 0,
        bias_col = bv->ptr && bv->dtype == GEMM_F32 && bv->cs == 1 && bv->jsplit <= 0;
    int kepi_ok = epi && direct && impl->ukernel_e && d->alpha == 1.0f && (!bv->ptr || bias_row || bias_col) &&
                  (d->act == GEMM_ACT_NONE || d->act == GEMM_ACT_RELU);
    gemm_kepi ke = {NULL, bv->rs, bias_row ? GEMM_KEPI_BIAS_ROW : bias_col ? GEMM_KEPI_BIAS_COL : GEMM_KEPI_BIAS_NONE,
                    d->act == GEMM_ACT_RELU, use_d, 0, 0};
    if (use_d) /* direct C with D: gemm_d_with_c holds, D is C's layout shifted */
        ke.dshift = (ptrdiff_t)(((intptr_t)d->d.ptr - (intptr_t)cv->ptr) / (intptr_t)sizeof(float)) +
                    (ptrdiff_t)(gemm_batch_offset(p, &d->d, batch) - gemm_batch_offset(p, cv, batch));
    const float *kbias = kepi_ok && bv->ptr ? (const float *)bv->ptr + gemm_batch_offset(p, bv, batch) : NULL;
    char *c16 = direct16 ? (char *)cv->ptr + (gemm_batch_offset(p, cv, batch) + m0 * cv->rs) * 2 : NULL;
    const float *cb0 = NULL;
    int64_t ldacc = nr;
    if (direct) {
        cb0 = (const float *)cv->ptr + gemm_batch_offset(p, cv, batch) + m0 * cv->rs;
        ldacc = cv->rs;
    } else if (!single) {
        ldacc = (n1 - n0 + nr - 1) / nr * nr;
    }
    if (K == 0) { /* no products: the epilogue still applies bias, beta*D, activation */
        for (int64_t ir = 0; ir < mt; ir += mr)
            for (int64_t jr = n0, cols; jr < n1; jr += cols) {
                int64_t rows = min64(mr, mt - ir);
                cols = min64(nr, n1 - jr);
                if (run) cols = min64(cols, (jr / run + 1) * run - jr);
                float *c = direct ? (float *)cb0 + ir * ldacc + gemm_view_joff(cv, jr) : acc;
                int64_t ld = direct ? ldacc : nr;
                for (int64_t i = 0; i < rows; i++) memset(c + i * ld, 0, sizeof(float) * cols);
                if (epi) epilogue(p, batch, m0 + ir, rows, jr, cols, c, ld);
            }
        return;
    }
    int whole = gemm_a_whole(p);
    b_source bs; /* per N chunk x K chunk */
    int64_t mtr = (mt + mr - 1) / mr * mr;
    /* A packed ahead (gemm_prepack_a): K chunk pc of the tile's rows at pre + Mr * pc + m0 * kcur */
    const float *pre = p->a_packed;
    int64_t Mr = (d->M + mr - 1) / mr * mr;
    if (whole && !pre) /* every K chunk of A, one after the other (chunk pc at mtr * pc) */
        for (int64_t pc = 0; pc < K; pc += p->kc) pack_a(p, abase, m0, mt, pc, min64(p->kc, K - pc), Ap + mtr * pc);
    if (whole && !direct) ldacc = p->nc; /* the accumulator holds one N chunk */
    /* K chunk outside N chunk (A packed per K chunk), or N chunk outside K chunk (whole A). */
    int64_t pc_n = whole ? 1 : (K + p->kc - 1) / p->kc;
    for (int64_t pco = 0; pco < pc_n; pco++) {
        if (!whole && !pre) pack_a(p, abase, m0, mt, pco * p->kc, min64(p->kc, K - pco * p->kc), Ap);
        for (int64_t jc = n0, ncur; jc < n1; jc += ncur) {
            ncur = min64(p->nc, n1 - jc);
            if (run) ncur = min64(ncur, (jc / run + 1) * run - jc);
            /* C of this chunk's first column: in C itself (direct) or in the accumulator. */
            float *cchunk = direct ? (float *)cb0 + gemm_view_joff(cv, jc) : whole ? acc : acc + (jc - n0);
            for (int64_t pc = whole ? 0 : pco * p->kc; pc < (whole ? K : pco * p->kc + 1); pc += p->kc) {
                int64_t kcur = min64(p->kc, K - pc);
                int last = pc + kcur >= K;
                const float *apanel = pre ? pre + Mr * pc + m0 * kcur : whole ? Ap + mtr * pc : Ap;
                prepare_b(p, impl, bbase, jc, ncur, pc, kcur, Bp, stage, &bs);
                /* A narrow last micro-panel (a 7 x 7 image's 49th column): one pass over all the
                 * tile's rows (ukernel_cols) instead of a 16-wide kernel per micro-tile. */
                int64_t tail = ncur % nr, nfull = ncur - tail;
                int coltail = tail > 0 && tail <= GEMM_COLS_MAX && impl->ukernel_cols && !direct16 && (direct || !single) &&
                           !(bs.staged && bs.direct[nfull / nr]);
                for (int64_t ir = 0; ir < mt; ir += mr) {
                    const float *a = apanel + ir * kcur;
                    int64_t rows = min64(mr, mt - ir);
                    for (int64_t jr = 0; jr < (coltail ? nfull : ncur); jr += nr) {
                        int64_t cols = min64(nr, ncur - jr);
                        float *c = single && !direct ? acc : cchunk + ir * ldacc + jr;
                        if (direct16) {
                            impl->ukernel_h(kcur, a, Bp + jr * kcur, c16 + (ir * cv->rs + jc + jr) * 2, cv->rs,
                                            cv->dtype, rows, cols);
                            continue;
                        }
                        if (last && kepi_ok) {
                            if (kbias) ke.bias = kbias + (m0 + ir) * bv->rs + (bias_col ? jc + jr : 0);
                            if (bs.inplace)
                                impl->ukernel_bs_e(kcur, a, bs.inplace + jr, d->b.rs, c, ldacc, pc > 0, rows, cols, &ke);
                            else if (bs.staged && bs.direct[jr / nr])
                                impl->ukernel_kp_e(kcur, a, bs.sg.kptr, bs.off[jr / nr], c, ldacc, pc > 0, rows, &ke);
                            else
                                impl->ukernel_e(kcur, a, Bp + jr * kcur, c, ldacc, pc > 0, rows, cols, &ke);
                            continue;
                        }
                        if (bs.inplace)
                            impl->ukernel_bs(kcur, a, bs.inplace + jr, d->b.rs, c, ldacc, pc > 0, rows, cols);
                        else if (bs.staged && bs.direct[jr / nr])
                            impl->ukernel_kp(kcur, a, bs.sg.kptr, bs.off[jr / nr], c, ldacc, pc > 0, rows);
                        else
                            impl->ukernel(kcur, a, Bp + jr * kcur, c, ldacc, pc > 0, rows, cols);
                        if (last && epi) epilogue(p, batch, m0 + ir, rows, jc + jr, cols, c, ldacc);
                    }
                }
                if (coltail) {
                    const float *bt = bs.inplace ? bs.inplace + nfull : Bp + nfull * kcur;
                    impl->ukernel_cols(kcur, apanel, bt, bs.inplace ? d->b.rs : nr, cchunk + nfull, ldacc, pc > 0, mt,
                                       tail);
                    if (last && epi)
                        for (int64_t ir = 0; ir < mt; ir += mr)
                            epilogue(p, batch, m0 + ir, min64(mr, mt - ir), jc + nfull, tail,
                                     cchunk + ir * ldacc + nfull, ldacc);
                }
            }
        }
    }
}

int gemm_run_block(const gemm_plan *p, uint32_t block_idx, void *scratch)
{
    if ((int64_t)block_idx >= p->nblocks) return GEMM_EINVAL;
    if (!scratch) scratch = aclemu_worker_scratch(p->scratch_bytes);
    if (!scratch) return GEMM_ENOMEM;
    const gemm_isa_impl *impl = gemm_isa_impl_get((gemm_isa)p->isa);
    char *s = (char *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63); /* scratch_bytes has 64 B of slack */
    float *Ap = (float *)s;
    float *Bp = (float *)(s + align64((size_t)gemm_a_panel_floats(p) * 4));
    float *acc = (float *)((char *)Bp + align64((size_t)p->kc * p->nc * 4));
    float *stage = gemm_stage_floats(p) ? (float *)((char *)acc + align64((size_t)gemm_acc_floats(p) * 4)) : NULL;
    int64_t t0, t1;
    gemm_block_tiles(p, block_idx, &t0, &t1);
    for (int64_t t = t0; t < t1; t++) {
        int64_t b, m0, m1, n0, n1;
        gemm_tile_region(p, t, &b, &m0, &m1, &n0, &n1);
        run_tile(p, impl, b, m0, m1, n0, n1, Ap, Bp, acc, stage);
    }
    return GEMM_OK;
}

int gemm_run_all(const gemm_plan *p)
{
    for (int32_t i = 0; i < p->nblocks; i++) {
        int rc = gemm_run_block(p, (uint32_t)i, NULL);
        if (rc) return rc;
    }
    return GEMM_OK;
}
