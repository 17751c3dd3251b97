/* FRACTAL_NZ weights (the ...WeightNz APIs, aclnnTransMatmulWeight). A (K, N) matrix in NZ is
 * stored as [N1, K1, 16, N0] with N0 = 32 bytes / element size (16 for FP16/BF16, 8 for FP32):
 * element (k, n) sits at ((n / N0) * K1 * 16 + k) * N0 + n % N0 — rows are a plain stride N0 and
 * columns a split index, so the GEMM engine reads NZ in place. */
#ifndef ACLEMU_WEIGHT_NZ_H
#define ACLEMU_WEIGHT_NZ_H

#include "cube.h"

/* Chips with weight-NZ matmul: A2/A3/950 (and 310P, NpuArch 2002). */
#define NZ_SOCS                                                                                               \
    (CUBE_SOC(ACLEMU_FAMILY_A2) | CUBE_SOC(ACLEMU_FAMILY_A3) | CUBE_SOC(ACLEMU_FAMILY_950) |                  \
     CUBE_SOC(ACLEMU_FAMILY_310P))

static inline int64_t weight_nz_n0(aclDataType dt) { return dt == ACL_FLOAT ? 8 : 16; }

/* Checks mat2 (view (K, N), format FRACTAL_NZ, 4-D storage) and fills its view for slot. */
aclnnStatus weight_nz_view(const char *api, gemm_view *v, int slot, const aclTensor *mat2);

/* Same for batched weights: view (B, K, N), storage [B, N1, K1, 16, N0]. */
aclnnStatus weight_nz_view_batched(const char *api, gemm_view *v, int slot, const aclTensor *mat2, int nb);

#endif
