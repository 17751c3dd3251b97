// aclnnAdvanceStepV2 (ops-nn optim/advance_step, speculative decoding): T = specNum + 1 tokens per
// sequence, checked against a reference written here from the op's formulas (positions +
// acceptedNum + 1, seqLens = positions + 1, slots through the flat blockTables, the token before
// the first -1 of each sampled row, then the spec tokens); without specToken / acceptedNum (absent
// or empty) the legacy step of aclnnAdvanceStep; the generated checks and the tiling's refusals with
// codes and messages; on the 310P the chip refusal; on the 950 the runs.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_advance_step_v2.h"

struct Spec {
    int64_t ns, specNum, bs, width;
    std::vector<double> tok, smp, pos, len, slot, bt, spt, acc;
};

static int Stage1(const aclTensor *tok, const aclTensor *smp, const aclTensor *pos, const aclTensor *len,
                  const aclTensor *slot, const aclTensor *bt, const aclTensor *spt, const aclTensor *acc, int64_t ns,
                  int64_t nq, int64_t bs, uint64_t *ws, aclOpExecutor **ex)
{
    return aclnnAdvanceStepV2GetWorkspaceSize(tok, smp, pos, len, slot, bt, spt, acc, ns, nq, bs, ws, ex);
}

// The reference: first minimum of the sampled row (as FP32) extended by -1; the token before it.
static double LastToken(const std::vector<double> &smp, int64_t s, int64_t T)
{
    int64_t m = 0;
    float mv = (float)(int64_t)smp[(size_t)(s * T)];
    for (int64_t j = 1; j <= T; j++) {
        float v = j < T ? (float)(int64_t)smp[(size_t)(s * T + j)] : -1.0f;
        if (v < mv) { m = j; mv = v; }
    }
    return smp[(size_t)(s * T + (m == 0 ? T - 1 : m - 1))];
}

