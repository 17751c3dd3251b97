/* aclopAttr: the setters of acl_op.h and the comparisons the model registry needs. */
#include "op_attr.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu_runtime.h"

#define API ACL_FUNC_VISIBILITY

const char *aclop_attr_type_name(aclop_attr_type t)
{
    switch (t) {
    case ACLOP_ATTR_BOOL: return "bool";
    case ACLOP_ATTR_INT: return "int";
    case ACLOP_ATTR_FLOAT: return "float";
    case ACLOP_ATTR_STRING: return "string";
    case ACLOP_ATTR_DATA_TYPE: return "data_type";
    case ACLOP_ATTR_LIST_BOOL: return "list_bool";
    case ACLOP_ATTR_LIST_INT: return "list_int";
    case ACLOP_ATTR_LIST_FLOAT: return "list_float";
    case ACLOP_ATTR_LIST_STRING: return "list_string";
    case ACLOP_ATTR_LIST_DATA_TYPE: return "list_data_type";
    case ACLOP_ATTR_LIST_LIST_INT: return "list_list_int";
    }
    return "unknown";
}

void aclop_attr_value_free(aclop_attr_value *v)
{
    free(v->name);
    free(v->s);
    free(v->bools);
    free(v->ints);
    free(v->floats);
    if (v->strs)
        for (size_t k = 0; k < v->n; k++)
            free(v->strs[k]);
    free(v->strs);
    if (v->lists)
        for (size_t k = 0; k < v->n; k++)
            free(v->lists[k]);
    free(v->lists);
    free(v->list_lens);
    memset(v, 0, sizeof(*v));
}

static void *dup_mem(const void *p, size_t bytes, bool *fail)
{
    if (bytes == 0 || p == NULL)
        return NULL;
    void *q = malloc(bytes);
    if (q == NULL)
        *fail = true;
    else
        memcpy(q, p, bytes);
    return q;
}

/* Deep copy of src into dst (dst zeroed first). */
static int value_copy(aclop_attr_value *dst, const aclop_attr_value *src)
{
    bool fail = false;
    memset(dst, 0, sizeof(*dst));
    dst->type = src->type;
    dst->b = src->b;
    dst->i = src->i;
    dst->f = src->f;
    dst->n = src->n;
    dst->name = strdup(src->name ? src->name : "");
    fail |= dst->name == NULL;
    if (src->s) {
        dst->s = strdup(src->s);
        fail |= dst->s == NULL;
    }
    dst->bools = dup_mem(src->bools, src->n * sizeof(uint8_t), &fail);
    dst->ints = dup_mem(src->ints, src->n * sizeof(int64_t), &fail);
    dst->floats = dup_mem(src->floats, src->n * sizeof(float), &fail);
    if (src->strs && src->n) {
        dst->strs = calloc(src->n, sizeof(char *));
        fail |= dst->strs == NULL;
        for (size_t k = 0; dst->strs && k < src->n; k++) {
            dst->strs[k] = strdup(src->strs[k] ? src->strs[k] : "");
            fail |= dst->strs[k] == NULL;
        }
    }
    if (src->lists && src->n) {
        dst->lists = calloc(src->n, sizeof(int64_t *));
        dst->list_lens = dup_mem(src->list_lens, src->n * sizeof(size_t), &fail);
        fail |= dst->lists == NULL;
        for (size_t k = 0; dst->lists && k < src->n; k++)
            dst->lists[k] = dup_mem(src->lists[k], src->list_lens[k] * sizeof(int64_t), &fail);
    }
    if (fail) {
        aclop_attr_value_free(dst);
        return ACL_ERROR_BAD_ALLOC;
    }
    return ACL_SUCCESS;
}

const aclop_attr_value *aclop_attr_find(const aclopAttr *a, const char *name)
{
    if (a == NULL || name == NULL)
        return NULL;
    for (size_t k = 0; k < a->n; k++)
        if (strcmp(a->items[k].name, name) == 0)
            return &a->items[k];
    return NULL;
}

static bool float_eq(float x, float y)
{
    if (x == y || (isnan(x) && isnan(y)))
        return true;
    float ax = x < 0 ? -x : x, ay = y < 0 ? -y : y, d = x - y;
    return (d < 0 ? -d : d) <= 1e-6f * (ax > ay ? ax : ay);
}

