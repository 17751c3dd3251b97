// User allocators (acl_rt_allocator.h): descriptor setters and their null checks, per-stream
// registration (NULL stream refused, incomplete descriptor refused, last registration wins,
// unregister idempotent, GetByStream of an unregistered stream refused), and single-op execution
// on a stream with a registered allocator taking its workspace from that allocator: every block it
// hands out is given back, the ops' results match double-precision references, and after
// unregistering the allocator is no longer called.
#include <string>

#include "acl/acl_rt_allocator.h"
// the BatchNorm / BNInference cases (with their double-precision references) of aclop_norm.cpp,
// whose launches need workspace, run here with a user allocator on the stream
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#define main aclop_norm_main
#include "aclop_norm.cpp"
#undef main
#pragma GCC diagnostic pop

struct user_pool {
    int allocs = 0, frees = 0, advises = 0;
    size_t largest = 0;
    std::vector<void *> live;
    std::vector<void *> done; // given back: released for good after a stream synchronisation
};
struct user_block {
    void *dev;
    size_t size;
};

static void *pool_alloc(aclrtAllocator a, size_t size)
{
    user_pool *p = (user_pool *)a;
    user_block *b = new user_block;
    b->size = size;
    CHECK(aclrtMalloc(&b->dev, size, ACL_MEM_MALLOC_HUGE_FIRST));
    p->allocs++;
    p->largest = size > p->largest ? size : p->largest;
    p->live.push_back(b);
    return b;
}
static void pool_free(aclrtAllocator a, aclrtAllocatorBlock blk)
{
    user_pool *p = (user_pool *)a;
    user_block *b = (user_block *)blk;
    bool found = false;
    for (size_t i = 0; i < p->live.size(); i++)
        if (p->live[i] == b) {
            p->live.erase(p->live.begin() + (long)i);
            found = true;
            break;
        }
    EXPECT(found);
    p->frees++;
    // stream-ordered pool: the block may still be read by queued work (a caching allocator would
    // reuse it on the same stream only); it goes back to the runtime after a synchronisation
    p->done.push_back(b);
}
static void pool_release(user_pool *p)
{
    for (void *v : p->done) {
        user_block *b = (user_block *)v;
        CHECK(aclrtFree(b->dev));
        delete b;
    }
    p->done.clear();
}
static void *pool_advise(aclrtAllocator a, size_t size, aclrtAllocatorAddr addr)
{
    (void)addr;
    ((user_pool *)a)->advises++;
    return pool_alloc(a, size);
}
static void *pool_addr(aclrtAllocatorBlock blk) { return ((user_block *)blk)->dev; }