static void SpecCase(int64_t ns, int64_t specNum, int64_t bs, int64_t width, int64_t nq, uint64_t seed)
{
    const int64_t T = specNum + 1;
    Lcg rng(seed);
    auto rnd = [&](int64_t n) { return (double)(int64_t)(rng.uniform() * (double)n); };
    std::vector<double> tok((size_t)(ns * T)), smp((size_t)(ns * T)), pos((size_t)(ns * T)), len((size_t)(ns * T)),
        slot((size_t)(ns * T)), bt((size_t)(ns * width)), spt((size_t)(ns * specNum)), acc((size_t)ns);
    for (auto &v : tok) v = 100 + rnd(50);
    for (auto &v : len) v = 3 + rnd(9);
    for (auto &v : slot) v = -5;
    for (auto &v : bt) v = rnd(1000);
    for (auto &v : spt) v = 5000 + rnd(500);
    for (int64_t s = 0; s < ns; s++) {
        acc[(size_t)s] = rnd(T);
        int64_t base = (int64_t)rnd(bs * width - 2 * T - 2);
        for (int64_t j = 0; j < T; j++) pos[(size_t)(s * T + j)] = (double)(base + j);
        // sampled rows: ids, then -1 from a random column (none in some rows)
        int64_t cut = (int64_t)rnd(T + 1);
        if (cut == 0 && s % 3) cut = 1;
        for (int64_t j = 0; j < T; j++) smp[(size_t)(s * T + j)] = j < cut ? 2000 + rnd(100) : -1;
    }
    // a few rows the kernel's FP32 argmin decides: below -1, and ids that FP32 cannot tell apart
    if (ns > 2 && T >= 3) {
        smp[(size_t)(1 * T + 0)] = 7; smp[(size_t)(1 * T + 1)] = -16777216; smp[(size_t)(1 * T + 2)] = -16777217;
        smp[(size_t)(2 * T + 0)] = -1; // row starts with -1: the row's last element
    }
    // reference
    std::vector<double> etok = tok, epos = pos, elen = len, eslot = slot;
    for (int64_t s = 0; s < ns; s++) {
        for (int64_t j = 0; j < T; j++) {
            size_t e = (size_t)(s * T + j);
            int64_t p = (int64_t)pos[e] + (int64_t)acc[(size_t)s] + 1;
            epos[e] = (double)p;
            elen[e] = (double)(p + 1);
            eslot[e] = bt[(size_t)(s * width + p / bs)] * (double)bs + (double)(p % bs);
        }
        etok[(size_t)(s * T)] = LastToken(smp, s, T);
        for (int64_t k = 0; k < specNum; k++) etok[(size_t)(s * T + 1 + k)] = spt[(size_t)(s * specNum + k)];
    }
    DevTensor ttok, tsmp, tpos, tlen, tslot, tbt, tspt, tacc;
    if (!ttok.Init(ACL_INT64, {ns * T}, tok, CONTIG) || !tsmp.Init(ACL_INT64, {ns, T}, smp, CONTIG) ||
        !tpos.Init(ACL_INT64, {ns * T}, pos, CONTIG) || !tlen.Init(ACL_INT64, {ns * T}, len, CONTIG) ||
        !tslot.Init(ACL_INT64, {ns * T}, slot, CONTIG) || !tbt.Init(ACL_INT64, {ns, width}, bt, CONTIG) ||
        !tspt.Init(ACL_INT64, {ns, specNum}, spt, CONTIG) || !tacc.Init(ACL_INT64, {ns}, acc, CONTIG)) {
        EXPECT(false, "tensors");
        return;
    }
    extern aclrtStream g_stream;
    int r = Run("aclnnAdvanceStepV2", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return Stage1(ttok.t, tsmp.t, tpos.t, tlen.t, tslot.t, tbt.t, tspt.t, tacc.t, ns, nq, bs, ws, e);
                },
                aclnnAdvanceStepV2);
    EXPECT(r == 0, "V2 %lld x %lld: run %d (%s)", (long long)ns, (long long)T, r, aclGetRecentErrMsg());
    if (r) return;
    auto diff = [](const std::vector<double> &a, const std::vector<double> &b) {
        size_t n = 0;
        for (size_t i = 0; i < a.size(); i++) n += a[i] != b[i];
        return n;
    };
    size_t d;
    EXPECT((d = diff(ttok.Read(), etok)) == 0, "V2 %lld x %lld: inputTokens %zu wrong", (long long)ns, (long long)T, d);
    EXPECT((d = diff(tpos.Read(), epos)) == 0, "V2 %lld x %lld: inputPositions %zu wrong", (long long)ns, (long long)T, d);
    EXPECT((d = diff(tlen.Read(), elen)) == 0, "V2 %lld x %lld: seqLens %zu wrong", (long long)ns, (long long)T, d);
    EXPECT((d = diff(tslot.Read(), eslot)) == 0, "V2 %lld x %lld: slotMapping %zu wrong", (long long)ns, (long long)T, d);
    EXPECT(tsmp.Read() == smp && tbt.Read() == bt && tspt.Read() == spt && tacc.Read() == acc,
           "V2 %lld x %lld: an input changed", (long long)ns, (long long)T);
}

aclrtStream g_stream;

