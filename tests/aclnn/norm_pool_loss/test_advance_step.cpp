// aclnnAdvanceStep (lossopt helper): the vLLM step on INT64 tensors against a reference written
// here (tokens, positions, seqLens + 1, the real kernel's padding rows, slots by the documented
// formula), in place;
// the generated checks and the tiling's refusals with codes and messages; on the 310P the chip
// refusal; on the 950 a run.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_advance_step.h"

static int Stage1(DevTensor &tok, DevTensor &smp, DevTensor &pos, DevTensor &len, DevTensor &slot, DevTensor &bt,
                  int64_t ns, int64_t nq, int64_t bs, uint64_t *ws, aclOpExecutor **ex)
{
    return aclnnAdvanceStepGetWorkspaceSize(tok.t, smp.t, pos.t, len.t, slot.t, bt.t, ns, nq, bs, ws, ex);
}

static void Case(Runtime &rt, int64_t ns, int64_t nq, int64_t bs, int64_t width)
{
    Lcg rng(ns * 31 + nq);
    std::vector<double> tok((size_t)ns), smp((size_t)nq), pos((size_t)ns), len((size_t)ns), slot((size_t)ns), bt((size_t)(ns * width));
    for (auto &v : tok) v = 100 + (double)(int64_t)(rng.uniform() * 50);
    for (auto &v : smp) v = 1000 + (double)(int64_t)(rng.uniform() * 50);
    for (auto &v : pos) v = 7;
    for (auto &v : len) v = 1 + (double)(int64_t)(rng.uniform() * (double)(bs * width - 1));
    for (auto &v : slot) v = 5;
    for (auto &v : bt) v = (double)(int64_t)(rng.uniform() * 64);
    // reference
    std::vector<double> etok = tok, epos = pos, elen = len, eslot = slot;
    // the real kernel pads rows numQueries + k * cores (k = 0, 1 ...); every chip of the op has more
    // vector cores than the cases' padding rows, so only row numQueries is padded
    etok[(size_t)nq] = 0; epos[(size_t)nq] = 0; eslot[(size_t)nq] = -1;
    for (int64_t i = 0; i < nq; i++) {
        int64_t p = (int64_t)len[(size_t)i];
        etok[(size_t)i] = smp[(size_t)i];
        epos[(size_t)i] = (double)p;
        elen[(size_t)i] = (double)(p + 1);
        eslot[(size_t)i] = (double)((bt[(size_t)(p / bs)] + (double)(width * i)) * (double)bs + (double)(p % bs));
    }
    DevTensor ttok, tsmp, tpos, tlen, tslot, tbt;
    if (!ttok.Init(ACL_INT64, {ns}, tok, CONTIG) || !tsmp.Init(ACL_INT64, {nq, 1}, smp, CONTIG) ||
        !tpos.Init(ACL_INT64, {ns}, pos, CONTIG) || !tlen.Init(ACL_INT64, {ns}, len, CONTIG) ||
        !tslot.Init(ACL_INT64, {ns}, slot, CONTIG) || !tbt.Init(ACL_INT64, {ns, width}, bt, CONTIG)) {
        EXPECT(false, "tensors");
        return;
    }
    int r = Run("aclnnAdvanceStep", rt.stream,
                [&](uint64_t *ws, aclOpExecutor **e) { return Stage1(ttok, tsmp, tpos, tlen, tslot, tbt, ns, nq, bs, ws, e); },
                aclnnAdvanceStep);
    EXPECT(r == 0, "AdvanceStep %lld/%lld: run %d (%s)", (long long)ns, (long long)nq, r, aclGetRecentErrMsg());
    if (r) return;
    EXPECT(ttok.Read() == etok, "AdvanceStep %lld/%lld: inputTokens", (long long)ns, (long long)nq);
    EXPECT(tpos.Read() == epos, "AdvanceStep %lld/%lld: inputPositions", (long long)ns, (long long)nq);
    EXPECT(tlen.Read() == elen, "AdvanceStep %lld/%lld: seqLens", (long long)ns, (long long)nq);
    EXPECT(tslot.Read() == eslot, "AdvanceStep %lld/%lld: slotMapping", (long long)ns, (long long)nq);
}

