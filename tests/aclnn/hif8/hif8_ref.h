/* Independent HIFLOAT8 reference of the hif8 tests (C and C++): the value of each code read
 * from its bit string as "Ascend HiFloat8 Format for Deep Learning" defines the fields, and the
 * encoder the 950's Cast with CAST_ROUND / SatMode::SAT amounts to: the nearest finite code by
 * brute force over all 256 (in double), ties to the larger magnitude, saturating at 32768. */
#ifndef TESTS_ACLNN_HIF8_REF_H
#define TESTS_ACLNN_HIF8_REF_H

#include <math.h>
#include <string.h>

/* the value of code c from its bit string: s, then the dot prefix (11, 10, 01, 001, 0001, 0000),
 * then D exponent bits (sign, magnitude without its leading 1), then the mantissa */
static double hif8_ref_value(int c)
{
    char b[9];
    for (int i = 0; i < 8; i++)
        b[i] = (char)('0' + ((c >> (7 - i)) & 1));
    b[8] = 0;
    double sign = b[0] == '1' ? -1.0 : 1.0;
    const char *r = b + 1;
    int D, pos;
    if (!strncmp(r, "11", 2)) { D = 4; pos = 2; }
    else if (!strncmp(r, "10", 2)) { D = 3; pos = 2; }
    else if (!strncmp(r, "01", 2)) { D = 2; pos = 2; }
    else if (!strncmp(r, "001", 3)) { D = 1; pos = 3; }
    else if (!strncmp(r, "0001", 4)) { D = 0; pos = 4; }
    else { /* 0000: denormal, M in the last three bits */
        int M = (r[4] - '0') * 4 + (r[5] - '0') * 2 + (r[6] - '0');
        if (M == 0)
            return b[0] == '1' ? NAN : 0.0;
        return sign * pow(2.0, M - 23);
    }
    int E = 0;
    if (D > 0) {
        int mag = 1; /* implicit leading 1 */
        for (int i = 1; i < D; i++)
            mag = mag * 2 + (r[pos + i] - '0');
        E = r[pos] == '1' ? -mag : mag;
        pos += D;
    }
    int mb = 7 - pos;
    double m = 0.0;
    for (int i = 0; i < mb; i++)
        m = m * 2 + (r[pos + i] - '0');
    if (D == 4 && E == 15 && m == 1.0) /* the two largest patterns are the infinities */
        return sign * INFINITY;
    return sign * ldexp(1.0 + m / (double)(1 << mb), E);
}

static double hif8_table[256];
static int hif8_table_ready;

static void hif8_ref_init(void)
{
    for (int c = 0; c < 256; c++)
        hif8_table[c] = hif8_ref_value(c);
    hif8_table_ready = 1;
}

/* nearest finite code to v, ties to the larger magnitude, beyond the largest finite: saturate */
static int hif8_ref_encode(double v)
{
    if (!hif8_table_ready)
        hif8_ref_init();
    if (isnan(v))
        return 0x80;
    if (v == 0.0)
        return 0x00;
    int best = -1;
    double bd = INFINITY;
    for (int c = 0; c < 256; c++) {
        double t = hif8_table[c];
        if (isnan(t) || isinf(t))
            continue;
        double d = fabs(t - v);
        if (d < bd || (d == bd && fabs(t) > fabs(hif8_table[best]))) {
            bd = d;
            best = c;
        }
    }
    return best;
}

#endif
