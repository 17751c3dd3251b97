/* aclemu-devsim: the process of one emulated device.
 *
 *   aclemu-devsim --device N [--topology FILE] [--persistent] [--idle-ms MS]
 *   aclemu-devsim --device N --stop
 *
 * Started on demand by the first aclrtSetDevice(N) of any client (or by hand, persistent). Owns
 * the HBM arena and the control block, serves resource requests on a per-user Unix socket,
 * runs one executor thread per live stream and a pool of AI-core worker threads. Reclaims
 * everything of a client whose connection closes (exit or kill -9). Exits after being idle. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define ACLEMU_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ACLEMU_LSAN 1
#endif
#endif
#ifdef ACLEMU_LSAN
#include <sanitizer/lsan_interface.h>
#endif

#include "../common/futex.h"
#include "../memcheck_proto.h"
#include "client_order.h"
#include "devsim.h"

#define ERR_INVALID_PARAM 100000
#define ERR_RT_MEMORY_ALLOCATION 207001
#define ERR_RT_NO_STREAM_RESOURCE 207008
#define ERR_RT_NO_EVENT_RESOURCE 207007
#define ERR_RT_INTERNAL 507000

static volatile sig_atomic_t g_stop;
static int g_log_fd = -1; /* <runtime dir>/dev<N>.log: start, stop and crash records */

static void devlog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void devlog(const char *fmt, ...)
{
    if (g_log_fd < 0)
        return;
    char buf[512];
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    localtime_r(&ts.tv_sec, &tm);
    int n = (int)strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
    n += snprintf(buf + n, sizeof buf - (size_t)n, ".%03ld [%d] ", ts.tv_nsec / 1000000,
                  (int)getpid());
    va_list ap;
    va_start(ap, fmt);
    n += vsnprintf(buf + n, sizeof buf - (size_t)n, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof buf)
        n = (int)sizeof buf - 1;
    buf[n++] = '\n';
    if (write(g_log_fd, buf, (size_t)n) < 0) {
        /* the log is best effort */
    }
}
static void on_term(int sig) { (void)sig; g_stop = 1; }

static void logmsg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logmsg(const char *fmt, ...)
{
    if (!getenv("ACLEMU_DEVSIM_VERBOSE"))
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "[aclemu-devsim %d %.3f] ", (int)getpid(), (double)ds_now_ns() * 1e-9);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---- fd passing ---------------------------------------------------------------------------- */
static int send_with_fds(int sock, const void *buf, size_t len, const int *fds, int nfds)
{
    struct iovec iov = {(void *)buf, len};
    char cbuf[CMSG_SPACE(sizeof(int) * 4)];
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    if (nfds > 0) {
        memset(cbuf, 0, sizeof cbuf);
        msg.msg_control = cbuf;
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
        memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfds);
    }
    ssize_t n;
    do
        n = sendmsg(sock, &msg, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)len ? 0 : -1;
}

