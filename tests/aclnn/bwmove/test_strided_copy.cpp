// Helper bwmove: the shared same-dtype strided copy (opbase/kernel/copy_range.c: 16 x 16 tiles for
// a last-two-dims swap, typed row loops otherwise) behind aclnnPermute (Transpose kernel) and
// aclnnInplaceCopy (ViewCopy kernel), the reversed typed run of Flip, IndexMap's element-range
// blocks (a flattened Roll), and the block-parallel RepeatInterleave with a repeats tensor.
// Every result is checked byte for byte against an index computation written here.
#include <algorithm>
#include <string>

#include "../aclnn_test_util.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_flip.h"
#include "aclnnop/aclnn_permute.h"
#include "aclnnop/aclnn_repeat_interleave.h"
#include "aclnnop/aclnn_roll.h"

static aclrtStream g_stream;

// A device buffer of raw bytes and views over it.
struct Buf {
    void *dev = nullptr;
    size_t bytes = 0;
    std::vector<aclTensor *> views;
    explicit Buf(const std::vector<uint8_t> &h)
    {
        bytes = h.size();
        if (aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) dev = nullptr;
        if (dev && bytes) aclrtMemcpy(dev, bytes, h.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    }
    ~Buf()
    {
        for (aclTensor *t : views) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
    aclTensor *View(aclDataType dt, const std::vector<int64_t> &shape, const std::vector<int64_t> &stride, int64_t off,
                    size_t es)
    {
        int64_t st = (int64_t)(bytes / es);
        aclTensor *t = aclCreateTensor(shape.data(), shape.size(), dt, stride.data(), off, ACL_FORMAT_ND, &st, 1, dev);
        views.push_back(t);
        return t;
    }
    std::vector<uint8_t> Read() const
    {
        std::vector<uint8_t> h(bytes);
        if (bytes) aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

static std::vector<uint8_t> RandomBytes(Lcg &r, size_t n)
{
    std::vector<uint8_t> h(n);
    for (auto &b : h) b = (uint8_t)(r.uniform() * 256);
    return h;
}

static aclDataType DtypeOf(size_t es, int alt)
{
    switch (es) {
    case 1: return alt ? ACL_UINT8 : ACL_INT8;
    case 2: return alt ? ACL_FLOAT16 : ACL_INT16;
    case 4: return alt ? ACL_FLOAT : ACL_INT32;
    case 8: return alt ? ACL_DOUBLE : ACL_INT64;
    default: return ACL_COMPLEX128;
    }
}

// A strided view of `shape` inside a buffer: dims laid out in the order `order` (outermost first),
// each padded by pad[k] elements, starting `off` elements in. Returns the strides, sets *need to
// the buffer's element count.
static std::vector<int64_t> Layout(const std::vector<int64_t> &shape, const std::vector<int> &order,
                                   const std::vector<int64_t> &pad, int64_t off, int64_t *need)
{
    std::vector<int64_t> stride(shape.size());
    int64_t s = 1;
    for (int k = (int)order.size() - 1; k >= 0; k--) {
        stride[(size_t)order[(size_t)k]] = s;
        s *= shape[(size_t)order[(size_t)k]] + pad[(size_t)order[(size_t)k]];
    }
    *need = off + s;
    return stride;
}

// Byte offset (in elements) of the row-major flat index f of `shape` in a view with `stride`.
static int64_t ElemOffset(const std::vector<int64_t> &shape, const std::vector<int64_t> &stride, int64_t off, int64_t f)
{
    for (int k = (int)shape.size() - 1; k >= 0; k--) {
        off += (f % shape[(size_t)k]) * stride[(size_t)k];
        f /= shape[(size_t)k];
    }
    return off;
}

static bool Same(const char *what, const std::vector<uint8_t> &got, const std::vector<uint8_t> &want)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < want.size(); i++)
        if (got[i] != want[i] && !bad++) first = i;
    EXPECT(bad == 0, "%s: %zu of %zu bytes differ (first at byte %zu)", what, bad, want.size(), first);
    return bad == 0;
}

// out = permute(self, perm) with self a strided, offset view (its own dims in `order` in memory)
// and out a padded view too; bytes outside out's elements must stay as they were.
static void CasePermute(uint64_t seed, size_t es, const std::vector<int64_t> &shape, const std::vector<int64_t> &perm,
                        bool strided)
{
    Lcg r(seed);
    size_t nd = shape.size();
    aclDataType dt = DtypeOf(es, (int)(seed & 1));
    std::vector<int> order(nd);
    for (size_t k = 0; k < nd; k++) order[k] = (int)k;
    std::vector<int64_t> pad(nd, 0), opad(nd, 0);
    int64_t off = 0, ooff = 0;
    if (strided) {
        for (size_t k = nd; k > 1; k--) std::swap(order[k - 1], order[(size_t)(r.uniform() * (double)k)]);
        for (size_t k = 0; k < nd; k++) { pad[k] = (int64_t)(r.uniform() * 3); opad[k] = (int64_t)(r.uniform() * 2); }
        off = 1 + (int64_t)(r.uniform() * 7);
        ooff = (int64_t)(r.uniform() * 5);
    }
    std::vector<int64_t> oshape(nd);
    for (size_t k = 0; k < nd; k++) oshape[k] = shape[(size_t)perm[k]];
    std::vector<int> oorder(nd);
    for (size_t k = 0; k < nd; k++) oorder[k] = (int)k;
    int64_t need, oneed;
    std::vector<int64_t> st = Layout(shape, order, pad, off, &need), ost = Layout(oshape, oorder, opad, ooff, &oneed);
    std::vector<uint8_t> hin = RandomBytes(r, (size_t)need * es), hout = RandomBytes(r, (size_t)oneed * es);
    Buf in(hin), out(hout);
    aclTensor *x = in.View(dt, shape, st, off, es), *y = out.View(dt, oshape, ost, ooff, es);
    aclIntArray *dims = aclCreateIntArray(perm.data(), perm.size());
    std::string name = "Permute es " + std::to_string(es) + " rank " + std::to_string(nd) + (strided ? " strided" : "");
    int rc = RunOp("aclnnPermute", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnPermuteGetWorkspaceSize(x, dims, y, ws, ex); },
                   aclnnPermute);
    aclDestroyIntArray(dims);
    EXPECT(rc == 0, "%s ran: %d", name.c_str(), rc);
    if (rc) return;
    std::vector<uint8_t> want = hout;
    int64_t n = GetShapeSize(oshape);
    for (int64_t f = 0; f < n; f++) {
        int64_t q = f, so = off, oo = ooff;
        for (int k = (int)nd - 1; k >= 0; k--) { /* out index k is self index perm[k] */
            int64_t i = q % oshape[(size_t)k];
            q /= oshape[(size_t)k];
            oo += i * ost[(size_t)k];
            so += i * st[(size_t)perm[(size_t)k]];
        }
        std::memcpy(&want[(size_t)oo * es], &hin[(size_t)so * es], es);
    }
    Same(name.c_str(), out.Read(), want);
}

// selfRef (a padded, permuted-in-memory view) = src broadcast (size-1 dims of src at stride 0)
static void CaseCopy(uint64_t seed, size_t es, const std::vector<int64_t> &shape, const std::vector<int64_t> &sshape)
{
    Lcg r(seed);
    size_t nd = shape.size();
    aclDataType dt = DtypeOf(es, 0);
    std::vector<int> order(nd), sorder(nd);
    for (size_t k = 0; k < nd; k++) order[k] = sorder[k] = (int)k;
    for (size_t k = nd; k > 1; k--) std::swap(order[k - 1], order[(size_t)(r.uniform() * (double)k)]);
    for (size_t k = nd; k > 1; k--) std::swap(sorder[k - 1], sorder[(size_t)(r.uniform() * (double)k)]);
    std::vector<int64_t> pad(nd), spad(nd);
    for (size_t k = 0; k < nd; k++) { pad[k] = (int64_t)(r.uniform() * 2); spad[k] = (int64_t)(r.uniform() * 2); }
    int64_t need, sneed, off = 3, soff = 2;
    std::vector<int64_t> st = Layout(shape, order, pad, off, &need), sst = Layout(sshape, sorder, spad, soff, &sneed);
    std::vector<uint8_t> hdst = RandomBytes(r, (size_t)need * es), hsrc = RandomBytes(r, (size_t)sneed * es);
    Buf dst(hdst), src(hsrc);
    aclTensor *d = dst.View(dt, shape, st, off, es), *s = src.View(dt, sshape, sst, soff, es);
    std::string name = "InplaceCopy es " + std::to_string(es) + " rank " + std::to_string(nd);
    int rc = RunOp("aclnnInplaceCopy", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnInplaceCopyGetWorkspaceSize(d, s, ws, ex); },
                   aclnnInplaceCopy);
    EXPECT(rc == 0, "%s ran: %d", name.c_str(), rc);
    if (rc) return;
    std::vector<uint8_t> want = hdst;
    int64_t n = GetShapeSize(shape);
    for (int64_t f = 0; f < n; f++) {
        int64_t q = f, so = soff;
        for (int k = (int)nd - 1; k >= 0; k--) {
            int64_t i = q % shape[(size_t)k];
            q /= shape[(size_t)k];
            if (sshape[(size_t)k] != 1) so += i * sst[(size_t)k];
        }
        std::memcpy(&want[(size_t)ElemOffset(shape, st, off, f) * es], &hsrc[(size_t)so * es], es);
    }
    Same(name.c_str(), dst.Read(), want);
}

