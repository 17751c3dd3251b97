// Helpers of the per-op-type aclop host programs: host tensors of any dtype holding their values
// as doubles (already rounded to the dtype, so a reference computes on exactly what the device
// sees), one-call aclopCompileAndExecute of an op type, and the ops-nn accuracy standard per
// dtype (reference ops-nn.md §6).
#ifndef ACLOP_OPS_H
#define ACLOP_OPS_H

#include <cstdint>
#include <string>

#include "aclop_sample.h"

struct HostTensor {
    aclDataType dt = ACL_DT_UNDEFINED; // ACL_DT_UNDEFINED: an omitted optional input
    aclFormat fmt = ACL_FORMAT_UNDEFINED;
    std::vector<int64_t> dims;
    std::vector<double> v;
    bool host = false; // ACL_MEMTYPE_HOST placement (shape-like inputs)
};

static inline size_t numel_of(const std::vector<int64_t> &dims)
{
    size_t n = 1;
    for (int64_t d : dims)
        n *= (size_t)d;
    return n;
}

static inline uint16_t to_bf16(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, 4);
    u += 0x7FFFu + ((u >> 16) & 1u); // round to nearest even
    return (uint16_t)(u >> 16);
}

static inline float from_bf16(uint16_t h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

// v as stored in dtype dt.
static inline double round_to(aclDataType dt, double v)
{
    switch (dt) {
    case ACL_FLOAT: return (float)v;
    case ACL_FLOAT16: return aclFloat16ToFloat(aclFloatToFloat16((float)v));
    case ACL_BF16: return from_bf16(to_bf16((float)v));
    case ACL_INT32: case ACL_INT64: case ACL_INT16: case ACL_INT8: case ACL_UINT8: return std::nearbyint(v);
    default: return v;
    }
}

static inline std::vector<unsigned char> encode(const HostTensor &t)
{
    size_t es = aclDataTypeSize(t.dt), n = t.v.size();
    std::vector<unsigned char> b(n * es);
    for (size_t i = 0; i < n; i++) {
        unsigned char *p = b.data() + i * es;
        double x = t.v[i];
        switch (t.dt) {
        case ACL_FLOAT: { float f = (float)x; std::memcpy(p, &f, 4); break; }
        case ACL_DOUBLE: std::memcpy(p, &x, 8); break;
        case ACL_FLOAT16: { uint16_t h = aclFloatToFloat16((float)x); std::memcpy(p, &h, 2); break; }
        case ACL_BF16: { uint16_t h = to_bf16((float)x); std::memcpy(p, &h, 2); break; }
        case ACL_INT32: { int32_t k = (int32_t)x; std::memcpy(p, &k, 4); break; }
        case ACL_INT64: { int64_t k = (int64_t)x; std::memcpy(p, &k, 8); break; }
        case ACL_INT16: { int16_t k = (int16_t)x; std::memcpy(p, &k, 2); break; }
        case ACL_INT8: { int8_t k = (int8_t)x; std::memcpy(p, &k, 1); break; }
        case ACL_UINT8: { uint8_t k = (uint8_t)x; std::memcpy(p, &k, 1); break; }
        default: std::fprintf(stderr, "encode: dtype %d not handled\n", (int)t.dt); std::exit(1);
        }
    }
    return b;
}

static inline void decode(HostTensor &t, const std::vector<unsigned char> &b)
{
    size_t es = aclDataTypeSize(t.dt), n = numel_of(t.dims);
    t.v.assign(n, 0.0);
    for (size_t i = 0; i < n; i++) {
        const unsigned char *p = b.data() + i * es;
        switch (t.dt) {
        case ACL_FLOAT: { float f; std::memcpy(&f, p, 4); t.v[i] = f; break; }
        case ACL_DOUBLE: std::memcpy(&t.v[i], p, 8); break;
        case ACL_FLOAT16: { uint16_t h; std::memcpy(&h, p, 2); t.v[i] = aclFloat16ToFloat(h); break; }
        case ACL_BF16: { uint16_t h; std::memcpy(&h, p, 2); t.v[i] = from_bf16(h); break; }
        case ACL_INT32: { int32_t k; std::memcpy(&k, p, 4); t.v[i] = k; break; }
        case ACL_INT64: { int64_t k; std::memcpy(&k, p, 8); t.v[i] = (double)k; break; }
        case ACL_INT16: { int16_t k; std::memcpy(&k, p, 2); t.v[i] = k; break; }
        case ACL_INT8: { int8_t k; std::memcpy(&k, p, 1); t.v[i] = k; break; }
        case ACL_UINT8: t.v[i] = *p; break;
        default: std::fprintf(stderr, "decode: dtype %d not handled\n", (int)t.dt); std::exit(1);
        }
    }
}

// Deterministic values in [lo, hi] (a small LCG: the same data on every run).
static inline double uniform(uint64_t &state, double lo, double hi)
{
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * (double)(state >> 11) / 9007199254740992.0;
}

static inline HostTensor make(aclDataType dt, aclFormat fmt, std::vector<int64_t> dims, uint64_t seed = 1,
                              double lo = -2.0, double hi = 2.0)
{
    HostTensor t;
    t.dt = dt;
    t.fmt = fmt;
    t.dims = dims;
    t.v.resize(numel_of(dims));
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 7;
    for (double &x : t.v)
        x = round_to(dt, uniform(s, lo, hi));
    return t;
}

static inline HostTensor output(aclDataType dt, aclFormat fmt, std::vector<int64_t> dims)
{
    HostTensor t;
    t.dt = dt;
    t.fmt = fmt;
    t.dims = dims;
    return t;
}

static inline HostTensor omitted()
{
    return HostTensor();
}

// Compiles and runs opType on device copies of the inputs; outputs get the results. Returns the
// ACL code of aclopCompileAndExecute (outputs are read only on success).
static inline aclError run_op(const char *opType, std::vector<HostTensor *> ins, std::vector<HostTensor *> outs,
                              aclopAttr *attr, aclrtStream stream)
{
    std::vector<aclTensorDesc *> id, od;
    std::vector<aclDataBuffer *> ib, ob;
    std::vector<void *> mem;
    std::vector<std::vector<unsigned char>> hostdata;
    hostdata.reserve(ins.size());
    for (HostTensor *t : ins) {
        if (t->dt == ACL_DT_UNDEFINED) {
            id.push_back(aclCreateTensorDesc(ACL_DT_UNDEFINED, 0, nullptr, ACL_FORMAT_UNDEFINED));
            ib.push_back(aclCreateDataBuffer(nullptr, 0));
            continue;
        }
        id.push_back(aclCreateTensorDesc(t->dt, (int)t->dims.size(), t->dims.data(), t->fmt));
        hostdata.push_back(encode(*t));
        std::vector<unsigned char> &b = hostdata.back();
        if (t->host) {
            CHECK(aclSetTensorPlaceMent(id.back(), ACL_MEMTYPE_HOST));
            ib.push_back(aclCreateDataBuffer(b.data(), b.size()));
        } else {
            void *d = dev_from(b.data(), b.size());
            mem.push_back(d);
            ib.push_back(aclCreateDataBuffer(d, b.size()));
        }
    }
    for (HostTensor *t : outs) {
        od.push_back(aclCreateTensorDesc(t->dt, (int)t->dims.size(), t->dims.data(), t->fmt));
        size_t bytes = numel_of(t->dims) * aclDataTypeSize(t->dt);
        void *d = dev_alloc(bytes);
        CHECK(aclrtMemset(d, bytes ? bytes : 32, 0xFF, bytes ? bytes : 32)); // garbage, not zeros
        mem.push_back(d);
        ob.push_back(aclCreateDataBuffer(d, bytes));
    }
    aclError rc = aclopCompileAndExecute(opType, (int)id.size(), id.data(), ib.data(), (int)od.size(), od.data(),
                                         ob.data(), attr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr, stream);
    if (rc == ACL_SUCCESS)
        rc = aclrtSynchronizeStream(stream);
    if (rc == ACL_SUCCESS) {
        for (size_t k = 0; k < outs.size(); k++) {
            std::vector<unsigned char> b(aclGetDataBufferSizeV2(ob[k]));
            CHECK(aclrtMemcpy(b.data(), b.size(), aclGetDataBufferAddr(ob[k]), b.size(), ACL_MEMCPY_DEVICE_TO_HOST));
            decode(*outs[k], b);
        }
    }
    for (aclTensorDesc *d : id)
        aclDestroyTensorDesc(d);
    for (aclTensorDesc *d : od)
        aclDestroyTensorDesc(d);
    for (aclDataBuffer *b : ib)
        aclDestroyDataBuffer(b);
    for (aclDataBuffer *b : ob)
        aclDestroyDataBuffer(b);
    for (void *p : mem)
        aclrtFree(p);
    return rc;
}

// call must fail with code and leave a message that contains `part` (the op, the attribute ...).
#define EXPECT_FAIL(call, code, part)                                                             \
    do {                                                                                          \
        aclError rc_ = (call);                                                                    \
        const char *msg_ = aclGetRecentErrMsg();                                                  \
        std::printf("expected error %d: %s\n", rc_, msg_ ? msg_ : "");                           \
        if (rc_ != (code) || msg_ == nullptr || std::strstr(msg_, part) == nullptr) {              \
            std::fprintf(stderr, "%s:%d: %s returned %d, expected %d with a message naming %s\n",  \
                         __FILE__, __LINE__, #call, rc_, (int)(code), part);                      \
            std::exit(1);                                                                         \
        }                                                                                         \
    } while (0)

// Tolerances (atol = rtol) of the ops-nn standard: TTK values for vector ops; cube ops in FLOAT
// may run as HF32 on the card (the precision standard's HF32 row: 2^-9).
static inline double tol_of(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT16: return 1e-3;
    case ACL_BF16: return 4e-3;
    case ACL_DOUBLE: return 1e-9;
    case ACL_FLOAT: return 1e-4;
    default: return 0.0; // integers: exact
    }
}

static inline double tol_cube(aclDataType dt)
{
    return dt == ACL_FLOAT ? 1.0 / 512 : tol_of(dt);
}

static inline const char *dt_name(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return "float";
    case ACL_FLOAT16: return "float16";
    case ACL_BF16: return "bfloat16";
    case ACL_DOUBLE: return "double";
    case ACL_INT32: return "int32";
    case ACL_INT64: return "int64";
    case ACL_INT8: return "int8";
    case ACL_UINT8: return "uint8";
    case ACL_INT16: return "int16";
    default: return "?";
    }
}

// Checks out against golden (rounded to out's dtype first) with tolerance tol; exits on failure.
static inline void check(const HostTensor &out, const std::vector<double> &golden, double tol, const std::string &what)
{
    std::vector<double> g(golden.size());
    for (size_t i = 0; i < g.size(); i++)
        g[i] = round_to(out.dt, golden[i]);
    EXPECT(out.v.size() == g.size());
    EXPECT(close_enough(out.v, g, tol, tol, what.c_str()));
}

#endif
