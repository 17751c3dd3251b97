/* Driver: topology, connecting to (and starting) device processes, requests, status. */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../memcheck_proto.h"
#include "drv_internal.h"

/* ---- errors ------------------------------------------------------------------------------- */
static __thread char t_err[512];

const char *drv_last_error(void) { return t_err; }
void drv_clear_err(void) { t_err[0] = 0; }

int drv_err(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t_err, sizeof t_err, fmt, ap);
    va_end(ap);
    return code;
}

/* ---- topology ----------------------------------------------------------------------------- */
static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static aclemu_topology g_topo;
static int g_topo_loaded;
static char g_topo_path[512];
static drv_device *g_devs[ACLEMU_MAX_DEVICES];
/* Written under g_mu and this (write), read under either: address lookups (every copy) take only
 * this, so they neither wait for a device being opened (g_mu is held while a device process
 * starts) nor read a device being closed (removed under it before it is freed). */
static pthread_rwlock_t g_devs_lock = PTHREAD_RWLOCK_INITIALIZER;

static void set_dev(int devid, drv_device *dev)
{
    pthread_rwlock_wrlock(&g_devs_lock);
    g_devs[devid] = dev;
    pthread_rwlock_unlock(&g_devs_lock);
}

static int open_count_locked(void)
{
    int n = 0;
    for (int i = 0; i < ACLEMU_MAX_DEVICES; i++)
        n += g_devs[i] != NULL;
    return n;
}

int drv_topology_init(const char *path)
{
    pthread_mutex_lock(&g_mu);
    const char *want = path && path[0] ? path : "";
    if (g_topo_loaded && (strcmp(want, g_topo_path) == 0 || open_count_locked() > 0)) {
        pthread_mutex_unlock(&g_mu);
        return E_OK;
    }
    char err[512];
    static aclemu_topology t;
    if (aclemu_topology_load(want[0] ? want : NULL, &t, err, sizeof err) != 0) {
        pthread_mutex_unlock(&g_mu);
        static const int codes[] = {
            [ACLEMU_CONF_ERR_FILE] = E_INVALID_FILE,
            [ACLEMU_CONF_ERR_SYNTAX] = E_PARSE_FILE,
            [ACLEMU_CONF_ERR_MISSING] = E_FILE_MISSING_ATTR,
            [ACLEMU_CONF_ERR_INVALID] = E_FILE_ATTR_INVALID,
        };
        return drv_err(codes[aclemu_conf_error_kind(err)], "device topology: %s", err);
    }
    g_topo = t;
    snprintf(g_topo_path, sizeof g_topo_path, "%s", want);
    g_topo_loaded = 1;
    pthread_mutex_unlock(&g_mu);
    return E_OK;
}

const aclemu_topology *drv_topology(void)
{
    if (!g_topo_loaded && drv_topology_init(NULL) != E_OK)
        return NULL;
    return &g_topo;
}

/* ---- socket helpers ----------------------------------------------------------------------- */
static int send_all(int s, const void *buf, size_t len, int fd)
{
    struct iovec iov = {(void *)buf, len};
    char cbuf[CMSG_SPACE(sizeof(int))];
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    if (fd >= 0) {
        memset(cbuf, 0, sizeof cbuf);
        msg.msg_control = cbuf;
        msg.msg_controllen = sizeof cbuf;
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof(int));
    }
    ssize_t n;
    do
        n = sendmsg(s, &msg, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)len ? 0 : -1;
}

/* Receives exactly len bytes; collects up to 2 passed fds. */
static int recv_all(int s, void *buf, size_t len, int *fds, int maxfds)
{
    char cbuf[CMSG_SPACE(sizeof(int) * 2)];
    size_t got = 0;
    while (got < len) {
        struct iovec iov = {(char *)buf + got, len - got};
        struct msghdr msg;
        memset(&msg, 0, sizeof msg);
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = cbuf;
        msg.msg_controllen = sizeof cbuf;
        ssize_t n = recvmsg(s, &msg, MSG_CMSG_CLOEXEC);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
                int k = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
                for (int i = 0; i < k; i++) {
                    int f;
                    memcpy(&f, CMSG_DATA(c) + i * sizeof(int), sizeof f);
                    if (fds && i < maxfds)
                        fds[i] = f;
                    else
                        close(f);
                }
            }
        got += (size_t)n;
    }
    return 0;
}

