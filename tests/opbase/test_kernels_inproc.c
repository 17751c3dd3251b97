/* Stage 1 with host buffers standing in for device memory, then every recorded launch run
 * in-process block by block (aclemu_kernel_find). Checks the blobs (coalescing, tiling) and
 * the kernels' results on non-contiguous views, broadcasting, promotion, dtype conversions and
 * special values against references computed here in double precision. */
#include <math.h>
#include <stdlib.h>

#include "opbase_test_util.h"

#include "aclemu/kernel.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kargs.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_zero.h"

static uint64_t ws;
static aclOpExecutor *ex;

/* Runs every launch of ex (blocks in reverse order, to catch range overlaps) and frees ex. */
static void run_inproc(aclnnStatus st)
{
    assert_int_equal(st, ACLNN_SUCCESS);
    assert_int_equal(ws, 0);
    for (uint32_t i = 0; i < aclemu_exec_launch_count(ex); i++) {
        const char *kname;
        uint32_t bd;
        const void *blob;
        size_t size;
        assert_int_equal(aclemu_exec_get_launch(ex, i, &kname, &bd, &blob, &size), 0);
        aclemu_kernel_fn fn = aclemu_kernel_find(kname);
        if (!fn)
            fail_msg("kernel %s is not registered", kname);
        assert_true(bd >= 1 && bd <= 48); /* Ascend910B1: 48 vector cores */
        for (uint32_t b = bd; b-- > 0;) {
            aclemu_block blk = {b, bd, 0, 1, NULL};
            assert_int_equal(fn(blob, size, &blk), 0);
        }
    }
    assert_int_equal(aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
}

static void test_relu_transposed_view(void **state)
{
    float storage[12];
    for (int i = 0; i < 12; i++)
        storage[i] = (float)(i % 5) - 2.0f;
    float out[12] = {0};
    int64_t vshape[] = {4, 3}, vstride[] = {1, 4}, sshape[] = {3, 4};
    aclTensor *x = aclCreateTensor(vshape, 2, ACL_FLOAT, vstride, 0, ACL_FORMAT_ND, sshape, 2, storage);
    aclTensor *y = T(ACL_FLOAT, out, 4, 3);
    run_inproc(aclnnReluGetWorkspaceSize(x, y, &ws, &ex));
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            double v = storage[j * 4 + i];
            assert_true(out[i * 3 + j] == (v > 0 ? v : 0));
        }
    aclDestroyTensor(x);
    aclDestroyTensor(y);
}

