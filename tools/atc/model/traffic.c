/* The fusion figure's measure: bytes of intermediate tensors the steps write and read (every
 * activation a step touches, except reads of the model's inputs and writes of its outputs, which
 * any schedule must do). A fused kernel keeps its pattern's intermediates in registers, so the
 * difference with fusion off is what fusion saves in memory traffic. */
#include "traffic.h"

static int listed(const uint32_t *v, uint32_t n, int32_t t)
{
    for (uint32_t i = 0; i < n; i++)
        if ((int32_t)v[i] == t)
            return 1;
    return 0;
}

void model_traffic(const mdl_model *m, uint64_t *written, uint64_t *read)
{
    *written = *read = 0;
    for (uint32_t s = 0; s < m->nsteps; s++) {
        const mdl_step *st = &m->steps[s];
        for (uint32_t k = 0; k < st->nin; k++) {
            int32_t t = st->in[k];
            if (t >= 0 && m->tensors[t].kind == MDL_T_ACT && !listed(m->inputs, m->ninputs, t))
                *read += m->tensors[t].bytes;
        }
        for (uint32_t k = 0; k < st->nout; k++) {
            int32_t t = st->out[k];
            if (t >= 0 && m->tensors[t].kind == MDL_T_ACT && !listed(m->outputs, m->noutputs, t))
                *written += m->tensors[t].bytes;
        }
    }
}