// Flip of the last dim (reversed runs) and of dim 0, contiguous, every element size.
static void CaseFlip(uint64_t seed, size_t es, int64_t R, int64_t C, int64_t dim)
{
    Lcg r(seed);
    aclDataType dt = DtypeOf(es, 0);
    std::vector<uint8_t> hin = RandomBytes(r, (size_t)(R * C) * es), hout(hin.size(), 0);
    Buf in(hin), out(hout);
    aclTensor *x = in.View(dt, {R, C}, {C, 1}, 0, es), *y = out.View(dt, {R, C}, {C, 1}, 0, es);
    aclIntArray *dims = aclCreateIntArray(&dim, 1);
    int rc = RunOp("aclnnFlip", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnFlipGetWorkspaceSize(x, dims, y, ws, ex); },
                   aclnnFlip);
    aclDestroyIntArray(dims);
    std::string name = "Flip es " + std::to_string(es) + " dim " + std::to_string(dim);
    EXPECT(rc == 0, "%s ran: %d", name.c_str(), rc);
    if (rc) return;
    std::vector<uint8_t> want(hin.size());
    for (int64_t i = 0; i < R; i++)
        for (int64_t j = 0; j < C; j++) {
            int64_t si = dim == 0 ? R - 1 - i : i, sj = dim == 0 ? j : C - 1 - j;
            std::memcpy(&want[(size_t)(i * C + j) * es], &hin[(size_t)(si * C + sj) * es], es);
        }
    Same(name.c_str(), out.Read(), want);
}