// Without (usable) specToken / acceptedNum: the legacy step (numSeqs > numQueries, one token each).
static void LegacyCase(bool emptySpec)
{
    const int64_t ns = 6, nq = 4, bs = 4, width = 3;
    std::vector<double> tok = {1, 2, 3, 4, 5, 6}, smp = {11, 12, 13, 14}, pos(6, 9), len = {1, 5, 9, 2, 3, 4},
                        slot(6, 8), bt;
    for (int64_t i = 0; i < ns * width; i++) bt.push_back((double)(3 * i + 1));
    std::vector<double> etok = tok, epos = pos, elen = len, eslot = slot;
    etok[4] = 0; epos[4] = 0; eslot[4] = -1; // padding row numQueries (more cores than padding rows)
    for (int64_t i = 0; i < nq; i++) {
        int64_t p = (int64_t)len[(size_t)i];
        etok[(size_t)i] = smp[(size_t)i];
        epos[(size_t)i] = (double)p;
        elen[(size_t)i] = (double)(p + 1);
        eslot[(size_t)i] = (bt[(size_t)(p / bs)] + (double)(width * i)) * (double)bs + (double)(p % bs);
    }
    DevTensor ttok, tsmp, tpos, tlen, tslot, tbt, tspt, tacc;
    if (!ttok.Init(ACL_INT64, {ns}, tok, CONTIG) || !tsmp.Init(ACL_INT64, {nq, 1}, smp, CONTIG) ||
        !tpos.Init(ACL_INT64, {ns}, pos, CONTIG) || !tlen.Init(ACL_INT64, {ns}, len, CONTIG) ||
        !tslot.Init(ACL_INT64, {ns}, slot, CONTIG) || !tbt.Init(ACL_INT64, {ns, width}, bt, CONTIG) ||
        !tspt.Init(ACL_INT64, {ns, 0}, {}, CONTIG) || !tacc.Init(ACL_INT64, {ns}, {0, 0, 0, 0, 0, 0}, CONTIG)) {
        EXPECT(false, "legacy tensors");
        return;
    }
    int r = Run("aclnnAdvanceStepV2", g_stream,
                [&](uint64_t *ws, aclOpExecutor **e) {
                    return Stage1(ttok.t, tsmp.t, tpos.t, tlen.t, tslot.t, tbt.t, emptySpec ? tspt.t : nullptr,
                                  emptySpec ? tacc.t : nullptr, ns, nq, bs, ws, e);
                },
                aclnnAdvanceStepV2);
    EXPECT(r == 0, "V2 legacy: run %d (%s)", r, aclGetRecentErrMsg());
    if (r) return;
    EXPECT(ttok.Read() == etok, "V2 legacy (%s): inputTokens", emptySpec ? "empty" : "absent");
    EXPECT(tpos.Read() == epos, "V2 legacy (%s): inputPositions", emptySpec ? "empty" : "absent");
    EXPECT(tlen.Read() == elen, "V2 legacy (%s): seqLens", emptySpec ? "empty" : "absent");
    EXPECT(tslot.Read() == eslot, "V2 legacy (%s): slotMapping", emptySpec ? "empty" : "absent");
}

