/* aclop descriptors and attributes (acl/op/tensor_desc.c, op_attr.c) through the validation paths
 * of aclopInferShape, aclopCompile, aclopCreateHandle and aclopExecuteV2 (acl/op/op_prepare.c,
 * op_infer.c, op_model.c matching). No device is opened: buffers are host memory, so execution
 * stops at its address checks with an error code. Every failure must come with a message.
 *
 * Input layout (see make_desc / make_attr): op type, input and output descriptors, attributes,
 * then a byte choosing the calls. */
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"
#include "aclop_internal.h"
#include "fuzz_common.h"

#define MAX_IO 9   /* one more than ACLOP_MAX_IO: the count check is part of what is fuzzed */
#define MAX_DIMS 34

static const char *const op_types[] = {
    "Add", "Sub", "Mul", "RealDiv", "Pow", "Relu", "Gelu", "Sigmoid", "Tanh", "Square", "Sqrt", "Exp",
    "LeakyRelu", "Cast", "Softmax", "SoftmaxV2", "LogSoftmaxV2", "MatMul", "MatMulV2", "BatchMatMul",
    "BatchMatMulV2", "BiasAdd", "Conv2D", "DepthwiseConv2D", "Conv2DBackpropInput", "Conv2DTranspose",
    "LayerNorm", "BNInference", "BatchNorm", "MaxPool", "MaxPoolV3", "AvgPool", "AvgPoolV2", "TransData",
    "Transpose", "NoSuchOp", "",
};
#define N_OP_TYPES (sizeof op_types / sizeof op_types[0])

static const char *const attr_names[] = {
    "adj_x1", "adj_x2", "axes", "base", "begin_norm_axis", "begin_params_axis", "ceil_mode", "data_format",
    "dilations", "dst_format", "dst_type", "epsilon", "exclusive", "global_pooling", "groups",
    "half_to_float", "is_training", "ksize", "mode", "negative_slope", "offset_x", "output_padding",
    "padding", "padding_mode", "pads", "scale", "shift", "src_format", "strides", "transpose_x1",
    "transpose_x2", "truncate", "use_global_stats", "unknown_attr", "",
};
#define N_ATTR_NAMES (sizeof attr_names / sizeof attr_names[0])

static const char *const strings[] = {
    "NHWC", "NCHW", "ND", "SAME", "VALID", "CALCULATED", "EXPLICIT", "NC1HWC0", "FRACTAL_Z", "FRACTAL_NZ",
    "", "x",
};
#define N_STRINGS (sizeof strings / sizeof strings[0])

/* A string: 0xff NULL, 0xfe inline (up to 24 bytes, NUL-terminated), else dict[b % n].
 * Inline strings live in buf. */
static const char *fz_str(fuzz_reader *r, const char *const *dict, size_t n, char *buf, size_t cap)
{
    uint8_t b = fz_u8(r);
    if (b == 0xff)
        return NULL;
    if (b == 0xfe) {
        size_t k = 0;
        while (k + 1 < cap && k < 24) {
            uint8_t c = fz_u8(r);
            if (c == 0)
                break;
            buf[k++] = (char)c;
        }
        buf[k] = '\0';
        return buf;
    }
    return dict[b % n];
}

static int fz_dtype(fuzz_reader *r)
{
    uint8_t b = fz_u8(r);
    return b == 0xff ? -1 : b % 48;
}

static int fz_format(fuzz_reader *r)
{
    uint8_t b = fz_u8(r);
    return b == 0xff ? -1 : b % 56;
}

static int fz_dims(fuzz_reader *r, int64_t *dims)
{
    uint8_t b = fz_u8(r);
    int n = b == 0xff ? -1 : b % MAX_DIMS;
    for (int i = 0; i < n; i++)
        dims[i] = fz_small(r);
    return n;
}

