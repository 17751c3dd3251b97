/* Stage 1 of every aclnn API (aclnn<Name>GetWorkspaceSize and the plain funcs), through the table
 * opbase/gen/aclnn_gen.py generates from the op declarations (aclnn_fuzz_table.c): a new op is
 * fuzzed without touching this file. Arguments are built from the fuzz bytes: tensors of any dtype,
 * rank, shape, strides, offset, format and storage shape (or NULL, or the same tensor again),
 * tensor lists, scalars, int/bool/float arrays, ints, bools, doubles, strings, dtypes. Stage 1 must
 * return a code (with a message when it fails) and never crash, hang or leak; a successful
 * executor gets its addresses rebound with random indices and is destroyed. Nothing runs on a
 * device: stage 1 reads the chip profile only.
 *
 * Input: the API's name, NUL-terminated (an unknown name picks an API by its hash), then each
 * parameter's bytes in order (see make_tensor & co), then one byte of executor calls. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn_fuzz.h"
#include "fuzz_common.h"

#define MAX_PARAMS 48 /* aclnnFusedInferAttentionScoreV2 takes 39 */
#define MAX_RANK 11     /* three past the limit of 8: the rank check is fuzzed too */
#define MAX_LIST 8
#define MAX_OBJS 512
#define FAKE_ADDR ((void *)(uintptr_t)0x10000) /* recorded by stage 1, never dereferenced */

typedef enum { OBJ_TENSOR, OBJ_LIST, OBJ_SCALAR, OBJ_SCALAR_LIST, OBJ_INT_ARRAY, OBJ_BOOL_ARRAY,
               OBJ_FLOAT_ARRAY } obj_kind;

/* Everything one input created, destroyed at its end. */
typedef struct objs {
    struct { obj_kind kind; void *p; } o[MAX_OBJS];
    int n;
    aclTensor *tensors[MAX_OBJS]; /* stand-alone tensors, for reuse as another parameter */
    int ntensors;
    aclTensorList *lists[MAX_OBJS];
    int nlists;
} objs;

static void keep(objs *s, obj_kind kind, void *p)
{
    if (p == NULL)
        return;
    if (s->n == MAX_OBJS)
        abort(); /* cannot happen: MAX_PARAMS * (1 + MAX_LIST) < MAX_OBJS */
    s->o[s->n].kind = kind;
    s->o[s->n].p = p;
    s->n++;
}

static void destroy_all(objs *s)
{
    for (int i = s->n - 1; i >= 0; i--) {
        void *p = s->o[i].p;
        switch (s->o[i].kind) {
        case OBJ_TENSOR: aclDestroyTensor(p); break;
        case OBJ_LIST: aclDestroyTensorList(p); break;
        case OBJ_SCALAR: aclDestroyScalar(p); break;
        case OBJ_SCALAR_LIST: aclDestroyScalarList(p); break;
        case OBJ_INT_ARRAY: aclDestroyIntArray(p); break;
        case OBJ_BOOL_ARRAY: aclDestroyBoolArray(p); break;
        case OBJ_FLOAT_ARRAY: aclDestroyFloatArray(p); break;
        }
    }
    s->n = 0;
}

/* dtype byte: 0xfe ACL_DT_UNDEFINED, else b % 48 (the valid range and some past it) */
static int dtype_of(uint8_t b)
{
    return b == 0xfe ? -1 : b % 48;
}

/* A tensor. First byte: 0xff NULL, 0xfd the same tensor as an earlier parameter (next byte picks
 * it), else the dtype; then rank (% 12), dims, format (0xff undefined), a flag byte: 1 strides
 * follow, 2 an offset follows, 4 a storage shape follows (else the view shape), 8 NULL data,
 * 16 NULL view dims with the rank given. Stand-alone tensors are kept for reuse. */
static aclTensor *make_tensor(fuzz_reader *r, objs *s, bool standalone)
{
    uint8_t b = fz_u8(r);
    if (b == 0xff)
        return NULL;
    if (b == 0xfd) {
        uint8_t k = fz_u8(r);
        return standalone && s->ntensors ? s->tensors[k % s->ntensors] : NULL;
    }
    int dt = dtype_of(b);
    uint64_t rank = fz_u8(r) % (MAX_RANK + 1);
    int64_t dims[MAX_RANK], strides[MAX_RANK], storage[MAX_RANK];
    for (uint64_t i = 0; i < rank; i++)
        dims[i] = fz_small(r);
    uint8_t f = fz_u8(r);
    int fmt = f == 0xff ? -1 : f % 56;
    uint8_t flags = fz_u8(r);
    if (flags & 1)
        for (uint64_t i = 0; i < rank; i++)
            strides[i] = fz_small(r);
    int64_t offset = (flags & 2) ? fz_small(r) : 0;
    uint64_t srank = rank;
    if (flags & 4) {
        srank = fz_u8(r) % (MAX_RANK + 1);
        for (uint64_t i = 0; i < srank; i++)
            storage[i] = fz_small(r);
    } else {
        memcpy(storage, dims, sizeof(int64_t) * rank);
    }
    aclTensor *t = aclCreateTensor((flags & 16) ? NULL : dims, rank, (aclDataType)dt, (flags & 1) ? strides : NULL,
                                   offset, (aclFormat)fmt, storage, srank, (flags & 8) ? NULL : FAKE_ADDR);
    if (t && standalone) {
        keep(s, OBJ_TENSOR, t);
        s->tensors[s->ntensors++] = t;
    }
    return t;
}

