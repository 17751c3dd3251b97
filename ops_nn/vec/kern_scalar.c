/* The kernel table for CPUs without AVX2 (baseline x86-64 code). */
#define SIMD_SCALAR 1
#define KERN_TABLE_NAME vec_kernels_scalar
#define KERN_ISA VEC_ISA_SCALAR
#include "kern_impl.h"