/* Descriptor: 0xff NULL; else dtype, dims, format, then a flag byte selecting extra settings. */
static aclTensorDesc *make_desc(fuzz_reader *r)
{
    if (r->off < r->n && r->p[r->off] == 0xff) {
        r->off++;
        return NULL;
    }
    int64_t dims[MAX_DIMS];
    int dt = fz_dtype(r);
    int n = fz_dims(r, dims);
    int fmt = fz_format(r);
    aclTensorDesc *d = aclCreateTensorDesc((aclDataType)dt, n, n > 0 ? dims : NULL, (aclFormat)fmt);
    uint8_t flags = fz_u8(r);
    if (d == NULL)
        return NULL;
    char name[32];
    if (flags & 0x01)
        aclSetTensorStorageFormat(d, (aclFormat)fz_format(r));
    if (flags & 0x02) {
        n = fz_dims(r, dims);
        aclSetTensorStorageShape(d, n, n > 0 ? dims : NULL);
    }
    if (flags & 0x04) {
        int64_t range[MAX_DIMS][2];
        size_t nr = fz_u8(r) % MAX_DIMS;
        for (size_t i = 0; i < nr; i++) {
            range[i][0] = fz_small(r);
            range[i][1] = fz_small(r);
        }
        aclSetTensorShapeRange(d, nr, range);
    }
    if (flags & 0x08) {
        uint8_t value[256];
        size_t len = fz_u8(r);
        fz_bytes(r, value, len);
        aclSetTensorConst(d, len ? value : NULL, len);
    }
    if (flags & 0x10)
        aclSetTensorPlaceMent(d, (aclMemType)(fz_u8(r) % 4));
    if (flags & 0x20)
        aclSetTensorDescName(d, fz_str(r, strings, N_STRINGS, name, sizeof name));
    if (flags & 0x40)
        aclSetTensorDynamicInput(d, fz_str(r, strings, N_STRINGS, name, sizeof name));
    if (flags & 0x80) {
        aclSetTensorOriginFormat(d, (aclFormat)fz_format(r));
        n = fz_dims(r, dims);
        aclSetTensorOriginShape(d, n, n > 0 ? dims : NULL);
    }
    return d;
}

/* One attribute: name, type (0..10), value. */
static void make_attr(fuzz_reader *r, aclopAttr *attr)
{
    char nbuf[32], sbuf[32];
    const char *name = fz_str(r, attr_names, N_ATTR_NAMES, nbuf, sizeof nbuf);
    uint8_t type = fz_u8(r) % 11;
    int n = fz_u8(r) % 9;
    int64_t ints[8];
    float floats[8];
    uint8_t bools[8];
    aclDataType dts[8];
    const char *strs[8];
    char strbuf[8][32];
    for (int i = 0; i < 8; i++) {
        ints[i] = 0;
        floats[i] = 0;
        bools[i] = 0;
        dts[i] = ACL_FLOAT;
        strs[i] = "";
    }
    switch (type) {
    case 0: aclopSetAttrBool(attr, name, fz_u8(r) & 1); return;
    case 1: aclopSetAttrInt(attr, name, fz_small(r)); return;
    case 2: {
        float f;
        fz_bytes(r, &f, sizeof f);
        aclopSetAttrFloat(attr, name, f);
        return;
    }
    case 3: aclopSetAttrString(attr, name, fz_str(r, strings, N_STRINGS, sbuf, sizeof sbuf)); return;
    case 4: aclopSetAttrDataType(attr, name, (aclDataType)fz_dtype(r)); return;
    default: break;
    }
    for (int i = 0; i < n; i++) {
        switch (type) {
        case 5: bools[i] = fz_u8(r) & 1; break;
        case 6: case 10: ints[i] = fz_small(r); break;
        case 7: fz_bytes(r, &floats[i], sizeof floats[i]); break;
        case 8: strs[i] = fz_str(r, strings, N_STRINGS, strbuf[i], sizeof strbuf[i]); break;
        case 9: dts[i] = (aclDataType)fz_dtype(r); break;
        }
    }
    bool nullv = (fz_u8(r) & 0x0f) == 0x0f; /* a NULL value array */
    switch (type) {
    case 5: aclopSetAttrListBool(attr, name, n, nullv ? NULL : bools); break;
    case 6: aclopSetAttrListInt(attr, name, n, nullv ? NULL : ints); break;
    case 7: aclopSetAttrListFloat(attr, name, n, nullv ? NULL : floats); break;
    case 8: aclopSetAttrListString(attr, name, n, nullv ? NULL : strs); break;
    case 9: aclopSetAttrListDataType(attr, name, n, nullv ? NULL : dts); break;
    case 10: {
        /* n lists, list k holds the first (k % 4) ints */
        int lens[8];
        const int64_t *lists[8];
        for (int i = 0; i < n; i++) {
            lens[i] = i % 4;
            lists[i] = ints;
        }
        aclopSetAttrListListInt(attr, name, n, lens, nullv ? NULL : lists);
        break;
    }
    }
}

