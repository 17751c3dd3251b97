/* The single-operator description file of atc --singleop (see singleop_json.c). */
#ifndef ACLEMU_ATC_SINGLEOP_JSON_H
#define ACLEMU_ATC_SINGLEOP_JSON_H

#include <stddef.h>

#include "acl/acl.h"

#define SINGLEOP_MAX_IO 8

typedef struct singleop {
    char *op;       /* operator type */
    char *name;     /* model file name from "name", or NULL */
    int nin, nout;
    aclTensorDesc *in[SINGLEOP_MAX_IO];
    aclTensorDesc *out[SINGLEOP_MAX_IO];
    aclopAttr *attr;
} singleop;

/* Parses the whole file. On failure returns -1 with "file: op[i] (Type): field: problem" in err. */
int singleop_parse(const char *path, singleop **ops, size_t *nops, char *err, size_t cap);
void singleop_free(singleop *ops, size_t n);
/* "float16" / "DT_FLOAT16" / ... -> aclDataType; -1 if unknown. */
int singleop_dtype(const char *s, aclDataType *out);

#endif
