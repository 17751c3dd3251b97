/* AdvanceStep, the two policies of the real kernel.
 * Legacy, the real legacy kernel's arithmetic: the padding rows numQueries + i for i = 0,
 * cores, 2 cores ... below numSeqs - numQueries get token 0, position 0, slot -1; then each query
 * i < min(numQueries, cores) (the real kernel's loop runs over its core count): token = sampled[i],
 * pos = seqLens[i], seqLens[i] + 1, position = pos, slot = (blockTables_flat[pos / blockSize] +
 * stride * i) * blockSize + pos % blockSize (as documented; a flat index past blockTables leaves the
 * slot alone here).
 * Speculative (T = specNum + 1 tokens for each sequence s, element e = s * T + j), in the real
 * kernel's INT32 arithmetic (its Casts from INT64 keep the low 32 bits here, its sums wrap): pos =
 * inputPositions[e] + acceptedNum[s] + 1, inputPositions[e] = pos, seqLens[e] = pos + 1 (the old
 * seqLens are not read); slotMapping[e] = INT32(blockTables_flat[s * stride + pos / blockSize]) *
 * blockSize + pos % blockSize; inputTokens[s * T] = the last accepted token, sampledTokenIds[s][m -
 * 1] with m the first minimum of row s (as FP32, RINT) extended by -1, i.e. the token before the
 * first -1; inputTokens[s * T + 1 + k] = specToken[s][k]. Where the sources are silent: m == 0 (the
 * row starts with a value <= -1, where the real kernel reads before the row) takes the row's last
 * element, as the op's test reference (argmin - 1 as a Python index) does; a flat blockTables index
 * outside the table, or a blockSize whose INT32 is 0, leaves the slot alone. */
#include "advance_step_args.h"
#include "nn_kernel.h"

static int32_t i32(int64_t v) { return (int32_t)(uint32_t)(uint64_t)v; }

static void spec_step(const advance_step_args *a, const aclemu_block *blk)
{
    int64_t *tok = (int64_t *)nn_ptr(&a->tokens), *pos = (int64_t *)nn_ptr(&a->positions),
            *len = (int64_t *)nn_ptr(&a->seq_lens), *slot = (int64_t *)nn_ptr(&a->slots);
    const int64_t *smp = (const int64_t *)nn_ptr(&a->sampled), *bt = (const int64_t *)nn_ptr(&a->tables),
                  *spt = (const int64_t *)nn_ptr(&a->spec_token), *acc = (const int64_t *)nn_ptr(&a->accepted);
    const int64_t T = a->spec_num + 1;
    const int32_t bs = i32(a->block_size);
    int64_t s0, s1;
    nn_block_items(a->num_seqs, a->per_core, blk, &s0, &s1);
    for (int64_t s = s0; s < s1; s++) {
        const int64_t e0 = s * T;
        const uint32_t add = (uint32_t)i32(acc[s]) + 1u;
        for (int64_t j = 0; j < T; j++) {
            int32_t p = (int32_t)((uint32_t)i32(pos[e0 + j]) + add);
            pos[e0 + j] = p;
            len[e0 + j] = (int32_t)((uint32_t)p + 1u);
            if (bs == 0)
                continue;
            int64_t flat = s * a->stride + (int32_t)((int64_t)p / bs);
            if (flat < 0 || flat >= a->tables_numel)
                continue;
            slot[e0 + j] = (int32_t)((uint32_t)i32(bt[flat]) * (uint32_t)bs + (uint32_t)(int32_t)((int64_t)p % bs));
        }
        const int64_t *row = smp + e0;
        int64_t m = 0; /* first minimum of the row extended by -1 */
        float mv = (float)row[0];
        for (int64_t j = 1; j <= T; j++) {
            float v = j < T ? (float)row[j] : -1.0f;
            if (v < mv) {
                m = j;
                mv = v;
            }
        }
        tok[e0] = row[m == 0 ? T - 1 : m - 1];
        for (int64_t k = 0; k < a->spec_num; k++)
            tok[e0 + 1 + k] = spt[s * a->spec_num + k];
    }
}

static int advance_step_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(advance_step_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const advance_step_args *a = (const advance_step_args *)args;
    if (a->spec) {
        spec_step(a, blk);
        return 0;
    }
    int64_t *tok = (int64_t *)nn_ptr(&a->tokens), *pos = (int64_t *)nn_ptr(&a->positions),
            *len = (int64_t *)nn_ptr(&a->seq_lens), *slot = (int64_t *)nn_ptr(&a->slots);
    const int64_t *smp = (const int64_t *)nn_ptr(&a->sampled), *bt = (const int64_t *)nn_ptr(&a->tables);
    int64_t n_pad = a->num_seqs - a->num_queries;
    for (int64_t i = 0; i < n_pad; i += a->cores) {
        tok[a->num_queries + i] = 0;
        pos[a->num_queries + i] = 0;
        slot[a->num_queries + i] = -1;
    }
    int64_t n = a->num_queries < a->cores ? a->num_queries : a->cores;
    for (int64_t i = 0; i < n; i++) {
        tok[i] = smp[i];
        int64_t p = len[i];
        len[i] = p + 1;
        pos[i] = p;
        int64_t bi = p / a->block_size;
        if (bi < 0 || bi >= a->tables_numel)
            continue;
        slot[i] = (bt[bi] + a->stride * i) * a->block_size + p % a->block_size;
    }
    return 0;
}

ACLEMU_KERNEL("AdvanceStep", advance_step_kernel);