static void Validation()
{
    // numSeqs 4, specNum 2 (T 3)
    DevTensor tok, smp, pos, len, slot, bt, spt, acc;
    DevTensor tok32, spt32, acc32, sptStrided, sptRows, sptRank, acc2d, tokLong, tok2d, smpBad, posBad, lenBad,
        slotBad, bt1d, btRows, smpLegacy;
    DevTensor bigTok, bigSmp, bigPos, bigLen, bigSlot, bigBt, bigSpt, bigAcc;
    if (!tok.Init(ACL_INT64, {12}, {}, CONTIG) || !smp.Init(ACL_INT64, {4, 3}, {}, CONTIG) ||
        !pos.Init(ACL_INT64, {12}, {}, CONTIG) || !len.Init(ACL_INT64, {12}, {}, CONTIG) ||
        !slot.Init(ACL_INT64, {12}, {}, CONTIG) || !bt.Init(ACL_INT64, {4, 5}, {}, CONTIG) ||
        !spt.Init(ACL_INT64, {4, 2}, {}, CONTIG) || !acc.Init(ACL_INT64, {4}, {}, CONTIG) ||
        !tok32.Init(ACL_INT32, {12}, {}, CONTIG) || !spt32.Init(ACL_INT32, {4, 2}, {}, CONTIG) ||
        !acc32.Init(ACL_FLOAT, {4}, {}, CONTIG) || !sptStrided.Init(ACL_INT64, {4, 2}, {}, STRIDED) ||
        !sptRows.Init(ACL_INT64, {5, 2}, {}, CONTIG) || !sptRank.Init(ACL_INT64, {8}, {}, CONTIG) ||
        !acc2d.Init(ACL_INT64, {4, 1}, {}, CONTIG) || !tokLong.Init(ACL_INT64, {13}, {}, CONTIG) ||
        !tok2d.Init(ACL_INT64, {4, 3}, {}, CONTIG) || !smpBad.Init(ACL_INT64, {4, 2}, {}, CONTIG) ||
        !posBad.Init(ACL_INT64, {4, 3}, {}, CONTIG) || !lenBad.Init(ACL_INT64, {11}, {}, CONTIG) ||
        !slotBad.Init(ACL_INT64, {13}, {}, CONTIG) || !bt1d.Init(ACL_INT64, {20}, {}, CONTIG) ||
        !btRows.Init(ACL_INT64, {3, 5}, {}, CONTIG) || !smpLegacy.Init(ACL_INT64, {2, 1}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const aclTensor *N = nullptr;
    ExpectError("null inputTokens", Stage1(N, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 161001, "inputTokens");
    ExpectError("null sampledTokenIds", Stage1(tok.t, N, pos.t, len.t, slot.t, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 161001, "sampledTokenIds");
    ExpectError("null blockTables", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, N, spt.t, acc.t, 4, 4, 8, &ws, &ex), 161001, "blockTables");
    // null before dtype
    ExpectError("null + int32", Stage1(tok32.t, smp.t, pos.t, len.t, N, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 161001, "slotMapping");
    ExpectError("int32 inputTokens", Stage1(tok32.t, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 161002, "inputTokens");
    ExpectError("int32 specToken", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, spt32.t, acc.t, 4, 4, 8, &ws, &ex), 161002, "specToken");
    ExpectError("float acceptedNum", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, acc32.t, 4, 4, 8, &ws, &ex), 161002, "acceptedNum");
    // dtype before shape
    ExpectError("int32 specToken + bad shape", Stage1(tokLong.t, smp.t, pos.t, len.t, slot.t, bt.t, spt32.t, acc.t, 4, 4, 8, &ws, &ex), 161002, "specToken");
    ExpectError("strided specToken", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, sptStrided.t, acc.t, 4, 4, 8, &ws, &ex), 161002, "contiguous");
    ExpectError("numSeqs 0", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, acc.t, 0, 4, 8, &ws, &ex), 561002, "num_seqs");
    ExpectError("numQueries 0", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, acc.t, 4, 0, 8, &ws, &ex), 561002, "num_queries");
    ExpectError("blockSize 0", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, acc.t, 4, 4, 0, &ws, &ex), 561002, "block_size");
    ExpectError("specToken rows", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, sptRows.t, acc.t, 4, 4, 8, &ws, &ex), 561002, "specToken shape is not [num_seqs, spec_num].");
    ExpectError("specToken rank", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, sptRank.t, acc.t, 4, 4, 8, &ws, &ex), 561002, "specToken shape");
    // checked even when acceptedNum is absent (before the legacy policy is chosen)
    ExpectError("specToken rows, no acceptedNum", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, sptRows.t, N, 4, 4, 8, &ws, &ex), 561002, "specToken shape");
    ExpectError("acceptedNum 2-D", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, acc2d.t, 4, 4, 8, &ws, &ex), 561002, "acceptedNum shape is not [num_seqs, ].");
    ExpectError("inputTokens length", Stage1(tokLong.t, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 561002, "inputTokens shape is not [num_seqs * (1 + spec_num),].");
    ExpectError("inputTokens 2-D", Stage1(tok2d.t, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 561002, "inputTokens shape");
    ExpectError("sampledTokenIds dim 1", Stage1(tok.t, smpBad.t, pos.t, len.t, slot.t, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 561002, "sampledTokenIds shape is not [num_seqs, (1 + spec_num)].");
    ExpectError("inputPositions 2-D", Stage1(tok.t, smp.t, posBad.t, len.t, slot.t, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 561002, "inputPosisiongs shape");
    ExpectError("seqLens length", Stage1(tok.t, smp.t, pos.t, lenBad.t, slot.t, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 561002, "seqLens shape");
    ExpectError("slotMapping length", Stage1(tok.t, smp.t, pos.t, len.t, slotBad.t, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 561002, "slotMapping shape");
    ExpectError("blockTables 1-D", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt1d.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 561002, "blockTables shape 1st dim is not num_seqs.");
    ExpectError("blockTables rows", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, btRows.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 561002, "blockTables shape");
    // the speculative policy ignores numQueries (equal, smaller or larger than numSeqs)
    for (int64_t nq : {1, 4, 9}) {
        aclOpExecutor *e = nullptr;
        int r = Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, acc.t, 4, nq, 8, &ws, &e);
        EXPECT(r == 0, "numQueries %lld: %d (%s)", (long long)nq, r, aclGetRecentErrMsg());
        if (r == 0) aclDestroyAclOpExecutor(e);
    }
    // without acceptedNum: the legacy tiling's refusals
    ExpectError("legacy numSeqs <= numQueries", Stage1(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, spt.t, N, 4, 4, 8, &ws, &ex), 561002, "smaller or equal");
    ExpectError("legacy inputTokens dim", Stage1(tok.t, smpLegacy.t, pos.t, len.t, slot.t, bt.t, N, N, 4, 2, 8, &ws, &ex), 561002, "inputTokens");
    // a row too long for the unified buffer (A2: 192 KiB)
    const int64_t big = 6000;
    if (!bigTok.Init(ACL_INT64, {big + 1}, {}, CONTIG) || !bigSmp.Init(ACL_INT64, {1, big + 1}, {}, CONTIG) ||
        !bigPos.Init(ACL_INT64, {big + 1}, {}, CONTIG) || !bigLen.Init(ACL_INT64, {big + 1}, {}, CONTIG) ||
        !bigSlot.Init(ACL_INT64, {big + 1}, {}, CONTIG) || !bigBt.Init(ACL_INT64, {1, 4}, {}, CONTIG) ||
        !bigSpt.Init(ACL_INT64, {1, big}, {}, CONTIG) || !bigAcc.Init(ACL_INT64, {1}, {}, CONTIG)) {
        EXPECT(false, "big tensors");
        return;
    }
    ExpectError("specNum too large", Stage1(bigTok.t, bigSmp.t, bigPos.t, bigLen.t, bigSlot.t, bigBt.t, bigSpt.t, bigAcc.t, 1, 1, 8, &ws, &ex), 561002, "Invalid ubRequired");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip && std::string(chip) == "310p") {
        DevTensor tok, smp, bt, spt, acc;
        if (!tok.Init(ACL_INT64, {8}, {}, CONTIG) || !smp.Init(ACL_INT64, {4, 2}, {}, CONTIG) ||
            !bt.Init(ACL_INT64, {4, 3}, {}, CONTIG) || !spt.Init(ACL_INT64, {4, 1}, {}, CONTIG) || !acc.Init(ACL_INT64, {4}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("310P", Stage1(tok.t, smp.t, tok.t, tok.t, tok.t, bt.t, spt.t, acc.t, 4, 4, 8, &ws, &ex), 161002, "not supported");
    } else {
        SpecCase(8, 1, 8, 16, 8, 1);       // the example's T = 2
        SpecCase(5, 3, 4, 12, 2, 2);       // T = 4
        SpecCase(7, 4, 16, 6, 7, 3);       // T = 5 (rows not a multiple of 32 bytes)
        SpecCase(1, 2, 1, 40, 1, 4);       // one sequence, blockSize 1
        SpecCase(1000, 3, 16, 8, 1000, 5); // every core, several sequences each
        LegacyCase(false);
        LegacyCase(true);
        if (!chip) Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
