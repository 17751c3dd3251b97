/* Layout of aclopAttr (opaque to users): a small list of named, typed values.
 *
 * Setting a name again replaces its value (and type). Two attribute sets are equal when they
 * hold the same names with equal values, in any order — the rule GE uses to match a call
 * against a compiled single-op model. */
#ifndef ACLEMU_ACLOP_OP_ATTR_H
#define ACLEMU_ACLOP_OP_ATTR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_op.h"

typedef enum aclop_attr_type {
    ACLOP_ATTR_BOOL = 1,
    ACLOP_ATTR_INT,
    ACLOP_ATTR_FLOAT,
    ACLOP_ATTR_STRING,
    ACLOP_ATTR_DATA_TYPE,
    ACLOP_ATTR_LIST_BOOL,
    ACLOP_ATTR_LIST_INT,
    ACLOP_ATTR_LIST_FLOAT,
    ACLOP_ATTR_LIST_STRING,
    ACLOP_ATTR_LIST_DATA_TYPE,
    ACLOP_ATTR_LIST_LIST_INT,
} aclop_attr_type;

typedef struct aclop_attr_value {
    char *name;
    aclop_attr_type type;
    /* scalars */
    bool b;
    int64_t i;        /* INT, and DATA_TYPE (the aclDataType value) */
    float f;
    char *s;
    /* lists: n values in the array of the type's kind */
    size_t n;
    uint8_t *bools;
    int64_t *ints;    /* LIST_INT and LIST_DATA_TYPE */
    float *floats;
    char **strs;
    int64_t **lists;  /* LIST_LIST_INT: n lists, list k has list_lens[k] values */
    size_t *list_lens;
} aclop_attr_value;

struct aclopAttr {
    size_t n, cap;
    aclop_attr_value *items;
};

const char *aclop_attr_type_name(aclop_attr_type t);
const aclop_attr_value *aclop_attr_find(const aclopAttr *a, const char *name);
/* Both may be NULL (= no attributes). */
bool aclop_attr_equal(const aclopAttr *a, const aclopAttr *b);
bool aclop_attr_value_equal(const aclop_attr_value *x, const aclop_attr_value *y);
/* Adds a copy of v (replacing a value of the same name). ACL code. */
int aclop_attr_put(aclopAttr *a, const aclop_attr_value *v);
/* Deep copy; NULL source gives an empty set. NULL on allocation failure. */
aclopAttr *aclop_attr_clone(const aclopAttr *a);
void aclop_attr_free(aclopAttr *a);
/* Frees what a value owns (name included) and zeroes it. */
void aclop_attr_value_free(aclop_attr_value *v);
/* "{axes: [-1], half_to_float: false}" (truncated to cap). */
char *aclop_attr_str(const aclopAttr *a, char *buf, size_t cap);
char *aclop_attr_value_str(const aclop_attr_value *v, char *buf, size_t cap);

/* Typed readers for adapters (the op was validated, so the value exists and has the type). */
int64_t aclop_attr_int(const aclopAttr *a, const char *name, int64_t dflt);
bool aclop_attr_bool(const aclopAttr *a, const char *name, bool dflt);
float aclop_attr_float(const aclopAttr *a, const char *name, float dflt);
const char *aclop_attr_string(const aclopAttr *a, const char *name, const char *dflt);
/* List of ints: returns the count and points *vals at the values (NULL, 0 if absent). */
size_t aclop_attr_ints(const aclopAttr *a, const char *name, const int64_t **vals);

#endif