// Roll of the flattened tensor (dims empty): out[f] = self[(f - shift) mod n], several blocks.
static void CaseRollFlat(uint64_t seed, int64_t n, int64_t shift)
{
    Lcg r(seed);
    std::vector<uint8_t> hin = RandomBytes(r, (size_t)n * 4), hout(hin.size(), 0);
    Buf in(hin), out(hout);
    aclTensor *x = in.View(ACL_INT32, {n / 5, 5}, {5, 1}, 0, 4), *y = out.View(ACL_INT32, {n / 5, 5}, {5, 1}, 0, 4);
    aclIntArray *shifts = aclCreateIntArray(&shift, 1), *dims = aclCreateIntArray(nullptr, 0);
    int rc = RunOp("aclnnRoll", g_stream, [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnRollGetWorkspaceSize(x, shifts, dims, y, ws, ex); },
                   aclnnRoll);
    aclDestroyIntArray(shifts);
    aclDestroyIntArray(dims);
    EXPECT(rc == 0, "Roll flat %lld ran: %d", (long long)shift, rc);
    if (rc) return;
    std::vector<uint8_t> want(hin.size());
    for (int64_t f = 0; f < n; f++) {
        int64_t s = ((f - shift) % n + n) % n;
        std::memcpy(&want[(size_t)f * 4], &hin[(size_t)s * 4], 4);
    }
    Same(("Roll flat shift " + std::to_string(shift)).c_str(), out.Read(), want);
}