/* A tensor list: 0xff NULL, else b % 9 elements (NULL elements allowed). */
static aclTensorList *make_list(fuzz_reader *r, objs *s)
{
    uint8_t b = fz_u8(r);
    if (b == 0xff)
        return NULL;
    aclTensor *items[MAX_LIST];
    uint64_t n = b % (MAX_LIST + 1);
    for (uint64_t i = 0; i < n; i++)
        items[i] = make_tensor(r, s, false);
    aclTensorList *l = aclCreateTensorList((const aclTensor *const *)items, n);
    if (l == NULL) {
        for (uint64_t i = 0; i < n; i++)
            aclDestroyTensor(items[i]);
        return NULL;
    }
    keep(s, OBJ_LIST, l);
    s->lists[s->nlists++] = l;
    return l;
}

/* A scalar: 0xff NULL, else the dtype and 8 value bytes. */
static aclScalar *make_scalar(fuzz_reader *r, objs *s)
{
    uint8_t b = fz_u8(r);
    if (b == 0xff)
        return NULL;
    uint8_t value[16] = {0};
    fz_bytes(r, value, 8);
    aclScalar *sc = aclCreateScalar(value, (aclDataType)dtype_of(b));
    keep(s, OBJ_SCALAR, sc);
    return sc;
}

static aclScalarList *make_scalar_list(fuzz_reader *r, objs *s)
{
    uint8_t b = fz_u8(r);
    if (b == 0xff)
        return NULL;
    aclScalar *items[MAX_LIST];
    uint64_t n = b % (MAX_LIST + 1);
    for (uint64_t i = 0; i < n; i++) {
        uint8_t d = fz_u8(r);
        uint8_t value[16] = {0};
        fz_bytes(r, value, 8);
        items[i] = d == 0xff ? NULL : aclCreateScalar(value, (aclDataType)dtype_of(d));
    }
    aclScalarList *l = aclCreateScalarList((const aclScalar *const *)items, n);
    if (l == NULL) {
        for (uint64_t i = 0; i < n; i++)
            aclDestroyScalar(items[i]);
        return NULL;
    }
    keep(s, OBJ_SCALAR_LIST, l);
    return l;
}

/* Arrays: 0xff NULL, else b % 17 values. */
static void *make_array(fuzz_reader *r, objs *s, char kind)
{
    uint8_t b = fz_u8(r);
    if (b == 0xff)
        return NULL;
    uint64_t n = b % 17;
    int64_t ints[16];
    bool bools[16];
    float floats[16];
    for (uint64_t i = 0; i < n; i++) {
        if (kind == 'a')
            ints[i] = fz_small(r);
        else if (kind == 'b')
            bools[i] = fz_u8(r) & 1;
        else
            fz_bytes(r, &floats[i], sizeof floats[i]);
    }
    void *a;
    if (kind == 'a') {
        a = aclCreateIntArray(ints, n);
        keep(s, OBJ_INT_ARRAY, a);
    } else if (kind == 'b') {
        a = aclCreateBoolArray(bools, n);
        keep(s, OBJ_BOOL_ARRAY, a);
    } else {
        a = aclCreateFloatArray(floats, n);
        keep(s, OBJ_FLOAT_ARRAY, a);
    }
    return a;
}

static const char *const strings[] = {
    "none", "tanh", "erf", "mean", "sum", "NCHW", "NHWC", "NCL", "NCDHW", "ND", "", "x",
};

/* A string: 0xff NULL, 0xfe inline (up to 24 bytes, NUL-terminated), else strings[b % n]. */
static char *make_string(fuzz_reader *r, char *buf)
{
    uint8_t b = fz_u8(r);
    if (b == 0xff)
        return NULL;
    if (b == 0xfe) {
        size_t k = 0;
        uint8_t c;
        while (k < 24 && (c = fz_u8(r)) != 0)
            buf[k++] = (char)c;
        buf[k] = '\0';
        return buf;
    }
    return (char *)strings[b % (sizeof strings / sizeof strings[0])];
}

/* A double: 0x7f then 8 raw bytes (NaN, inf, huge ...), else the signed byte / 8. */
static double make_double(fuzz_reader *r)
{
    uint8_t b = fz_u8(r);
    if (b == 0x7f) {
        double d;
        fz_bytes(r, &d, sizeof d);
        return d;
    }
    return (int8_t)b / 8.0;
}

static const aclnn_fuzz_api *pick_api(fuzz_reader *r)
{
    char name[64];
    size_t k = 0;
    uint8_t c;
    while ((c = fz_u8(r)) != 0 && k < sizeof name - 1)
        name[k++] = (char)c;
    name[k] = '\0';
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < aclnn_fuzz_api_count; i++)
        if (strcmp(aclnn_fuzz_apis[i].name, name) == 0)
            return &aclnn_fuzz_apis[i];
    for (size_t i = 0; i < k; i++)
        h = (h ^ (uint8_t)name[i]) * 16777619u;
    return &aclnn_fuzz_apis[h % aclnn_fuzz_api_count];
}

