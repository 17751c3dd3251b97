/* Checking an aclop call against its op spec: counts, optional inputs, attributes (names,
 * types, required ones, defaults) and output inference. Every failure names the op and the
 * offending input / output / attribute and says what was expected. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu_runtime.h"
#include "op_spec.h"

int aclop_fail(const aclop_call *c, int code, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    /* EH0001-style "Value ... is invalid" does not fit every case; EH0012 carries free text. */
    aclemu_errmsg_push("EH0012", "%s failed. Parameter %s is invalid. Reason: %s.", "aclop",
                       c && c->spec ? c->spec->type : "opType", msg);
    return code;
}

int aclop_spec_nin(const aclop_spec *s)
{
    int n = 0;
    while (n < ACLOP_MAX_IO && s->inputs[n])
        n++;
    return n;
}

int aclop_spec_nin_required(const aclop_spec *s)
{
    int n = aclop_spec_nin(s);
    while (n > 0 && s->inputs[n - 1][0] == '?')
        n--;
    return n;
}

int aclop_spec_nout(const aclop_spec *s)
{
    int n = 0;
    while (n < ACLOP_MAX_IO && s->outputs[n])
        n++;
    return n;
}

bool aclop_spec_input_optional(const aclop_spec *s, int k)
{
    return s->inputs[k][0] == '?';
}

const char *aclop_spec_input_name(const aclop_spec *s, int k)
{
    return s->inputs[k] + (s->inputs[k][0] == '?');
}

const aclop_attr_spec *aclop_spec_attr(const aclop_spec *s, const char *name)
{
    for (int k = 0; k < ACLOP_MAX_ATTRS && s->attrs[k].name; k++)
        if (strcmp(s->attrs[k].name, name) == 0)
            return &s->attrs[k];
    return NULL;
}

static size_t parse_list(const char *text, const char *what, void *out, size_t elem, bool *ok)
{
    /* "[a,b,c]" -> values (ints / floats / bools) */
    const char *p = text;
    size_t n = 0;
    while (*p == ' ')
        p++;
    if (*p != '[') {
        *ok = false;
        return 0;
    }
    p++;
    while (*p) {
        while (*p == ' ' || *p == ',')
            p++;
        if (*p == ']')
            return n;
        char *end;
        errno = 0;
        if (strcmp(what, "int") == 0) {
            long long v = strtoll(p, &end, 10);
            if (out)
                ((int64_t *)out)[n] = v;
        } else if (strcmp(what, "float") == 0) {
            float v = strtof(p, &end);
            if (out)
                ((float *)out)[n] = v;
        } else {
            bool v = strncmp(p, "true", 4) == 0;
            end = (char *)p + (v ? 4 : (strncmp(p, "false", 5) == 0 ? 5 : 0));
            if (out)
                ((uint8_t *)out)[n] = v;
        }
        if (end == p || errno) {
            *ok = false;
            return 0;
        }
        (void)elem;
        n++;
        p = end;
    }
    *ok = false;
    return 0;
}

