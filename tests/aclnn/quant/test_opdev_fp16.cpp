// aclnn/opdev/fp16_t.h (the toolkit's op::fp16_t, used by official examples to fill and print FP16
// buffers): every one of the 65536 codes decodes to the value of its fields, conversions from
// float round to nearest even exactly as the compiler's _Float16 does (an independent reference),
// a uint16_t is raw bits, the operators round their float result back.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "aclnn/opdev/fp16_t.h"

static int g_bad = 0;
#define CHECK(c) do { if (!(c)) { if (g_bad < 20) std::printf("FAIL %s:%d %s\n", __FILE__, __LINE__, #c); g_bad++; } } while (0)

static bool same(float a, float b) { return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b)); }

static uint16_t ref_bits(float f)
{
    _Float16 h = (_Float16)f;
    uint16_t b;
    std::memcpy(&b, &h, 2);
    return b;
}

int main()
{
    for (uint32_t c = 0; c < 65536; c++) {
        op::fp16_t h((uint16_t)c);
        int e = (c >> 10) & 31, m = c & 1023;
        double v = e == 0 ? std::ldexp((double)m, -24) : e == 31 ? (m ? NAN : INFINITY) : std::ldexp(1.0 + m / 1024.0, e - 15);
        if (c & 0x8000) v = -v;
        CHECK(same((float)h, (float)v));
        CHECK(h.IsNaN() == (e == 31 && m != 0) && h.IsInf() == (e == 31 && m == 0));
        if (!(e == 31 && m)) CHECK(op::fp16_t((float)v).val == c); // every value encodes back to its code
    }
    std::mt19937 rng(7);
    std::uniform_int_distribution<uint32_t> bits;
    for (int i = 0; i < 2000000; i++) { // random float bit patterns, and ties around every half code
        uint32_t x = bits(rng);
        if (i & 1) x = (x & 0x80000000u) | (0x33000000u + (x % (0x47800000u - 0x33000000u)));
        if (i % 4 == 2) x = (x & ~0x1fffu) | 0x1000u; // exactly halfway between two normal halves
        float f;
        std::memcpy(&f, &x, 4);
        uint16_t got = op::fp16_t(f).val, want = ref_bits(f);
        if (std::isnan(f)) CHECK((got & 0x7fffu) > 0x7c00u && (got & 0x8000u) == (want & 0x8000u));
        else CHECK(got == want);
    }
    CHECK(op::fp16_t(65504.0).val == 0x7bff && op::fp16_t(65519.99f).val == 0x7bff && op::fp16_t(65520.0f).val == 0x7c00);
    CHECK(op::fp16_t(1.0).val == 0x3c00 && op::fp16_t(0).val == 0 && op::fp16_t(-2).val == 0xc000);
    CHECK(op::fp16_t((uint16_t)0x3c00).val == 0x3c00); // raw bits
    std::vector<op::fp16_t> v(4, 1.0);
    CHECK(static_cast<float>(v[3]) == 1.0f);
    op::fp16_t a(1.0), b(3.0);
    CHECK((a / b).val == ref_bits(1.0f / 3.0f) && (a + b).val == 0x4400 && (a - b).val == 0xc000 && (-a).val == 0xbc00);
    CHECK(a < b && b >= a && a != b && !(a == b));
    a += b;
    CHECK((float)a == 4.0f && (int32_t)op::fp16_t(2.75) == 2);
    std::printf(g_bad ? "test_opdev_fp16: %d failures\n" : "test_opdev_fp16: ok\n", g_bad);
    return g_bad ? 1 : 0;
}