bool aclop_attr_value_equal(const aclop_attr_value *x, const aclop_attr_value *y)
{
    if (x->type != y->type)
        return false;
    switch (x->type) {
    case ACLOP_ATTR_BOOL: return x->b == y->b;
    case ACLOP_ATTR_INT:
    case ACLOP_ATTR_DATA_TYPE: return x->i == y->i;
    case ACLOP_ATTR_FLOAT: return float_eq(x->f, y->f);
    case ACLOP_ATTR_STRING: return strcmp(x->s ? x->s : "", y->s ? y->s : "") == 0;
    default: break;
    }
    if (x->n != y->n)
        return false;
    for (size_t k = 0; k < x->n; k++) {
        switch (x->type) {
        case ACLOP_ATTR_LIST_BOOL:
            if (!x->bools[k] != !y->bools[k])
                return false;
            break;
        case ACLOP_ATTR_LIST_INT:
        case ACLOP_ATTR_LIST_DATA_TYPE:
            if (x->ints[k] != y->ints[k])
                return false;
            break;
        case ACLOP_ATTR_LIST_FLOAT:
            if (!float_eq(x->floats[k], y->floats[k]))
                return false;
            break;
        case ACLOP_ATTR_LIST_STRING:
            if (strcmp(x->strs[k], y->strs[k]) != 0)
                return false;
            break;
        case ACLOP_ATTR_LIST_LIST_INT:
            if (x->list_lens[k] != y->list_lens[k] ||
                (x->list_lens[k] &&
                 memcmp(x->lists[k], y->lists[k], x->list_lens[k] * sizeof(int64_t)) != 0))
                return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

bool aclop_attr_equal(const aclopAttr *a, const aclopAttr *b)
{
    size_t na = a ? a->n : 0, nb = b ? b->n : 0;
    if (na != nb)
        return false;
    for (size_t k = 0; k < na; k++) {
        const aclop_attr_value *o = aclop_attr_find(b, a->items[k].name);
        if (o == NULL || !aclop_attr_value_equal(&a->items[k], o))
            return false;
    }
    return true;
}

int aclop_attr_put(aclopAttr *a, const aclop_attr_value *v)
{
    aclop_attr_value copy;
    int rc = value_copy(&copy, v);
    if (rc != ACL_SUCCESS)
        return rc;
    for (size_t k = 0; k < a->n; k++) {
        if (strcmp(a->items[k].name, v->name) == 0) {
            aclop_attr_value_free(&a->items[k]);
            a->items[k] = copy;
            return ACL_SUCCESS;
        }
    }
    if (a->n == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 4;
        aclop_attr_value *items = realloc(a->items, cap * sizeof(*items));
        if (items == NULL) {
            aclop_attr_value_free(&copy);
            return ACL_ERROR_BAD_ALLOC;
        }
        a->items = items;
        a->cap = cap;
    }
    a->items[a->n++] = copy;
    return ACL_SUCCESS;
}

aclopAttr *aclop_attr_clone(const aclopAttr *a)
{
    aclopAttr *c = calloc(1, sizeof(*c));
    if (c == NULL)
        return NULL;
    for (size_t k = 0; a && k < a->n; k++) {
        if (aclop_attr_put(c, &a->items[k]) != ACL_SUCCESS) {
            aclop_attr_free(c);
            return NULL;
        }
    }
    return c;
}

void aclop_attr_free(aclopAttr *a)
{
    if (a == NULL)
        return;
    for (size_t k = 0; k < a->n; k++)
        aclop_attr_value_free(&a->items[k]);
    free(a->items);
    free(a);
}

#define APPEND(...)                                                                     \
    do {                                                                                \
        if (o < cap)                                                                    \
            o += (size_t)snprintf(buf + o, cap - o, __VA_ARGS__);                       \
    } while (0)

char *aclop_attr_value_str(const aclop_attr_value *v, char *buf, size_t cap)
{
    size_t o = 0;
    buf[0] = 0;
    switch (v->type) {
    case ACLOP_ATTR_BOOL: APPEND("%s", v->b ? "true" : "false"); return buf;
    case ACLOP_ATTR_INT: APPEND("%" PRId64, v->i); return buf;
    case ACLOP_ATTR_DATA_TYPE: APPEND("dtype %" PRId64, v->i); return buf;
    case ACLOP_ATTR_FLOAT: APPEND("%g", (double)v->f); return buf;
    case ACLOP_ATTR_STRING: APPEND("\"%s\"", v->s ? v->s : ""); return buf;
    default: break;
    }
    APPEND("[");
    for (size_t k = 0; k < v->n; k++) {
        APPEND("%s", k ? "," : "");
        switch (v->type) {
        case ACLOP_ATTR_LIST_BOOL: APPEND("%s", v->bools[k] ? "true" : "false"); break;
        case ACLOP_ATTR_LIST_INT:
        case ACLOP_ATTR_LIST_DATA_TYPE: APPEND("%" PRId64, v->ints[k]); break;
        case ACLOP_ATTR_LIST_FLOAT: APPEND("%g", (double)v->floats[k]); break;
        case ACLOP_ATTR_LIST_STRING: APPEND("\"%s\"", v->strs[k]); break;
        case ACLOP_ATTR_LIST_LIST_INT:
            APPEND("[");
            for (size_t j = 0; j < v->list_lens[k]; j++)
                APPEND("%s%" PRId64, j ? "," : "", v->lists[k][j]);
            APPEND("]");
            break;
        default: break;
        }
    }
    APPEND("]");
    return buf;
}

char *aclop_attr_str(const aclopAttr *a, char *buf, size_t cap)
{
    size_t o = 0;
    char val[256];
    buf[0] = 0;
    APPEND("{");
    for (size_t k = 0; a && k < a->n; k++)
        APPEND("%s%s: %s", k ? ", " : "", a->items[k].name,
               aclop_attr_value_str(&a->items[k], val, sizeof(val)));
    APPEND("}");
    return buf;
}

int64_t aclop_attr_int(const aclopAttr *a, const char *name, int64_t dflt)
{
    const aclop_attr_value *v = aclop_attr_find(a, name);
    return v && (v->type == ACLOP_ATTR_INT || v->type == ACLOP_ATTR_DATA_TYPE) ? v->i : dflt;
}

bool aclop_attr_bool(const aclopAttr *a, const char *name, bool dflt)
{
    const aclop_attr_value *v = aclop_attr_find(a, name);
    return v && v->type == ACLOP_ATTR_BOOL ? v->b : dflt;
}

float aclop_attr_float(const aclopAttr *a, const char *name, float dflt)
{
    const aclop_attr_value *v = aclop_attr_find(a, name);
    return v && v->type == ACLOP_ATTR_FLOAT ? v->f : dflt;
}

const char *aclop_attr_string(const aclopAttr *a, const char *name, const char *dflt)
{
    const aclop_attr_value *v = aclop_attr_find(a, name);
    return v && v->type == ACLOP_ATTR_STRING ? v->s : dflt;
}

size_t aclop_attr_ints(const aclopAttr *a, const char *name, const int64_t **vals)
{
    const aclop_attr_value *v = aclop_attr_find(a, name);
    if (v == NULL || v->type != ACLOP_ATTR_LIST_INT) {
        *vals = NULL;
        return 0;
    }
    *vals = v->ints;
    return v->n;
}

/* ---- public API ------------------------------------------------------------------------- */

API aclopAttr *aclopCreateAttr(void)
{
    aclopAttr *a = calloc(1, sizeof(*a));
    if (a == NULL)
        aclemu_errmsg_push("EH0010", "Failed to allocate %zu bytes of host memory via %s to ACL.",
                           sizeof(*a), "malloc");
    return a;
}

API void aclopDestroyAttr(const aclopAttr *attr)
{
    aclop_attr_free((aclopAttr *)attr);
}

static int check_common(const aclopAttr *attr, const char *attrName)
{
    if (attr == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "attr");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (attrName == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "attrName");
        return ACL_ERROR_INVALID_PARAM;
    }
    return ACL_SUCCESS;
}

static int check_list(int numValues, const void *values)
{
    if (numValues < 0) {
        char v[32];
        snprintf(v, sizeof(v), "%d", numValues);
        aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", v, "numValues",
                           "it must not be negative");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (numValues > 0 && values == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "values");
        return ACL_ERROR_INVALID_PARAM;
    }
    return ACL_SUCCESS;
}

static aclError put(aclopAttr *attr, aclop_attr_value *v)
{
    int rc = aclop_attr_put(attr, v);
    if (rc != ACL_SUCCESS)
        aclemu_errmsg_push("EH0010", "Failed to allocate %zu bytes of host memory via %s to ACL.",
                           sizeof(*v), "malloc");
    return rc;
}

API aclError aclopSetAttrBool(aclopAttr *attr, const char *attrName, uint8_t attrValue)
{
    int rc = check_common(attr, attrName);
    if (rc)
        return rc;
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_BOOL, .b = attrValue != 0};
    return put(attr, &v);
}