static int devsim_path(char *buf, size_t len);

/* The runtime directory is per installation (ds_runtime_dir): named by the device process this
 * library would start. */
static void runtime_exe_init(void)
{
    char exe[PATH_MAX];
    if (devsim_path(exe, sizeof exe) == 0)
        ds_runtime_set_exe(exe);
}
static pthread_once_t g_runtime_once = PTHREAD_ONCE_INIT;

static int try_connect(int devid)
{
    pthread_once(&g_runtime_once, runtime_exe_init);
    char path[512];
    if (ds_socket_path(devid, path, sizeof path) != 0)
        return -1;
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof sa.sun_path)
        return -1;
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
    int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0)
        return -1;
    if (connect(s, (struct sockaddr *)&sa, sizeof sa) != 0) {
        close(s);
        return -1;
    }
    return s;
}

/* Path of the device-process executable: $ACLEMU_DEVSIM, else relative to this library. */
static int devsim_path(char *buf, size_t len)
{
    const char *env = getenv("ACLEMU_DEVSIM");
    if (env && env[0]) {
        snprintf(buf, len, "%s", env);
        return 0;
    }
    Dl_info info;
    if (dladdr((void *)devsim_path, &info) && info.dli_fname) {
        char tmp[PATH_MAX];
        snprintf(tmp, sizeof tmp, "%s", info.dli_fname);
        snprintf(buf, len, "%s/%s", dirname(tmp), ACLEMU_REL_DEVSIM);
        if (access(buf, X_OK) == 0)
            return 0;
    }
    return -1;
}

