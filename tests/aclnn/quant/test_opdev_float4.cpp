// aclnn/opdev/float4_e2m1.h and float4_e1m2.h (the toolkit's op::Float4E2M1 / op::Float4E1M2, used by
// official examples to pack FP4 data): every code decodes to its table value and encodes back, ties
// go to the even code, out-of-range values saturate, NaN gives 0, the limits.
#include <cmath>
#include <cstdio>

#include "aclnn/opdev/float4_e1m2.h"
#include "aclnn/opdev/float4_e2m1.h"

static int g_bad = 0;
#define CHECK(c) do { if (!(c)) { std::printf("FAIL %s:%d %s\n", __FILE__, __LINE__, #c); g_bad++; } } while (0)

int main()
{
    const float e2m1[8] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6}, e1m2[8] = {0, 0.25f, 0.5f, 0.75f, 1, 1.25f, 1.5f, 1.75f};
    for (int c = 0; c < 16; c++) {
        float w2 = (c & 8) ? -e2m1[c & 7] : e2m1[c & 7], w1 = (c & 8) ? -e1m2[c & 7] : e1m2[c & 7];
        op::Float4E2M1 a((uint8_t)c, op::Float4E2M1::FromBits());
        op::Float4E1M2 b((uint8_t)c, op::Float4E1M2::FromBits());
        CHECK((float)a == w2 && std::signbit((float)a) == ((c & 8) != 0));
        CHECK((float)b == w1);
        CHECK(op::Float4E2M1(w2).value == c && op::Float4E1M2(w1).value == c);
    }
    CHECK(op::Float4E2M1(1.25f).value == 2 && op::Float4E2M1(1.75f).value == 4 && op::Float4E2M1(2.5f).value == 4);
    CHECK(op::Float4E2M1(5.0f).value == 6 && op::Float4E2M1(0.25f).value == 0 && op::Float4E2M1(-0.25f).value == 8);
    CHECK(op::Float4E2M1(7.0f).value == 7 && op::Float4E2M1(-INFINITY).value == 15 && op::Float4E2M1(NAN).value == 0);
    CHECK(op::Float4E1M2(0.125f).value == 0 && op::Float4E1M2(0.375f).value == 2 && op::Float4E1M2(9.0f).value == 7);
    CHECK((float)std::numeric_limits<op::Float4E2M1>::max() == 6.0f && (float)op::Float4E2M1::Lowest() == -6.0f);
    CHECK((float)std::numeric_limits<op::Float4E1M2>::epsilon() == 0.25f && (float)op::Float4E2M1::Epsilon() == 0.5f);
    CHECK((float)op::Float4E2M1::MinPositiveNormal() == 1.0f && (float)std::numeric_limits<op::Float4E2M1>::denorm_min() == 0.5f);
    CHECK(op::Float4E2M1().IsZero() && !isnan(op::Float4E2M1(1.0f)) && isfinite(op::Float4E1M2(1.0f)));
    std::printf(g_bad ? "test_opdev_float4: %d failures\n" : "test_opdev_float4: ok\n", g_bad);
    return g_bad ? 1 : 0;
}
