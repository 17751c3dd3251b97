/* Reading the single-operator description file of atc --singleop: a JSON array of OpDesc
 * objects {op, name, compile_flag, input_desc[], output_desc[], attr[]}, TensorDesc objects
 * {format, origin_format, shape, origin_shape, type, shape_range, name, dynamic_input,
 * is_const, const_value} and Attr objects {name, type, value}. Every error names the file, the
 * op entry and the offending field. */
#include "singleop_json.h"

#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"

static int fail(char *err, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
    return -1;
}

static const struct { const char *name; aclDataType dt; } dtypes[] = {
    {"bool", ACL_BOOL}, {"int8", ACL_INT8}, {"uint8", ACL_UINT8}, {"int16", ACL_INT16},
    {"uint16", ACL_UINT16}, {"int32", ACL_INT32}, {"uint32", ACL_UINT32}, {"int64", ACL_INT64},
    {"uint64", ACL_UINT64}, {"float16", ACL_FLOAT16}, {"fp16", ACL_FLOAT16}, {"float", ACL_FLOAT},
    {"float32", ACL_FLOAT}, {"fp32", ACL_FLOAT}, {"double", ACL_DOUBLE}, {"float64", ACL_DOUBLE},
    {"bfloat16", ACL_BF16}, {"bf16", ACL_BF16}, {"complex64", ACL_COMPLEX64}, {"complex128", ACL_COMPLEX128},
    {"string", ACL_STRING}, {"undefined", ACL_DT_UNDEFINED},
};

static const struct { const char *name; aclFormat f; } formats[] = {
    {"NCHW", ACL_FORMAT_NCHW}, {"NHWC", ACL_FORMAT_NHWC}, {"ND", ACL_FORMAT_ND}, {"NC1HWC0", ACL_FORMAT_NC1HWC0},
    {"FRACTAL_Z", ACL_FORMAT_FRACTAL_Z}, {"NC1HWC0_C04", ACL_FORMAT_NC1HWC0_C04}, {"HWCN", ACL_FORMAT_HWCN},
    {"NDHWC", ACL_FORMAT_NDHWC}, {"FRACTAL_NZ", ACL_FORMAT_FRACTAL_NZ}, {"NCDHW", ACL_FORMAT_NCDHW},
    {"NDC1HWC0", ACL_FORMAT_NDC1HWC0}, {"FRACTAL_Z_3D", ACL_FRACTAL_Z_3D}, {"NC", ACL_FORMAT_NC},
    {"NCL", ACL_FORMAT_NCL}, {"RESERVED", ACL_FORMAT_UNDEFINED}, {"UNDEFINED", ACL_FORMAT_UNDEFINED},
};

int singleop_dtype(const char *s, aclDataType *out)
{
    const char *p = strncmp(s, "DT_", 3) == 0 ? s + 3 : s;
    for (size_t k = 0; k < sizeof(dtypes) / sizeof(dtypes[0]); k++) {
        if (strcasecmp(p, dtypes[k].name) == 0) {
            *out = dtypes[k].dt;
            return 0;
        }
    }
    return -1;
}

static int parse_format(const char *s, aclFormat *out)
{
    for (size_t k = 0; k < sizeof(formats) / sizeof(formats[0]); k++) {
        if (strcasecmp(s, formats[k].name) == 0) {
            *out = formats[k].f;
            return 0;
        }
    }
    return -1;
}

static int int_array(json_object *a, int64_t *out, size_t cap, size_t *n)
{
    if (!json_object_is_type(a, json_type_array) || json_object_array_length(a) > cap)
        return -1;
    *n = json_object_array_length(a);
    for (size_t i = 0; i < *n; i++) {
        json_object *v = json_object_array_get_idx(a, i);
        if (!json_object_is_type(v, json_type_int))
            return -1;
        out[i] = json_object_get_int64(v);
    }
    return 0;
}