static void test_relu_dtypes_special_values(void **state)
{
    float in[] = {-1.5f, 0.0f, 3.25f, NAN, INFINITY, -INFINITY, 65504.0f, -1e-7f};
    uint16_t h[8], b[8];
    for (int i = 0; i < 8; i++) {
        h[i] = aclemu_float_to_half(in[i]);
        b[i] = aclemu_float_to_bf16(in[i]);
    }
    aclTensor *th = T(ACL_FLOAT16, h, 8), *tb = T(ACL_BF16, b, 8);
    run_inproc(aclnnInplaceReluGetWorkspaceSize(th, &ws, &ex));
    run_inproc(aclnnInplaceReluGetWorkspaceSize(tb, &ws, &ex));
    for (int i = 0; i < 8; i++) {
        float rh = aclemu_half_to_float(h[i]), rb = aclemu_bf16_to_float(b[i]);
        if (isnan(in[i])) {
            assert_true(isnan(rh) && isnan(rb));
            continue;
        }
        float eh = aclemu_half_to_float(aclemu_float_to_half(in[i])), eb = aclemu_bf16_to_float(aclemu_float_to_bf16(in[i]));
        assert_true(rh == (eh > 0 ? eh : 0));
        assert_true(rb == (eb > 0 ? eb : 0));
    }
    int8_t i8[] = {-128, -1, 0, 1, 127};
    aclTensor *ti = T(ACL_INT8, i8, 5);
    run_inproc(aclnnInplaceReluGetWorkspaceSize(ti, &ws, &ex));
    assert_true(i8[0] == 0 && i8[1] == 0 && i8[2] == 0 && i8[3] == 1 && i8[4] == 127);
    /* INT64 stays exact beyond 2^53 (integer path, not double); UINT8 is unchanged */
    int64_t i64[] = {INT64_MIN, -1, 0, (1LL << 53) + 1, INT64_MAX};
    uint8_t u8[] = {0, 1, 200, 255};
    int32_t i32o[3], i32[] = {INT32_MIN, -7, 2147483647};
    float nz[] = {-0.0f, 2.0f}, nzo[2];
    aclTensor *tl = T(ACL_INT64, i64, 5), *tu = T(ACL_UINT8, u8, 4), *t32 = T(ACL_INT32, i32, 3);
    aclTensor *t32o = T(ACL_INT32, i32o, 3), *tnz = T(ACL_FLOAT, nz, 2), *tnzo = T(ACL_FLOAT, nzo, 2);
    run_inproc(aclnnInplaceReluGetWorkspaceSize(tl, &ws, &ex));
    run_inproc(aclnnInplaceReluGetWorkspaceSize(tu, &ws, &ex));
    run_inproc(aclnnReluGetWorkspaceSize(t32, t32o, &ws, &ex));
    run_inproc(aclnnReluGetWorkspaceSize(tnz, tnzo, &ws, &ex));
    assert_true(i64[0] == 0 && i64[1] == 0 && i64[2] == 0 && i64[3] == (1LL << 53) + 1 && i64[4] == INT64_MAX);
    assert_true(u8[0] == 0 && u8[1] == 1 && u8[2] == 200 && u8[3] == 255);
    assert_true(i32o[0] == 0 && i32o[1] == 0 && i32o[2] == 2147483647);
    assert_true(nzo[1] == 2.0f && nzo[0] == 0.0f);
    aclDestroyTensor(tl);
    aclDestroyTensor(tu);
    aclDestroyTensor(t32);
    aclDestroyTensor(t32o);
    aclDestroyTensor(tnz);
    aclDestroyTensor(tnzo);
    aclDestroyTensor(th);
    aclDestroyTensor(tb);
    aclDestroyTensor(ti);
}

