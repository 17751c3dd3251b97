/* Gathering a tensor argument for a single-operator dump (exec_dump.h). */
#include <stdlib.h>
#include <string.h>

#include "aclemu_op/dtype.h"
#include "exec_dump.h"

int exec_dump_gather(const aclTensor *t, void *base, aclemu_dump_tensor *d, void **buf)
{
    memset(d, 0, sizeof(*d));
    *buf = NULL;
    d->dtype = t->dtype;
    d->format = t->format;
    d->ndims = t->ndim < ACLEMU_OPDUMP_RANK ? t->ndim : ACLEMU_OPDUMP_RANK;
    d->dims = t->shape;
    int64_t numel = 1, extent = 0; /* extent: elements from the first to the last of the view */
    for (uint32_t i = 0; i < t->ndim; i++) {
        numel *= t->shape[i];
        if (t->shape[i] > 1)
            extent += (t->shape[i] - 1) * t->stride[i];
    }
    unsigned bits = aclemu_dtype_bits(t->dtype);
    if (numel <= 0 || bits == 0 || base == NULL)
        return 0;
    const char *first = (const char *)base + t->offset * (int64_t)bits / 8;
    d->address = (uint64_t)(uintptr_t)first;
    if (bits < 8) { /* packed: the view's bytes as they lie */
        d->size = (uint64_t)((numel * bits + 7) / 8);
        const void *h = aclemu_host_view(first, (size_t)d->size);
        if (h == NULL || (*buf = malloc((size_t)d->size)) == NULL)
            return -1;
        memcpy(*buf, h, (size_t)d->size);
        d->bytes = *buf;
        return 0;
    }
    size_t es = bits / 8;
    d->size = (uint64_t)numel * es;
    const char *h = aclemu_host_view(first, (size_t)(extent + 1) * es);
    char *out = h ? malloc((size_t)d->size) : NULL;
    if (out == NULL)
        return -1;
    int64_t idx[ACLEMU_MAX_RANK] = {0};
    int r = (int)t->ndim;
    for (int64_t e = 0; e < numel; e++) { /* row-major walk of the view */
        int64_t off = 0;
        for (int i = 0; i < r; i++)
            off += idx[i] * t->stride[i];
        memcpy(out + e * (int64_t)es, h + off * (int64_t)es, es);
        for (int i = r - 1; i >= 0 && ++idx[i] == t->shape[i]; i--)
            idx[i] = 0;
    }
    *buf = out;
    d->bytes = out;
    return 0;
}