int aclop_attr_parse_default(const aclop_attr_spec *as, aclop_attr_value *v)
{
    const char *t = as->dflt;
    bool ok = true;
    memset(v, 0, sizeof(*v));
    v->type = as->type;
    switch (as->type) {
    case ACLOP_ATTR_BOOL: v->b = strcmp(t, "true") == 0; return ACL_SUCCESS;
    case ACLOP_ATTR_INT:
    case ACLOP_ATTR_DATA_TYPE: v->i = strtoll(t, NULL, 10); return ACL_SUCCESS;
    case ACLOP_ATTR_FLOAT: v->f = strtof(t, NULL); return ACL_SUCCESS;
    case ACLOP_ATTR_STRING: v->s = (char *)t; return ACL_SUCCESS;
    case ACLOP_ATTR_LIST_INT: {
        static __thread int64_t ints[ACLOP_MAX_DIMS];
        v->n = parse_list(t, "int", ints, sizeof(int64_t), &ok);
        v->ints = ints;
        break;
    }
    case ACLOP_ATTR_LIST_FLOAT: {
        static __thread float floats[ACLOP_MAX_DIMS];
        v->n = parse_list(t, "float", floats, sizeof(float), &ok);
        v->floats = floats;
        break;
    }
    case ACLOP_ATTR_LIST_BOOL: {
        static __thread uint8_t bools[ACLOP_MAX_DIMS];
        v->n = parse_list(t, "bool", bools, 1, &ok);
        v->bools = bools;
        break;
    }
    default:
        v->n = 0; /* empty list defaults */
        break;
    }
    return ok ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

static void attr_names(const aclop_spec *s, char *buf, size_t cap)
{
    size_t o = 0;
    buf[0] = 0;
    for (int k = 0; k < ACLOP_MAX_ATTRS && s->attrs[k].name && o < cap; k++)
        o += (size_t)snprintf(buf + o, cap - o, "%s%s (%s)", k ? ", " : "", s->attrs[k].name,
                              aclop_attr_type_name(s->attrs[k].type));
    if (o == 0)
        snprintf(buf, cap, "none");
}

int aclop_prepare(aclop_call *c, const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                  const aclTensorDesc *const out[], const aclopAttr *attr, aclopAttr **resolved_attr,
                  bool check_outputs)
{
    /* keep the host values of const / host-placed inputs the caller provided */
    const void *host[ACLOP_MAX_IO];
    size_t host_len[ACLOP_MAX_IO];
    memcpy(host, c->in_host, sizeof(host));
    memcpy(host_len, c->in_host_len, sizeof(host_len));
    memset(c, 0, sizeof(*c));
    memcpy(c->in_host, host, sizeof(host));
    memcpy(c->in_host_len, host_len, sizeof(host_len));
    *resolved_attr = NULL;
    const aclop_spec *s = aclop_spec_find(opType);
    if (s == NULL) {
        aclemu_errmsg_push("EH0006", "%s is not supported. Reason: %s.", opType,
                           "it is not a built-in operator type of this toolkit (operator types are "
                           "case-sensitive, e.g. Add, Conv2D, SoftmaxV2)");
        return ACL_ERROR_OP_TYPE_NOT_MATCH;
    }
    c->spec = s;
    int decl_in = aclop_spec_nin(s), req_in = aclop_spec_nin_required(s), decl_out = aclop_spec_nout(s);
    if (nin < req_in || nin > decl_in)
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                          "op %s takes %d to %d inputs, got %d", s->type, req_in, decl_in, nin);
    if (nout != decl_out)
        return aclop_fail(c, ACL_ERROR_OP_OUTPUT_NOT_MATCH, "op %s has %d outputs, got %d", s->type,
                          decl_out, nout);
    c->nin = decl_in;
    c->nout = nout;
    for (int k = 0; k < nin; k++) {
        if (in[k] == NULL)
            return aclop_fail(c, ACL_ERROR_INVALID_PARAM, "inputDesc[%d] (%s) of op %s is NULL", k,
                              aclop_spec_input_name(s, k), s->type);
        if (aclop_desc_is_optional(in[k])) {
            if (!aclop_spec_input_optional(s, k))
                return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                                  "input %d (%s) of op %s is required but was passed as an optional "
                                  "(ACL_DT_UNDEFINED) descriptor", k, aclop_spec_input_name(s, k), s->type);
            continue;
        }
        c->in[k] = in[k];
    }
    for (int k = 0; k < nout; k++) {
        if (out[k] == NULL)
            return aclop_fail(c, ACL_ERROR_INVALID_PARAM, "outputDesc[%d] (%s) of op %s is NULL", k,
                              s->outputs[k], s->type);
        c->out[k] = out[k];
    }

    /* attributes: known names with the declared type ("_"-prefixed ones are GE-internal) */
    char names[512];
    for (size_t k = 0; attr && k < attr->n; k++) {
        const aclop_attr_value *v = &attr->items[k];
        if (v->name[0] == '_')
            continue;
        const aclop_attr_spec *as = aclop_spec_attr(s, v->name);
        if (as == NULL) {
            attr_names(s, names, sizeof(names));
            return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                              "op %s has no attribute \"%s\"; its attributes are: %s", s->type, v->name, names);
        }
        if (as->type != v->type)
            return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                              "attribute \"%s\" of op %s must be of type %s, but was set as %s", v->name,
                              s->type, aclop_attr_type_name(as->type), aclop_attr_type_name(v->type));
    }
    aclopAttr *r = aclop_attr_clone(attr);
    if (r == NULL)
        return ACL_ERROR_BAD_ALLOC;
    for (int k = 0; k < ACLOP_MAX_ATTRS && s->attrs[k].name; k++) {
        const aclop_attr_spec *as = &s->attrs[k];
        if (aclop_attr_find(r, as->name))
            continue;
        if (as->required) {
            aclop_attr_free(r);
            return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                              "required attribute \"%s\" (%s) of op %s is not set", as->name,
                              aclop_attr_type_name(as->type), s->type);
        }
        aclop_attr_value v;
        if (aclop_attr_parse_default(as, &v) != ACL_SUCCESS) {
            aclop_attr_free(r);
            return aclop_fail(c, ACL_ERROR_FAILURE, "bad default of attribute %s", as->name);
        }
        v.name = (char *)as->name;
        if (aclop_attr_put(r, &v) != ACL_SUCCESS) {
            aclop_attr_free(r);
            return ACL_ERROR_BAD_ALLOC;
        }
    }
    c->attr = r;
    *resolved_attr = r;

    int rc = s->infer(c);
    if (rc != ACL_SUCCESS)
        return rc;

    for (int k = 0; k < nout; k++) {
        const aclop_tinfo *t = &c->inferred[k];
        const aclTensorDesc *o = out[k];
        char want[256], got[256];
        if (o->dtype != t->dtype)
            return aclop_fail(c, ACL_ERROR_OP_OUTPUT_NOT_MATCH,
                              "output %d (%s) of op %s must have dtype %s, but its descriptor says %s", k,
                              s->outputs[k], s->type, aclop_dtype_name(t->dtype), aclop_dtype_name(o->dtype));
        if (!check_outputs || aclop_desc_is_dynamic(o))
            continue;
        bool inferred_static = true;
        for (size_t d = 0; d < t->ndims; d++)
            inferred_static &= t->dims[d] >= 0;
        if (!inferred_static)
            continue;
        if (o->ndims != t->ndims || (t->ndims && memcmp(o->dims, t->dims, t->ndims * sizeof(int64_t))))
            return aclop_fail(c, ACL_ERROR_OP_OUTPUT_NOT_MATCH,
                              "output %d (%s) of op %s has shape %s, but the inputs and attributes give %s", k,
                              s->outputs[k], s->type, aclop_dims_str(o->dims, o->ndims, got, sizeof(got)),
                              aclop_dims_str(t->dims, t->ndims, want, sizeof(want)));
    }
    return ACL_SUCCESS;
}