static void test_add_broadcast_sliced_alpha(void **state)
{
    /* self: a [2,3,4] view cut out of a [3,4,6] storage at offset 1*24+0*6+1 with its strides */
    float base[72], other[4], out[24];
    for (int i = 0; i < 72; i++)
        base[i] = (float)((i * 37) % 17) * 0.25f - 2.0f;
    for (int i = 0; i < 4; i++)
        other[i] = 0.5f * (float)i - 1.0f;
    int64_t vs[] = {2, 3, 4}, st[] = {24, 6, 1}, ss[] = {3, 4, 6};
    aclTensor *self = aclCreateTensor(vs, 3, ACL_FLOAT, st, 25, ACL_FORMAT_ND, ss, 3, base);
    aclTensor *oth = T(ACL_FLOAT, other, 4), *o = T(ACL_FLOAT, out, 2, 3, 4);
    float a = 2.5f;
    aclScalar *alpha = aclCreateScalar(&a, ACL_FLOAT);
    run_inproc(aclnnAddGetWorkspaceSize(self, oth, alpha, o, &ws, &ex));
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++) {
                double ref = (double)base[25 + i * 24 + j * 6 + k] + 2.5 * (double)other[k];
                assert_true(fabs(out[(i * 3 + j) * 4 + k] - ref) <= 1e-6 + 1e-6 * fabs(ref));
            }
    /* [3,1] + [4] -> [3,4], int32 with integer alpha */
    int32_t ca[3] = {10, 20, 30}, cb[4] = {1, 2, 3, 4}, co[12];
    int64_t three = 3;
    aclScalar *ialpha = aclCreateScalar(&three, ACL_INT64);
    aclTensor *ta = T(ACL_INT32, ca, 3, 1), *tb = T(ACL_INT32, cb, 4), *tc = T(ACL_INT32, co, 3, 4);
    run_inproc(aclnnAddGetWorkspaceSize(ta, tb, ialpha, tc, &ws, &ex));
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 4; k++)
            assert_int_equal(co[i * 4 + k], ca[i] + 3 * cb[k]);
    /* fp16 + fp16 into a FLOAT out: the sum is rounded to fp16 first (promoted dtype) */
    uint16_t h1 = aclemu_float_to_half(1.0f), h2 = aclemu_float_to_half(0.0004883f); /* ~2^-11 */
    float fo;
    aclTensor *x1 = T(ACL_FLOAT16, &h1, 1), *x2 = T(ACL_FLOAT16, &h2, 1), *fout = T(ACL_FLOAT, &fo, 1);
    float one = 1.0f;
    aclScalar *a1 = aclCreateScalar(&one, ACL_FLOAT);
    run_inproc(aclnnAddGetWorkspaceSize(x1, x2, a1, fout, &ws, &ex));
    double exact = 1.0 + (double)aclemu_half_to_float(h2);
    assert_true(fo == aclemu_half_to_float(aclemu_float_to_half((float)exact)));
    /* Adds: int32 tensor + float scalar promotes to FLOAT */
    float half = 0.5f, fres[3];
    aclScalar *sh = aclCreateScalar(&half, ACL_FLOAT);
    aclTensor *fo3 = T(ACL_FLOAT, fres, 3), *ti = T(ACL_INT32, ca, 3);
    run_inproc(aclnnAddsGetWorkspaceSize(ti, sh, a1, fo3, &ws, &ex));
    for (int i = 0; i < 3; i++)
        assert_true(fres[i] == (float)ca[i] + 0.5f);
    aclDestroyScalar(alpha);
    aclDestroyScalar(ialpha);
    aclDestroyScalar(a1);
    aclDestroyScalar(sh);
    aclDestroyTensor(self);
    aclDestroyTensor(oth);
    aclDestroyTensor(o);
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(tc);
    aclDestroyTensor(x1);
    aclDestroyTensor(x2);
    aclDestroyTensor(fout);
    aclDestroyTensor(fo3);
    aclDestroyTensor(ti);
}

static void test_mul_promotion(void **state)
{
    uint8_t u[4] = {200, 255, 3, 0};
    int8_t s[4] = {-2, 2, -100, 7};
    int16_t o[4];
    aclTensor *tu = T(ACL_UINT8, u, 4), *ts = T(ACL_INT8, s, 4), *to = T(ACL_INT16, o, 4);
    run_inproc(aclnnMulGetWorkspaceSize(tu, ts, to, &ws, &ex)); /* uint8 * int8 -> int16 */
    for (int i = 0; i < 4; i++)
        assert_int_equal(o[i], (int16_t)(u[i] * s[i]));
    bool ba[4] = {true, true, false, false}, bb[4] = {true, false, true, false}, bo[4];
    aclTensor *ta = T(ACL_BOOL, ba, 4), *tb = T(ACL_BOOL, bb, 4), *tbo = T(ACL_BOOL, bo, 4);
    run_inproc(aclnnMulGetWorkspaceSize(ta, tb, tbo, &ws, &ex));
    for (int i = 0; i < 4; i++)
        assert_int_equal(bo[i], ba[i] && bb[i]);
    double d[3] = {1.5, -2.25, 1e300};
    double two = 2.0;
    aclScalar *sc = aclCreateScalar(&two, ACL_DOUBLE);
    aclTensor *td = T(ACL_DOUBLE, d, 3);
    run_inproc(aclnnInplaceMulsGetWorkspaceSize(td, sc, &ws, &ex));
    assert_true(d[0] == 3.0 && d[1] == -4.5 && d[2] == 2e300);
    aclDestroyScalar(sc);
    aclDestroyTensor(tu);
    aclDestroyTensor(ts);
    aclDestroyTensor(to);
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(tbo);
    aclDestroyTensor(td);
}

