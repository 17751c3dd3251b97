/* The --insert_op_conf parser (aipp_config.h). */
#include "aipp_config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { T_END, T_IDENT, T_NUMBER, T_STRING, T_COLON, T_LBRACE, T_RBRACE, T_SEP, T_BAD } tok_kind;

typedef struct lexer {
    const char *p, *end;
    int line;
    tok_kind kind;
    char text[128];   /* the token (identifiers, numbers, strings), truncated marks T_BAD */
    int tline;
    char *err;
    size_t cap;
    int failed;
} lexer;

static int fail(lexer *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(lexer *L, const char *fmt, ...)
{
    if (!L->failed) {
        int n = snprintf(L->err, L->cap, "line %d: ", L->tline);
        va_list ap;
        va_start(ap, fmt);
        if (n >= 0 && (size_t)n < L->cap)
            vsnprintf(L->err + n, L->cap - (size_t)n, fmt, ap);
        va_end(ap);
    }
    L->failed = 1;
    return -1;
}

static void next(lexer *L)
{
    for (;;) { /* whitespace and comments */
        while (L->p < L->end && isspace((unsigned char)*L->p)) {
            L->line += *L->p == '\n';
            L->p++;
        }
        if (L->p < L->end && *L->p == '#') {
            while (L->p < L->end && *L->p != '\n')
                L->p++;
            continue;
        }
        break;
    }
    L->tline = L->line;
    L->text[0] = 0;
    if (L->p >= L->end) {
        L->kind = T_END;
        return;
    }
    char c = *L->p;
    if (c == ':' || c == '{' || c == '}' || c == ',' || c == ';') {
        L->kind = c == ':' ? T_COLON : c == '{' ? T_LBRACE : c == '}' ? T_RBRACE : T_SEP;
        L->p++;
        return;
    }
    size_t n = 0;
    if (c == '"' || c == '\'') {
        L->p++;
        while (L->p < L->end && *L->p != c && *L->p != '\n') {
            if (n + 1 >= sizeof(L->text)) {
                L->text[n] = 0;
                L->kind = T_BAD;
                return;
            }
            L->text[n++] = *L->p++;
        }
        L->text[n] = 0;
        if (L->p >= L->end || *L->p != c) {
            L->kind = T_BAD; /* an unterminated string */
            return;
        }
        L->p++;
        L->kind = T_STRING;
        return;
    }
    int ident = isalpha((unsigned char)c) || c == '_';
    int number = isdigit((unsigned char)c) || c == '-' || c == '+' || c == '.';
    if (!ident && !number) {
        L->kind = T_BAD;
        L->text[0] = c;
        L->text[1] = 0;
        L->p++;
        return;
    }
    while (L->p < L->end) {
        char d = *L->p;
        int ok = ident ? (isalnum((unsigned char)d) || d == '_')
                       : (isalnum((unsigned char)d) || d == '.' || d == '-' || d == '+');
        if (!ok)
            break;
        if (n + 1 >= sizeof(L->text)) {
            L->text[n] = 0;
            L->kind = T_BAD;
            return;
        }
        L->text[n++] = d;
        L->p++;
    }
    L->text[n] = 0;
    L->kind = ident ? T_IDENT : T_NUMBER;
}

/* ---- field table -------------------------------------------------------------------- */
typedef enum { F_INT, F_BOOL, F_FLOAT, F_MODE, F_FORMAT, F_IGNORED_STR } field_type;

typedef struct field {
    const char *name;
    field_type type;
    size_t off;      /* into aipp_op_cfg */
    long long lo, hi;
} field;

#define P(x) offsetof(aipp_op_cfg, p.x)
static const field fields[] = {
    {"aipp_mode", F_MODE, P(mode), 0, 0},
    {"related_input_rank", F_INT, offsetof(aipp_op_cfg, input_rank), 0, 255},
    {"related_input_name", F_IGNORED_STR, 0, 0, 0},
    {"input_format", F_FORMAT, P(input_format), 0, 0},
    {"src_image_size_w", F_INT, P(src_w), 0, MDL_AIPP_MAX_SIDE},
    {"src_image_size_h", F_INT, P(src_h), 0, MDL_AIPP_MAX_SIDE},
    {"max_src_image_size", F_INT, P(max_src_size), 0, 1 << 30},
    {"crop", F_BOOL, P(crop), 0, 1},
    {"load_start_pos_w", F_INT, P(crop_x), 0, MDL_AIPP_MAX_SIDE},
    {"load_start_pos_h", F_INT, P(crop_y), 0, MDL_AIPP_MAX_SIDE},
    {"crop_size_w", F_INT, P(crop_w), 0, MDL_AIPP_MAX_SIDE},
    {"crop_size_h", F_INT, P(crop_h), 0, MDL_AIPP_MAX_SIDE},
    {"resize", F_BOOL, P(resize), 0, 1},
    {"resize_output_w", F_INT, P(resize_w), 0, MDL_AIPP_MAX_SIDE},
    {"resize_output_h", F_INT, P(resize_h), 0, MDL_AIPP_MAX_SIDE},
    {"padding", F_BOOL, P(padding), 0, 1},
    {"left_padding_size", F_INT, P(pad_left), 0, 32},
    {"right_padding_size", F_INT, P(pad_right), 0, 32},
    {"top_padding_size", F_INT, P(pad_top), 0, 32},
    {"bottom_padding_size", F_INT, P(pad_bottom), 0, 32},
    {"csc_switch", F_BOOL, P(csc), 0, 1},
    {"rbuv_swap_switch", F_BOOL, P(rbuv_swap), 0, 1},
    {"ax_swap_switch", F_BOOL, P(ax_swap), 0, 1},
    {"single_line_mode", F_BOOL, P(single_line), 0, 1},
    {"matrix_r0c0", F_INT, P(matrix[0]), -32768, 32767},
    {"matrix_r0c1", F_INT, P(matrix[1]), -32768, 32767},
    {"matrix_r0c2", F_INT, P(matrix[2]), -32768, 32767},
    {"matrix_r1c0", F_INT, P(matrix[3]), -32768, 32767},
    {"matrix_r1c1", F_INT, P(matrix[4]), -32768, 32767},
    {"matrix_r1c2", F_INT, P(matrix[5]), -32768, 32767},
    {"matrix_r2c0", F_INT, P(matrix[6]), -32768, 32767},
    {"matrix_r2c1", F_INT, P(matrix[7]), -32768, 32767},
    {"matrix_r2c2", F_INT, P(matrix[8]), -32768, 32767},
    {"output_bias_0", F_INT, P(out_bias[0]), 0, 255},
    {"output_bias_1", F_INT, P(out_bias[1]), 0, 255},
    {"output_bias_2", F_INT, P(out_bias[2]), 0, 255},
    {"input_bias_0", F_INT, P(in_bias[0]), 0, 255},
    {"input_bias_1", F_INT, P(in_bias[1]), 0, 255},
    {"input_bias_2", F_INT, P(in_bias[2]), 0, 255},
    {"mean_chn_0", F_INT, P(mean[0]), 0, 255},
    {"mean_chn_1", F_INT, P(mean[1]), 0, 255},
    {"mean_chn_2", F_INT, P(mean[2]), 0, 255},
    {"mean_chn_3", F_INT, P(mean[3]), 0, 255},
    {"min_chn_0", F_FLOAT, P(min[0]), 0, 0},
    {"min_chn_1", F_FLOAT, P(min[1]), 0, 0},
    {"min_chn_2", F_FLOAT, P(min[2]), 0, 0},
    {"min_chn_3", F_FLOAT, P(min[3]), 0, 0},
    {"var_reci_chn_0", F_FLOAT, P(var_reci[0]), 0, 0},
    {"var_reci_chn_1", F_FLOAT, P(var_reci[1]), 0, 0},
    {"var_reci_chn_2", F_FLOAT, P(var_reci[2]), 0, 0},
    {"var_reci_chn_3", F_FLOAT, P(var_reci[3]), 0, 0},
};
#undef P
#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

static const struct { const char *name; int value; } formats[] = {
    {"YUV420SP_U8", MDL_AIPP_YUV420SP_U8}, {"XRGB8888_U8", MDL_AIPP_XRGB8888_U8},
    {"RGB888_U8", MDL_AIPP_RGB888_U8},     {"YUV400_U8", MDL_AIPP_YUV400_U8},
};
/* formats of the real enum aclemu does not convert (a clear refusal, not "unknown") */
static const char *const other_formats[] = {"NC1HWC0DI_FP16", "NC1HWC0DI_S8", "ARGB8888_U8", "YUYV_U8",
                                            "YUV422SP_U8", "AYUV444_U8", "RAW10", "RAW12", "RAW16", "RAW24",
                                            "RGB16", "RGB20", "RGB24", "RGB8_IR", "RGB16_IR", "RGB24_IR"};

static int parse_int(lexer *L, const field *f, long long *v)
{
    if (L->kind != T_NUMBER)
        return fail(L, "%s takes an integer", f->name);
    char *e;
    errno = 0;
    long long x = strtoll(L->text, &e, 10);
    if (*e || errno)
        return fail(L, "%s: \"%s\" is not an integer", f->name, L->text);
    if (x < f->lo || x > f->hi)
        return fail(L, "%s: %lld is out of range [%lld, %lld]", f->name, x, f->lo, f->hi);
    *v = x;
    return 0;
}

static int set_value(lexer *L, const field *f, aipp_op_cfg *op)
{
    void *dst = (char *)op + f->off;
    long long v = 0;
    switch (f->type) {
    case F_INT:
        if (parse_int(L, f, &v) != 0)
            return -1;
        *(int32_t *)dst = (int32_t)v;
        return 0;
    case F_BOOL:
        if (L->kind == T_IDENT && (strcmp(L->text, "true") == 0 || strcmp(L->text, "false") == 0))
            *(int32_t *)dst = L->text[0] == 't';
        else if (L->kind == T_NUMBER && (strcmp(L->text, "0") == 0 || strcmp(L->text, "1") == 0))
            *(int32_t *)dst = L->text[0] == '1';
        else
            return fail(L, "%s takes true or false", f->name);
        return 0;
    case F_FLOAT: {
        if (L->kind != T_NUMBER)
            return fail(L, "%s takes a number", f->name);
        char *e;
        double x = strtod(L->text, &e);
        if (*e == 'f' || *e == 'F')
            e++;
        if (*e || !isfinite(x) || fabs(x) > 65504.0)
            return fail(L, "%s: \"%s\" is not a number in [-65504, 65504]", f->name, L->text);
        *(float *)dst = (float)x;
        return 0;
    }
    case F_MODE:
        if (L->kind == T_IDENT && strcmp(L->text, "static") == 0)
            *(int32_t *)dst = MDL_AIPP_STATIC;
        else if (L->kind == T_IDENT && strcmp(L->text, "dynamic") == 0)
            *(int32_t *)dst = MDL_AIPP_DYNAMIC;
        else
            return fail(L, "aipp_mode takes static or dynamic, not \"%s\"", L->text);
        return 0;
    case F_FORMAT:
        if (L->kind != T_IDENT)
            return fail(L, "input_format takes a format name");
        for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
            if (strcmp(L->text, formats[i].name) == 0) {
                *(int32_t *)dst = formats[i].value;
                return 0;
            }
        for (size_t i = 0; i < sizeof(other_formats) / sizeof(other_formats[0]); i++)
            if (strcmp(L->text, other_formats[i]) == 0)
                return fail(L, "input_format %s is not supported by aclemu (YUV420SP_U8, XRGB8888_U8, RGB888_U8, "
                            "YUV400_U8 are)", L->text);
        return fail(L, "input_format: unknown format \"%s\"", L->text);
    case F_IGNORED_STR:
        if (L->kind != T_STRING && L->kind != T_IDENT)
            return fail(L, "%s takes a string", f->name);
        return 0;
    }
    return fail(L, "internal: field type");
}

/* the fields of one aipp_op { ... } (the '{' consumed) */
static int parse_op(lexer *L, aipp_op_cfg *op)
{
    unsigned char seen[NFIELDS] = {0};
    mdl_aipp_defaults(&op->p);
    op->input_rank = 0;
    for (;;) {
        next(L);
        if (L->kind == T_RBRACE)
            break;
        if (L->kind == T_SEP)
            continue;
        if (L->kind == T_END)
            return fail(L, "aipp_op is not closed (missing '}')");
        if (L->kind != T_IDENT)
            return fail(L, "expected a field name, found \"%s\"", L->text);
        size_t k = 0;
        while (k < NFIELDS && strcmp(fields[k].name, L->text) != 0)
            k++;
        if (k == NFIELDS)
            return fail(L, "unknown field \"%s\" in aipp_op", L->text);
        if (seen[k]++)
            return fail(L, "field %s is given twice", fields[k].name);
        next(L);
        if (L->kind != T_COLON)
            return fail(L, "expected ':' after %s", fields[k].name);
        next(L);
        if (set_value(L, &fields[k], op) != 0)
            return -1;
    }
    if (!seen[0])
        return fail(L, "aipp_op has no aipp_mode (static or dynamic)");
    if (op->p.mode == MDL_AIPP_STATIC && !seen[3])
        return fail(L, "a static aipp_op needs input_format");
    return 0;
}

int aipp_config_parse(const char *text, size_t len, aipp_op_cfg *ops, int *n, char *err, size_t cap)
{
    lexer L = {text, text + len, 1, T_END, "", 1, err, cap, 0};
    *n = 0;
    if (cap)
        err[0] = 0;
    if (memchr(text, 0, len) != NULL)
        return fail(&L, "the file holds a NUL byte (not a text file)");
    for (;;) {
        next(&L);
        if (L.kind == T_END)
            break;
        if (L.kind == T_SEP)
            continue;
        if (L.kind != T_IDENT || strcmp(L.text, "aipp_op") != 0)
            return fail(&L, "expected aipp_op, found \"%s\"", L.text);
        next(&L);
        if (L.kind == T_COLON)
            next(&L);
        if (L.kind != T_LBRACE)
            return fail(&L, "expected '{' after aipp_op");
        if (*n == AIPP_MAX_OPS)
            return fail(&L, "more than %d aipp_op blocks", AIPP_MAX_OPS);
        if (parse_op(&L, &ops[*n]) != 0)
            return -1;
        for (int i = 0; i < *n; i++)
            if (ops[i].input_rank == ops[*n].input_rank)
                return fail(&L, "two aipp_op blocks for related_input_rank %d", ops[i].input_rank);
        (*n)++;
    }
    if (*n == 0)
        return fail(&L, "no aipp_op block");
    return 0;
}

int aipp_attach(mdl_model *m, const aipp_op_cfg *ops, int n, char *err, size_t cap)
{
    m->aipp_input = calloc((size_t)n + 1, sizeof(uint32_t));
    m->aipp = calloc((size_t)n + 1, sizeof(mdl_aipp));
    if (m->aipp_input == NULL || m->aipp == NULL) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    for (int k = 0; k < n; k++) {
        const aipp_op_cfg *op = &ops[k];
        if (op->input_rank < 0 || (uint32_t)op->input_rank >= m->ninputs) {
            snprintf(err, cap, "aipp_op %d: related_input_rank %d, the model has %u inputs", k, op->input_rank,
                     m->ninputs);
            return -1;
        }
        for (uint32_t g = 0; g < (m->gear ? m->ngears : 1); g++) {
            const mdl_model *gm = mdl_gear(m, g);
            const mdl_tensor *t = &gm->tensors[gm->inputs[op->input_rank]];
            if (t->ndims != 4 || (t->dtype != 0 && t->dtype != 1)) {
                snprintf(err, cap, "aipp_op %d: input %d (%s) is not a 4-D float NCHW input", k, op->input_rank,
                         t->name);
                return -1;
            }
            if (op->p.mode == MDL_AIPP_STATIC) {
                const char *bad = mdl_aipp_check(&op->p, t->dims[1], t->dims[2], t->dims[3]);
                if (bad) {
                    snprintf(err, cap, "aipp_op %d (input %s, %lldx%lldx%lld): %s", k, t->name,
                             (long long)t->dims[1], (long long)t->dims[2], (long long)t->dims[3], bad);
                    return -1;
                }
            } else if (op->p.max_src_size <= 0 || (t->dims[1] != 3 && t->dims[1] != 1)) {
                snprintf(err, cap, "aipp_op %d: a dynamic aipp_op needs max_src_image_size > 0 and a 1- or 3-channel "
                         "input", k);
                return -1;
            }
        }
        m->aipp_input[k] = (uint32_t)op->input_rank;
        m->aipp[k] = op->p;
    }
    m->naipp = (uint32_t)n;
    return 0;
}
