/* What libascendcl's aclop core exports to libacl_op_compiler.so and to atc (not a public
 * header). Everything returns an ACL code and leaves a message for aclGetRecentErrMsg. */
#ifndef ACLEMU_ACLOP_INTERNAL_H
#define ACLEMU_ACLOP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "acl/acl_op.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACLEMU_ACLOP_API __attribute__((visibility("default")))

/* Validates an op against its spec (inputs, attributes, output inference) — what compiling a
 * single op checks. With register_model the op becomes runnable (aclopCompile). */
ACLEMU_ACLOP_API int aclemu_aclop_compile(const char *api, const char *opType, int numInputs,
                                          const aclTensorDesc *const inputDesc[], int numOutputs,
                                          const aclTensorDesc *const outputDesc[], const aclopAttr *attr,
                                          bool register_model);

/* Validates and serialises a single-op model file (atc). *blob is malloc'ed. */
ACLEMU_ACLOP_API int aclemu_aclop_build_model(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                              int numOutputs, const aclTensorDesc *const outputDesc[],
                                              const aclopAttr *attr, const char *socVersion, void **blob,
                                              size_t *size);

/* aclopExecute(V2) semantics. outputDescRewrite: the V2 (non-const) output descriptors whose
 * dynamic shapes are rewritten, or NULL. need_model: require a compiled / loaded model. */
ACLEMU_ACLOP_API int aclemu_aclop_execute(const char *api, const char *opType, int numInputs,
                                          const aclTensorDesc *const inputDesc[], const aclDataBuffer *const inputs[],
                                          int numOutputs, const aclTensorDesc *const outputDesc[],
                                          aclDataBuffer *const outputs[], aclTensorDesc *const outputDescRewrite[],
                                          const aclopAttr *attr, aclrtStream stream, bool need_model);

/* Number of registered single-op models; clearing drops them all (tests). */
ACLEMU_ACLOP_API size_t aclemu_aclop_model_count(void);
ACLEMU_ACLOP_API void aclemu_aclop_model_clear(void);

#ifdef __cplusplus
}
#endif
#endif