static void test_cast_rounding_and_saturation(void **state)
{
    float in[] = {1.0f, 65519.0f, 65520.0f, -1e9f, NAN, 5.9604645e-8f, 2.9802322e-8f, 1.0009765625f, 2.5f, -2.7f};
    enum { N = sizeof in / sizeof in[0] };
    uint16_t h[N], b[N];
    int32_t i32[N];
    aclTensor *x = T(ACL_FLOAT, in, N), *th = T(ACL_FLOAT16, h, N), *tb = T(ACL_BF16, b, N), *ti = T(ACL_INT32, i32, N);
    run_inproc(aclnnCastGetWorkspaceSize(x, ACL_FLOAT16, th, &ws, &ex));
    run_inproc(aclnnCastGetWorkspaceSize(x, ACL_BF16, tb, &ws, &ex));
    run_inproc(aclnnCastGetWorkspaceSize(x, ACL_INT32, ti, &ws, &ex));
    assert_int_equal(h[0], 0x3c00);
    assert_int_equal(h[1], 0x7bff);         /* 65519 rounds down to 65504 */
    assert_int_equal(h[2], 0x7c00);         /* 65520 overflows to +inf */
    assert_int_equal(h[3], 0xfc00);
    assert_true((h[4] & 0x7c00) == 0x7c00 && (h[4] & 0x3ff)); /* NaN */
    assert_int_equal(h[5], 0x0001);         /* smallest subnormal 2^-24 */
    assert_int_equal(h[6], 0x0000);         /* 2^-25: tie to even -> 0 */
    assert_int_equal(h[7], 0x3c01);
    assert_int_equal(b[0], 0x3f80);
    assert_int_equal(b[8], 0x4020);         /* 2.5 exact */
    assert_true((b[4] & 0x7f80) == 0x7f80 && (b[4] & 0x7f));
    assert_int_equal(i32[0], 1);
    assert_int_equal(i32[3], -1000000000);
    assert_int_equal(i32[4], 0);            /* NaN -> 0 */
    assert_int_equal(i32[8], 2);            /* truncation toward zero */
    assert_int_equal(i32[9], -2);
    /* int64 -> bool -> float */
    int64_t big[3] = {0, -5, INT64_MAX};
    bool bo[3];
    float fo[3];
    aclTensor *t64 = T(ACL_INT64, big, 3), *tbo = T(ACL_BOOL, bo, 3), *tf = T(ACL_FLOAT, fo, 3);
    run_inproc(aclnnCastGetWorkspaceSize(t64, ACL_BOOL, tbo, &ws, &ex));
    run_inproc(aclnnCastGetWorkspaceSize(tbo, ACL_FLOAT, tf, &ws, &ex));
    assert_true(!bo[0] && bo[1] && bo[2]);
    assert_true(fo[0] == 0.0f && fo[1] == 1.0f && fo[2] == 1.0f);
    aclDestroyTensor(x);
    aclDestroyTensor(th);
    aclDestroyTensor(tb);
    aclDestroyTensor(ti);
    aclDestroyTensor(t64);
    aclDestroyTensor(tbo);
    aclDestroyTensor(tf);
}

