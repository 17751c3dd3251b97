/* The workspace planner. Every step writes its outputs and reads its inputs; a root tensor lives
 * from its first write (graph inputs: before step 0) to its last read through itself or any
 * view of it (graph outputs: to the end). Roots are placed largest first at the lowest offset
 * where no already placed root with an overlapping lifetime sits (best-fit over the gaps). */
#include <stdlib.h>

#include "lower.h"

typedef struct live {
    int t;
    int first, last;
    uint64_t size;
    uint64_t off;
} live;

static int by_size_desc(const void *a, const void *b)
{
    const live *x = a, *y = b;
    if (x->size != y->size)
        return x->size < y->size ? 1 : -1;
    return x->t - y->t;
}

static uint64_t align_up(uint64_t v) { return (v + MDL_ALIGN - 1) / MDL_ALIGN * MDL_ALIGN; }

int mem_plan(mdl_model *m, const int *alias, uint64_t *naive)
{
    int nt = (int)m->ntensors, end = (int)m->nsteps;
    int *first = malloc(sizeof(int) * (size_t)(nt + 1)), *last = malloc(sizeof(int) * (size_t)(nt + 1));
    live *lv = malloc(sizeof(live) * (size_t)(nt + 1));
    if (!first || !last || !lv) {
        free(first);
        free(last);
        free(lv);
        return -1;
    }
    for (int i = 0; i < nt; i++) {
        first[i] = end + 1;
        last[i] = -2;
    }
    for (uint32_t i = 0; i < m->ninputs; i++) {
        int r = alias[m->inputs[i]];
        first[r] = -1;
        if (last[r] < -1)
            last[r] = -1;
    }
    for (uint32_t i = 0; i < m->noutputs; i++)
        last[alias[m->outputs[i]]] = end;
    for (int s = 0; s < end; s++) {
        const mdl_step *st = &m->steps[s];
        for (uint32_t k = 0; k < st->nin; k++)
            if (st->in[k] >= 0) {
                int r = alias[st->in[k]];
                if (last[r] < s)
                    last[r] = s;
                if (first[r] > s)
                    first[r] = s;
            }
        for (uint32_t k = 0; k < st->nout; k++) {
            int r = alias[st->out[k]];
            if (first[r] > s)
                first[r] = s;
            if (last[r] < s)
                last[r] = s;
        }
    }
    int n = 0;
    uint64_t sum = 0;
    for (int i = 0; i < nt; i++)
        if (alias[i] == i && m->tensors[i].kind == MDL_T_ACT && first[i] <= end) {
            lv[n] = (live){i, first[i], last[i] < first[i] ? first[i] : last[i], align_up(m->tensors[i].bytes), 0};
            sum += lv[n].size;
            n++;
        }
    if (n > 1)
        qsort(lv, (size_t)n, sizeof(live), by_size_desc);
    uint64_t peak = 0;
    for (int i = 0; i < n; i++) {
        uint64_t off = 0;
        /* lowest offset clear of every placed, lifetime-overlapping root: retry after each clash */
        for (int moved = 1; moved;) {
            moved = 0;
            for (int j = 0; j < i; j++) {
                if (lv[j].last < lv[i].first || lv[i].last < lv[j].first)
                    continue;
                if (off < lv[j].off + lv[j].size && lv[j].off < off + lv[i].size) {
                    off = lv[j].off + lv[j].size;
                    moved = 1;
                }
            }
        }
        lv[i].off = off;
        if (off + lv[i].size > peak)
            peak = off + lv[i].size;
        m->tensors[lv[i].t].offset = off;
    }
    for (int i = 0; i < nt; i++)
        if (alias[i] != i) {
            m->tensors[i].offset = m->tensors[alias[i]].offset;
            m->tensors[i].kind = m->tensors[alias[i]].kind;
        }
    m->workspace_bytes = peak;
    if (naive)
        *naive = sum;
    free(first);
    free(last);
    free(lv);
    return 0;
}
