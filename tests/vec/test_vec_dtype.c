/* FP16/BF16 conversions (scalar and bulk, every ISA) against the
 * independent frexp/ldexp encoder of vt_util.h, and aclnnCast semantics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "cast.h"
#include "vt_util.h"

static void f16_decode_all(void **state)
{
    for (uint32_t h = 0; h < 65536; h++) {
        double want = vt_from_f16((uint16_t)h);
        float got = vec_f16_to_f32((uint16_t)h);
        if (isnan(want)) {
            assert_true(isnan(got));
            /* payload kept: top bits of the FP32 mantissa */
            assert_int_equal(vec_f32_bits(got) & 0x007fe000u, (uint32_t)(h & 0x3ffu) << 13);
        } else {
            assert_true((double)got == want);
            assert_int_equal(signbit(got) != 0, (h & 0x8000u) != 0);
        }
    }
}

/* every FP16 value, the midpoints to its neighbours and one float ulp
 * either side of those midpoints, plus a stride through all floats */
static void check_f16_encode(float f)
{
    uint16_t got = vec_f32_to_f16(f);
    if (isnan(f)) {
        assert_true((got & 0x7c00u) == 0x7c00u && (got & 0x3ffu) != 0);
        assert_true(got & 0x200u); /* quiet */
        return;
    }
    uint16_t want = vt_to_f16((double)f);
    if (got != want)
        fail_msg("f32->f16 %a: got %04x want %04x", (double)f, got, want);
}

static void f16_encode(void **state)
{
    for (uint32_t h = 0; h < 0x7c00; h++) {
        double v = vt_from_f16((uint16_t)h), next = vt_from_f16((uint16_t)(h + 1));
        double mid = 0.5 * (v + next);
        float fm = (float)mid;
        float cands[] = {(float)v, fm, nextafterf(fm, 0), nextafterf(fm, INFINITY)};
        for (int k = 0; k < 4; k++) {
            check_f16_encode(cands[k]);
            check_f16_encode(-cands[k]);
        }
    }
    for (uint64_t u = 0; u < 0x100000000ull; u += 4099) {
        float f = vec_bits_f32((uint32_t)u);
        check_f16_encode(f);
    }
    assert_int_equal(vec_f32_to_f16(65519.99f), 0x7bff);
    assert_int_equal(vec_f32_to_f16(65520.0f), 0x7c00);
    assert_int_equal(vec_f32_to_f16(1e10f), 0x7c00);
    assert_int_equal(vec_f32_to_f16(-INFINITY), 0xfc00);
    assert_int_equal(vec_f32_to_f16(-0.0f), 0x8000);
    assert_int_equal(vec_f32_to_f16(0x1p-24f), 0x0001);
    assert_int_equal(vec_f32_to_f16(0x1p-25f), 0x0000);           /* tie -> even (0) */
    assert_int_equal(vec_f32_to_f16(0x1.8p-24f), 0x0002);         /* tie -> even (2) */
}

static void check_bf16_encode(float f)
{
    uint16_t got = vec_f32_to_bf16(f);
    if (isnan(f)) {
        assert_true((got & 0x7f80u) == 0x7f80u && (got & 0x40u));
        return;
    }
    uint16_t want = vt_to_bf16((double)f);
    if (got != want)
        fail_msg("f32->bf16 %a: got %04x want %04x", (double)f, got, want);
}

static void bf16_roundtrip(void **state)
{
    for (uint32_t h = 0; h < 65536; h++) {
        double want = vt_from_bf16((uint16_t)h);
        float got = vec_bf16_to_f32((uint16_t)h);
        if (isnan(want)) assert_true(isnan(got));
        else assert_true((double)got == want);
    }
    for (uint64_t u = 0; u < 0x100000000ull; u += 4099)
        check_bf16_encode(vec_bits_f32((uint32_t)u));
    for (uint32_t h = 0; h < 0x7f80; h++) {
        float v = vec_bf16_to_f32((uint16_t)h), nx = vec_bf16_to_f32((uint16_t)(h + 1));
        float mid = (float)(0.5 * ((double)v + (double)nx));
        check_bf16_encode(mid);
        check_bf16_encode(nextafterf(mid, 0));
        check_bf16_encode(nextafterf(mid, INFINITY));
        check_bf16_encode(-mid);
    }
    /* denormals are rounded, not flushed */
    assert_int_equal(vec_f32_to_bf16(0x1.4p-130f), vt_to_bf16(0x1.4p-130));
    assert_true(vec_f32_to_bf16(0x1.4p-130f) != 0);
}