static void test_zero_and_copy_views(void **state)
{
    /* zero every other column of a [4,6] buffer through a [4,3] view with strides {6,2} */
    int32_t buf[24];
    for (int i = 0; i < 24; i++)
        buf[i] = i + 1;
    int64_t vs[] = {4, 3}, st[] = {6, 2}, ss[] = {24};
    aclTensor *v = aclCreateTensor(vs, 2, ACL_INT32, st, 1, ACL_FORMAT_ND, ss, 1, buf);
    run_inproc(aclnnInplaceZeroGetWorkspaceSize(v, &ws, &ex));
    for (int i = 0; i < 24; i++)
        assert_int_equal(buf[i], (i % 2 == 1) ? 0 : i + 1);
    /* copy a transposed FLOAT view into a FLOAT16 destination with row pitch 5 */
    float src[6] = {1, 2, 3, 4, 5, 6}; /* storage [2,3]; view [3,2] strides {1,3} */
    uint16_t dst[15] = {0};
    int64_t svs[] = {3, 2}, sst[] = {1, 3}, sss[] = {2, 3};
    int64_t dvs[] = {3, 2}, dst_st[] = {5, 1}, dss[] = {15};
    aclTensor *ts = aclCreateTensor(svs, 2, ACL_FLOAT, sst, 0, ACL_FORMAT_ND, sss, 2, src);
    aclTensor *td = aclCreateTensor(dvs, 2, ACL_FLOAT16, dst_st, 0, ACL_FORMAT_ND, dss, 1, dst);
    run_inproc(aclnnInplaceCopyGetWorkspaceSize(td, ts, &ws, &ex));
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            assert_true(aclemu_half_to_float(dst[i * 5 + j]) == src[j * 3 + i]);
    assert_int_equal(dst[2], 0); /* outside the view: untouched */
    /* broadcast a [2] source over the [3,2] destination */
    float row[2] = {7, 8};
    aclTensor *tr = T(ACL_FLOAT, row, 2);
    run_inproc(aclnnInplaceCopyGetWorkspaceSize(td, tr, &ws, &ex));
    for (int i = 0; i < 3; i++)
        assert_true(aclemu_half_to_float(dst[i * 5]) == 7.0f && aclemu_half_to_float(dst[i * 5 + 1]) == 8.0f);
    aclDestroyTensor(v);
    aclDestroyTensor(ts);
    aclDestroyTensor(td);
    aclDestroyTensor(tr);
}

static void softmax_ref(const double *x, int64_t rows, int64_t len, int64_t rs, int64_t es, double *y)
{
    for (int64_t r = 0; r < rows; r++) {
        double mx = -INFINITY, sum = 0;
        for (int64_t i = 0; i < len; i++)
            mx = fmax(mx, x[r * rs + i * es]);
        for (int64_t i = 0; i < len; i++)
            sum += exp(x[r * rs + i * es] - mx);
        for (int64_t i = 0; i < len; i++)
            y[r * rs + i * es] = exp(x[r * rs + i * es] - mx) / sum;
    }
}

static void test_softmax_dims_and_views(void **state)
{
    enum { R = 3, C = 37 };
    float x[R * C], y[R * C];
    double xd[R * C], ref[R * C];
    for (int i = 0; i < R * C; i++)
        xd[i] = x[i] = (float)(((i * 7919) % 101) / 10.0 - 5.0);
    aclTensor *tx = T(ACL_FLOAT, x, R, C), *ty = T(ACL_FLOAT, y, R, C);
    run_inproc(aclnnSoftmaxGetWorkspaceSize(tx, -1, ty, &ws, &ex));
    softmax_ref(xd, R, C, C, 1, ref);
    for (int i = 0; i < R * C; i++)
        assert_true(fabs(y[i] - ref[i]) <= 1e-6 + 1e-5 * ref[i]);
    run_inproc(aclnnSoftmaxGetWorkspaceSize(tx, 0, ty, &ws, &ex));
    softmax_ref(xd, C, R, 1, C, ref);
    for (int i = 0; i < R * C; i++)
        assert_true(fabs(y[i] - ref[i]) <= 1e-6 + 1e-5 * ref[i]);
    /* transposed input view [C,R] over the same storage, softmax over its last dim (= rows of x) */
    int64_t vs[] = {C, R}, st[] = {1, C}, ss[] = {R, C};
    float yt[C * R];
    aclTensor *xt = aclCreateTensor(vs, 2, ACL_FLOAT, st, 0, ACL_FORMAT_ND, ss, 2, x);
    aclTensor *tyt = T(ACL_FLOAT, yt, C, R);
    run_inproc(aclnnSoftmaxGetWorkspaceSize(xt, 1, tyt, &ws, &ex));
    for (int c = 0; c < C; c++)
        for (int r = 0; r < R; r++)
            assert_true(fabs(yt[c * R + r] - ref[r * C + c]) <= 1e-6 + 1e-5 * ref[r * C + c]);
    /* NaN poisons its row only; a row of -inf gives NaN (as torch) */
    float sp[6] = {1, NAN, 2, -INFINITY, -INFINITY, -INFINITY}, so[6];
    aclTensor *tsp = T(ACL_FLOAT, sp, 2, 3), *tso = T(ACL_FLOAT, so, 2, 3);
    run_inproc(aclnnSoftmaxGetWorkspaceSize(tsp, 1, tso, &ws, &ex));
    for (int i = 0; i < 6; i++)
        assert_true(isnan(so[i]));
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(xt);
    aclDestroyTensor(tyt);
    aclDestroyTensor(tsp);
    aclDestroyTensor(tso);
}

