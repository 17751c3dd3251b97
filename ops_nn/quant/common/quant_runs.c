/* Vectorised runs of the quant codec (quant_runs.h): ISA clones of loops GCC vectorises. Each
 * round mode has its own loop so that the mode switch is outside the vector body. */
#include <math.h>

#include "aclemu_op/kernel_util.h"
#include "quant_args.h"
#include "quant_runs.h"

/* r already rounded: saturated to [-128, 127], NaN -> 0 (quant_to_int's order of checks) */
static inline int8_t sat_i8(float r)
{
    r = r < -128.0f ? -128.0f : r > 127.0f ? 127.0f : r;
    return r == r ? (int8_t)r : 0;
}

/* the AVX2 clone rounds with vroundps (the default FP environment: half to even) */
ACLEMU_ISA_CLONES
void quant_i8_rint_run(const float *t, int8_t *dst, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        dst[i] = sat_i8(nearbyintf(t[i]));
}

ACLEMU_ISA_CLONES
static void i8_floor_run(const float *t, int8_t *dst, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        dst[i] = sat_i8(floorf(t[i]));
}

ACLEMU_ISA_CLONES
static void i8_ceil_run(const float *t, int8_t *dst, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        dst[i] = sat_i8(ceilf(t[i]));
}

ACLEMU_ISA_CLONES
static void i8_trunc_run(const float *t, int8_t *dst, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        dst[i] = sat_i8(truncf(t[i]));
}

void quant_i8_run(const float *t, int8_t *dst, int64_t n, int32_t mode)
{
    switch (mode) {
    case QUANT_FLOOR: i8_floor_run(t, dst, n); return;
    case QUANT_CEIL: i8_ceil_run(t, dst, n); return;
    case QUANT_TRUNC: i8_trunc_run(t, dst, n); return;
    default: quant_i8_rint_run(t, dst, n); return;
    }
}

ACLEMU_ISA_CLONES
void quant_affine_run(float *v, const float *s, const float *o, int64_t n, int divide, int sqrt_mode)
{
    if (divide)
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] / s[i];
    else
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] * s[i];
    if (sqrt_mode)
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] * s[i];
    if (o)
        for (int64_t i = 0; i < n; i++)
            v[i] = v[i] + o[i];
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