static int send_all(int sock, const void *buf, size_t len)
{
    ds_client_order_release(); /* what the request did is done before the client hears of it */
    const char *p = buf;
    while (len > 0) {
        ssize_t n = send(sock, p, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Receives one request and at most one fd. Returns bytes, 0 on EOF, -1 on error. */
static ssize_t recv_req(int sock, ds_req *req, int *fd)
{
    struct iovec iov = {req, sizeof *req};
    char cbuf[CMSG_SPACE(sizeof(int))];
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = cbuf;
    msg.msg_controllen = sizeof cbuf;
    *fd = -1;
    ssize_t n;
    do
        n = recvmsg(sock, &msg, MSG_WAITALL | MSG_CMSG_CLOEXEC);
    while (n < 0 && errno == EINTR);
    if (n <= 0)
        return n;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
            memcpy(fd, CMSG_DATA(c), sizeof(int));
    if ((size_t)n != sizeof *req) {
        if (*fd >= 0)
            close(*fd);
        return -1;
    }
    return n;
}

/* ---- memory ------------------------------------------------------------------------------- */
void ds_arena_release_pages(ds_server *srv, uint64_t addr, uint64_t size)
{
    /* only worth a syscall for large blocks; keeps an idle device's resident memory small */
    if (size < (256u << 10))
        return;
    uint64_t pg = 4096;
    uint64_t start = (addr + pg - 1) & ~(pg - 1), end = (addr + size) & ~(pg - 1);
    if (end > start)
        fallocate(srv->arena_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
                  (off_t)(start - srv->arena_base), (off_t)(end - start));
}

/* ---- clients ------------------------------------------------------------------------------ */
static void release_cb(void *ctx, uint64_t addr, uint64_t size)
{
    ds_arena_release_pages(ctx, addr, size);
}

typedef struct reap_arg {
    ds_server *srv;
    uint32_t slot;
} reap_arg;

/* Reclaims a departed client's streams, events, memory and pinned regions. Runs on its own
 * thread: stream threads may be in the middle of a long kernel. */
static void *reap_main(void *arg)
{
    reap_arg *ra = arg;
    ds_server *srv = ra->srv;
    uint32_t slot = ra->slot;
    free(ra);
    ds_ctl *ctl = srv->ctl;
    logmsg("reaping client slot %u", slot);
    for (uint32_t i = 0; i < DS_MAX_STREAMS; i++) {
        ds_stream_shm *s = &ctl->streams[i];
        if (atomic_load(&s->state) != DS_STREAM_FREE && s->owner_slot == slot)
            ds_stream_abort(srv, i);
    }
    for (uint32_t i = 0; i < DS_MAX_STREAMS; i++) {
        ds_stream_shm *s = &ctl->streams[i];
        if (s->owner_slot == slot)
            ds_stream_wait_free(srv, i, slot);
    }
    logmsg("streams of slot %u stopped", slot);
    pthread_mutex_lock(&srv->lock);
    for (uint32_t i = 0; i < DS_MAX_EVENTS; i++) {
        ds_event_shm *e = &ctl->events[i];
        if (atomic_load(&e->live) && e->owner_slot == slot) {
            atomic_store(&e->live, 0);
            ds_futex_wake(&e->completed);
        }
    }
    uint64_t mc_tasks, mc_ns;
    uint32_t mc_errors = ds_mc_client_gone(srv, slot, &mc_tasks, &mc_ns);
    if (mc_tasks || mc_errors)
        devlog("client %d (%s): memory checker: %u errors, %llu tasks checked in %.3f ms",
               srv->clients[slot].pid, srv->clients[slot].name, mc_errors,
               (unsigned long long)mc_tasks, (double)mc_ns * 1e-6);
    ds_vmm_client_gone(srv, slot); /* its views of the arena go before the blocks */
    uint64_t freed = arena_free_owner(srv->alloc, slot, release_cb, srv);
    ds_client *c = &srv->clients[slot];
    for (ds_host_region *r = c->regions, *n; r; r = n) {
        n = r->next;
        munmap(r->addr, r->size);
        free(r);
    }
    c->regions = NULL;
    logmsg("client %d (%s) gone: %llu bytes reclaimed", c->pid, c->name,
           (unsigned long long)freed);
    atomic_store(&ctl->clients[slot].live, 0);
    c->reaping = 0;
    c->fd = -1;
    c->pid = 0;
    pthread_mutex_unlock(&srv->lock);
    return NULL;
}

static void client_gone(ds_server *srv, uint32_t slot)
{
    ds_client *c = &srv->clients[slot];
    close(c->fd);
    if (c->observer) {
        pthread_mutex_lock(&srv->lock);
        c->fd = -1;
        c->pid = 0;
        pthread_mutex_unlock(&srv->lock);
        return;
    }
    pthread_mutex_lock(&srv->lock);
    c->reaping = 1;
    pthread_mutex_unlock(&srv->lock);
    reap_arg *ra = malloc(sizeof *ra);
    pthread_t th;
    if (ra) {
        ra->srv = srv;
        ra->slot = slot;
        if (pthread_create(&th, NULL, reap_main, ra) == 0) {
            pthread_detach(th);
            return;
        }
        free(ra);
    }
    reap_arg direct = {srv, slot};
    reap_arg *d = malloc(sizeof *d);
    if (d) {
        *d = direct;
        reap_main(d);
    }
}

/* Caller holds srv->lock. */
static uint32_t live_clients(ds_server *srv)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < DS_MAX_CLIENTS; i++)
        if ((srv->clients[i].fd >= 0 && !srv->clients[i].observer) || srv->clients[i].reaping)
            n++;
    return n;
}

/* ---- requests ----------------------------------------------------------------------------- */
static void resp_err(ds_resp *r, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void resp_err(ds_resp *r, int code, const char *fmt, ...)
{
    r->status = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
}

static void fill_status(ds_server *srv, ds_status *st)
{
    memset(st, 0, sizeof *st);
    st->devsim_pid = getpid();
    st->mem_total = srv->arena_size;
    st->mem_used = arena_used(srv->alloc);
    st->aicore_util = atomic_load(&srv->ctl->util_pct);
    snprintf(st->soc_version, sizeof st->soc_version, "%s", srv->prof.soc_version);
    for (uint32_t i = 0; i < DS_MAX_CLIENTS && st->nproc < 64; i++) {
        ds_client *c = &srv->clients[i];
        if (c->fd < 0 || c->observer)
            continue;
        ds_status_proc *p = &st->procs[st->nproc++];
        p->pid = c->pid;
        snprintf(p->name, sizeof p->name, "%s", c->name);
        p->mem_bytes = arena_used_by(srv->alloc, i);
    }
}

/* Handles one request of client `slot`. Returns -1 if the connection must be dropped. */
static int handle(ds_server *srv, uint32_t slot, const ds_req *req, int fd)
{
    ds_client *c = &srv->clients[slot];
    ds_ctl *ctl = srv->ctl;
    ds_resp r;
    memset(&r, 0, sizeof r);

    switch (req->op) {
    case DS_OP_HELLO: {
        c->pid = (int32_t)req->a[0];
        c->observer = (req->flags & 1) != 0;
        snprintf(c->name, sizeof c->name, "%s", req->name);
        if (fd >= 0 && (req->flags & DS_HELLO_MEMCHECK) && !c->observer) {
            int bad = ds_mc_attach(srv, slot, fd, c->pid); /* takes the fd */
            fd = -1;
            if (bad)
                return -1; /* the client asked to be checked: never run it unchecked */
            devlog("client %d (%s): memory checker on", c->pid, c->name);
        }
        if (fd >= 0)
            close(fd);
        ctl->clients[slot].pid = c->pid;
        atomic_store(&ctl->clients[slot].live, 1);
        ds_hello h;
        memset(&h, 0, sizeof h);
        h.magic = DS_MAGIC;
        h.version = DS_VERSION;
        h.devsim_pid = getpid();
        h.client_slot = slot;
        h.arena_base = srv->arena_base;
        h.arena_size = srv->arena_size;
        h.ctl_size = srv->ctl_size;
        h.profile = srv->prof;
        logmsg("client %d (%s) connected in slot %u%s", c->pid, c->name, slot,
               c->observer ? " as observer" : "");
        if (send_all(c->fd, &r, sizeof r) != 0)
            return -1;
        int fds[2] = {srv->arena_fd, srv->ctl_fd};
        return send_with_fds(c->fd, &h, sizeof h, fds, c->observer ? 0 : 2);
    }
    case DS_OP_ALLOC: {
        pthread_mutex_lock(&srv->lock);
        uint64_t addr = arena_alloc(srv->alloc, req->a[0], slot);
        if (!addr && ds_mc_drain_quarantine(srv) > 0) /* freed blocks the checker holds back */
            addr = arena_alloc(srv->alloc, req->a[0], slot);
        if (addr)
            ds_mc_on_alloc(srv, slot, addr, req->a[0]);
        uint64_t used = arena_used(srv->alloc), largest = arena_largest_free(srv->alloc);
        pthread_mutex_unlock(&srv->lock);
        if (!addr)
            resp_err(&r, ERR_RT_MEMORY_ALLOCATION,
                     "device %d out of memory: %llu bytes requested, %llu of %llu in use, "
                     "largest free block %llu",
                     srv->devid, (unsigned long long)req->a[0], (unsigned long long)used,
                     (unsigned long long)srv->arena_size, (unsigned long long)largest);
        r.r[0] = addr;
        break;
    }
    case DS_OP_FREE: {
        uint64_t size = 0;
        pthread_mutex_lock(&srv->lock);
        int taken = ds_mc_on_free(srv, slot, req->a[0]); /* 1: quarantined, -1: reported */
        int rc = taken ? (taken < 0 ? -1 : 0) : arena_free(srv->alloc, req->a[0], slot, &size);
        if (rc == 0 && !taken) /* before anyone can allocate the range again */
            ds_arena_release_pages(srv, req->a[0], size);
        pthread_mutex_unlock(&srv->lock);
        if (rc != 0)
            resp_err(&r, ERR_INVALID_PARAM, "address 0x%llx is not a live allocation",
                     (unsigned long long)req->a[0]);
        break;
    }
    case DS_OP_VMM_RESERVE:
    case DS_OP_VMM_RELEASE:
    case DS_OP_VMM_MAP:
    case DS_OP_VMM_UNMAP: {
        int e;
        pthread_mutex_lock(&srv->lock);
        if (req->op == DS_OP_VMM_RESERVE)
            e = ds_vmm_reserve(srv, slot, req->a[0], req->a[1], &r.r[0]);
        else if (req->op == DS_OP_VMM_RELEASE)
            e = ds_vmm_release(srv, slot, req->a[0]);
        else if (req->op == DS_OP_VMM_MAP)
            e = ds_vmm_map(srv, slot, req->a[0], req->a[1], req->a[2]);
        else
            e = ds_vmm_unmap(srv, slot, req->a[0], req->a[1]);
        pthread_mutex_unlock(&srv->lock);
        if (e == ENOMEM)
            resp_err(&r, ERR_RT_MEMORY_ALLOCATION, "no room for a device address range of %llu bytes",
                     (unsigned long long)req->a[req->op == DS_OP_VMM_RESERVE ? 0 : 1]);
        else if (e)
            resp_err(&r, ERR_INVALID_PARAM, "address 0x%llx is not inside a range this process reserved",
                     (unsigned long long)req->a[0]);
        break;
    }
    case DS_OP_MEMINFO:
        pthread_mutex_lock(&srv->lock);
        r.r[0] = srv->arena_size - arena_used(srv->alloc) + ds_mc_quarantined(srv);
        r.r[1] = srv->arena_size;
        pthread_mutex_unlock(&srv->lock);
        break;
    case DS_OP_STREAM_CREATE: {
        uint32_t live = 0, found = DS_MAX_STREAMS;
        for (uint32_t i = 0; i < DS_MAX_STREAMS; i++) {
            uint32_t st = atomic_load(&ctl->streams[i].state);
            if (st != DS_STREAM_FREE)
                live++;
            else if (found == DS_MAX_STREAMS)
                found = i;
        }
        if (found == DS_MAX_STREAMS || live >= srv->stream_limit) {
            resp_err(&r, ERR_RT_NO_STREAM_RESOURCE,
                     "stream limit of device %d reached (%u streams in use)", srv->devid, live);
            break;
        }
        ds_stream_shm *s = &ctl->streams[found];
        atomic_store(&s->submitted, 0);
        atomic_store(&s->completed, 0);
        atomic_store(&s->write_pos, 0);
        atomic_store(&s->read_pos, 0);
        atomic_store(&s->error, 0);
        atomic_store(&s->cb_done, 0);
        atomic_store(&s->cb_reached, 0);
        atomic_store(&s->client_waiting, 0);
        atomic_store(&s->dev_sleeping, 0);
        s->owner_slot = slot;
        s->fail_mode = 0;
        s->priority = (uint32_t)req->a[0];
        atomic_store(&s->state, DS_STREAM_LIVE);
        if (ds_stream_start(srv, found) != 0) {
            atomic_store(&s->state, DS_STREAM_FREE);
            resp_err(&r, ERR_RT_NO_STREAM_RESOURCE, "cannot start a stream thread");
            break;
        }
        r.r[0] = found;
        break;
    }
    case DS_OP_STREAM_DESTROY: {
        uint32_t i = (uint32_t)req->a[0];
        if (i >= DS_MAX_STREAMS || ctl->streams[i].owner_slot != slot ||
            atomic_load(&ctl->streams[i].state) == DS_STREAM_FREE) {
            resp_err(&r, ERR_INVALID_PARAM, "stream %u is not a live stream of this process", i);
            break;
        }
        ds_stream_abort(srv, i);
        break;
    }
    case DS_OP_EVENT_CREATE: {
        pthread_mutex_lock(&srv->lock);
        uint32_t n = 0, found = DS_MAX_EVENTS;
        for (uint32_t k = 0; k < srv->event_limit; k++) {
            uint32_t i = (srv->event_hint + k) % srv->event_limit;
            if (!atomic_load(&ctl->events[i].live)) {
                found = i;
                break;
            }
            n++;
        }
        if (found == DS_MAX_EVENTS) {
            pthread_mutex_unlock(&srv->lock);
            resp_err(&r, ERR_RT_NO_EVENT_RESOURCE, "event limit of device %d reached (%u)",
                     srv->devid, n);
            break;
        }
        ds_event_shm *e = &ctl->events[found];
        atomic_store(&e->recorded, 0);
        atomic_store(&e->completed, 0);
        atomic_store(&e->timestamp, 0);
        e->owner_slot = slot;
        e->flags = (uint32_t)req->a[0];
        atomic_store(&e->live, 1);
        srv->event_hint = found + 1;
        pthread_mutex_unlock(&srv->lock);
        r.r[0] = found;
        break;
    }
    case DS_OP_EVENT_DESTROY: {
        uint32_t i = (uint32_t)req->a[0];
        if (i >= DS_MAX_EVENTS || !atomic_load(&ctl->events[i].live) ||
            ctl->events[i].owner_slot != slot) {
            resp_err(&r, ERR_INVALID_PARAM, "event %u is not a live event of this process", i);
            break;
        }
        atomic_store(&ctl->events[i].live, 0);
        ds_futex_wake(&ctl->events[i].completed);
        break;
    }
    case DS_OP_HOST_REGISTER: {
        if (fd < 0) {
            resp_err(&r, ERR_INVALID_PARAM, "no memory fd attached");
            break;
        }
        void *p = mmap(NULL, req->a[0], PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        close(fd);
        fd = -1;
        ds_host_region *reg = p == MAP_FAILED ? NULL : calloc(1, sizeof *reg);
        if (!reg) {
            if (p != MAP_FAILED)
                munmap(p, req->a[0]);
            resp_err(&r, ERR_RT_MEMORY_ALLOCATION, "cannot map pinned host memory: %s",
                     strerror(errno));
            break;
        }
        reg->addr = p;
        reg->size = req->a[0];
        pthread_mutex_lock(&srv->lock);
        reg->id = ++c->next_region_id;
        reg->next = c->regions;
        c->regions = reg;
        pthread_mutex_unlock(&srv->lock);
        r.r[0] = (uint64_t)(uintptr_t)p;
        r.r[1] = reg->id;
        break;
    }
    case DS_OP_HOST_UNREGISTER: {
        pthread_mutex_lock(&srv->lock);
        ds_host_region **pp = &c->regions;
        while (*pp && (*pp)->id != req->a[0])
            pp = &(*pp)->next;
        ds_host_region *reg = *pp;
        if (reg)
            *pp = reg->next;
        pthread_mutex_unlock(&srv->lock);
        if (!reg) {
            resp_err(&r, ERR_INVALID_PARAM, "unknown pinned region %llu",
                     (unsigned long long)req->a[0]);
            break;
        }
        munmap(reg->addr, reg->size);
        free(reg);
        break;
    }
    case DS_OP_STATUS: {
        ds_status st;
        pthread_mutex_lock(&srv->lock);
        fill_status(srv, &st);
        pthread_mutex_unlock(&srv->lock);
        if (send_all(c->fd, &r, sizeof r) != 0)
            return -1;
        return send_all(c->fd, &st, sizeof st);
    }
    case DS_OP_SHUTDOWN:
        g_stop = 1;
        break;
    case DS_OP_MEMCHECK:
        ds_mc_request(srv, slot, req, &r);
        break;
    default:
        resp_err(&r, ERR_INVALID_PARAM, "unknown request %u", req->op);
        break;
    }
    if (fd >= 0)
        close(fd);
    return send_all(c->fd, &r, sizeof r);
}

/* ---- setup -------------------------------------------------------------------------------- */
static int make_memfd(const char *name, uint64_t size)
{
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    if (ftruncate(fd, (off_t)size) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static void usage(void)
{
    fprintf(stderr, "usage: aclemu-devsim --device N [--topology FILE] [--persistent] "
                    "[--idle-ms MS] [--workers N]\n"
                    "       aclemu-devsim --device N --stop\n");
}

static int stop_running(int devid)
{
    char path[512];
    if (ds_socket_path(devid, path, sizeof path) != 0)
        return 1;
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    size_t len = strlen(path);
    if (len >= sizeof sa.sun_path) {
        fprintf(stderr, "aclemu-devsim: socket path %s is too long for a unix socket\n", path);
        return 1;
    }
    memcpy(sa.sun_path, path, len + 1);
    int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0 || connect(s, (struct sockaddr *)&sa, sizeof sa) != 0) {
        fprintf(stderr, "aclemu-devsim: no device process for device %d\n", devid);
        return 1;
    }
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_HELLO;
    req.flags = 1;
    req.a[0] = (uint64_t)getpid();
    snprintf(req.name, sizeof req.name, "aclemu-devsim");
    ds_resp r;
    ds_hello h;
    if (send_all(s, &req, sizeof req) || recv(s, &r, sizeof r, MSG_WAITALL) != sizeof r ||
        recv(s, &h, sizeof h, MSG_WAITALL) != sizeof h)
        return 1;
    req.op = DS_OP_SHUTDOWN;
    if (send_all(s, &req, sizeof req) || recv(s, &r, sizeof r, MSG_WAITALL) != sizeof r)
        return 1;
    close(s);
    return 0;
}

int main(int argc, char **argv)
{
    int devid = -1, persistent = 0, stop = 0;
    long idle_ms = -1, workers = -1;
    const char *topo_path = NULL;
    ds_runtime_set_exe("/proc/self/exe"); /* the clients of this installation look for it there */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--device") && i + 1 < argc)
            devid = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--topology") && i + 1 < argc)
            topo_path = argv[++i];
        else if (!strcmp(argv[i], "--persistent"))
            persistent = 1;
        else if (!strcmp(argv[i], "--stop"))
            stop = 1;
        else if (!strcmp(argv[i], "--idle-ms") && i + 1 < argc)
            idle_ms = atol(argv[++i]);
        else if (!strcmp(argv[i], "--workers") && i + 1 < argc)
            workers = atol(argv[++i]);
        else {
            usage();
            return 2;
        }
    }
    if (devid < 0 || devid >= ACLEMU_MAX_DEVICES) {
        usage();
        return 2;
    }
    if (stop)
        return stop_running(devid);
    if (idle_ms < 0) {
        const char *e = getenv("ACLEMU_DEVSIM_IDLE_MS");
        idle_ms = e && *e ? atol(e) : 10000;
    }

    static ds_server srv;
    memset(&srv, 0, sizeof srv);
    srv.devid = devid;
    pthread_mutex_init(&srv.lock, NULL);
    for (int i = 0; i < DS_MAX_CLIENTS; i++)
        srv.clients[i].fd = -1;

    /* one device process per device and user: the lock file decides */
    char lockpath[512], sockpath[512];
    if (ds_lock_path(devid, lockpath, sizeof lockpath) || ds_socket_path(devid, sockpath, sizeof sockpath)) {
        fprintf(stderr, "aclemu-devsim: runtime directory unusable\n");
        return 1;
    }
    int lockfd = open(lockpath, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (lockfd < 0 || flock(lockfd, LOCK_EX | LOCK_NB) != 0) {
        logmsg("device %d already has a device process", devid);
        return 3;
    }
    /* the lock file names the owner: tools and tests find the device process by it */
    if (ftruncate(lockfd, 0) == 0)
        dprintf(lockfd, "%d\n", (int)getpid());

    {
        char logpath[512];
        snprintf(logpath, sizeof logpath, "%.*s.log", (int)(strlen(lockpath) - 5), lockpath);
        g_log_fd = open(logpath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        ds_guard_set_crash_log(g_log_fd);
    }
    static aclemu_topology topo;
    char err[512];
    if (aclemu_topology_load(topo_path, &topo, err, sizeof err) != 0) {
        devlog("cannot start: %s", err);
        fprintf(stderr, "aclemu-devsim: %s\n", err);
        return 1;
    }
    if ((uint32_t)devid >= topo.count) {
        fprintf(stderr, "aclemu-devsim: device %d does not exist (topology %s has %u)\n", devid,
                topo.source, topo.count);
        return 1;
    }
    srv.prof = topo.dev[devid];
    srv.arena_size = srv.prof.memory_cap ? srv.prof.memory_cap
                                         : aclemu_default_memory_cap(srv.prof.memory_size);
    srv.arena_base = DS_DEV_BASE(devid);
    if (srv.arena_size > DS_DEV_STRIDE) { /* it would overlap the next device's addresses */
        devlog("cannot start: memory_cap %llu exceeds the %llu-byte device address range",
               (unsigned long long)srv.arena_size, (unsigned long long)DS_DEV_STRIDE);
        fprintf(stderr, "aclemu-devsim: memory_cap %llu exceeds the %llu-byte device address range\n",
                (unsigned long long)srv.arena_size, (unsigned long long)DS_DEV_STRIDE);
        return 1;
    }
    srv.stream_limit = srv.prof.normal_stream_num ? srv.prof.normal_stream_num : DS_MAX_STREAMS;
    if (srv.stream_limit > DS_MAX_STREAMS)
        srv.stream_limit = DS_MAX_STREAMS;
    srv.event_limit = srv.prof.max_events ? srv.prof.max_events : DS_MAX_EVENTS;
    if (srv.event_limit > DS_MAX_EVENTS)
        srv.event_limit = DS_MAX_EVENTS;

    srv.arena_fd = make_memfd("aclemu-hbm", srv.arena_size);
    srv.ctl_size = (sizeof(ds_ctl) + 4095) & ~(uint64_t)4095;
    srv.ctl_fd = make_memfd("aclemu-ctl", srv.ctl_size);
    if (srv.arena_fd < 0 || srv.ctl_fd < 0) {
        fprintf(stderr, "aclemu-devsim: memfd: %s\n", strerror(errno));
        return 1;
    }
    void *arena_map = mmap((void *)(uintptr_t)srv.arena_base, srv.arena_size,
                           PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED_NOREPLACE, srv.arena_fd, 0);
    if (arena_map == MAP_FAILED || arena_map != (void *)(uintptr_t)srv.arena_base) {
        devlog("cannot start: cannot map the device address range at %#llx: %s",
               (unsigned long long)srv.arena_base, strerror(errno));
        fprintf(stderr, "aclemu-devsim: cannot map the device address range: %s\n", strerror(errno));
        return 1;
    }
    srv.ctl = mmap(NULL, srv.ctl_size, PROT_READ | PROT_WRITE, MAP_SHARED, srv.ctl_fd, 0);
    if (srv.ctl == MAP_FAILED) {
        fprintf(stderr, "aclemu-devsim: ctl mmap: %s\n", strerror(errno));
        return 1;
    }
    srv.ctl->magic = DS_MAGIC;
    srv.ctl->version = DS_VERSION;
    srv.alloc = arena_create(srv.arena_base, srv.arena_size);
    if (!srv.alloc)
        return 1;

    uint32_t ncpu = (uint32_t)sysconf(_SC_NPROCESSORS_ONLN);
    uint32_t cores = srv.prof.ai_core_cnt ? srv.prof.ai_core_cnt : 1;
    uint32_t nw = srv.prof.worker_threads ? srv.prof.worker_threads : (ncpu < cores ? ncpu : cores);
    if (workers > 0)
        nw = (uint32_t)workers;
    /* the stream thread that launches a kernel runs blocks too, so nw-1 helpers make nw cores */
    ds_guard_install();
    if (ds_watchdog_start() != 0) {
        fprintf(stderr, "aclemu-devsim: cannot start the op timeout watchdog\n");
        return 1;
    }
    if (ds_pool_start(&srv.pool, nw > 1 ? nw - 1 : 0, &srv.prof, &srv.ctl->busy_ns) != 0) {
        fprintf(stderr, "aclemu-devsim: cannot start worker threads\n");
        return 1;
    }

    int ls = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    if (strlen(sockpath) >= sizeof sa.sun_path) {
        fprintf(stderr, "aclemu-devsim: socket path too long: %s\n", sockpath);
        return 1;
    }
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sockpath);
    unlink(sockpath);
    if (ls < 0 || bind(ls, (struct sockaddr *)&sa, sizeof sa) != 0 || listen(ls, 64) != 0) {
        fprintf(stderr, "aclemu-devsim: socket %s: %s\n", sockpath, strerror(errno));
        return 1;
    }
    chmod(sockpath, 0600);

    signal(SIGPIPE, SIG_IGN);
    signal(SIGTERM, on_term);
    signal(SIGINT, on_term);
    signal(SIGHUP, SIG_IGN);
    logmsg("device %d (%s) up: %llu MiB arena, %u workers", devid, srv.prof.soc_version,
           (unsigned long long)(srv.arena_size >> 20), nw);
    devlog("device %d (%s) up: %llu MiB arena, %u workers%s", devid, srv.prof.soc_version,
           (unsigned long long)(srv.arena_size >> 20), nw, persistent ? ", persistent" : "");
    /* tell a parent waiting on our stdout that we are ready */
    if (write(STDOUT_FILENO, "ready\n", 6) < 0) {
        /* nobody listens: fine */
    }

    struct pollfd pfd[DS_MAX_CLIENTS + 1];
    uint32_t pslot[DS_MAX_CLIENTS + 1];
    uint64_t idle_since = ds_now_ns(), last_util = ds_now_ns();
    uint64_t last_busy = 0;
    const char *why = "stop requested";
    while (!g_stop) {
        int n = 0;
        pfd[n].fd = ls;
        pfd[n].events = POLLIN;
        pslot[n++] = UINT32_MAX;
        pthread_mutex_lock(&srv.lock); /* a reaper thread frees slots (fd, reaping) under it */
        for (uint32_t i = 0; i < DS_MAX_CLIENTS; i++)
            if (srv.clients[i].fd >= 0 && !srv.clients[i].reaping) {
                pfd[n].fd = srv.clients[i].fd;
                pfd[n].events = POLLIN;
                pslot[n++] = i;
            }
        pthread_mutex_unlock(&srv.lock);
        int pr = poll(pfd, (nfds_t)n, 250);
        uint64_t now = ds_now_ns();
        if (now - last_util >= 1000000000ull) {
            uint64_t busy = atomic_load(&srv.ctl->busy_ns);
            uint64_t cap = (now - last_util) * (srv.pool.nworkers + 1);
            uint32_t pct = cap ? (uint32_t)((busy - last_busy) * 100 / cap) : 0;
            atomic_store(&srv.ctl->util_pct, pct > 100 ? 100 : pct);
            last_busy = busy;
            last_util = now;
        }
        if (pr < 0 && errno != EINTR) {
            why = "poll failed";
            break;
        }
        if (pr > 0) {
            if (pfd[0].revents & POLLIN) {
                int cs = accept4(ls, NULL, NULL, SOCK_CLOEXEC);
                if (cs >= 0) {
                    uint32_t slot = UINT32_MAX;
                    pthread_mutex_lock(&srv.lock);
                    for (uint32_t i = 0; i < DS_MAX_CLIENTS; i++)
                        if (srv.clients[i].fd < 0 && !srv.clients[i].reaping) {
                            slot = i;
                            break;
                        }
                    if (slot != UINT32_MAX) {
                        memset(&srv.clients[slot], 0, sizeof srv.clients[slot]);
                        srv.clients[slot].fd = cs;
                    }
                    pthread_mutex_unlock(&srv.lock);
                    if (slot == UINT32_MAX)
                        close(cs); /* too many clients */
                }
            }
            for (int k = 1; k < n; k++) {
                if (!pfd[k].revents)
                    continue;
                uint32_t slot = pslot[k];
                ds_req req;
                int fd;
                ssize_t got = (pfd[k].revents & POLLIN) ? recv_req(pfd[k].fd, &req, &fd) : 0;
                if (got <= 0 || handle(&srv, slot, &req, fd) != 0)
                    client_gone(&srv, slot);
            }
        }
        pthread_mutex_lock(&srv.lock);
        uint32_t live = live_clients(&srv);
        pthread_mutex_unlock(&srv.lock);
        if (live > 0)
            idle_since = now;
        else if (!persistent && idle_ms >= 0 && now - idle_since >= (uint64_t)idle_ms * 1000000ull) {
            why = "idle";
            break;
        }
    }
    logmsg("device %d shutting down", devid);
    devlog("device %d shutting down: %s", devid, why);
    unlink(sockpath);
    close(ls);
#ifdef ACLEMU_LSAN
    /* _exit skips LeakSanitizer's exit-time check: run it here (it exits non-zero on a leak) */
    __lsan_do_leak_check();
#endif
    _exit(0); /* stream threads are detached; nothing left to flush */
}
