/* The table opbase/gen/aclnn_gen.py generates for the stage-1 fuzzer (aclnn_fuzz_table.c): every
 * aclnn API with its parameter kinds and a thunk calling it from generic arguments. */
#ifndef ACLEMU_TESTS_ACLNN_FUZZ_H
#define ACLEMU_TESTS_ACLNN_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "aclnn/aclnn_base.h"

/* One argument: pointers (objects, strings, out pointers) in p, integers, bools and enums in i,
 * floating point in d. */
typedef union aclnn_fuzz_arg {
    void *p;
    int64_t i;
    double d;
} aclnn_fuzz_arg;

/* Parameter kinds, one letter each: t tensor, l tensor list, s scalar, S scalar list, a int array,
 * b bool array, f float array, c string, o uint64_t out pointer, ? bool, i integer, D aclDataType,
 * d float/double, F host float array (quantized matmul part), P uint64_t** out slot. */
typedef struct aclnn_fuzz_api {
    const char *name;   /* "aclnnAdd" (two-stage) or the func's symbol */
    const char *kinds;
    const char *dirs;   /* per parameter: i input, o output, b both, - not a tensor */
    int two_stage;      /* 1: call is aclnn<Name>GetWorkspaceSize */
    aclnnStatus (*call)(const aclnn_fuzz_arg *args, uint64_t *workspaceSize, aclOpExecutor **executor);
} aclnn_fuzz_api;

extern const aclnn_fuzz_api aclnn_fuzz_apis[];
extern const size_t aclnn_fuzz_api_count;

#endif