static void expect_message(int rc, const char *what, const char *op)
{
    const char *msg = aclGetRecentErrMsg();
    if (fuzz_verbose())
        fprintf(stderr, "%s(%s) -> %d %s\n", what, op ? op : "(null)", rc, msg ? msg : "");
    if (rc != ACL_SUCCESS && (msg == NULL || msg[0] == '\0')) {
        fprintf(stderr, "fuzz_aclop_desc: %s(%s) returned %d without an error message\n", what, op ? op : "(null)",
                rc);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_reader r = {data, size, 0};
    char tbuf[32];
    const char *op = fz_str(&r, op_types, N_OP_TYPES, tbuf, sizeof tbuf);
    uint8_t counts = fz_u8(&r);
    int nin = counts & 0x0f, nout = counts >> 4;
    nin = nin == 0x0f ? -1 : nin % MAX_IO;
    nout = nout == 0x0f ? -1 : nout % MAX_IO;
    aclTensorDesc *in[MAX_IO] = {0}, *out[MAX_IO] = {0};
    for (int k = 0; k < nin; k++)
        in[k] = make_desc(&r);
    for (int k = 0; k < nout; k++)
        out[k] = make_desc(&r);
    aclGetRecentErrMsg(); /* building may fail: that is not what is checked here */
    aclopAttr *attr = NULL;
    uint8_t na = fz_u8(&r);
    if (na != 0xff) {
        attr = aclopCreateAttr();
        for (int k = 0; k < na % 13; k++)
            make_attr(&r, attr);
        aclGetRecentErrMsg();
    }
    uint8_t calls = fz_u8(&r);

    /* host buffers: never device memory, so execution stops at the address checks */
    static uint8_t host[MAX_IO * 2][256];
    aclDataBuffer *inb[MAX_IO] = {0}, *outb[MAX_IO] = {0};
    for (int k = 0; k < MAX_IO; k++) {
        inb[k] = aclCreateDataBuffer(host[k], fz_u8(&r));
        outb[k] = aclCreateDataBuffer(host[MAX_IO + k], fz_u8(&r));
    }

    if (calls & 0x01) {
        int rc = aclopInferShape(op, nin, in, inb, nout, out, attr);
        expect_message(rc, "aclopInferShape", op);
    }
    if (calls & 0x02) {
        int rc = aclopCompile(op, nin, (const aclTensorDesc *const *)in, nout, (const aclTensorDesc *const *)out, attr,
                              ACL_ENGINE_SYS, ACL_COMPILE_SYS, NULL);
        expect_message(rc, "aclopCompile", op);
    }
    if (calls & 0x04) {
        aclopHandle *h = NULL;
        int rc = aclopCreateHandle(op, nin, (const aclTensorDesc *const *)in, nout, (const aclTensorDesc *const *)out,
                                   attr, &h);
        expect_message(rc, "aclopCreateHandle", op);
        if (rc == ACL_SUCCESS)
            aclopDestroyHandle(h);
    }
    if (calls & 0x08) {
        int rc = aclopExecuteV2(op, nin, in, (calls & 0x10) ? NULL : inb, nout, out, outb, attr, NULL);
        expect_message(rc, "aclopExecuteV2", op);
    }
    if (calls & 0x20) {
        /* getters over every descriptor */
        for (int k = 0; k < nin; k++) {
            if (in[k] == NULL)
                continue;
            size_t nd = aclGetTensorDescNumDims(in[k]);
            for (size_t i = 0; i <= nd && i < MAX_DIMS; i++) {
                int64_t v, range[2];
                aclGetTensorDescDimV2(in[k], i, &v);
                aclGetTensorDescDimRange(in[k], i, 2, range);
            }
            aclGetTensorDescSize(in[k]);
            aclGetTensorDescElementCount(in[k]);
            aclTensorDesc *t = NULL;
            if (aclTransTensorDescFormat(in[k], (aclFormat)(calls >> 6), &t) == ACL_SUCCESS)
                aclDestroyTensorDesc(t);
        }
        aclGetRecentErrMsg();
    }

    for (int k = 0; k < MAX_IO; k++) {
        aclDestroyDataBuffer(inb[k]);
        aclDestroyDataBuffer(outb[k]);
        aclDestroyTensorDesc(in[k]);
        aclDestroyTensorDesc(out[k]);
    }
    aclopDestroyAttr(attr);
    aclemu_aclop_model_clear();
    return 0;
}
