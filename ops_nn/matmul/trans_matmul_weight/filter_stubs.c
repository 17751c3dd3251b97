/* Symbols of the hand-written aclnn_trans_matmul_weight.h APIs in the ELF filter libopapi_math.so
 * (the generated stubs cover only .def-declared APIs). These bodies never run: the dynamic linker
 * resolves a filter's symbols in libopapi.so. */
#define TMW_FILTER_SYM(n) __attribute__((visibility("default"))) void n(void); void n(void) {}
TMW_FILTER_SYM(aclnnCalculateMatmulWeightSizeV2)
TMW_FILTER_SYM(aclnnCalculateMatmulWeightSize)
TMW_FILTER_SYM(aclnnTransMatmulWeightGetWorkspaceSize)
TMW_FILTER_SYM(aclnnTransMatmulWeight)
