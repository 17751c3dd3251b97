/* Unit tests of the aclop layer that need no device: tensor descriptors, attributes, the op
 * checks behind aclopCompile (every error path with its code), the model registry
 * (aclopLoad / aclopSetModelDir / matching) and the compile options. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"
#include "aclop_internal.h"

static const char *msg(void)
{
    const char *m = aclGetRecentErrMsg();
    return m ? m : "";
}

static void expect_msg(const char *needle)
{
    const char *m = msg();
    if (strstr(m, needle) == NULL)
        fail_msg("message \"%s\" lacks \"%s\"", m, needle);
}

/* ---- tensor descriptors ------------------------------------------------------------------ */
static void test_desc_basics(void **state)
{
    int64_t dims[3] = {2, 3, 4};
    aclTensorDesc *d = aclCreateTensorDesc(ACL_FLOAT16, 3, dims, ACL_FORMAT_NCHW);
    assert_non_null(d);
    assert_int_equal(aclGetTensorDescType(d), ACL_FLOAT16);
    assert_int_equal(aclGetTensorDescFormat(d), ACL_FORMAT_NCHW);
    assert_int_equal(aclGetTensorDescNumDims(d), 3);
    assert_int_equal(aclGetTensorDescElementCount(d), 24);
    assert_int_equal(aclGetTensorDescSize(d), 48);
    int64_t v = 0;
    assert_int_equal(aclGetTensorDescDimV2(d, 2, &v), ACL_SUCCESS);
    assert_int_equal(v, 4);
    assert_int_equal(aclGetTensorDescDimV2(d, 3, &v), ACL_ERROR_INVALID_PARAM);
    expect_msg("index");
    assert_int_equal(aclGetTensorDescDimV2(NULL, 0, &v), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclGetTensorDescDimV2(d, 0, NULL), ACL_ERROR_INVALID_PARAM);
    dims[0] = 99; /* the dims were copied */
    assert_int_equal(aclGetTensorDescElementCount(d), 24);
    assert_string_equal(aclGetTensorDescName(d), "");
    aclSetTensorDescName(d, "x1");
    assert_string_equal(aclGetTensorDescName(d), "x1");
    aclSetTensorDescName(d, NULL);
    assert_string_equal(aclGetTensorDescName(d), "");
    /* storage setters do not touch the origin view */
    int64_t st[5] = {2, 1, 3, 4, 16};
    assert_int_equal(aclSetTensorFormat(d, ACL_FORMAT_NC1HWC0), ACL_SUCCESS);
    assert_int_equal(aclSetTensorShape(d, 5, st), ACL_SUCCESS);
    assert_int_equal(aclGetTensorDescFormat(d), ACL_FORMAT_NCHW);
    assert_int_equal(aclGetTensorDescNumDims(d), 3);
    int64_t od[2] = {6, 4};
    assert_int_equal(aclSetTensorOriginShape(d, 2, od), ACL_SUCCESS);
    assert_int_equal(aclSetTensorOriginFormat(d, ACL_FORMAT_ND), ACL_SUCCESS);
    assert_int_equal(aclGetTensorDescNumDims(d), 2);
    assert_int_equal(aclGetTensorDescFormat(d), ACL_FORMAT_ND);
    assert_int_equal(aclSetTensorShape(d, 2, NULL), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclSetTensorPlaceMent(d, ACL_MEMTYPE_HOST), ACL_SUCCESS);
    assert_int_equal(aclSetTensorPlaceMent(NULL, ACL_MEMTYPE_HOST), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclSetTensorDynamicInput(d, "x"), ACL_SUCCESS);
    assert_int_equal(aclSetTensorDynamicInput(d, NULL), ACL_ERROR_INVALID_PARAM);
    assert_ptr_equal(aclGetTensorDescByIndex(d, 0), d);
    assert_null(aclGetTensorDescAddress(d));
    aclDestroyTensorDesc(d);
    aclDestroyTensorDesc(NULL);
}

