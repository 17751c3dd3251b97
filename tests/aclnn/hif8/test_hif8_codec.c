/* The HIFLOAT8 codec of the quant driver (ops_nn/quant/common/quant_codec.h) against the format's
 * definition ("Ascend HiFloat8 Format for Deep Learning"): every one of the 256 codes decodes to
 * the value the bit fields give (read here from the bit string, prefix by prefix), every finite
 * code round-trips, and FP32 -> HiF8 picks the nearest code with ties away from zero (brute force
 * over all codes, in double), saturating at 32768 (SatMode::SAT), as the 950's CAST_ROUND does. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quant_codec.h"
#include "hif8_ref.h"

static int fails;
#define CHECK(c, ...)                                                                                                  \
    do {                                                                                                               \
        if (!(c)) {                                                                                                    \
            if (fails < 30) {                                                                                          \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                            \
                printf(__VA_ARGS__);                                                                                   \
                printf("\n");                                                                                          \
            }                                                                                                          \
            fails++;                                                                                                   \
        }                                                                                                              \
    } while (0)

int main(void)
{
    int nfinite = 0;
    double maxv = 0, minv = INFINITY;
    for (int c = 0; c < 256; c++) {
        hif8_table[c] = hif8_ref_value(c);
        if (isfinite(hif8_table[c])) {
            nfinite++;
            if (fabs(hif8_table[c]) > maxv) maxv = fabs(hif8_table[c]);
            if (hif8_table[c] != 0 && fabs(hif8_table[c]) < minv) minv = fabs(hif8_table[c]);
        }
    }
    /* the documented landmarks */
    CHECK(nfinite == 253, "finite codes %d", nfinite);
    CHECK(maxv == 32768.0 && minv == ldexp(1.0, -22), "range %g .. %g", minv, maxv);
    CHECK(hif8_table[0x6e] == 32768.0 && hif8_table[0xee] == -32768.0, "0x6e");
    CHECK(isinf(hif8_table[0x6f]) && hif8_table[0x6f] > 0 && isinf(hif8_table[0xef]) && hif8_table[0xef] < 0, "inf");
    CHECK(isnan(hif8_table[0x80]) && hif8_table[0x00] == 0.0, "nan / zero");
    CHECK(hif8_table[0x08] == 1.0 && hif8_table[0x0f] == 1.875 && hif8_table[0x10] == 2.0 && hif8_table[0x18] == 0.5, "around 1");
    CHECK(hif8_table[0x01] == ldexp(1.0, -22) && hif8_table[0x07] == ldexp(1.0, -16), "denormals");
    CHECK(hif8_table[0x70] == ldexp(1.0, -8) && hif8_table[0x7f] == -0.0 + ldexp(1.5, -15), "D4 negative exponents");

    /* 1. every code decodes to its value */
    for (int c = 0; c < 256; c++) {
        float d = quant_from_hif8((uint32_t)c);
        double r = hif8_table[c];
        if (isnan(r))
            CHECK(isnan(d), "decode 0x%02x: %g, want NaN", c, d);
        else
            CHECK((double)d == r, "decode 0x%02x: %.9g, want %.9g", c, d, r);
        CHECK(quant_decode((uint32_t)c, 34) == d || (isnan(d) && isnan(quant_decode((uint32_t)c, 34))),
              "quant_decode 0x%02x", c);
    }
    /* 2. round trip of every finite code; infinities saturate, NaN stays NaN, -0 is +0 */
    for (int c = 0; c < 256; c++) {
        double r = hif8_table[c];
        if (!isfinite(r))
            continue;
        CHECK(quant_to_hif8((float)r) == (uint32_t)c, "encode(%.9g) = 0x%02x, want 0x%02x", r,
              quant_to_hif8((float)r), c);
    }
    CHECK(quant_to_hif8(INFINITY) == 0x6e && quant_to_hif8(-INFINITY) == 0xee, "inf saturates");
    CHECK(quant_to_hif8(NAN) == 0x80 && quant_to_hif8(-NAN) == 0x80, "nan");
    CHECK(quant_to_hif8(-0.0f) == 0x00, "-0");
    CHECK(quant_encode(1e30f, 34, QUANT_RINT) == 0x6e, "quant_encode saturates");

    /* 3. ties: the midpoint of two neighbouring codes goes to the larger magnitude; one FP32 ulp
     * below it to the smaller one (the FP32 midpoints are exact: <= 5 significant bits) */
    double pos[128];
    int np = 0;
    for (int c = 0; c < 128; c++)
        if (isfinite(hif8_table[c]))
            pos[np++] = hif8_table[c];
    for (int i = 0; i < np; i++)
        for (int j = i + 1; j < np; j++)
            if (pos[j] < pos[i]) {
                double t = pos[i];
                pos[i] = pos[j];
                pos[j] = t;
            }
    CHECK(np == 127, "positive grid (with 0) %d", np);
    int ties = 0;
    for (int i = 0; i + 1 < np; i++) {
        double lo = pos[i], hi = pos[i + 1], mid = (lo + hi) / 2;
        float fm = (float)mid;
        CHECK((double)fm == mid, "midpoint %.9g not exact", mid);
        for (int sgn = 0; sgn < 2; sgn++) {
            float s = sgn ? -1.0f : 1.0f;
            int want_hi = hif8_ref_encode(sgn ? -hi : hi), want_lo = hif8_ref_encode(sgn ? -lo : lo);
            CHECK(quant_to_hif8(s * fm) == (uint32_t)want_hi, "tie %.9g -> 0x%02x, want 0x%02x", s * fm,
                  quant_to_hif8(s * fm), want_hi);
            if (lo > 0) {
                float below = nextafterf(fm, 0.0f), above = nextafterf(fm, INFINITY);
                CHECK(quant_to_hif8(s * below) == (uint32_t)want_lo, "below tie %.9g", s * below);
                CHECK(quant_to_hif8(s * above) == (uint32_t)want_hi, "above tie %.9g", s * above);
            }
            ties++;
        }
    }
    CHECK(quant_to_hif8(0x1p-23f) == 0x01 && quant_to_hif8(nextafterf(0x1p-23f, 0.0f)) == 0x00, "tie at 2^-23");

    /* 4. brute force over random FP32 values spread over the whole range and beyond */
    uint64_t st = 0x9e3779b97f4a7c15ull;
    for (int k = 0; k < 200000; k++) {
        st ^= st << 13;
        st ^= st >> 7;
        st ^= st << 17;
        double u = (double)(st >> 11) / 9007199254740992.0;
        float v = (float)ldexp(1.0 + (double)((st >> 3) & 0xfffff) / 1048576.0, (int)(u * 44) - 27);
        if (st & 1)
            v = -v;
        int want = hif8_ref_encode((double)v);
        CHECK(quant_to_hif8(v) == (uint32_t)want, "encode(%.9g) = 0x%02x, want 0x%02x", v, quant_to_hif8(v), want);
    }
    printf("hif8 codec: 256 codes, %d ties, 200000 random values: %s (%d failures)\n", ties, fails ? "FAIL" : "ok",
           fails);
    return fails ? 1 : 0;
}