API aclError aclopSetAttrInt(aclopAttr *attr, const char *attrName, int64_t attrValue)
{
    int rc = check_common(attr, attrName);
    if (rc)
        return rc;
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_INT, .i = attrValue};
    return put(attr, &v);
}

API aclError aclopSetAttrFloat(aclopAttr *attr, const char *attrName, float attrValue)
{
    int rc = check_common(attr, attrName);
    if (rc)
        return rc;
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_FLOAT, .f = attrValue};
    return put(attr, &v);
}

API aclError aclopSetAttrString(aclopAttr *attr, const char *attrName, const char *attrValue)
{
    int rc = check_common(attr, attrName);
    if (rc)
        return rc;
    if (attrValue == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "attrValue");
        return ACL_ERROR_INVALID_PARAM;
    }
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_STRING, .s = (char *)attrValue};
    return put(attr, &v);
}

API aclError aclopSetAttrDataType(aclopAttr *attr, const char *attrName, aclDataType attrValue)
{
    int rc = check_common(attr, attrName);
    if (rc)
        return rc;
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_DATA_TYPE, .i = attrValue};
    return put(attr, &v);
}

API aclError aclopSetAttrListDataType(aclopAttr *attr, const char *attrName, int numValues,
                                      const aclDataType values[])
{
    int rc = check_common(attr, attrName);
    if (rc || (rc = check_list(numValues, values)))
        return rc;
    int64_t *ints = numValues ? malloc((size_t)numValues * sizeof(int64_t)) : NULL;
    if (numValues && ints == NULL)
        return ACL_ERROR_BAD_ALLOC;
    for (int k = 0; k < numValues; k++)
        ints[k] = values[k];
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_LIST_DATA_TYPE,
                          .n = (size_t)numValues, .ints = ints};
    rc = put(attr, &v);
    free(ints);
    return rc;
}