static void test_desc_create_errors(void **state)
{
    int64_t dims[1] = {1};
    assert_null(aclCreateTensorDesc(ACL_FLOAT, -1, dims, ACL_FORMAT_ND));
    expect_msg("numDims");
    assert_null(aclCreateTensorDesc(ACL_FLOAT, 2, NULL, ACL_FORMAT_ND));
    expect_msg("dims is null");
    aclTensorDesc *scalar = aclCreateTensorDesc(ACL_INT64, 0, NULL, ACL_FORMAT_ND);
    assert_non_null(scalar);
    assert_int_equal(aclGetTensorDescElementCount(scalar), 1);
    assert_int_equal(aclGetTensorDescSize(scalar), 8);
    aclDestroyTensorDesc(scalar);
    assert_int_equal(aclGetTensorDescSize(NULL), 0);
    assert_int_equal(aclGetTensorDescElementCount(NULL), 0);
    assert_int_equal(aclGetTensorDescNumDims(NULL), 0);
    assert_int_equal(aclGetTensorDescType(NULL), ACL_DT_UNDEFINED);
    assert_int_equal(aclGetTensorDescFormat(NULL), ACL_FORMAT_UNDEFINED);
    msg();
}

static void test_desc_dynamic(void **state)
{
    int64_t unk[1] = {-2};
    aclTensorDesc *d = aclCreateTensorDesc(ACL_FLOAT, 1, unk, ACL_FORMAT_ND);
    assert_true(aclGetTensorDescNumDims(d) == ACL_UNKNOWN_RANK);
    assert_int_equal(aclGetTensorDescElementCount(d), 0);
    aclDestroyTensorDesc(d);
    int64_t dims[2] = {-1, 16};
    int64_t range[2][2] = {{1, 64}, {16, 16}};
    d = aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND);
    assert_int_equal(aclGetTensorDescSize(d), 0);
    assert_int_equal(aclSetTensorShapeRange(d, 2, range), ACL_SUCCESS);
    int64_t r[2];
    assert_int_equal(aclGetTensorDescDimRange(d, 0, 2, r), ACL_SUCCESS);
    assert_int_equal(r[0], 1);
    assert_int_equal(r[1], 64);
    assert_int_equal(aclGetTensorDescDimRange(d, 2, 2, r), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclGetTensorDescDimRange(d, 0, 1, r), ACL_ERROR_INVALID_PARAM);
    expect_msg("dimRangeNum");
    assert_int_equal(aclSetTensorShapeRange(NULL, 2, range), ACL_ERROR_INVALID_PARAM);
    aclDestroyTensorDesc(d);
}

static void test_desc_const(void **state)
{
    int64_t dims[1] = {4};
    aclTensorDesc *d = aclCreateTensorDesc(ACL_INT32, 1, dims, ACL_FORMAT_ND);
    int32_t perm[4] = {0, 2, 3, 1};
    assert_int_equal(aclSetTensorConst(d, perm, sizeof(perm)), ACL_SUCCESS);
    assert_int_equal(aclSetTensorConst(d, perm, 0), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclSetTensorConst(d, NULL, 4), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclSetTensorConst(NULL, perm, 4), ACL_ERROR_INVALID_PARAM);
    msg();
    aclDestroyTensorDesc(d);
}

static void test_trans_format(void **state)
{
    int64_t dims[4] = {2, 3, 5, 7};
    aclTensorDesc *s = aclCreateTensorDesc(ACL_FLOAT, 4, dims, ACL_FORMAT_NCHW), *d = NULL;
    assert_int_equal(aclTransTensorDescFormat(s, ACL_FORMAT_NHWC, &d), ACL_SUCCESS);
    int64_t v;
    aclGetTensorDescDimV2(d, 3, &v);
    assert_int_equal(v, 3);
    aclGetTensorDescDimV2(d, 1, &v);
    assert_int_equal(v, 5);
    aclDestroyTensorDesc(d);
    assert_int_equal(aclTransTensorDescFormat(s, ACL_FORMAT_FRACTAL_Z, &d), ACL_ERROR_FORMAT_NOT_MATCH);
    msg();
    aclDestroyTensorDesc(s);
}