static void Validation()
{
    DevTensor tok, smp, smp2, pos, len, slot, bt, tok32, tokw, strided;
    if (!tok.Init(ACL_INT64, {4}, {}, CONTIG) || !smp.Init(ACL_INT64, {2, 1}, {}, CONTIG) || !smp2.Init(ACL_INT64, {2, 2}, {}, CONTIG) ||
        !pos.Init(ACL_INT64, {4}, {}, CONTIG) || !len.Init(ACL_INT64, {4}, {}, CONTIG) || !slot.Init(ACL_INT64, {4}, {}, CONTIG) ||
        !bt.Init(ACL_INT64, {4, 3}, {}, CONTIG) || !tok32.Init(ACL_INT32, {4}, {}, CONTIG) || !tokw.Init(ACL_INT64, {5}, {}, CONTIG) ||
        !strided.Init(ACL_INT64, {4}, {}, STRIDED)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor none;
    ExpectError("null inputTokens", Stage1(none, smp, pos, len, slot, bt, 4, 2, 8, &ws, &ex), 161001, "inputTokens");
    ExpectError("null blockTables", Stage1(tok, smp, pos, len, slot, none, 4, 2, 8, &ws, &ex), 161001, "blockTables");
    ExpectError("int32 inputTokens", Stage1(tok32, smp, pos, len, slot, bt, 4, 2, 8, &ws, &ex), 161002, "inputTokens");
    ExpectError("strided seqLens", Stage1(tok, smp, pos, strided, slot, bt, 4, 2, 8, &ws, &ex), 161002, "contiguous");
    ExpectError("numSeqs 0", Stage1(tok, smp, pos, len, slot, bt, 0, 2, 8, &ws, &ex), 561002, "num_seqs");
    ExpectError("numQueries 0", Stage1(tok, smp, pos, len, slot, bt, 4, 0, 8, &ws, &ex), 561002, "num_queries");
    ExpectError("blockSize 0", Stage1(tok, smp, pos, len, slot, bt, 4, 2, 0, &ws, &ex), 561002, "block_size");
    ExpectError("numSeqs <= numQueries", Stage1(tok, smp, pos, len, slot, bt, 2, 2, 8, &ws, &ex), 561002, "smaller or equal");
    ExpectError("numSeqs too large", Stage1(tok, smp, pos, len, slot, bt, 200000000, 2, 8, &ws, &ex), 561002, "200000000");
    ExpectError("inputTokens dim", Stage1(tokw, smp, pos, len, slot, bt, 4, 2, 8, &ws, &ex), 561002, "inputTokens");
    ExpectError("slotMapping dim", Stage1(tok, smp, pos, len, tokw, bt, 4, 2, 8, &ws, &ex), 561002, "slotMapping");
    ExpectError("numQueries vs sampled", Stage1(tok, smp, pos, len, slot, bt, 4, 3, 8, &ws, &ex), 561002, "sampledTokenIds");
    ExpectError("sampled last dim", Stage1(tok, smp2, pos, len, slot, bt, 4, 2, 8, &ws, &ex), 561002, "last dim should be 1");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    if (chip && std::string(chip) == "310p") {
        DevTensor tok, smp, bt;
        if (!tok.Init(ACL_INT64, {4}, {}, CONTIG) || !smp.Init(ACL_INT64, {2, 1}, {}, CONTIG) || !bt.Init(ACL_INT64, {4, 3}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("310P", Stage1(tok, smp, tok, tok, tok, bt, 4, 2, 8, &ws, &ex), 161002, "not supported");
    } else {
        Case(rt, 8, 5, 16, 4);
        Case(rt, 2, 1, 1, 3);
        Case(rt, 7, 6, 4, 2);
        if (!chip) Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