/* const_value: numbers converted to the tensor dtype. */
static int const_bytes(json_object *a, aclDataType dt, void **data, size_t *len)
{
    size_t n = json_object_array_length(a), es = aclDataTypeSize(dt);
    if (es == 0)
        return -1;
    unsigned char *p = calloc(n ? n : 1, es);
    if (p == NULL)
        return -1;
    for (size_t i = 0; i < n; i++) {
        json_object *v = json_object_array_get_idx(a, i);
        if (!json_object_is_type(v, json_type_int) && !json_object_is_type(v, json_type_double) &&
            !json_object_is_type(v, json_type_boolean)) {
            free(p);
            return -1;
        }
        double d = json_object_get_double(v);
        int64_t iv = json_object_get_int64(v);
        void *dst = p + i * es;
        switch (dt) {
        case ACL_FLOAT: { float f = (float)d; memcpy(dst, &f, 4); break; }
        case ACL_DOUBLE: memcpy(dst, &d, 8); break;
        case ACL_FLOAT16: { aclFloat16 h = aclFloatToFloat16((float)d); memcpy(dst, &h, 2); break; }
        case ACL_INT8: case ACL_UINT8: case ACL_BOOL: { int8_t x = (int8_t)iv; memcpy(dst, &x, 1); break; }
        case ACL_INT16: case ACL_UINT16: { int16_t x = (int16_t)iv; memcpy(dst, &x, 2); break; }
        case ACL_INT32: case ACL_UINT32: { int32_t x = (int32_t)iv; memcpy(dst, &x, 4); break; }
        case ACL_INT64: case ACL_UINT64: memcpy(dst, &iv, 8); break;
        default: free(p); return -1;
        }
    }
    *data = p;
    *len = n * es;
    return 0;
}

static const char *const desc_keys[] = {"format", "origin_format", "shape", "origin_shape", "type", "shape_range",
                                        "name", "dynamic_input", "is_const", "const_value", "value_range", NULL};

static int parse_desc(json_object *o, const char *where, aclTensorDesc **out, char *err, size_t cap)
{
    json_object *v;
    if (!json_object_is_type(o, json_type_object))
        return fail(err, cap, "%s: a tensor description must be a JSON object", where);
    json_object_object_foreach(o, key, val) {
        (void)val;
        bool known = false;
        for (int k = 0; desc_keys[k]; k++)
            known |= strcmp(desc_keys[k], key) == 0;
        if (!known)
            return fail(err, cap, "%s: unknown field \"%s\" (fields: format, shape, type, shape_range, name, "
                        "dynamic_input, is_const, const_value, origin_format, origin_shape)", where, key);
    }
    aclDataType dt;
    aclFormat fmt;
    if (!json_object_object_get_ex(o, "type", &v) || !json_object_is_type(v, json_type_string))
        return fail(err, cap, "%s: \"type\" (a string such as \"float16\") is required", where);
    if (singleop_dtype(json_object_get_string(v), &dt) != 0)
        return fail(err, cap, "%s: \"type\": \"%s\" is not a data type (bool, int8, uint8, int16, uint16, int32, "
                    "uint32, int64, uint64, float16, float, double, bfloat16, complex64, complex128, UNDEFINED)",
                    where, json_object_get_string(v));
    if (!json_object_object_get_ex(o, "format", &v) || !json_object_is_type(v, json_type_string))
        return fail(err, cap, "%s: \"format\" (a string such as \"ND\") is required", where);
    if (parse_format(json_object_get_string(v), &fmt) != 0)
        return fail(err, cap, "%s: \"format\": \"%s\" is not a format (ND, NCHW, NHWC, HWCN, NC1HWC0, FRACTAL_Z, "
                    "FRACTAL_NZ, NDHWC, NCDHW, NC, NCL, RESERVED)", where, json_object_get_string(v));
    int64_t dims[32];
    size_t nd = 0;
    if (json_object_object_get_ex(o, "shape", &v)) {
        if (int_array(v, dims, 32, &nd) != 0)
            return fail(err, cap, "%s: \"shape\" must be an array of at most 32 integers", where);
    } else if (dt != ACL_DT_UNDEFINED) {
        return fail(err, cap, "%s: \"shape\" is required", where);
    }
    aclTensorDesc *d = aclCreateTensorDesc(dt, (int)nd, dims, dt == ACL_DT_UNDEFINED ? ACL_FORMAT_UNDEFINED : fmt);
    if (d == NULL)
        return fail(err, cap, "%s: cannot create the tensor description", where);
    if (json_object_object_get_ex(o, "shape_range", &v)) {
        size_t nr = json_type_array == json_object_get_type(v) ? json_object_array_length(v) : 0;
        int64_t range[32][2];
        bool ok = json_object_is_type(v, json_type_array) && nr <= 32;
        for (size_t i = 0; ok && i < nr; i++) {
            size_t two;
            ok = int_array(json_object_array_get_idx(v, i), range[i], 2, &two) == 0 && two == 2;
        }
        if (!ok) {
            aclDestroyTensorDesc(d);
            return fail(err, cap, "%s: \"shape_range\" must be an array of [min, max] pairs (max -1 = unbounded)",
                        where);
        }
        aclSetTensorShapeRange(d, nr, range);
    }
    if (json_object_object_get_ex(o, "name", &v)) {
        if (!json_object_is_type(v, json_type_string)) {
            aclDestroyTensorDesc(d);
            return fail(err, cap, "%s: \"name\" must be a string", where);
        }
        aclSetTensorDescName(d, json_object_get_string(v));
    }
    if (json_object_object_get_ex(o, "dynamic_input", &v)) {
        if (!json_object_is_type(v, json_type_string)) {
            aclDestroyTensorDesc(d);
            return fail(err, cap, "%s: \"dynamic_input\" must be a string", where);
        }
        aclSetTensorDynamicInput(d, json_object_get_string(v));
    }
    json_object *isc, *cv;
    bool is_const = json_object_object_get_ex(o, "is_const", &isc) && json_object_get_boolean(isc);
    if (is_const) {
        void *data;
        size_t len;
        if (!json_object_object_get_ex(o, "const_value", &cv) || !json_object_is_type(cv, json_type_array) ||
            const_bytes(cv, dt, &data, &len) != 0 || len == 0) {
            aclDestroyTensorDesc(d);
            return fail(err, cap, "%s: \"is_const\": true needs \"const_value\", a non-empty array of numbers", where);
        }
        aclSetTensorConst(d, data, len);
        free(data);
    }
    *out = d;
    return 0;
}