/* ---- attributes ------------------------------------------------------------------------ */
static void test_attr_setters(void **state)
{
    aclopAttr *a = aclopCreateAttr();
    assert_non_null(a);
    assert_int_equal(aclopSetAttrBool(a, "b", 1), ACL_SUCCESS);
    assert_int_equal(aclopSetAttrInt(a, "i", -5), ACL_SUCCESS);
    assert_int_equal(aclopSetAttrFloat(a, "f", 0.5f), ACL_SUCCESS);
    assert_int_equal(aclopSetAttrString(a, "s", "NHWC"), ACL_SUCCESS);
    assert_int_equal(aclopSetAttrDataType(a, "dt", ACL_FLOAT16), ACL_SUCCESS);
    aclDataType dts[2] = {ACL_FLOAT, ACL_INT8};
    assert_int_equal(aclopSetAttrListDataType(a, "ldt", 2, dts), ACL_SUCCESS);
    uint8_t bs[3] = {1, 0, 1};
    assert_int_equal(aclopSetAttrListBool(a, "lb", 3, bs), ACL_SUCCESS);
    int64_t is[4] = {1, 2, 3, 4};
    assert_int_equal(aclopSetAttrListInt(a, "li", 4, is), ACL_SUCCESS);
    float fs[2] = {1.5f, -2.0f};
    assert_int_equal(aclopSetAttrListFloat(a, "lf", 2, fs), ACL_SUCCESS);
    const char *ss[2] = {"a", "bc"};
    assert_int_equal(aclopSetAttrListString(a, "ls", 2, ss), ACL_SUCCESS);
    int64_t l0[2] = {1, 2}, l1[3] = {3, 4, 5};
    const int64_t *lists[2] = {l0, l1};
    int lens[2] = {2, 3};
    assert_int_equal(aclopSetAttrListListInt(a, "lli", 2, lens, lists), ACL_SUCCESS);
    /* empty lists are legal */
    assert_int_equal(aclopSetAttrListInt(a, "empty", 0, NULL), ACL_SUCCESS);
    /* errors */
    assert_int_equal(aclopSetAttrInt(NULL, "i", 1), ACL_ERROR_INVALID_PARAM);
    expect_msg("attr");
    assert_int_equal(aclopSetAttrInt(a, NULL, 1), ACL_ERROR_INVALID_PARAM);
    expect_msg("attrName");
    assert_int_equal(aclopSetAttrString(a, "s", NULL), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclopSetAttrListInt(a, "li", -1, is), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclopSetAttrListInt(a, "li", 2, NULL), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclopSetAttrListListInt(a, "lli", 2, NULL, lists), ACL_ERROR_INVALID_PARAM);
    msg();
    aclopDestroyAttr(a);
    aclopDestroyAttr(NULL);
}

/* ---- compile-time checks (aclopCompile) -------------------------------------------------- */
typedef struct add_op {
    aclTensorDesc *in[2], *out[1];
    aclopAttr *attr;
} add_op;

static add_op make_add(aclDataType a, aclDataType b, const int64_t *dims, int nd)
{
    add_op op;
    op.in[0] = aclCreateTensorDesc(a, nd, dims, ACL_FORMAT_ND);
    op.in[1] = aclCreateTensorDesc(b, nd, dims, ACL_FORMAT_ND);
    op.out[0] = aclCreateTensorDesc(a, nd, dims, ACL_FORMAT_ND);
    op.attr = aclopCreateAttr();
    return op;
}

static void free_add(add_op *op)
{
    aclDestroyTensorDesc(op->in[0]);
    aclDestroyTensorDesc(op->in[1]);
    aclDestroyTensorDesc(op->out[0]);
    aclopDestroyAttr(op->attr);
}

#define COMPILE(op, nin, nout) \
    aclopCompile(op, nin, (const aclTensorDesc *const *)in, nout, (const aclTensorDesc *const *)out, attr, \
                 ACL_ENGINE_SYS, ACL_COMPILE_SYS, NULL)

