/* Instruction-set selection for the vector kernels.
 * The level is picked once from the CPU (__builtin_cpu_supports) and can be
 * forced with the environment variable ACLEMU_ISA=avx512|avx2|scalar or, in
 * tests, with vec_isa_force(). A forced level above what the CPU has is
 * clamped down so a kernel never faults. */
#ifndef ACLEMU_VEC_ISA_H
#define ACLEMU_VEC_ISA_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum vec_isa {
    VEC_ISA_SCALAR = 0,
    VEC_ISA_AVX2 = 1,   /* AVX2 + FMA + F16C */
    VEC_ISA_AVX512 = 2, /* AVX-512 F/BW/DQ/VL */
} vec_isa;

/* Best level this CPU can run. */
vec_isa vec_isa_detect(void);
/* Level in use (env override applied, clamped to vec_isa_detect()). */
vec_isa vec_isa_current(void);
/* Force a level (clamped); returns the level actually set. Thread-safe,
 * meant for tests and benchmarks. */
vec_isa vec_isa_force(vec_isa isa);
const char *vec_isa_name(vec_isa isa);

#ifdef __cplusplus
}
#endif
#endif
