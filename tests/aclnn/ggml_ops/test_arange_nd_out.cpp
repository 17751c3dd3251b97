// aclnnArange into an out of any shape holding the right number of elements (the real op_api
// leaves the shape to ViewCopy; ggml's CANN backend passes a 4-D out): values in flat order,
// also for a strided run; a wrong element count or an out that is not one strided run is refused.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_arange.h"

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    double s0 = 2.0, e0 = 12.0, st0 = 1.0;
    aclScalar *s = aclCreateScalar(&s0, ACL_DOUBLE), *e = aclCreateScalar(&e0, ACL_DOUBLE), *st = aclCreateScalar(&st0, ACL_DOUBLE);
    for (int layout = CONTIG; layout <= STRIDED; layout++) {
        DevTensor out;
        if (!out.Init(ACL_FLOAT, {1, 10, 1, 1}, {}, (Layout)layout)) return 1;
        int rc = Run("Arange", rt.stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnArangeGetWorkspaceSize(s, e, st, out.t, w, ex); }, aclnnArange);
        EXPECT(rc == 0, "Arange into (1, 10, 1, 1), layout %d: refused", layout);
        if (rc == 0) {
            std::vector<double> a = out.Read();
            for (int i = 0; i < 10; i++) EXPECT(a[i] == 2.0 + i, "Arange [%d]: %g", i, a[i]);
            EXPECT(out.CountClobbered() == 0, "Arange wrote outside its view");
        }
    }
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor wrong, gap;
    if (!wrong.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !gap.Init(ACL_FLOAT, {2, 5}, {}, TRANSPOSED)) return 1;
    ExpectError("8 elements for 10", aclnnArangeGetWorkspaceSize(s, e, st, wrong.t, &ws, &ex), 161002, "elements");
    ExpectError("transposed (2, 5)", aclnnArangeGetWorkspaceSize(s, e, st, gap.t, &ws, &ex), 161002, "strided run");
    aclDestroyScalar(s); aclDestroyScalar(e); aclDestroyScalar(st);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