// RepeatInterleave with a repeats tensor: flattened (mode 0), along dim 0 of a 1-D self (mode 1),
// along dim 1 of (P, L, Q) (mode 2), and the index-only Tensor variant (mode 3). Counts 0..3.
static void CaseRepeat(uint64_t seed, int mode, size_t es, int64_t L, int64_t P, int64_t Q)
{
    Lcg r(seed);
    std::vector<int64_t> cnt((size_t)L);
    int64_t total = 0;
    for (auto &c : cnt) { c = (int64_t)(r.uniform() * 4); total += c; }
    std::vector<uint8_t> hc(cnt.size() * 8);
    std::memcpy(hc.data(), cnt.data(), hc.size());
    aclDataType dt = mode == 3 ? ACL_INT64 : DtypeOf(es, 0);
    if (mode == 3) es = 8;
    std::vector<int64_t> sshape = mode == 2 ? std::vector<int64_t>{P, L, Q} : std::vector<int64_t>{L};
    std::vector<int64_t> oshape = mode == 2 ? std::vector<int64_t>{P, total, Q} : std::vector<int64_t>{total};
    int64_t sn = GetShapeSize(sshape), on = GetShapeSize(oshape);
    std::vector<uint8_t> hin = RandomBytes(r, (size_t)sn * es), hout = RandomBytes(r, (size_t)on * es);
    Buf rep(hc), in(hin), out(hout);
    aclTensor *rt = rep.View(ACL_INT64, {L}, {1}, 0, 8);
    std::vector<int64_t> sst(sshape.size(), 1), ost(oshape.size(), 1);
    for (int k = (int)sshape.size() - 2; k >= 0; k--) {
        sst[(size_t)k] = sst[(size_t)k + 1] * sshape[(size_t)k + 1];
        ost[(size_t)k] = ost[(size_t)k + 1] * oshape[(size_t)k + 1];
    }
    aclTensor *x = in.View(dt, sshape, sst, 0, es), *y = out.View(dt, oshape, ost, 0, es);
    int rc;
    if (mode == 0)
        rc = RunOp("aclnnRepeatInterleave", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnRepeatInterleaveGetWorkspaceSize(x, rt, total, y, ws, ex); },
                   aclnnRepeatInterleave);
    else if (mode == 3)
        rc = RunOp("aclnnRepeatInterleaveTensor", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnRepeatInterleaveTensorGetWorkspaceSize(rt, total, y, ws, ex); },
                   aclnnRepeatInterleaveTensor);
    else
        rc = RunOp("aclnnRepeatInterleaveWithDim", g_stream,
                   [&](uint64_t *ws, aclOpExecutor **ex) {
                       return aclnnRepeatInterleaveWithDimGetWorkspaceSize(x, rt, mode == 2 ? 1 : 0, total, y, ws, ex);
                   },
                   aclnnRepeatInterleaveWithDim);
    std::string name = "RepeatInterleave mode " + std::to_string(mode) + " es " + std::to_string(es) + " L " + std::to_string(L);
    EXPECT(rc == 0, "%s ran: %d", name.c_str(), rc);
    if (rc) return;
    std::vector<uint8_t> want(hout.size());
    int64_t pre = mode == 2 ? P : 1, post = mode == 2 ? Q : 1;
    for (int64_t p = 0; p < pre; p++) {
        int64_t at = 0;
        for (int64_t i = 0; i < L; i++)
            for (int64_t c = 0; c < cnt[(size_t)i]; c++, at++)
                for (int64_t q = 0; q < post; q++) {
                    uint8_t *d = &want[(size_t)((p * total + at) * post + q) * es];
                    if (mode == 3) std::memcpy(d, &i, 8);
                    else std::memcpy(d, &hin[(size_t)((p * L + i) * post + q) * es], es);
                }
    }
    Same(name.c_str(), out.Read(), want);
}