/* bulk converters of every ISA == the scalar ones, odd lengths for tails */
static void bulk_all_isas(void **state)
{
    const int64_t n = 1000 + 13;
    float *src = malloc(n * 4), *back = malloc(n * 4);
    uint16_t *h = malloc(n * 2);
    vt_rng r = {12345};
    for (int64_t i = 0; i < n; i++) src[i] = vec_bits_f32((uint32_t)vt_next(&r));
    float specials[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 0x1p-140f, -0x1p-149f,
                        65504.0f, 65520.0f, 3.4e38f, 1e-8f, 0x1.002p0f, 0x1.0018p0f};
    for (size_t i = 0; i < sizeof(specials) / 4; i++) src[i * 7] = specials[i];
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        for (int64_t len = n; len >= n - 17; len -= 5) {
            vec_cvt_f32_to_f16(src, h, len);
            for (int64_t i = 0; i < len; i++) {
                uint16_t w = vec_f32_to_f16(src[i]);
                if (isnan(src[i])) assert_true((h[i] & 0x7c00) == 0x7c00 && (h[i] & 0x3ff));
                else assert_int_equal(h[i], w);
            }
            vec_cvt_f16_to_f32(h, back, len);
            for (int64_t i = 0; i < len; i++) {
                float w = vec_f16_to_f32(h[i]);
                assert_true(vec_f32_bits(back[i]) == vec_f32_bits(w) || (isnan(w) && isnan(back[i])));
            }
            vec_cvt_f32_to_bf16(src, h, len);
            for (int64_t i = 0; i < len; i++)
                assert_int_equal(h[i], vec_f32_to_bf16(src[i]));
            vec_cvt_bf16_to_f32(h, back, len);
            for (int64_t i = 0; i < len; i++)
                assert_int_equal(vec_f32_bits(back[i]), (uint32_t)h[i] << 16);
        }
    }
    vec_isa_force(VEC_ISA_AVX512);
    free(src);
    free(back);
    free(h);
}

static void cast1(const void *s, int sdt, void *d, int ddt)
{
    assert_int_equal(vec_cast_elems(s, sdt, 1, d, ddt, 1, 1), 0);
}

static void cast_semantics(void **state)
{
    float f;
    int8_t i8;
    uint8_t u8, b;
    int32_t i32;
    int64_t i64;
    double d;
    uint16_t h;
    f = -3.7f; cast1(&f, VEC_DT_FLOAT, &i8, VEC_DT_INT8); assert_int_equal(i8, -3);
    f = 3.99f; cast1(&f, VEC_DT_FLOAT, &i32, VEC_DT_INT32); assert_int_equal(i32, 3);
    f = 300.5f; cast1(&f, VEC_DT_FLOAT, &u8, VEC_DT_UINT8); assert_int_equal(u8, 44);
    f = NAN; cast1(&f, VEC_DT_FLOAT, &i32, VEC_DT_INT32); assert_int_equal(i32, INT32_MIN);
    f = NAN; cast1(&f, VEC_DT_FLOAT, &i64, VEC_DT_INT64); assert_true(i64 == INT64_MIN);
    f = 1e20f; cast1(&f, VEC_DT_FLOAT, &i64, VEC_DT_INT64); assert_true(i64 == INT64_MIN);
    f = NAN; cast1(&f, VEC_DT_FLOAT, &b, VEC_DT_BOOL); assert_int_equal(b, 1);
    f = -0.0f; cast1(&f, VEC_DT_FLOAT, &b, VEC_DT_BOOL); assert_int_equal(b, 0);
    f = 0.25f; cast1(&f, VEC_DT_FLOAT, &b, VEC_DT_BOOL); assert_int_equal(b, 1);
    b = 1; cast1(&b, VEC_DT_BOOL, &f, VEC_DT_FLOAT); assert_true(f == 1.0f);
    u8 = 200; cast1(&u8, VEC_DT_UINT8, &i8, VEC_DT_INT8); assert_int_equal(i8, -56);
    i64 = (1LL << 53) + 1; cast1(&i64, VEC_DT_INT64, &f, VEC_DT_FLOAT);
    assert_true(f == 9007199254740992.0f);
    i64 = 16777217; cast1(&i64, VEC_DT_INT64, &f, VEC_DT_FLOAT); assert_true(f == 16777216.0f);
    i64 = 0x100000005LL; cast1(&i64, VEC_DT_INT64, &i32, VEC_DT_INT32); assert_int_equal(i32, 5);
    d = 1.0 + 0x1p-11 + 0x1p-40; cast1(&d, VEC_DT_DOUBLE, &h, VEC_DT_FLOAT16);
    assert_int_equal(h, vt_to_f16((double)(float)d));
    d = 70000.0; cast1(&d, VEC_DT_DOUBLE, &h, VEC_DT_FLOAT16); assert_int_equal(h, 0x7c00);
    h = 0x3c00; cast1(&h, VEC_DT_FLOAT16, &h, VEC_DT_BF16); assert_int_equal(h, 0x3f80);
    float cx[2] = {2.5f, -7.0f};
    cast1(cx, VEC_DT_COMPLEX64, &f, VEC_DT_FLOAT); assert_true(f == 2.5f);
    cast1(cx, VEC_DT_COMPLEX64, &i32, VEC_DT_INT32); assert_int_equal(i32, 2);
    double cd[2] = {9, 9};
    f = -1.5f; cast1(&f, VEC_DT_FLOAT, cd, VEC_DT_COMPLEX128);
    assert_true(cd[0] == -1.5 && cd[1] == 0.0);
    uint64_t u64 = UINT64_MAX; cast1(&u64, VEC_DT_UINT64, &d, VEC_DT_DOUBLE);
    assert_true(d == 18446744073709551616.0);
    f = 4e9f; uint32_t u32; cast1(&f, VEC_DT_FLOAT, &u32, VEC_DT_UINT32);
    assert_true(u32 == 4000000000u);
    int16_t i16 = -2; uint16_t u16;
    cast1(&i16, VEC_DT_INT16, &u16, VEC_DT_UINT16); assert_int_equal(u16, 65534);
    assert_int_equal(vec_cast_elems(&f, 13 /* STRING */, 1, &d, VEC_DT_DOUBLE, 1, 1), -1);
}

