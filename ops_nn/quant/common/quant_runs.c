/* Vectorised runs of the quant codec (quant_runs.h): ISA clones of loops GCC vectorises. */
#include <math.h>

#include "aclemu_op/kernel_util.h"
#include "quant_runs.h"

/* the AVX2 clone rounds with vroundps (the default FP environment: half to even) */
ACLEMU_ISA_CLONES
void quant_i8_rint_run(const float *t, int8_t *dst, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        float r = nearbyintf(t[i]);
        r = r < -128.0f ? -128.0f : r > 127.0f ? 127.0f : r;
        dst[i] = r == r ? (int8_t)r : 0;
    }
}

ACLEMU_ISA_CLONES
float quant_amax_run(const float *v, int64_t n)
{
    float amax = 0.0f;
    int nan = 0;
    for (int64_t i = 0; i < n; i++) {
        float m = fabsf(v[i]);
        nan |= m != m;
        amax = m > amax ? m : amax;
    }
    return nan ? NAN : amax;
}