/* After a successful stage 1: rebinding addresses with fuzzed indices (the executor checks them),
 * then destroying it (repeatable or not). */
static void exercise_executor(fuzz_reader *r, aclOpExecutor *ex, objs *s)
{
    uint8_t calls = fz_u8(r);
    aclTensor *t = s->ntensors ? s->tensors[0] : NULL;
    aclTensorList *l = s->nlists ? s->lists[0] : NULL;
    if (calls & 1)
        aclSetAclOpExecutorRepeatable(ex);
    if (calls & 2)
        aclSetInputTensorAddr(ex, fz_u8(r), t, FAKE_ADDR);
    if (calls & 4)
        aclSetOutputTensorAddr(ex, fz_u8(r), t, FAKE_ADDR);
    if (calls & 8)
        aclSetTensorAddr(ex, fz_u8(r), t, NULL);
    if (calls & 16)
        aclSetDynamicInputTensorAddr(ex, fz_u8(r), fz_u8(r), l, FAKE_ADDR);
    if (calls & 32)
        aclSetDynamicOutputTensorAddr(ex, fz_u8(r), fz_u8(r), l, FAKE_ADDR);
    aclGetRecentErrMsg();
    if (aclDestroyAclOpExecutor(ex) != ACLNN_SUCCESS) {
        fprintf(stderr, "fuzz_aclnn_stage1: aclDestroyAclOpExecutor failed on a live executor\n");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_reader r = {data, size, 0};
    const aclnn_fuzz_api *api = pick_api(&r);
    static objs s;
    s.n = s.ntensors = s.nlists = 0;
    aclnn_fuzz_arg args[MAX_PARAMS];
    char strbuf[MAX_PARAMS][32];
    uint64_t outval[MAX_PARAMS];
    uint64_t *outptr[MAX_PARAMS];
    size_t np = strlen(api->kinds);
    if (np > MAX_PARAMS) {
        fprintf(stderr, "fuzz_aclnn_stage1: %s has %zu parameters, raise MAX_PARAMS\n", api->name, np);
        abort();
    }
    for (size_t i = 0; i < np; i++) {
        args[i].i = 0;
        switch (api->kinds[i]) {
        case 't': args[i].p = make_tensor(&r, &s, true); break;
        case 'l': args[i].p = make_list(&r, &s); break;
        case 's': args[i].p = make_scalar(&r, &s); break;
        case 'S': args[i].p = make_scalar_list(&r, &s); break;
        case 'a': case 'b': case 'f': args[i].p = make_array(&r, &s, api->kinds[i]); break;
        case 'c': args[i].p = make_string(&r, strbuf[i]); break;
        case 'o': args[i].p = (fz_u8(&r) & 1) ? NULL : &outval[i]; break;
        case '?': args[i].i = fz_u8(&r) & 1; break;
        case 'i': args[i].i = fz_small(&r); break;
        case 'D': args[i].i = dtype_of(fz_u8(&r)); break;
        case 'd': args[i].d = make_double(&r); break;
        /* quantized matmul part: a host float array (NULL: its length argument is not tied to
         * a buffer here) and a slot for an array the API allocates */
        case 'F': args[i].p = NULL; break;
        case 'P': outptr[i] = NULL; args[i].p = (fz_u8(&r) & 1) ? NULL : &outptr[i]; break;
        default:
            fprintf(stderr, "fuzz_aclnn_stage1: unknown parameter kind '%c' of %s\n", api->kinds[i], api->name);
            abort();
        }
    }
    aclGetRecentErrMsg(); /* object creation may have failed: not what is checked here */
    uint8_t outs = fz_u8(&r);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = api->call(args, (outs & 1) ? NULL : &ws, (outs & 2) ? NULL : &ex);
    const char *msg = aclGetRecentErrMsg();
    for (size_t i = 0; i < np; i++)
        if (api->kinds[i] == 'P' && args[i].p)
            free(outptr[i]);
    if (fuzz_verbose())
        fprintf(stderr, "%s -> %d %s\n", api->name, (int)st, msg ? msg : "");
    if (st != ACLNN_SUCCESS && (msg == NULL || msg[0] == '\0')) {
        fprintf(stderr, "fuzz_aclnn_stage1: %s returned %d without an error message\n", api->name, (int)st);
        abort();
    }
    if (api->two_stage) {
        if (st == ACLNN_SUCCESS && ex == NULL) {
            fprintf(stderr, "fuzz_aclnn_stage1: %s succeeded without an executor\n", api->name);
            abort();
        }
        if (st != ACLNN_SUCCESS && ex != NULL) {
            fprintf(stderr, "fuzz_aclnn_stage1: %s failed (%d) but handed out an executor\n", api->name, (int)st);
            abort();
        }
        if (ex != NULL)
            exercise_executor(&r, ex, &s);
    }
    destroy_all(&s);
    return 0;
}
