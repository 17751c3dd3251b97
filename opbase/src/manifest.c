/* Launch manifests for the device-memory checker: view spans and names (see manifest.h). */
#include "manifest.h"

#include <stdio.h>

#include "aclemu_op/dtype.h"

int aclemu_mc_on(void)
{
    static int on = -1; /* the environment does not change: a benign race to the same value */
    int v = __atomic_load_n(&on, __ATOMIC_RELAXED);
    if (v < 0) {
        v = drv_memcheck_enabled();
        __atomic_store_n(&on, v, __ATOMIC_RELAXED);
    }
    return v;
}

int aclemu_mc_span(const aclTensor *t, int64_t *lo, uint64_t *extent, int *sparse)
{
    uint64_t bits = (uint64_t)aclemu_dtype_bits(t->dtype);
    int64_t numel = aclemu_tensor_numel(t);
    if (bits == 0 || numel <= 0)
        return -1;
    int64_t first, last; /* elements */
    if (aclemu_format_is_private(t->format)) {
        /* private layouts: the whole storage shape from the base */
        int64_t storage = 1;
        for (uint32_t i = 0; i < t->storage_ndim; i++)
            storage *= t->storage_shape[i];
        first = 0;
        last = storage - 1;
        *sparse = 0;
    } else {
        first = last = t->offset;
        for (uint32_t i = 0; i < t->ndim; i++) {
            int64_t span = t->stride[i] * (t->shape[i] - 1);
            if (span > 0)
                last += span;
            else
                first += span;
        }
        *sparse = last - first + 1 > numel;
    }
    if (last < first)
        return -1;
    int64_t b0 = first * (int64_t)bits / 8;
    int64_t b1 = ((last + 1) * (int64_t)bits + 7) / 8;
    *lo = b0;
    *extent = (uint64_t)(b1 - b0);
    return 0;
}

void aclemu_mc_name(char *buf, size_t len, const char *param, int in_list, unsigned rel)
{
    if (!param)
        param = "tensor";
    if (in_list)
        snprintf(buf, len, "%s[%u]", param, rel);
    else
        snprintf(buf, len, "%s", param);
}
