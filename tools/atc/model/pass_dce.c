/* Dead-node removal: a node is live when one of its outputs is a graph output or is read by a
 * live node. Walking the (topologically ordered) nodes backwards settles it in one sweep. */
#include <stdlib.h>

#include "passes.h"

int pass_dce(graph *g, int *removed)
{
    *removed = 0;
    char *needed = calloc((size_t)g->nt + 1, 1);
    if (needed == NULL)
        return -1;
    for (int i = 0; i < g->nout; i++)
        needed[g->outputs[i]] = 1;
    for (int i = g->nn - 1; i >= 0; i--) {
        g_node *n = &g->n[i];
        if (n->dead)
            continue;
        int live = 0;
        for (int k = 0; k < n->nout; k++)
            live |= n->out[k] >= 0 && needed[n->out[k]] && g->t[n->out[k]].producer == i;
        if (!live) {
            n->dead = true;
            (*removed)++;
            continue;
        }
        for (int k = 0; k < n->nin; k++)
            if (n->in[k] >= 0)
                needed[n->in[k]] = 1;
    }
    free(needed);
    return 0;
}