static int parse_attr(json_object *o, const char *where, aclopAttr *attr, char *err, size_t cap)
{
    json_object *jn, *jt, *jv;
    if (!json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, "name", &jn) ||
        !json_object_is_type(jn, json_type_string) || !json_object_object_get_ex(o, "type", &jt) ||
        !json_object_is_type(jt, json_type_string) || !json_object_object_get_ex(o, "value", &jv))
        return fail(err, cap, "%s: an attribute needs \"name\" (string), \"type\" (string) and \"value\"", where);
    const char *name = json_object_get_string(jn), *type = json_object_get_string(jt);
    json_type vt = json_object_get_type(jv);
    int rc = -2;
    if (strcmp(type, "bool") == 0 && vt == json_type_boolean) {
        rc = aclopSetAttrBool(attr, name, json_object_get_boolean(jv));
    } else if (strcmp(type, "int") == 0 && vt == json_type_int) {
        rc = aclopSetAttrInt(attr, name, json_object_get_int64(jv));
    } else if (strcmp(type, "float") == 0 && (vt == json_type_double || vt == json_type_int)) {
        rc = aclopSetAttrFloat(attr, name, (float)json_object_get_double(jv));
    } else if (strcmp(type, "string") == 0 && vt == json_type_string) {
        rc = aclopSetAttrString(attr, name, json_object_get_string(jv));
    } else if (strcmp(type, "data_type") == 0 && vt == json_type_string) {
        aclDataType dt;
        if (singleop_dtype(json_object_get_string(jv), &dt) == 0)
            rc = aclopSetAttrDataType(attr, name, dt);
    } else if (vt == json_type_array) {
        size_t n = json_object_array_length(jv);
        int64_t *ints = calloc(n + 1, sizeof(int64_t));
        float *floats = calloc(n + 1, sizeof(float));
        uint8_t *bools = calloc(n + 1, 1);
        const char **strs = calloc(n + 1, sizeof(char *));
        aclDataType *dts = calloc(n + 1, sizeof(aclDataType));
        int64_t **lists = calloc(n + 1, sizeof(int64_t *));
        int *lens = calloc(n + 1, sizeof(int));
        bool ok = ints && floats && bools && strs && dts && lists && lens;
        for (size_t i = 0; ok && i < n; i++) {
            json_object *e = json_object_array_get_idx(jv, i);
            json_type et = json_object_get_type(e);
            if (strcmp(type, "list_int") == 0) {
                ok = et == json_type_int;
                ints[i] = json_object_get_int64(e);
            } else if (strcmp(type, "list_float") == 0) {
                ok = et == json_type_double || et == json_type_int;
                floats[i] = (float)json_object_get_double(e);
            } else if (strcmp(type, "list_bool") == 0) {
                ok = et == json_type_boolean;
                bools[i] = json_object_get_boolean(e);
            } else if (strcmp(type, "list_string") == 0) {
                ok = et == json_type_string;
                strs[i] = json_object_get_string(e);
            } else if (strcmp(type, "list_data_type") == 0) {
                ok = et == json_type_string && singleop_dtype(json_object_get_string(e), &dts[i]) == 0;
            } else if (strcmp(type, "list_list_int") == 0) {
                size_t m = et == json_type_array ? json_object_array_length(e) : 0;
                lists[i] = calloc(m + 1, sizeof(int64_t));
                size_t got = 0;
                ok = et == json_type_array && lists[i] && int_array(e, lists[i], m, &got) == 0;
                lens[i] = (int)got;
            } else {
                ok = false;
            }
        }
        if (ok) {
            if (strcmp(type, "list_int") == 0)
                rc = aclopSetAttrListInt(attr, name, (int)n, ints);
            else if (strcmp(type, "list_float") == 0)
                rc = aclopSetAttrListFloat(attr, name, (int)n, floats);
            else if (strcmp(type, "list_bool") == 0)
                rc = aclopSetAttrListBool(attr, name, (int)n, bools);
            else if (strcmp(type, "list_string") == 0)
                rc = aclopSetAttrListString(attr, name, (int)n, strs);
            else if (strcmp(type, "list_data_type") == 0)
                rc = aclopSetAttrListDataType(attr, name, (int)n, dts);
            else if (strcmp(type, "list_list_int") == 0)
                rc = aclopSetAttrListListInt(attr, name, (int)n, lens, (const int64_t *const *)lists);
        }
        for (size_t i = 0; lists && i < n; i++)
            free(lists[i]);
        free(ints), free(floats), free(bools), free(strs), free(dts), free(lists), free(lens);
    }
    if (rc == -2)
        return fail(err, cap, "%s: attribute \"%s\": type \"%s\" with value %s is not valid (types: bool, int, float, "
                    "string, data_type, list_bool, list_int, list_float, list_string, list_data_type, list_list_int)",
                    where, name, type, json_object_to_json_string(jv));
    if (rc != 0)
        return fail(err, cap, "%s: attribute \"%s\" cannot be set (error %d)", where, name, rc);
    return 0;
}

