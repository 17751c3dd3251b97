/* AdvanceStep, the real legacy kernel's arithmetic: the padding rows numQueries + i for i = 0,
 * cores, 2 cores ... below numSeqs - numQueries get token 0, position 0, slot -1; then each query
 * i < min(numQueries, cores) (the real kernel's loop runs over its core count): token = sampled[i],
 * pos = seqLens[i], seqLens[i] + 1, position = pos, slot = (blockTables_flat[pos / blockSize] +
 * stride * i) * blockSize + pos % blockSize (as documented; a flat index past blockTables leaves the
 * slot alone here). */
#include "advance_step_args.h"
#include "nn_kernel.h"

static int advance_step_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    (void)blk;
    if (size < sizeof(advance_step_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const advance_step_args *a = (const advance_step_args *)args;
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