/* Starts the device process, detached (double fork: it is nobody's child to reap). */
static int spawn_devsim(int devid)
{
    char exe[PATH_MAX], dev[16];
    if (devsim_path(exe, sizeof exe) != 0)
        return drv_err(E_RT_DEV_SETUP_ERROR,
                       "cannot find the device process executable (aclemu-devsim); set "
                       "ACLEMU_DEVSIM or install aclemu");
    snprintf(dev, sizeof dev, "%d", devid);
    char *argv[8];
    int a = 0;
    argv[a++] = exe;
    argv[a++] = "--device";
    argv[a++] = dev;
    if (g_topo_path[0]) {
        argv[a++] = "--topology";
        argv[a++] = g_topo_path;
    }
    argv[a] = NULL;
    int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
    int quiet = getenv("ACLEMU_DEVSIM_VERBOSE") == NULL;
    pid_t pid = fork();
    if (pid < 0) {
        if (devnull >= 0)
            close(devnull);
        return drv_err(E_RT_DEV_SETUP_ERROR, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        /* its own process group (a Ctrl-C to the client's group must not reach it), but the
         * client's session: a new session would also mean a new scheduler autogroup, and the
         * device's threads would then share the CPUs with the client's as one separate entity,
         * which delays a client thread waking on a CPU where a device thread spins */
        setpgid(0, 0);
        /* still in the client's session, so a background group of its terminal: a write to the
         * terminal (verbose stderr) under `stty tostop`, or a read, must not stop the device */
        signal(SIGTTOU, SIG_IGN);
        signal(SIGTTIN, SIG_IGN);
        signal(SIGTSTP, SIG_IGN);
        if (fork() != 0)
            _exit(0);
        if (devnull >= 0) {
            dup2(devnull, 0);
            dup2(devnull, 1);
            if (quiet)
                dup2(devnull, 2);
        }
        for (int fd = 3; fd < 1024; fd++)
            close(fd);
        execv(exe, argv);
        _exit(127);
    }
    if (devnull >= 0)
        close(devnull);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    return E_OK;
}

static int connect_or_spawn(int devid)
{
    const char *e = getenv("ACLEMU_DEVSIM_START_TIMEOUT_MS");
    uint64_t timeout_ns = (uint64_t)(e && *e ? atol(e) : 10000) * 1000000ull;
    uint64_t start = ds_now_ns(), last_spawn = 0;
    int spawned = 0;
    for (;;) {
        int s = try_connect(devid);
        if (s >= 0)
            return s;
        uint64_t now = ds_now_ns();
        if (!spawned || now - last_spawn > 2000000000ull) {
            int rc = spawn_devsim(devid);
            if (rc != E_OK)
                return -rc;
            spawned = 1;
            last_spawn = now;
        }
        if (now - start > timeout_ns)
            return -drv_err(E_RT_DEV_SETUP_ERROR,
                            "device %d: the device process did not come up within %llu ms", devid,
                            (unsigned long long)(timeout_ns / 1000000));
        usleep(2000);
    }
}

static const char *self_name(char *buf, size_t len)
{
    FILE *f = fopen("/proc/self/comm", "r");
    buf[0] = 0;
    if (f) {
        if (fgets(buf, (int)len, f))
            buf[strcspn(buf, "\n")] = 0;
        fclose(f);
    }
    return buf;
}

/* Connects and says hello. observer: npu-smi style, gets no fds. */
static int hello(int s, int observer, ds_hello *h, int fds[2], int mc_fd)
{
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_HELLO;
    req.flags = (observer ? 1 : 0) | (mc_fd >= 0 ? DS_HELLO_MEMCHECK : 0);
    req.a[0] = (uint64_t)getpid();
    self_name(req.name, sizeof req.name);
    ds_resp r;
    fds[0] = fds[1] = -1;
    if (send_all(s, &req, sizeof req, mc_fd) != 0 || recv_all(s, &r, sizeof r, NULL, 0) != 0 ||
        recv_all(s, h, sizeof *h, fds, 2) != 0)
        return -1;
    if (h->magic != DS_MAGIC || h->version != DS_VERSION)
        return -1;
    return 0;
}

/* ---- devices ------------------------------------------------------------------------------ */
int drv_device_open(int32_t devid, drv_device **out)
{
    drv_clear_err();
    if (!out)
        return drv_err(E_INVALID_PARAM, "device handle output is NULL");
    const aclemu_topology *t = drv_topology();
    if (!t)
        return E_INVALID_PARAM;
    if (devid < 0 || (uint32_t)devid >= t->count)
        return drv_err(E_RT_INVALID_DEVICEID, "device id %d is out of range [0, %u)", devid,
                       t->count);
    pthread_mutex_lock(&g_mu);
    drv_device *dev = g_devs[devid];
    if (dev && !atomic_load(&dev->lost)) {
        dev->refs++;
        pthread_mutex_unlock(&g_mu);
        *out = dev;
        return E_OK;
    }
    if (dev) { /* a lost device stays broken for its holders; a fresh open reconnects */
        set_dev(devid, NULL);
    }
    int s = connect_or_spawn(devid);
    if (s < 0) {
        pthread_mutex_unlock(&g_mu);
        return -s;
    }
    ds_hello h;
    int fds[2];
    struct ds_mc_ring *mc_ring = NULL;
    int mc_fd = drv_memcheck_enabled() ? drv_mc_ring_create(&mc_ring) : -1;
    if (drv_memcheck_enabled() && mc_fd < 0) {
        close(s);
        pthread_mutex_unlock(&g_mu);
        return drv_err(E_BAD_ALLOC, "ACLEMU_MEMCHECK: cannot create the report ring");
    }
    int bad_hello = hello(s, 0, &h, fds, mc_fd);
    if (mc_fd >= 0)
        close(mc_fd);
    if (bad_hello != 0 || fds[0] < 0 || fds[1] < 0) {
        if (mc_ring)
            munmap(mc_ring, sizeof(ds_mc_ring));
        close(s);
        if (fds[0] >= 0)
            close(fds[0]);
        if (fds[1] >= 0)
            close(fds[1]);
        pthread_mutex_unlock(&g_mu);
        return drv_err(E_RT_DEV_SETUP_ERROR, "device %d: handshake with the device process failed",
                       devid);
    }
    dev = calloc(1, sizeof *dev);
    void *arena = mmap(NULL, h.arena_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE,
                       fds[0], 0);
    void *ctl = mmap(NULL, h.ctl_size, PROT_READ | PROT_WRITE, MAP_SHARED, fds[1], 0);
    close(fds[0]);
    close(fds[1]);
    if (!dev || arena == MAP_FAILED || ctl == MAP_FAILED) {
        if (arena != MAP_FAILED)
            munmap(arena, h.arena_size);
        if (ctl != MAP_FAILED)
            munmap(ctl, h.ctl_size);
        free(dev);
        close(s);
        pthread_mutex_unlock(&g_mu);
        return drv_err(E_RT_DEV_SETUP_ERROR, "device %d: cannot map device memory: %s", devid,
                       strerror(errno));
    }
    dev->devid = devid;
    dev->refs = 1;
    dev->sock = s;
    pthread_mutex_init(&dev->sock_mu, NULL);
    pthread_mutex_init(&dev->obj_mu, NULL);
    pthread_rwlock_init(&dev->alloc_lock, NULL);
    dev->devsim_pid = h.devsim_pid;
    dev->slot = h.client_slot;
    dev->arena_base = h.arena_base;
    dev->arena_size = h.arena_size;
    dev->arena = arena;
    dev->ctl = ctl;
    dev->ctl_size = h.ctl_size;
    dev->prof = h.profile;
    dev->mc_ring = mc_ring;
    pthread_mutex_init(&dev->mc_mu, NULL);
    drv_mc_opened(dev);
    set_dev(devid, dev);
    pthread_mutex_unlock(&g_mu);
    *out = dev;
    return E_OK;
}

int drv_device_close(drv_device *dev)
{
    if (!dev)
        return drv_err(E_INVALID_PARAM, "device handle is NULL");
    pthread_mutex_lock(&g_mu);
    if (--dev->refs > 0) {
        pthread_mutex_unlock(&g_mu);
        return E_OK;
    }
    if (g_devs[dev->devid] == dev)
        set_dev(dev->devid, NULL);
    pthread_mutex_unlock(&g_mu);
    int rc = atomic_load(&dev->lost) ? E_OK : drv_device_sync(dev, -1);
    drv_mc_close(dev);
    drv_stream_release_all(dev);
    drv_event_release_all(dev);
    /* closing the connection makes the device reclaim our memory, streams and events */
    close(dev->sock);
    munmap(dev->arena, dev->arena_size);
    munmap(dev->ctl, dev->ctl_size);
    free(dev->allocs);
    drv_vmm_forget(dev);
    free(dev);
    return rc == E_RT_LOST_HEARTBEAT ? E_OK : rc;
}

int32_t drv_device_id(const drv_device *dev) { return dev ? dev->devid : -1; }
const aclemu_chip_profile *drv_device_profile(const drv_device *dev) { return dev ? &dev->prof : NULL; }

int drv_device_alive(drv_device *dev)
{
    return dev != NULL && !drv_dev_lost(dev);
}

drv_device *drv_device_of_addr(const void *p)
{
    uint64_t a = (uint64_t)(uintptr_t)p;
    drv_device *found = NULL;
    pthread_rwlock_rdlock(&g_devs_lock);
    for (int i = 0; i < ACLEMU_MAX_DEVICES && !found; i++) {
        drv_device *d = g_devs[i];
        if (d && a >= d->arena_base && a < d->arena_base + d->arena_size)
            found = d;
        else if (d && a >= DS_DEV_BASE(d->devid) && a - DS_DEV_BASE(d->devid) < DS_DEV_STRIDE) {
            pthread_rwlock_rdlock(&d->alloc_lock); /* a mapped address of d */
            if (drv_vmm_find_map(d, a, 1))
                found = d;
            pthread_rwlock_unlock(&d->alloc_lock);
        }
    }
    pthread_rwlock_unlock(&g_devs_lock);
    return found;
}

int drv_addr_in_device_window(const void *p)
{
    uint64_t a = (uint64_t)(uintptr_t)p;
    int in = 0;
    pthread_rwlock_rdlock(&g_devs_lock);
    for (int i = 0; i < ACLEMU_MAX_DEVICES && !in; i++) {
        drv_device *d = g_devs[i];
        in = d && a >= DS_DEV_BASE(d->devid) && a - DS_DEV_BASE(d->devid) < DS_DEV_STRIDE;
    }
    pthread_rwlock_unlock(&g_devs_lock);
    return in;
}

int drv_dev_lost(drv_device *dev)
{
    if (atomic_load(&dev->lost))
        return 1;
    struct pollfd p = {.fd = dev->sock, .events = POLLRDHUP};
    if (poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLRDHUP | POLLERR))) {
        atomic_store(&dev->lost, 1);
        return 1;
    }
    return 0;
}