static void test_compile_errors(void **state)
{
    int64_t dims[2] = {8, 16};
    add_op op = make_add(ACL_FLOAT, ACL_FLOAT, dims, 2);
    aclTensorDesc **in = op.in, **out = op.out;
    aclopAttr *attr = op.attr;
    size_t before = aclemu_aclop_model_count();
    assert_int_equal(COMPILE("Add", 2, 1), ACL_SUCCESS);
    assert_int_equal(aclemu_aclop_model_count(), before + 1);
    assert_int_equal(COMPILE("Add", 2, 1), ACL_SUCCESS); /* same model again: not duplicated */
    assert_int_equal(aclemu_aclop_model_count(), before + 1);

    assert_int_equal(COMPILE("NoSuchOp", 2, 1), ACL_ERROR_OP_TYPE_NOT_MATCH);
    expect_msg("NoSuchOp");
    assert_int_equal(COMPILE("Add", 1, 1), ACL_ERROR_OP_INPUT_NOT_MATCH);
    expect_msg("takes 2 to 2 inputs, got 1");
    assert_int_equal(COMPILE("Add", 2, 0), ACL_ERROR_OP_OUTPUT_NOT_MATCH);
    expect_msg("has 1 outputs, got 0");
    assert_int_equal(COMPILE(NULL, 2, 1), ACL_ERROR_INVALID_PARAM);
    expect_msg("opType");
    assert_int_equal(COMPILE("Add", -1, 1), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclopCompile("Add", 2, (const aclTensorDesc *const *)in, 1, (const aclTensorDesc *const *)out,
                                  attr, ACL_ENGINE_SYS, ACL_COMPILE_UNREGISTERED, NULL),
                     ACL_ERROR_INVALID_PARAM);
    expect_msg("compileFlag");
    assert_int_equal(aclopCompile("Add", 2, (const aclTensorDesc *const *)in, 1, (const aclTensorDesc *const *)out,
                                  attr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, "/tmp/op"),
                     ACL_ERROR_INVALID_PARAM);
    expect_msg("opPath");
    /* unknown attribute name, listing the op's attributes */
    aclopSetAttrInt(attr, "alpha", 2);
    assert_int_equal(COMPILE("Add", 2, 1), ACL_ERROR_OP_ATTR_NOT_MATCH);
    expect_msg("op Add has no attribute \"alpha\"");
    free_add(&op);

    /* dtype mismatch between the inputs */
    op = make_add(ACL_FLOAT, ACL_FLOAT16, dims, 2);
    in = op.in, out = op.out, attr = op.attr;
    assert_int_equal(COMPILE("Add", 2, 1), ACL_ERROR_OP_INPUT_NOT_MATCH);
    expect_msg("must have the same dtype");
    free_add(&op);

    /* unsupported dtype */
    op = make_add(ACL_STRING, ACL_STRING, dims, 2);
    in = op.in, out = op.out, attr = op.attr;
    assert_int_equal(COMPILE("Add", 2, 1), ACL_ERROR_UNSUPPORTED_DATA_TYPE);
    expect_msg("supported: float");
    free_add(&op);

    /* output shape does not follow from the inputs */
    op = make_add(ACL_FLOAT, ACL_FLOAT, dims, 2);
    in = op.in, out = op.out, attr = op.attr;
    int64_t wrong[2] = {8, 15};
    aclSetTensorOriginShape(out[0], 2, wrong);
    assert_int_equal(COMPILE("Add", 2, 1), ACL_ERROR_OP_OUTPUT_NOT_MATCH);
    expect_msg("[8,15]");
    /* output dtype differs */
    aclSetTensorOriginShape(out[0], 2, dims);
    aclDestroyTensorDesc(out[0]);
    out[0] = aclCreateTensorDesc(ACL_INT32, 2, dims, ACL_FORMAT_ND);
    assert_int_equal(COMPILE("Add", 2, 1), ACL_ERROR_OP_OUTPUT_NOT_MATCH);
    expect_msg("must have dtype float");
    /* non-broadcastable */
    int64_t other[2] = {8, 3};
    aclSetTensorOriginShape(in[1], 2, other);
    assert_int_equal(COMPILE("Add", 2, 1), ACL_ERROR_OP_INPUT_NOT_MATCH);
    expect_msg("cannot be broadcast");
    /* a shape range that does not cover the dims */
    int64_t range[1][2] = {{1, 8}};
    aclSetTensorShapeRange(in[0], 1, range);
    assert_int_equal(COMPILE("Add", 2, 1), ACL_ERROR_INVALID_PARAM);
    expect_msg("shape range");
    free_add(&op);
}

