/* The device side of the memory checker (devsim/server/memcheck.c) without a device process:
 * quarantine, frees, the shadow at word and 64-bit-word edges, launch manifests and copy tasks. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../devsim/memcheck_proto.h"
#include "devsim.h"

#define BASE 0x100000000000ull
#define ARENA (64ull << 20)

/* main.c's page release: nothing to give back here */
void ds_arena_release_pages(ds_server *srv, uint64_t addr, uint64_t size)
{
    (void)srv;
    (void)addr;
    (void)size;
}

static ds_server *srv;
static ds_mc_ring *ring;
static ds_stream_shm *stream;

static int setup(void **state)
{
    (void)state;
    srv = calloc(1, sizeof *srv);
    srv->arena_base = BASE;
    srv->arena_size = ARENA;
    srv->alloc = arena_create(BASE, ARENA);
    pthread_mutex_init(&srv->lock, NULL);
    /* the control block only for the stream numbering of reports: sparse */
    srv->ctl = mmap(NULL, sizeof(ds_ctl), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    assert_true(srv->ctl != MAP_FAILED);
    stream = &srv->ctl->streams[3];
    stream->owner_slot = 0;
    int fd = memfd_create("ring", 0);
    assert_int_equal(ftruncate(fd, sizeof(ds_mc_ring)), 0);
    ring = mmap(NULL, sizeof(ds_mc_ring), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    assert_int_equal(ds_mc_attach(srv, 0, fd, 4242), 0); /* takes the fd */
    return 0;
}

/* The reports written since the last call. */
static char *reports(void)
{
    static char buf[1 << 16];
    static uint64_t seen;
    uint64_t head = atomic_load(&ring->head);
    size_t n = 0;
    for (; seen < head && n + 1 < sizeof buf; seen++)
        buf[n++] = (char)ring->data[seen % DS_MC_RING_BYTES];
    buf[n] = 0;
    return buf;
}

static uint64_t alloc(uint64_t size)
{
    pthread_mutex_lock(&srv->lock);
    uint64_t a = arena_alloc(srv->alloc, size, 0);
    ds_mc_on_alloc(srv, 0, a, size);
    pthread_mutex_unlock(&srv->lock);
    return a;
}

static int do_free(uint64_t a)
{
    pthread_mutex_lock(&srv->lock);
    int taken = ds_mc_on_free(srv, 0, a);
    int rc = taken ? (taken < 0 ? -1 : 0) : arena_free(srv->alloc, a, 0, NULL);
    pthread_mutex_unlock(&srv->lock);
    return rc;
}

static void copy_req(uint64_t dst, uint64_t src, uint64_t n)
{
    ds_req req = {.op = DS_OP_MEMCHECK, .flags = DS_MC_REQ_COPY, .a = {dst, src, n}};
    snprintf(req.name, sizeof req.name, "aclrtMemcpy");
    ds_resp r;
    memset(&r, 0, sizeof r);
    ds_mc_request(srv, 0, &req, &r);
    assert_int_equal(r.status, 0);
}

/* A kernel task with a manifest of the given ranges; returns ds_mc_task's verdict. */
static int launch(const drv_mc_range *g, uint32_t n)
{
    static _Alignas(64) unsigned char buf[16384];
    memset(buf, 0, sizeof buf);
    ds_task *t = (ds_task *)buf;
    t->kind = DS_TASK_KERNEL;
    t->block_dim = 1;
    t->args_size = 12; /* padded to 16 before the manifest */
    ds_mc_manifest *m = (ds_mc_manifest *)(buf + sizeof *t + 16);
    snprintf(m->op, sizeof m->op, "aclnnTest");
    m->count = n;
    memcpy(m + 1, g, n * sizeof *g);
    t->u[1] = sizeof *m + n * sizeof *g;
    t->u[2] = 7;
    t->size = (uint32_t)(sizeof *t + 16 + t->u[1]);
    snprintf(t->kernel, sizeof t->kernel, "TestKernel");
    return ds_mc_task(srv, stream, t);
}

static drv_mc_range range(uint64_t a, uint64_t n, uint32_t access, const char *name)
{
    drv_mc_range g;
    memset(&g, 0, sizeof g);
    g.addr = a;
    g.extent = n;
    g.access = access;
    snprintf(g.name, sizeof g.name, "%s", name);
    return g;
}

static void test_quarantine_and_frees(void **state)
{
    (void)state;
    uint64_t a = alloc(1000);
    assert_int_equal(do_free(a), 0);
    uint64_t b = alloc(1000);
    assert_true(b != a); /* held back */
    assert_int_equal(do_free(a), -1);
    assert_non_null(strstr(reports(), "already freed (double free)"));
    assert_int_equal(do_free(b + 8), -1);
    assert_non_null(strstr(reports(), "8 bytes into the 1000-byte allocation"));
    /* an allocation that does not fit empties the quarantine */
    assert_true(ds_mc_quarantined(srv) >= 1000);
    pthread_mutex_lock(&srv->lock);
    assert_true(ds_mc_drain_quarantine(srv) >= 1000);
    pthread_mutex_unlock(&srv->lock);
    assert_int_equal(ds_mc_quarantined(srv), 0);
    /* a use of the block, now back in the arena but not reused, is still a use after free */
    drv_mc_range g = range(a, 16, DRV_MC_READ, "x");
    assert_int_equal(launch(&g, 1), 507015);
    char *r = reports();
    assert_non_null(strstr(r, "illegal read of size 16 (use after free)"));
    assert_non_null(strstr(r, "launch #7 of process 4242: aclnnTest on stream 3"));
    assert_int_equal(do_free(b), 0);
}

static void test_shadow_edges(void **state)
{
    (void)state;
    uint64_t a = alloc(4096);
    /* bytes [3, 10) written: words 0..2 count as written */
    copy_req(a + 3, 0, 7);
    drv_mc_range g = range(a, 12, DRV_MC_READ, "self");
    assert_int_equal(launch(&g, 1), 0);
    assert_string_equal(reports(), "");
    g = range(a + 12, 8, DRV_MC_READ, "self");
    assert_int_equal(launch(&g, 1), 0);
    char *r = reports();
    assert_non_null(strstr(r, "uninitialized read of size 8"));
    char at[160];
    snprintf(at, sizeof at, "at 0x%llx on GM in aclnnTest (kernel TestKernel) when reading tensor self",
             (unsigned long long)(a + 12));
    assert_non_null(strstr(r, at));
    /* across a 64-bit shadow word: bytes [200, 1300) written by a kernel, read back exactly */
    drv_mc_range w = range(a + 200, 1100, DRV_MC_WRITE, "out");
    assert_int_equal(launch(&w, 1), 0);
    g = range(a + 200, 1100, DRV_MC_READ, "self");
    assert_int_equal(launch(&g, 1), 0);
    assert_string_equal(reports(), "");
    g = range(a + 196, 1108, DRV_MC_READ, "self"); /* one word before, one after */
    assert_int_equal(launch(&g, 1), 0);
    assert_non_null(strstr(reports(), "uninitialized read of size 8"));
    /* a device-to-device copy carries the state: [200, 1300) -> b */
    uint64_t b = alloc(4096);
    copy_req(b, a + 200, 1100);
    g = range(b, 1100, DRV_MC_READ, "self");
    assert_int_equal(launch(&g, 1), 0);
    assert_string_equal(reports(), "");
    g = range(b + 1100, 4, DRV_MC_READ, "self");
    launch(&g, 1);
    assert_non_null(strstr(reports(), "uninitialized read of size 4"));
    /* a strided (sparse) read is not initchecked; a whole write makes the block whole */
    g = range(b, 4096, DRV_MC_READ | DRV_MC_SPARSE, "self");
    assert_int_equal(launch(&g, 1), 0);
    assert_string_equal(reports(), "");
    w = range(b, 4096, DRV_MC_WRITE, "out");
    assert_int_equal(launch(&w, 1), 0);
    g = range(b + 2000, 2096, DRV_MC_READ, "self");
    assert_int_equal(launch(&g, 1), 0);
    assert_string_equal(reports(), "");
    assert_int_equal(do_free(a), 0);
    assert_int_equal(do_free(b), 0);
}

static void test_bounds(void **state)
{
    (void)state;
    uint64_t a = alloc(100), b = alloc(512);
    copy_req(a, 0, 100);
    /* an illegal range anywhere in the manifest skips the launch; the legal write is not marked */
    drv_mc_range g[2] = {range(b, 512, DRV_MC_WRITE, "out"), range(a, 104, DRV_MC_READ, "self")};
    assert_int_equal(launch(g, 2), 507015);
    char *r = reports();
    assert_non_null(strstr(r, "illegal read of size 4\n"));
    assert_non_null(strstr(r, "4 bytes past the end of its 100-byte allocation"));
    drv_mc_range rd = range(b, 4, DRV_MC_READ, "self");
    launch(&rd, 1);
    assert_non_null(strstr(reports(), "uninitialized read of size 4"));
    /* outside the arena: named by the client's classification */
    drv_mc_range h = range(0x7f0000001000ull, 64, DRV_MC_READ, "self");
    h.where = DRV_MC_WHERE_HOST;
    assert_int_equal(launch(&h, 1), 507015);
    assert_non_null(strstr(reports(), "on host memory"));
    /* a copy task from a freed block */
    assert_int_equal(do_free(a), 0);
    _Alignas(64) ds_task t;
    memset(&t, 0, sizeof t);
    t.kind = DS_TASK_COPY;
    t.size = sizeof t;
    t.u[0] = b;
    t.u[1] = a;
    t.u[2] = 64;
    assert_int_equal(ds_mc_task(srv, stream, &t), 507013);
    assert_non_null(strstr(reports(), "in aclrtMemcpyAsync when reading src"));
    assert_int_equal(do_free(b), 0);
}

int main(void)
{
    setenv("ACLEMU_MEMCHECK_QUARANTINE_MB", "1", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quarantine_and_frees),
        cmocka_unit_test(test_shadow_edges),
        cmocka_unit_test(test_bounds),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