int drv_dev_lost_cheap(drv_device *dev)
{
    if (atomic_load(&dev->lost))
        return 1;
    uint64_t now = ds_now_ns();
    if (now - atomic_load_explicit(&dev->lost_polled_ns, memory_order_relaxed) < 1000000)
        return 0;
    atomic_store_explicit(&dev->lost_polled_ns, now, memory_order_relaxed);
    return drv_dev_lost(dev);
}

int drv_lost(drv_device *dev)
{
    char dir[400];
    pthread_once(&g_runtime_once, runtime_exe_init);
    if (ds_runtime_dir(dir, sizeof dir) != 0)
        snprintf(dir, sizeof dir, "(runtime dir)");
    return drv_err(E_RT_LOST_HEARTBEAT,
                   "device %d: the device process (pid %d) has exited; its log is %s/dev%d.log",
                   dev->devid, dev->devsim_pid, dir, dev->devid);
}

int drv_rpc(drv_device *dev, ds_req *req, ds_resp *resp, int fd, void *extra, size_t extra_len)
{
    if (atomic_load(&dev->lost))
        return drv_lost(dev);
    pthread_mutex_lock(&dev->sock_mu);
    int bad = send_all(dev->sock, req, sizeof *req, fd) != 0 ||
              recv_all(dev->sock, resp, sizeof *resp, NULL, 0) != 0 ||
              (extra && resp->status == 0 && recv_all(dev->sock, extra, extra_len, NULL, 0) != 0);
    pthread_mutex_unlock(&dev->sock_mu);
    if (bad) {
        atomic_store(&dev->lost, 1);
        return drv_lost(dev);
    }
    if (resp->status != 0)
        return drv_err(resp->status, "device %d: %s", dev->devid, resp->msg);
    return E_OK;
}