static void test_conv2d_attrs(void **state)
{
    int64_t xd[4] = {2, 16, 16, 3}, wd[4] = {6, 3, 3, 3}, yd[4] = {2, 16, 16, 6};
    aclTensorDesc *in[3] = {aclCreateTensorDesc(ACL_FLOAT16, 4, xd, ACL_FORMAT_NHWC),
                            aclCreateTensorDesc(ACL_FLOAT16, 4, wd, ACL_FORMAT_NCHW),
                            aclCreateTensorDesc(ACL_DT_UNDEFINED, 0, NULL, ACL_FORMAT_UNDEFINED)};
    aclTensorDesc *out[1] = {aclCreateTensorDesc(ACL_FLOAT16, 4, yd, ACL_FORMAT_NHWC)};
    aclopAttr *attr = aclopCreateAttr();
    int64_t ones[4] = {1, 1, 1, 1};
    /* strides is required */
    aclopSetAttrListInt(attr, "pads", 4, ones);
    assert_int_equal(COMPILE("Conv2D", 3, 1), ACL_ERROR_OP_ATTR_NOT_MATCH);
    expect_msg("required attribute \"strides\" (list_int) of op Conv2D is not set");
    /* wrong type */
    aclopSetAttrInt(attr, "strides", 1);
    assert_int_equal(COMPILE("Conv2D", 3, 1), ACL_ERROR_OP_ATTR_NOT_MATCH);
    expect_msg("must be of type list_int, but was set as int");
    /* wrong length */
    aclopSetAttrListInt(attr, "strides", 2, ones);
    assert_int_equal(COMPILE("Conv2D", 3, 1), ACL_ERROR_OP_ATTR_NOT_MATCH);
    expect_msg("must hold 4 values");
    aclopSetAttrListInt(attr, "strides", 4, ones);
    aclopSetAttrListInt(attr, "dilations", 4, ones);
    assert_int_equal(COMPILE("Conv2D", 3, 1), ACL_SUCCESS); /* optional bias as ACL_DT_UNDEFINED */
    assert_int_equal(COMPILE("Conv2D", 2, 1), ACL_SUCCESS); /* or omitted */
    /* the filter must be passed */
    aclTensorDesc *saved = in[1];
    in[1] = in[2];
    assert_int_equal(COMPILE("Conv2D", 3, 1), ACL_ERROR_OP_INPUT_NOT_MATCH);
    expect_msg("input 1 (filter) of op Conv2D is required");
    in[1] = saved;
    /* stride 2 halves H and W: the old output shape is refused */
    int64_t two[4] = {1, 2, 2, 1};
    aclopSetAttrListInt(attr, "strides", 4, two);
    assert_int_equal(COMPILE("Conv2D", 3, 1), ACL_ERROR_OP_OUTPUT_NOT_MATCH);
    expect_msg("[2,8,8,6]");
    for (int k = 0; k < 3; k++)
        aclDestroyTensorDesc(in[k]);
    aclDestroyTensorDesc(out[0]);
    aclopDestroyAttr(attr);
}

