// Shared by the experimental pooling host programs: a naive double-precision window max over
// contiguous (planes, D, H, W) data, written independently of the code under test, and an exact
// comparison (pooling only selects elements, so results must match bit for bit; NaN matches NaN).
#ifndef TESTS_ACLNN_XPOOL_UTIL_H
#define TESTS_ACLNN_XPOOL_UTIL_H

#include <cmath>
#include <limits>
#include <string>

#include "../activation/act_test_util.h"

typedef std::vector<int64_t> Shape;

// Window geometry per spatial dim (D, H, W): output extent, kernel, stride, leading pad, dilation.
struct Win {
    int64_t in[3], out[3], k[3], s[3], pad[3], dil[3];
};

// How a window's maximum is taken.
enum MaxRule {
    NAN_WINS = 0,   // start at -inf, first strict maximum, a NaN wins at its first position; empty: -inf, index -1
    LOWEST_INIT = 1 // start at `lowest` with index 0, first strict maximum, NaN never compares greater
};

// y[p, od, oh, ow] = max over taps (od*s - pad + i*dil, ...) inside the input; idx = d*H*W + h*W + w.
static inline void RefMax(const std::vector<double> &x, int64_t planes, const Win &w, MaxRule rule, double lowest,
                          std::vector<double> &y, std::vector<int64_t> &idx)
{
    const int64_t ID = w.in[0], IH = w.in[1], IW = w.in[2];
    const int64_t OD = w.out[0], OH = w.out[1], OW = w.out[2];
    y.assign((size_t)(planes * OD * OH * OW), 0.0);
    idx.assign(y.size(), 0);
    size_t o = 0;
    for (int64_t p = 0; p < planes; p++)
        for (int64_t od = 0; od < OD; od++)
            for (int64_t oh = 0; oh < OH; oh++)
                for (int64_t ow = 0; ow < OW; ow++, o++) {
                    double best = rule == NAN_WINS ? -INFINITY : lowest;
                    int64_t bi = rule == NAN_WINS ? -1 : 0;
                    bool done = false;
                    for (int64_t i = 0; i < w.k[0] && !done; i++) {
                        int64_t d = od * w.s[0] - w.pad[0] + i * w.dil[0];
                        if (d < 0 || d >= ID) continue;
                        for (int64_t j = 0; j < w.k[1] && !done; j++) {
                            int64_t h = oh * w.s[1] - w.pad[1] + j * w.dil[1];
                            if (h < 0 || h >= IH) continue;
                            for (int64_t k = 0; k < w.k[2] && !done; k++) {
                                int64_t ww = ow * w.s[2] - w.pad[2] + k * w.dil[2];
                                if (ww < 0 || ww >= IW) continue;
                                int64_t at = (d * IH + h) * IW + ww;
                                double v = x[(size_t)(p * ID * IH * IW + at)];
                                if (rule == NAN_WINS && std::isnan(v)) {
                                    best = v, bi = at, done = true;
                                } else if (v > best || (rule == NAN_WINS && bi < 0 && v == best)) {
                                    best = v, bi = at;
                                }
                            }
                        }
                    }
                    y[o] = best;
                    idx[o] = bi;
                }
}

static inline bool SameValue(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

static inline void ExpectExact(const std::string &what, const std::vector<double> &got, const std::vector<double> &want)
{
    size_t bad = got.size() != want.size(), first = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++)
        if (!SameValue(got[i], want[i])) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %g, expected %g)", what.c_str(), bad, want.size(), first,
           first < got.size() ? got[first] : 0.0, first < want.size() ? want[first] : 0.0);
}

// Random values quantised to dt; with `ties` drawn from a few levels so windows hold equal maxima.
static inline std::vector<double> PoolValues(aclDataType dt, size_t n, uint64_t seed, bool ties)
{
    std::vector<double> v = RandomValues(n, seed, 4.0);
    if (ties)
        for (double &x : v) x = std::floor(x);
    return QuantAll(dt, v);
}

// Row-major NDHWC / NHWC data <-> NCDHW / NCHW planes (c moved from last to second).
static inline std::vector<double> ChannelLastToFirst(const std::vector<double> &v, int64_t n, int64_t sp, int64_t c)
{
    std::vector<double> r(v.size());
    for (int64_t a = 0; a < n; a++)
        for (int64_t s = 0; s < sp; s++)
            for (int64_t k = 0; k < c; k++) r[(size_t)((a * c + k) * sp + s)] = v[(size_t)((a * sp + s) * c + k)];
    return r;
}
static inline std::vector<double> ChannelFirstToLast(const std::vector<double> &v, int64_t n, int64_t sp, int64_t c)
{
    std::vector<double> r(v.size());
    for (int64_t a = 0; a < n; a++)
        for (int64_t s = 0; s < sp; s++)
            for (int64_t k = 0; k < c; k++) r[(size_t)((a * sp + s) * c + k)] = v[(size_t)((a * c + k) * sp + s)];
    return r;
}

#endif