void singleop_free(singleop *ops, size_t n)
{
    for (size_t i = 0; ops && i < n; i++) {
        for (int k = 0; k < ops[i].nin; k++)
            aclDestroyTensorDesc(ops[i].in[k]);
        for (int k = 0; k < ops[i].nout; k++)
            aclDestroyTensorDesc(ops[i].out[k]);
        aclopDestroyAttr(ops[i].attr);
        free(ops[i].op);
        free(ops[i].name);
    }
    free(ops);
}

static int parse_descs(json_object *o, const char *field, const char *where, aclTensorDesc **descs, int *n, char *err,
                       size_t cap)
{
    json_object *a;
    if (!json_object_object_get_ex(o, field, &a) || !json_object_is_type(a, json_type_array))
        return fail(err, cap, "%s: \"%s\" (an array of tensor descriptions) is required", where, field);
    size_t len = json_object_array_length(a);
    if (len > SINGLEOP_MAX_IO)
        return fail(err, cap, "%s: \"%s\" has %zu entries, at most %d are supported", where, field, len,
                    SINGLEOP_MAX_IO);
    for (size_t k = 0; k < len; k++) {
        char w[256];
        snprintf(w, sizeof(w), "%s: %s[%zu]", where, field, k);
        if (parse_desc(json_object_array_get_idx(a, k), w, &descs[k], err, cap) != 0)
            return -1;
        (*n)++;
    }
    return 0;
}