static void test_infer_shape(void **state)
{
    int64_t a[2] = {4, 8}, b[2] = {8, 3}, unk[2] = {-1, -1};
    aclTensorDesc *in[2] = {aclCreateTensorDesc(ACL_FLOAT, 2, a, ACL_FORMAT_ND),
                            aclCreateTensorDesc(ACL_FLOAT, 2, b, ACL_FORMAT_ND)};
    aclTensorDesc *out[1] = {aclCreateTensorDesc(ACL_FLOAT, 2, unk, ACL_FORMAT_ND)};
    aclopAttr *attr = aclopCreateAttr();
    assert_int_equal(aclopInferShape("MatMulV2", 2, in, NULL, 1, out, attr), ACL_SUCCESS);
    int64_t v;
    aclGetTensorDescDimV2(out[0], 0, &v);
    assert_int_equal(v, 4);
    aclGetTensorDescDimV2(out[0], 1, &v);
    assert_int_equal(v, 3);
    aclopSetAttrBool(attr, "transpose_x2", 1);
    assert_int_equal(aclopInferShape("MatMulV2", 2, in, NULL, 1, out, attr), ACL_ERROR_OP_INPUT_NOT_MATCH);
    expect_msg("reduced dim");
    assert_int_equal(aclopInferShape(NULL, 2, in, NULL, 1, out, attr), ACL_ERROR_INVALID_PARAM);
    msg();
    for (int k = 0; k < 2; k++)
        aclDestroyTensorDesc(in[k]);
    aclDestroyTensorDesc(out[0]);
    aclopDestroyAttr(attr);
}

/* ---- execution paths that fail before touching the device ------------------------------- */
static void test_execute_errors(void **state)
{
    int64_t dims[2] = {3, 5};
    add_op op = make_add(ACL_FLOAT, ACL_FLOAT, dims, 2);
    aclDataBuffer *ib[2] = {aclCreateDataBuffer(NULL, 0), aclCreateDataBuffer(NULL, 0)};
    aclDataBuffer *ob[1] = {aclCreateDataBuffer(NULL, 0)};
    assert_int_equal(aclopExecuteV2(NULL, 2, op.in, ib, 1, op.out, ob, op.attr, NULL), ACL_ERROR_INVALID_PARAM);
    expect_msg("opType");
    assert_int_equal(aclopExecuteV2("Add", -1, op.in, ib, 1, op.out, ob, op.attr, NULL), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclopExecuteV2("Add", 2, NULL, ib, 1, op.out, ob, op.attr, NULL), ACL_ERROR_INVALID_PARAM);
    expect_msg("inputDesc");
    /* never compiled for [3,5]: not found, with the descriptors in the message */
    assert_int_equal(aclopExecuteV2("Add", 2, op.in, ib, 1, op.out, ob, op.attr, NULL), ACL_ERROR_OP_NOT_FOUND);
    expect_msg("opType = Add");
    /* dynamic inputs cannot execute */
    int64_t dyn[2] = {-1, 5};
    aclSetTensorOriginShape(op.in[0], 2, dyn);
    assert_int_equal(aclopExecuteV2("Add", 2, op.in, ib, 1, op.out, ob, op.attr, NULL), ACL_ERROR_INVALID_PARAM);
    expect_msg("must be static");
    /* every output empty: success at once */
    int64_t empty[2] = {0, 5};
    aclSetTensorOriginShape(op.in[0], 2, empty);
    aclSetTensorOriginShape(op.out[0], 2, empty);
    assert_int_equal(aclopExecuteV2("Add", 2, op.in, ib, 1, op.out, ob, op.attr, NULL), ACL_SUCCESS);
    /* handles need a model too */
    aclopHandle *h = NULL;
    aclSetTensorOriginShape(op.in[0], 2, dims);
    aclSetTensorOriginShape(op.out[0], 2, dims);
    assert_int_equal(aclopCreateHandle("Add", 2, (const aclTensorDesc *const *)op.in, 1,
                                       (const aclTensorDesc *const *)op.out, op.attr, &h),
                     ACL_ERROR_OP_NOT_FOUND);
    msg();
    assert_int_equal(aclopExecWithHandle(NULL, 0, NULL, 0, NULL, NULL), ACL_ERROR_INVALID_PARAM);
    /* cast without a Cast model */
    assert_int_equal(aclopCast(op.in[0], ib[0], op.out[0], ob[0], 0, NULL), ACL_ERROR_OP_NOT_FOUND);
    msg();
    for (int k = 0; k < 2; k++)
        aclDestroyDataBuffer(ib[k]);
    aclDestroyDataBuffer(ob[0]);
    free_add(&op);
}

