/* Pieces of the QuantGemm kernel shared by its files: the packed layouts and the microkernels.
 * Products are exact: INT8 (or INT4) operands widened to INT16 and multiplied in pairs along k
 * into INT32 lanes (vpmaddwd), accumulated with wrapping INT32 adds like the Cube unit's L0C.
 *   A panel (QG_MR rows): Ap[kp][r][2]  int16 — row r's elements k = 2kp, 2kp+1 side by side;
 *   B panel (QG_NR cols): Bp[kp][c][2]  int16 — column c's elements k = 2kp, 2kp+1;
 * odd K is padded with a zero k; rows / columns past the matrix edge are zero. */
#ifndef OPS_NN_QGEMM_INTERNAL_H
#define OPS_NN_QGEMM_INTERNAL_H

#include <stdint.h>

#define QG_MR 6
#define QG_NR 16

/* C[r][c] (+)= sum_kp Ap . Bp over one 6 x 16 tile; first: store instead of add. */
typedef void (*qg_ukernel_fn)(int64_t kp, const int16_t *Ap, const int16_t *Bp, int32_t *C, int64_t ldc, int first);

void qg_ukernel_scalar(int64_t kp, const int16_t *Ap, const int16_t *Bp, int32_t *C, int64_t ldc, int first);
void qg_ukernel_avx2(int64_t kp, const int16_t *Ap, const int16_t *Bp, int32_t *C, int64_t ldc, int first);
/* AVX-512 VNNI (vpdpwssd); chosen when the host ISA is AVX-512 and the CPU has VNNI. */
void qg_ukernel_avx512vnni(int64_t kp, const int16_t *Ap, const int16_t *Bp, int32_t *C, int64_t ldc, int first);

/* B panel packers for INT8 x2 with unit column stride (row-major (k, n)) or unit row stride
 * ((n, k) storage, transposeX2): ncols <= QG_NR valid columns, kc rows from k0. */
void qg_pack_b_rows_avx2(const int8_t *x2, int64_t rs, int64_t k0, int64_t kc, int64_t ncols, int16_t *Bp);

/* A panel packer for INT8 rows with unit column stride (h <= QG_MR row pointers). */
void qg_pack_a_rows_avx2(const int8_t *const *rows, int h, int64_t kc, int16_t *Ap);

/* Unit-stride FLOAT16 / BFLOAT16 stores of FP32 values, rounded to nearest even. */
void qg_store_f16_avx2(uint16_t *dst, const float *v, int64_t n);
void qg_store_bf16_avx2(uint16_t *dst, const float *v, int64_t n);

#endif