API aclError aclopSetAttrListBool(aclopAttr *attr, const char *attrName, int numValues,
                                  const uint8_t *values)
{
    int rc = check_common(attr, attrName);
    if (rc || (rc = check_list(numValues, values)))
        return rc;
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_LIST_BOOL,
                          .n = (size_t)numValues, .bools = (uint8_t *)values};
    return put(attr, &v);
}

API aclError aclopSetAttrListInt(aclopAttr *attr, const char *attrName, int numValues,
                                 const int64_t *values)
{
    int rc = check_common(attr, attrName);
    if (rc || (rc = check_list(numValues, values)))
        return rc;
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_LIST_INT,
                          .n = (size_t)numValues, .ints = (int64_t *)values};
    return put(attr, &v);
}

API aclError aclopSetAttrListFloat(aclopAttr *attr, const char *attrName, int numValues,
                                   const float *values)
{
    int rc = check_common(attr, attrName);
    if (rc || (rc = check_list(numValues, values)))
        return rc;
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_LIST_FLOAT,
                          .n = (size_t)numValues, .floats = (float *)values};
    return put(attr, &v);
}

API aclError aclopSetAttrListString(aclopAttr *attr, const char *attrName, int numValues,
                                    const char **values)
{
    int rc = check_common(attr, attrName);
    if (rc || (rc = check_list(numValues, values)))
        return rc;
    for (int k = 0; k < numValues; k++) {
        if (values[k] == NULL) {
            aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "values[i]");
            return ACL_ERROR_INVALID_PARAM;
        }
    }
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_LIST_STRING,
                          .n = (size_t)numValues, .strs = (char **)values};
    return put(attr, &v);
}

API aclError aclopSetAttrListListInt(aclopAttr *attr, const char *attrName, int numLists,
                                     const int *numValues, const int64_t *const values[])
{
    int rc = check_common(attr, attrName);
    if (rc || (rc = check_list(numLists, values)) || (rc = check_list(numLists, numValues)))
        return rc;
    size_t *lens = numLists ? malloc((size_t)numLists * sizeof(size_t)) : NULL;
    if (numLists && lens == NULL)
        return ACL_ERROR_BAD_ALLOC;
    for (int k = 0; k < numLists; k++) {
        if ((rc = check_list(numValues[k], values[k])) != ACL_SUCCESS) {
            free(lens);
            return rc;
        }
        lens[k] = (size_t)numValues[k];
    }
    aclop_attr_value v = {.name = (char *)attrName, .type = ACLOP_ATTR_LIST_LIST_INT,
                          .n = (size_t)numLists, .lists = (int64_t **)values, .list_lens = lens};
    rc = put(attr, &v);
    free(lens);
    return rc;
}