/* ---- model sources ------------------------------------------------------------------------ */
static void test_load_and_dir(void **state)
{
    int64_t dims[2] = {2, 7};
    add_op op = make_add(ACL_FLOAT, ACL_FLOAT, dims, 2);
    void *blob = NULL;
    size_t size = 0;
    assert_int_equal(aclemu_aclop_build_model("Add", 2, (const aclTensorDesc *const *)op.in, 1,
                                              (const aclTensorDesc *const *)op.out, op.attr, "Ascend910B1", &blob,
                                              &size),
                     ACL_SUCCESS);
    assert_int_equal(aclopLoad(NULL, size), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclopLoad(blob, 0), ACL_ERROR_INVALID_PARAM);
    /* corrupt copies are rejected with a reason */
    unsigned char *bad = malloc(size);
    memcpy(bad, blob, size);
    bad[size - 1] ^= 0x55;
    assert_int_equal(aclopLoad(bad, size), ACL_ERROR_DESERIALIZE_MODEL);
    expect_msg("checksum");
    memcpy(bad, "GARBAGE!", 8);
    assert_int_equal(aclopLoad(bad, size), ACL_ERROR_DESERIALIZE_MODEL);
    expect_msg("magic");
    assert_int_equal(aclopLoad(blob, size - 3), ACL_ERROR_DESERIALIZE_MODEL);
    msg();
    free(bad);

    size_t before = aclemu_aclop_model_count();
    assert_int_equal(aclopLoad(blob, size), ACL_SUCCESS);
    assert_int_equal(aclemu_aclop_model_count(), before + 1);

    /* a model directory three levels deep, plus a file four levels deep that is not scanned */
    char dir[] = "/tmp/aclop-units-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[512];
    snprintf(path, sizeof(path), "%s/a/b/c/d", dir);
    char mk[600];
    snprintf(mk, sizeof(mk), "mkdir -p %s", path);
    assert_int_equal(system(mk), 0);
    int64_t d2[2] = {5, 5}, d3[2] = {6, 6};
    add_op op2 = make_add(ACL_FLOAT, ACL_FLOAT, d2, 2), op3 = make_add(ACL_FLOAT, ACL_FLOAT, d3, 2);
    void *b2, *b3;
    size_t s2, s3;
    aclemu_aclop_build_model("Add", 2, (const aclTensorDesc *const *)op2.in, 1, (const aclTensorDesc *const *)op2.out,
                             op2.attr, "", &b2, &s2);
    aclemu_aclop_build_model("Add", 2, (const aclTensorDesc *const *)op3.in, 1, (const aclTensorDesc *const *)op3.out,
                             op3.attr, "", &b3, &s3);
    snprintf(path, sizeof(path), "%s/a/b/c/m3.om", dir);
    FILE *f = fopen(path, "wb");
    fwrite(b2, 1, s2, f);
    fclose(f);
    snprintf(path, sizeof(path), "%s/a/b/c/d/m4.om", dir);
    f = fopen(path, "wb");
    fwrite(b3, 1, s3, f);
    fclose(f);
    snprintf(path, sizeof(path), "%s/junk.om", dir);
    f = fopen(path, "wb");
    fputs("not a model", f);
    fclose(f);
    before = aclemu_aclop_model_count();
    assert_int_equal(aclopSetModelDir(dir), ACL_SUCCESS); /* junk is skipped */
    assert_int_equal(aclemu_aclop_model_count(), before + 1);
    assert_int_equal(aclopSetModelDir("/nonexistent/aclop"), ACL_ERROR_READ_MODEL_FAILURE);
    expect_msg("/nonexistent/aclop");
    assert_int_equal(aclopSetModelDir(NULL), ACL_ERROR_INVALID_PARAM);
    msg();
    snprintf(mk, sizeof(mk), "rm -rf %s", dir);
    assert_int_equal(system(mk), 0);
    free(blob), free(b2), free(b3);
    free_add(&op), free_add(&op2), free_add(&op3);
}

