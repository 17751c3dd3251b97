/* Vectorised runs of the quant codec's commonest cases, shared by the quant driver and the fused
 * norm + quant kernels (quant_runs.c; the same results as quant_codec.h element by element). */
#ifndef ACLEMU_QUANT_RUNS_H
#define ACLEMU_QUANT_RUNS_H

#include <stdint.h>

/* dst[i] = the INT8 code of t[i]: half to even, saturating, NaN -> 0 (quant_encode's INT8 with
 * QUANT_RINT). */
void quant_i8_rint_run(const float *t, int8_t *dst, int64_t n);

/* dst[i] = the INT8 code (half to even, saturating, NaN -> 0) of (v[i] / k or v[i] * k) [+ add],
 * each step one FP32 operation as written (dynamic quant's scale and offset fused into the run). */
void quant_i8_rint_affine_run(const float *v, int8_t *dst, int64_t n, float k, int divide, float add, int has_add);

/* The same for QUANT_RINT / QUANT_FLOOR / QUANT_CEIL / QUANT_TRUNC: quant_encode(t[i], ACL_INT8,
 * mode) for every i. */
void quant_i8_run(const float *t, int8_t *dst, int64_t n, int32_t mode);

/* v[i] = (v[i] / s[i] or v[i] * s[i]) [* s[i]] [+ o[i]] in FP32, in that order (the static quant
 * steps); o may be NULL. */
void quant_affine_run(float *v, const float *s, const float *o, int64_t n, int divide, int sqrt_mode);

/* FakeQuant in FP32 (quant_kernel.c run_fake, param_dtype FLOAT, unit-stride mask): t = v * (1 /
 * s); q = float(rint(t)) + zp (int_zp) or float(rint(t + zp)), the integer casts saturating at
 * INT32 with NaN -> 0; mask = qmin <= q <= qmax; v = (float(clamp(rint(q), lo, hi)) - zp) * s, with
 * 0 - zp for a NaN v. */
void quant_fake_run(float *v, const float *s, const float *zp, uint8_t *mask, int64_t n, int int_zp, float qmin,
                    float qmax, float lo, float hi);

/* max |v[i]| over the run, NaN if any element is NaN (the kernels' sticky-NaN amax). */
float quant_amax_run(const float *v, int64_t n);

#endif
