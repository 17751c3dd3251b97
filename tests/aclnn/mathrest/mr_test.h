// Shared bits of the mathrest host programs (Rsub, AddV3, Gcd, ...): broadcasting indices and
// tolerance comparison per dtype, on top of the activation helpers (DevTensor, Run, ExpectError).
#ifndef TESTS_ACLNN_MATHREST_MR_TEST_H
#define TESTS_ACLNN_MATHREST_MR_TEST_H
#include <cmath>
#include <string>
#include <vector>

#include "../activation/act_test_util.h"

static inline bool IsFloatType(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

// Row-major index into `in` (broadcast to `out`'s shape, trailing-aligned) of logical element i.
static inline int64_t BcastIndex(const std::vector<int64_t> &out, const std::vector<int64_t> &in, int64_t i)
{
    int64_t idx = 0, mul = 1;
    size_t ro = out.size(), ri = in.size();
    for (size_t k = 0; k < ro; k++) {
        size_t d = ro - 1 - k;
        int64_t c = i % out[d];
        i /= out[d];
        if (k < ri) {
            size_t di = ri - 1 - k;
            idx += (in[di] == 1 ? 0 : c) * mul;
            mul *= in[di];
        }
    }
    return idx;
}

// Relative tolerance of a result computed in float and rounded to dt (0: exact).
static inline double TolOf(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return 2e-6;
    case ACL_FLOAT16: return 1e-3;
    case ACL_BF16: return 8e-3;
    case ACL_DOUBLE: return 1e-12;
    default: return 0;
    }
}

static inline bool Close(double got, double want, double tol)
{
    if (std::isnan(want)) return std::isnan(got);
    if (std::isinf(want)) return got == want;
    if (tol == 0) return got == want;
    return std::fabs(got - want) <= tol * std::max(1.0, std::fabs(want));
}

// Counts mismatches between a result and its goldens; prints the first one.
static inline size_t CountBad(const char *what, const std::vector<double> &got, const std::vector<double> &want,
                              double tol)
{
    size_t bad = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++)
        if (!Close(got[i], want[i], tol)) {
            if (!bad) printf("  %s: [%zu] got %.9g want %.9g\n", what, i, got[i], want[i]);
            bad++;
        }
    return bad + (got.size() != want.size() ? 1 : 0);
}

// n values uniform in [lo, hi) (RandomValues' are spread over about [-5, 5] and beyond).
static inline std::vector<double> Uniform(size_t n, uint64_t seed, double lo, double hi)
{
    Lcg rng(seed);
    std::vector<double> v(n);
    for (double &x : v) x = lo + rng.uniform() * (hi - lo);
    return v;
}

static inline bool Is310P()
{
    const char *soc = aclrtGetSocName();
    return soc && std::string(soc).find("310P") != std::string::npos;
}

#endif
