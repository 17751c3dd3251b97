/* Single-op models: what aclopExecuteV2 may run. A model is an op type + input/output
 * descriptors + attributes, registered by aclopCompile (aging applies), aclopLoad or
 * aclopSetModelDir. Matching follows GE: op type, input and output count, each descriptor
 * (dtype, format, storage format, placement, const-ness, shape — exact for static models,
 * within the dims / shape ranges for dynamic ones) and the attribute set (same names, equal
 * values). Static models are tried before dynamic ones. */
#ifndef ACLEMU_ACLOP_OP_MODEL_H
#define ACLEMU_ACLOP_OP_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "op_attr.h"
#include "tensor_desc.h"

typedef enum aclop_model_src { ACLOP_SRC_COMPILED = 1, ACLOP_SRC_LOADED, ACLOP_SRC_DIR } aclop_model_src;

typedef struct aclop_model {
    char *op_type;
    char *soc_version;    /* "" when not recorded */
    int nin, nout;
    aclTensorDesc *in;    /* arrays of owned descriptor copies */
    aclTensorDesc *out;
    aclopAttr *attr;      /* as compiled (without defaults), never NULL */
    bool dynamic;
    aclop_model_src src;
    char *path;           /* file of a model-dir model, else NULL */
    uint64_t last_use;
    struct aclop_model *next;
} aclop_model;

aclop_model *aclop_model_new(const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                             const aclTensorDesc *const out[], const aclopAttr *attr);
void aclop_model_free(aclop_model *m);

/* Takes ownership. An equal model already registered is kept (m is freed). */
int aclop_model_register(aclop_model *m, aclop_model_src src);
/* ACL_SUCCESS when a registered model matches (sets *dynamic), else ACL_ERROR_OP_NOT_FOUND
 * (no message: the caller reports). */
int aclop_model_match(const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                      const aclTensorDesc *const out[], const aclopAttr *attr, bool *dynamic);
/* Whether a registered model of opType sets attribute name (GE's Cast "truncate" rule). */
bool aclop_model_any_has_attr(const char *opType, const char *name);
void aclop_model_set_max(uint64_t n);
size_t aclop_model_count(void);
/* Drops every model (tests). */
void aclop_model_clear(void);

/* ---- model file format (see tools/atc/README.md) --------------------------------------- */
#define ACLOP_OM_MAGIC "AEOMSOP"
#define ACLOP_OM_VERSION 1u

int aclop_om_serialize(const aclop_model *m, void **blob, size_t *len);
/* ACL_ERROR_DESERIALIZE_MODEL with a reason in why on any inconsistency. */
int aclop_om_parse(const void *blob, size_t len, aclop_model **out, char *why, size_t cap);

#endif
