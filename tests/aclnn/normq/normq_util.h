// Shared bits of the normq programs: the chip under test and checks of refusals whose message is
// not an EZ1001 one (361001 / 561002 under EZ9999 or the tiling's text).
#ifndef TESTS_ACLNN_NORMQ_UTIL_H
#define TESTS_ACLNN_NORMQ_UTIL_H

#include <cmath>
#include <string>

#include "../activation/act_test_util.h"

enum Chip { A2, A3, C950, C310P };

static inline Chip CurrentChip()
{
    std::string s = aclrtGetSocName() ? aclrtGetSocName() : "";
    if (s.find("950") != std::string::npos) return C950;
    if (s.find("910_93") != std::string::npos) return A3;
    if (s.find("310P") != std::string::npos) return C310P;
    return A2;
}

// Stage 1 must fail with `code` and a message containing `needle` (any error code prefix).
static inline void ExpectCode(const char *what, int got, int code, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == code, "%s: returned %d, expected %d (%s)", what, got, code, msg.c_str());
    if (got == code && needle)
        EXPECT(msg.find(needle) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle, msg.c_str());
}

// Stage 1 must succeed; the executor is released.
// Takes the executor's address, not its value: in ExpectOk(what, Stage1(..., &ex), &ex) the
// arguments are evaluated in an unspecified order, and a value read before Stage1 ran would be a
// stale executor (destroyed twice) while the new one leaked.
static inline void ExpectOk(const char *what, int got, aclOpExecutor **ex)
{
    EXPECT(got == 0, "%s: returned %d (%s)", what, got, aclGetRecentErrMsg());
    if (got == 0 && *ex) aclDestroyAclOpExecutor(*ex);
    *ex = nullptr;
}

// Round half to even / half away from zero of a double, saturated to INT8.
static inline double SatI8(double v) { return v < -128 ? -128 : v > 127 ? 127 : v; }
static inline double RintI8(double v) { return SatI8(std::nearbyint(v)); }

#endif
