/* The kernel table compiled for AVX2 + FMA + F16C. */
#pragma GCC target("avx2,fma,f16c")
#define SIMD_AVX2 1
#define KERN_TABLE_NAME vec_kernels_avx2
#define KERN_ISA VEC_ISA_AVX2
#include "kern_impl.h"