static void test_max_queue(void **state)
{
    assert_int_equal(aclopSetMaxOpQueueNum(0), ACL_ERROR_INVALID_PARAM);
    msg();
    aclemu_aclop_model_clear();
    assert_int_equal(aclopSetMaxOpQueueNum(2), ACL_SUCCESS);
    for (int64_t k = 1; k <= 4; k++) {
        int64_t dims[1] = {k};
        add_op op = make_add(ACL_FLOAT, ACL_FLOAT, dims, 1);
        aclTensorDesc **in = op.in, **out = op.out;
        aclopAttr *attr = op.attr;
        assert_int_equal(COMPILE("Add", 2, 1), ACL_SUCCESS);
        free_add(&op);
    }
    assert_int_equal(aclemu_aclop_model_count(), 2); /* the oldest compiled models aged out */
    assert_int_equal(aclopSetMaxOpQueueNum(20000), ACL_SUCCESS);
}

/* ---- compile options ------------------------------------------------------------------------ */
static void test_compile_options(void **state)
{
    size_t n = aclGetCompileoptSize(ACL_PRECISION_MODE);
    assert_true(n > 1);
    assert_int_equal(aclSetCompileopt(ACL_PRECISION_MODE, "force_fp32"), ACL_SUCCESS);
    assert_int_equal(aclGetCompileoptSize(ACL_PRECISION_MODE), strlen("force_fp32") + 1);
    char buf[64];
    assert_int_equal(aclGetCompileopt(ACL_PRECISION_MODE, buf, sizeof(buf)), ACL_SUCCESS);
    assert_string_equal(buf, "force_fp32");
    assert_int_equal(aclGetCompileopt(ACL_PRECISION_MODE, buf, 3), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclSetCompileopt(ACL_PRECISION_MODE, "fastest"), ACL_ERROR_INVALID_PARAM);
    expect_msg("force_fp16");
    assert_int_equal(aclSetCompileopt(ACL_PRECISION_MODE, NULL), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclSetCompileopt((aclCompileOpt)99, "x"), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclSetCompileopt(ACL_AICORE_NUM, "0"), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclSetCompileopt(ACL_AICORE_NUM, "8"), ACL_SUCCESS);
    assert_int_equal(aclSetCompileopt(ACL_OP_COMPILER_CACHE_DIR, "/tmp/cache"), ACL_SUCCESS);
    assert_int_equal(aclopSetCompileFlag(ACL_OP_COMPILE_FUZZ), ACL_SUCCESS);
    assert_int_equal(aclopSetCompileFlag((aclOpCompileFlag)7), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclopSetCompileFlag(ACL_OP_COMPILE_DEFAULT), ACL_SUCCESS);
    assert_int_equal(aclopCreateKernel("X", "k", "k", NULL, 0, ACL_ENGINE_SYS, NULL), ACL_ERROR_API_NOT_SUPPORT);
    expect_msg("aclopCreateKernel");
    msg();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_desc_basics),     cmocka_unit_test(test_desc_create_errors),
        cmocka_unit_test(test_desc_dynamic),    cmocka_unit_test(test_desc_const),
        cmocka_unit_test(test_trans_format),    cmocka_unit_test(test_attr_setters),
        cmocka_unit_test(test_compile_errors),  cmocka_unit_test(test_conv2d_attrs),
        cmocka_unit_test(test_infer_shape),     cmocka_unit_test(test_execute_errors),
        cmocka_unit_test(test_load_and_dir),    cmocka_unit_test(test_max_queue),
        cmocka_unit_test(test_compile_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