int singleop_parse(const char *path, singleop **out, size_t *nops, char *err, size_t cap)
{
    *out = NULL;
    *nops = 0;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return fail(err, cap, "%s: cannot open the file", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = size > 0 ? malloc((size_t)size + 1) : NULL;
    if (text == NULL || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(text);
        return fail(err, cap, "%s: cannot read the file (or it is empty)", path);
    }
    fclose(f);
    text[size] = 0;
    json_tokener *tok = json_tokener_new();
    json_object *root = json_tokener_parse_ex(tok, text, (int)size);
    enum json_tokener_error jerr = json_tokener_get_error(tok);
    if (root == NULL || jerr != json_tokener_success) {
        size_t off = tok->char_offset, line = 1;
        for (size_t i = 0; i < off && text[i]; i++)
            line += text[i] == '\n';
        fail(err, cap, "%s:%zu: malformed JSON: %s", path, line,
             jerr == json_tokener_continue || jerr == json_tokener_success ? "unexpected end of the file"
                                                                           : json_tokener_error_desc(jerr));
        json_tokener_free(tok);
        json_object_put(root);
        free(text);
        return -1;
    }
    json_tokener_free(tok);
    free(text);
    if (!json_object_is_type(root, json_type_array)) {
        json_object_put(root);
        return fail(err, cap, "%s: the single-operator description must be a JSON array of operator objects", path);
    }
    size_t n = json_object_array_length(root);
    singleop *ops = calloc(n ? n : 1, sizeof(singleop));
    if (ops == NULL) {
        json_object_put(root);
        return fail(err, cap, "out of memory");
    }
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        json_object *o = json_object_array_get_idx(root, i), *v;
        char where[256];
        snprintf(where, sizeof(where), "%s: op[%zu]", path, i);
        if (!json_object_is_type(o, json_type_object)) {
            rc = fail(err, cap, "%s: must be a JSON object", where);
            break;
        }
        json_object_object_foreach(o, key, val) {
            (void)val;
            if (strcmp(key, "op") && strcmp(key, "name") && strcmp(key, "compile_flag") && strcmp(key, "input_desc") &&
                strcmp(key, "output_desc") && strcmp(key, "attr")) {
                rc = fail(err, cap, "%s: unknown field \"%s\" (fields: op, name, compile_flag, input_desc, "
                          "output_desc, attr)", where, key);
                break;
            }
        }
        if (rc)
            break;
        if (!json_object_object_get_ex(o, "op", &v) || !json_object_is_type(v, json_type_string)) {
            rc = fail(err, cap, "%s: \"op\" (the operator type, a string) is required", where);
            break;
        }
        ops[i].op = strdup(json_object_get_string(v));
        snprintf(where, sizeof(where), "%s: op[%zu] (%s)", path, i, ops[i].op);
        if (json_object_object_get_ex(o, "name", &v)) {
            if (!json_object_is_type(v, json_type_string)) {
                rc = fail(err, cap, "%s: \"name\" must be a string", where);
                break;
            }
            ops[i].name = strdup(json_object_get_string(v));
        }
        if (json_object_object_get_ex(o, "compile_flag", &v) && !json_object_is_type(v, json_type_int)) {
            rc = fail(err, cap, "%s: \"compile_flag\" must be an integer (0 or 1)", where);
            break;
        }
        ops[i].attr = aclopCreateAttr();
        if ((rc = parse_descs(o, "input_desc", where, ops[i].in, &ops[i].nin, err, cap)) != 0)
            break;
        if ((rc = parse_descs(o, "output_desc", where, ops[i].out, &ops[i].nout, err, cap)) != 0)
            break;
        if (json_object_object_get_ex(o, "attr", &v)) {
            if (!json_object_is_type(v, json_type_array)) {
                rc = fail(err, cap, "%s: \"attr\" must be an array of {name, type, value}", where);
                break;
            }
            for (size_t k = 0; k < json_object_array_length(v) && rc == 0; k++) {
                char w[300];
                snprintf(w, sizeof(w), "%s: attr[%zu]", where, k);
                rc = parse_attr(json_object_array_get_idx(v, k), w, ops[i].attr, err, cap);
            }
        }
    }
    json_object_put(root);
    if (rc != 0) {
        singleop_free(ops, n);
        return -1;
    }
    *out = ops;
    *nops = n;
    return 0;
}