static void api_checks(aclrtStream stream, user_pool *pool)
{
    EXPECT_CODE(aclrtAllocatorDestroyDesc(nullptr), ACL_ERROR_INVALID_PARAM);
    aclrtAllocatorDesc d = aclrtAllocatorCreateDesc();
    EXPECT(d != nullptr);
    EXPECT_CODE(aclrtAllocatorSetObjToDesc(nullptr, pool), ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtAllocatorSetObjToDesc(d, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtAllocatorSetAllocFuncToDesc(d, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtAllocatorSetFreeFuncToDesc(d, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtAllocatorSetAllocAdviseFuncToDesc(d, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(d, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtAllocatorSetAllocFuncToDesc(nullptr, pool_alloc), ACL_ERROR_INVALID_PARAM);

    // an incomplete descriptor is refused, naming the missing member
    EXPECT_CODE(aclrtAllocatorRegister(stream, d), ACL_ERROR_INVALID_PARAM);
    CHECK(aclrtAllocatorSetObjToDesc(d, pool));
    CHECK(aclrtAllocatorSetAllocFuncToDesc(d, pool_alloc));
    EXPECT_CODE(aclrtAllocatorRegister(stream, d), ACL_ERROR_INVALID_PARAM);
    CHECK(aclrtAllocatorSetFreeFuncToDesc(d, pool_free));
    EXPECT_CODE(aclrtAllocatorRegister(stream, d), ACL_ERROR_INVALID_PARAM);
    {
        aclrtAllocatorDesc d2 = aclrtAllocatorCreateDesc();
        CHECK(aclrtAllocatorSetObjToDesc(d2, pool));
        aclError rc = aclrtAllocatorRegister(stream, d2);
        EXPECT(rc == ACL_ERROR_INVALID_PARAM);
        const char *m = aclGetRecentErrMsg();
        std::printf("incomplete descriptor: %s\n", m ? m : "");
        EXPECT(m != nullptr && std::strstr(m, "allocatorDesc->allocFunc") != nullptr);
        CHECK(aclrtAllocatorDestroyDesc(d2));
    }
    CHECK(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(d, pool_addr));
    // the advise callback is optional
    EXPECT_CODE(aclrtAllocatorRegister(nullptr, d), ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtAllocatorRegister(stream, nullptr), ACL_ERROR_INVALID_PARAM);

    aclrtAllocatorDesc got = nullptr;
    EXPECT_CODE(aclrtAllocatorGetByStream(stream, &got, nullptr, nullptr, nullptr, nullptr, nullptr),
                ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtAllocatorGetByStream(stream, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr),
                ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtAllocatorGetByStream(nullptr, &got, nullptr, nullptr, nullptr, nullptr, nullptr),
                ACL_ERROR_INVALID_PARAM);

    CHECK(aclrtAllocatorRegister(stream, d));
    aclrtAllocator obj = nullptr;
    aclrtAllocatorAllocFunc af = nullptr;
    aclrtAllocatorFreeFunc ff = nullptr;
    aclrtAllocatorAllocAdviseFunc adf = pool_advise;
    aclrtAllocatorGetAddrFromBlockFunc gf = nullptr;
    CHECK(aclrtAllocatorGetByStream(stream, &got, &obj, &af, &ff, &adf, &gf));
    EXPECT(got == d && obj == pool && af == pool_alloc && ff == pool_free && adf == nullptr && gf == pool_addr);
    // the registration holds a copy: changing the descriptor afterwards does not change it
    CHECK(aclrtAllocatorSetAllocAdviseFuncToDesc(d, pool_advise));
    CHECK(aclrtAllocatorGetByStream(stream, &got, nullptr, nullptr, nullptr, &adf, nullptr));
    EXPECT(adf == nullptr);
    // registering again: the last registration wins
    CHECK(aclrtAllocatorRegister(stream, d));
    CHECK(aclrtAllocatorGetByStream(stream, &got, nullptr, nullptr, nullptr, &adf, nullptr));
    EXPECT(adf == pool_advise);
    // unregister, twice, and for a stream that never had one: all succeed
    CHECK(aclrtAllocatorUnregister(stream));
    CHECK(aclrtAllocatorUnregister(stream));
    aclrtStream other;
    CHECK(aclrtCreateStream(&other));
    CHECK(aclrtAllocatorUnregister(other));
    CHECK(aclrtDestroyStream(other));
    EXPECT_CODE(aclrtAllocatorUnregister(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_CODE(aclrtAllocatorGetByStream(stream, &got, nullptr, nullptr, nullptr, nullptr, nullptr),
                ACL_ERROR_INVALID_PARAM);
    CHECK(aclrtAllocatorDestroyDesc(d));
    EXPECT(pool->allocs == 0 && pool->frees == 0);
}

static void run_ops(aclrtStream stream)
{
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
        bn_inference(stream, dt, ACL_FORMAT_NCHW, false);
        bn_inference(stream, dt, ACL_FORMAT_NHWC, true);
        batch_norm(stream, dt, ACL_FORMAT_NHWC, true);
        batch_norm(stream, dt, ACL_FORMAT_NCHW, true);
        batch_norm(stream, dt, ACL_FORMAT_NHWC, false);
    }
    CHECK(aclrtSynchronizeStream(stream));
}

int main()
{
    aclrtStream stream;
    init_acl(&stream);
    user_pool pool;
    api_checks(stream, &pool);

    aclrtAllocatorDesc d = aclrtAllocatorCreateDesc();
    CHECK(aclrtAllocatorSetObjToDesc(d, &pool));
    CHECK(aclrtAllocatorSetAllocFuncToDesc(d, pool_alloc));
    CHECK(aclrtAllocatorSetFreeFuncToDesc(d, pool_free));
    CHECK(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(d, pool_addr));
    CHECK(aclrtAllocatorRegister(stream, d));
    run_ops(stream);
    std::printf("user allocator: %d allocs (largest %zu bytes), %d frees\n", pool.allocs, pool.largest, pool.frees);
    EXPECT(pool.allocs > 0 && pool.largest > 0);
    EXPECT(pool.allocs == pool.frees && pool.live.empty());
    pool_release(&pool);
    CHECK(aclrtAllocatorUnregister(stream));
    int before = pool.allocs;
    run_ops(stream);
    EXPECT(pool.allocs == before);
    CHECK(aclrtAllocatorDestroyDesc(d));
    fini_acl(stream);
    std::printf("PASS\n");
    return 0;
}
