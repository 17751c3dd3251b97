#include "kernels.h"

const vec_kernels *vec_kernels_get(void)
{
    switch (vec_isa_current()) {
    case VEC_ISA_AVX512: return &vec_kernels_avx512;
    case VEC_ISA_AVX2: return &vec_kernels_avx2;
    default: return &vec_kernels_scalar;
    }
}