#define HOST_SPIN_NS 30000

/* How long the last wait of this thread took: from its start to the device's completion of the
 * task when the stream reports that time (a thread woken from the futex would otherwise count
 * its own wake-up latency and never spin again), else to the return. */
static __thread uint64_t last_wait_ns;

static void note_wait(const drv_wait_hints *h, uint64_t start)
{
    uint64_t end = h && h->done_ns ? atomic_load_explicit(h->done_ns, memory_order_relaxed) : 0;
    if (end == 0 || end > ds_now_ns())
        end = ds_now_ns();
    last_wait_ns = end > start ? end - start : 0;
}

int drv_wait_counter(drv_device *dev, _Atomic uint32_t *word, const drv_wait_hints *h, uint32_t target,
                     int32_t timeout_ms, int timeout_code)
{
    if (ds_reached(atomic_load(word), target))
        return E_OK;
    uint64_t start = ds_now_ns();
    /* A short busy spin catches a tiny task without two context switches. It is adaptive: when
     * this thread's last task outlasted the spin, the spin would only take a CPU from the device's
     * threads (on a small host every CPU runs one), so wait on the futex almost at once. */
    uint64_t spin_ns = last_wait_ns > HOST_SPIN_NS ? 2000 : HOST_SPIN_NS;
    while (ds_now_ns() - start < spin_ns) {
        if (ds_reached(atomic_load(word), target)) {
            note_wait(h, start);
            return E_OK;
        }
        ds_cpu_relax();
    }
    uint64_t deadline = timeout_ms < 0 ? UINT64_MAX : start + (uint64_t)timeout_ms * 1000000ull;
    for (;;) {
        uint32_t v = atomic_load(word);
        if (ds_reached(v, target)) {
            note_wait(h, start);
            return E_OK;
        }
        if (drv_dev_lost(dev))
            return drv_lost(dev);
        uint64_t now = ds_now_ns();
        if (now >= deadline)
            return drv_err(timeout_code, "timed out after %d ms", timeout_ms);
        uint64_t slice = 100000000ull; /* re-check the device's health every 100 ms */
        if (deadline - now < slice)
            slice = deadline - now;
        if (h && h->waiter_cpu)
            atomic_store_explicit(h->waiter_cpu, sched_getcpu(), memory_order_relaxed);
        if (h && h->waiters)
            atomic_fetch_add(h->waiters, 1);
        if (!ds_reached(atomic_load(word), target))
            ds_futex_wait(word, v, (int64_t)slice);
        if (h && h->waiters)
            atomic_fetch_sub(h->waiters, 1);
    }
}