// Counts split over several blocks whose sum is not out's length: the scan block fails the stream
// (507015) and no block writes anything.
static void CaseRepeatBadTotal(uint64_t seed)
{
    Lcg r(seed);
    const int64_t L = 20000;
    std::vector<int64_t> cnt((size_t)L, 1);
    cnt[(size_t)L - 1] = 2; // sum L + 1, out has L
    std::vector<uint8_t> hc(cnt.size() * 8), hin = RandomBytes(r, (size_t)L * 4), hout = RandomBytes(r, (size_t)L * 4);
    std::memcpy(hc.data(), cnt.data(), hc.size());
    Buf rep(hc), in(hin), out(hout);
    aclTensor *rt = rep.View(ACL_INT64, {L}, {1}, 0, 8), *x = in.View(ACL_INT32, {L}, {1}, 0, 4),
              *y = out.View(ACL_INT32, {L}, {1}, 0, 4);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnRepeatInterleaveGetWorkspaceSize(x, rt, 0, y, &ws, &ex);
    EXPECT(rc == 0, "RepeatInterleave bad total stage 1: %d", rc);
    if (rc) return;
    void *w = nullptr;
    if (ws) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    int r2 = aclnnRepeatInterleave(w, ws, ex, g_stream), sync = aclrtSynchronizeStream(g_stream);
    EXPECT(r2 == 0 && sync == 507015, "RepeatInterleave split over blocks with a wrong total fails the stream (got %d / %d)", r2, sync);
    Same("RepeatInterleave wrong total writes nothing", out.Read(), hout);
    if (w) aclrtFree(w);
}

int main(int, char **)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    const size_t sizes[] = {1, 2, 4, 8};
    uint64_t seed = 1;
    for (size_t es : sizes) {
        // the tiled swap: partial tiles at both ends, blocks ending mid-row, a batch dim
        CasePermute(seed++, es, {37, 53}, {1, 0}, false);
        CasePermute(seed++, es, {300, 290}, {1, 0}, false);
        CasePermute(seed++, es, {3, 40, 33}, {0, 2, 1}, true);
        CasePermute(seed++, es, {5, 17, 64}, {0, 2, 1}, false);
        // other permutations / ranks, contiguous and strided, offset views
        CasePermute(seed++, es, {4, 5, 6, 7}, {3, 1, 0, 2}, true);
        CasePermute(seed++, es, {6, 18, 20}, {2, 0, 1}, true);
        CasePermute(seed++, es, {2, 3, 4, 5, 6}, {4, 3, 2, 1, 0}, false);
        CasePermute(seed++, es, {2, 3, 4, 5, 6}, {1, 4, 0, 3, 2}, true);
        CasePermute(seed++, es, {1000}, {0}, true);
        CasePermute(seed++, es, {200, 3}, {1, 0}, true);
        // the general tiled transpose (copy_transpose.c): several 128-element macro tiles with odd
        // edges shared among blocks, the stride-1 dim moved to an outer position at ranks 3-8
        CasePermute(seed++, es, {300, 517}, {1, 0}, true);
        CasePermute(seed++, es, {261, 3, 129}, {2, 1, 0}, false);
        CasePermute(seed++, es, {9, 70, 3, 41}, {0, 3, 2, 1}, true);
        CasePermute(seed++, es, {2, 3, 2, 3, 2, 19, 21}, {5, 0, 6, 2, 1, 4, 3}, true);
        CasePermute(seed++, es, {2, 2, 3, 2, 2, 3, 9, 11}, {7, 1, 0, 6, 3, 2, 5, 4}, false);
        CasePermute(seed++, es, {9, 8, 2}, {1, 2, 0}, true);
        CasePermute(seed++, es, {0, 17, 9}, {2, 0, 1}, false); // empty: nothing written
        CasePermute(seed++, es, {33, 0}, {1, 0}, true);
        // ViewCopy: broadcasts (short inner runs), permuted-in-memory destinations
        CaseCopy(seed++, es, {50, 2}, {50, 1});
        CaseCopy(seed++, es, {7, 9, 11}, {1, 9, 11});
        CaseCopy(seed++, es, {40, 30, 3}, {40, 1, 3});
        CaseCopy(seed++, es, {64, 64}, {64, 64});
        CaseFlip(seed++, es, 33, 129, 1);
        CaseFlip(seed++, es, 33, 129, 0);
        CaseRepeat(seed++, 0, es, 20000, 1, 1);
        CaseRepeat(seed++, 1, es, 20000, 1, 1);
        CaseRepeat(seed++, 2, es, 5, 3, 7);
        CaseRepeat(seed++, 2, es, 9000, 1, 3);
    }
    CaseRepeat(seed++, 3, 8, 30000, 1, 1);
    CasePermute(seed++, 16, {40, 36}, {1, 0}, true); // COMPLEX128-sized elements: the iterator path
    CaseRepeatBadTotal(seed++);
    CaseRollFlat(seed++, 100000, 12345);
    CaseRollFlat(seed++, 100000, -99999);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
