/* The kernel table compiled for AVX-512 (functions carry the target through
 * the pragma; nothing here runs unless vec_isa_current() chose AVX-512). */
#pragma GCC target("avx512f,avx512bw,avx512dq,avx512vl,fma,f16c,avx2")
#define SIMD_AVX512 1
#define KERN_TABLE_NAME vec_kernels_avx512
#define KERN_ISA VEC_ISA_AVX512
#include "kern_impl.h"