/* strided + broadcast views through vec_cast, split into blocks */
static void cast_views(void **state)
{
    /* src: a (3,4) float matrix read transposed as (4,3); dst int16 (4,3) */
    float m[12];
    for (int i = 0; i < 12; i++) m[i] = (float)i * 1.5f - 4.0f;
    int64_t shp[2] = {4, 3}, st[2] = {1, 4};
    vec_view s, dv;
    int16_t out[12];
    vec_view_init(&s, m, VEC_DT_FLOAT, 2, shp, st);
    vec_view_init(&dv, out, VEC_DT_INT16, 2, shp, NULL);
    for (int blk = 0; blk < 5; blk++) {
        int64_t b, e;
        vec_block_range(12, blk, 5, 1, &b, &e);
        assert_int_equal(vec_cast(&s, &dv, b, e), 0);
    }
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 3; c++)
            assert_int_equal(out[r * 3 + c], (int16_t)(m[c * 4 + r]));
    /* broadcast a (3,) bf16 row to (4,3) double */
    uint16_t row[3] = {vt_to_bf16(1.0), vt_to_bf16(-2.5), vt_to_bf16(1e30)};
    int64_t rs[1] = {3};
    double od[12];
    vec_view_init(&s, row, VEC_DT_BF16, 1, rs, NULL);
    vec_view_init(&dv, od, VEC_DT_DOUBLE, 2, shp, NULL);
    assert_int_equal(vec_cast(&s, &dv, 0, 12), 0);
    for (int i = 0; i < 12; i++) assert_true(od[i] == vt_from_bf16(row[i % 3]));
}

static void block_ranges(void **state)
{
    int64_t total = 1001, covered = 0, prev_end = 0;
    for (int blk = 0; blk < 7; blk++) {
        int64_t b, e;
        vec_block_range(total, blk, 7, 16, &b, &e);
        assert_int_equal(b, prev_end);
        if (e < total) assert_int_equal(e % 16, 0);
        covered += e - b;
        prev_end = e;
    }
    assert_int_equal(covered, total);
    int64_t b, e;
    vec_block_range(3, 5, 8, 1, &b, &e);
    assert_true(b == e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(f16_decode_all), cmocka_unit_test(f16_encode),
        cmocka_unit_test(bf16_roundtrip), cmocka_unit_test(bulk_all_isas),
        cmocka_unit_test(cast_semantics), cmocka_unit_test(cast_views),
        cmocka_unit_test(block_ranges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