static void test_blob_coalescing_and_tiling(void **state)
{
    /* contiguous [4,8,16] collapses to one dim of 512 */
    aclTensor *a = T(ACL_FLOAT, FAKE_ADDR, 4, 8, 16);
    assert_int_equal(aclnnReluGetWorkspaceSize(a, a, &ws, &ex), ACLNN_SUCCESS);
    const char *k;
    uint32_t bd;
    const void *blob;
    size_t size;
    assert_int_equal(aclemu_exec_launch_count(ex), 1);
    assert_int_equal(aclemu_exec_get_launch(ex, 0, &k, &bd, &blob, &size), 0);
    const aclemu_ew *ew = (const aclemu_ew *)blob;
    assert_string_equal(k, "Relu");
    assert_int_equal(ew->ndim, 1);
    assert_int_equal(ew->shape[0], 512);
    assert_int_equal(ew->numel, 512);
    assert_int_equal(bd, 1); /* below one block's minimum work */
    assert_int_equal(ew->op[0].addr, (uint64_t)(uintptr_t)FAKE_ADDR);
    aclDestroyAclOpExecutor(ex);
    /* 2^22 elements spread over all 48 vector cores, ranges covering everything once */
    aclTensor *big = T(ACL_FLOAT, FAKE_ADDR, 1024, 4096);
    assert_int_equal(aclnnReluGetWorkspaceSize(big, big, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclemu_exec_get_launch(ex, 0, &k, &bd, &blob, &size), 0);
    ew = (const aclemu_ew *)blob;
    assert_int_equal(bd, 48);
    assert_true(ew->per_block * bd >= ew->numel && ew->per_block * (bd - 1) < ew->numel);
    assert_int_equal(ew->per_block % 64, 0);
    aclDestroyAclOpExecutor(ex);
    /* broadcasting keeps a zero stride for the broadcast operand */
    aclTensor *col = T(ACL_FLOAT, FAKE_ADDR, 4, 1), *o = T(ACL_FLOAT, FAKE_ADDR, 4, 16);
    assert_int_equal(aclnnMulGetWorkspaceSize(o, col, o, &ws, &ex), ACLNN_SUCCESS);
    assert_int_equal(aclemu_exec_get_launch(ex, 0, &k, &bd, &blob, &size), 0);
    ew = (const aclemu_ew *)blob;
    assert_int_equal(ew->ndim, 2);
    assert_int_equal(ew->op[2].stride[1], 0);
    assert_int_equal(ew->op[2].stride[0], 1);
    aclDestroyAclOpExecutor(ex);
    aclDestroyTensor(a);
    aclDestroyTensor(big);
    aclDestroyTensor(col);
    aclDestroyTensor(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_relu_transposed_view),       cmocka_unit_test(test_relu_dtypes_special_values),
        cmocka_unit_test(test_add_broadcast_sliced_alpha), cmocka_unit_test(test_mul_promotion),
        cmocka_unit_test(test_cast_rounding_and_saturation), cmocka_unit_test(test_zero_and_copy_views),
        cmocka_unit_test(test_softmax_dims_and_views),     cmocka_unit_test(test_blob_coalescing_and_tiling),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