int drv_device_sync(drv_device *dev, int32_t timeout_ms)
{
    if (!dev)
        return drv_err(E_INVALID_PARAM, "device handle is NULL");
    pthread_mutex_lock(&dev->obj_mu);
    int rc = E_OK;
    for (drv_stream *s = dev->streams; s; s = s->next) {
        int r = drv_stream_sync(s, timeout_ms);
        if (r != E_OK && rc == E_OK)
            rc = r;
    }
    pthread_mutex_unlock(&dev->obj_mu);
    return rc;
}

/* ---- status ------------------------------------------------------------------------------- */
int drv_query_status(int32_t devid, drv_device_status *st)
{
    if (!st)
        return drv_err(E_INVALID_PARAM, "status output is NULL");
    memset(st, 0, sizeof *st);
    int s = try_connect(devid);
    if (s < 0)
        return E_OK;
    ds_hello h;
    int fds[2];
    if (hello(s, 1, &h, fds, -1) != 0) {
        close(s);
        return E_OK;
    }
    ds_req req;
    memset(&req, 0, sizeof req);
    req.op = DS_OP_STATUS;
    ds_resp r;
    ds_status dst;
    if (send_all(s, &req, sizeof req, -1) != 0 || recv_all(s, &r, sizeof r, NULL, 0) != 0 ||
        r.status != 0 || recv_all(s, &dst, sizeof dst, NULL, 0) != 0) {
        close(s);
        return E_OK;
    }
    close(s);
    st->running = 1;
    st->devsim_pid = dst.devsim_pid;
    st->mem_total = dst.mem_total;
    st->mem_used = dst.mem_used;
    st->aicore_util = dst.aicore_util;
    st->nproc = dst.nproc > DRV_MAX_PROCS ? DRV_MAX_PROCS : dst.nproc;
    for (uint32_t i = 0; i < st->nproc; i++) {
        st->procs[i].pid = dst.procs[i].pid;
        snprintf(st->procs[i].name, sizeof st->procs[i].name, "%s", dst.procs[i].name);
        st->procs[i].mem_bytes = dst.procs[i].mem_bytes;
    }
    snprintf(st->soc_version, sizeof st->soc_version, "%s", dst.soc_version);
    return E_OK;
}
