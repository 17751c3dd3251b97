/* The random family's kernels in-process, one thread, CPU time (CLOCK_THREAD_CPUTIME_ID): a
 * figure that other load on the machine does not distort, next to bench_aclnn_random's wall-time
 * one. Stage 1 plans each op on host buffers (as tests/opbase/test_kernels_inproc.c does), then
 * every block of every launch runs on this thread; bytes read + written per CPU second against a
 * one-thread memcpy of the same 64 MiB, also in CPU time. Goal (issue 10): >= 0.5 for uniform
 * and do-mask, >= 0.3 for normal.
 *   bench_random_kernels [reps=5] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aclemu/kernel.h"
#include "aclemu_op/executor.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_dropout_do_mask.h"
#include "aclnnop/aclnn_dropout_gen_mask.h"
#include "aclnnop/aclnn_normal.h"
#include "aclnnop/aclnn_uniform.h"

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

/* Runs every launch of ex on this thread; the CPU milliseconds it took. */
static double run(aclOpExecutor *ex)
{
    double t0 = cpu_ms();
    for (uint32_t i = 0; i < aclemu_exec_launch_count(ex); i++) {
        const char *kname;
        uint32_t bd;
        const void *blob;
        size_t size;
        if (aclemu_exec_get_launch(ex, i, &kname, &bd, &blob, &size)) exit(1);
        aclemu_kernel_fn fn = aclemu_kernel_find(kname);
        if (!fn) exit(1);
        for (uint32_t b = 0; b < bd; b++) {
            aclemu_block blk = {b, bd, 0, 1, NULL};
            if (fn(blob, size, &blk)) exit(1);
        }
    }
    double t = cpu_ms() - t0;
    aclDestroyAclOpExecutor(ex);
    return t;
}

static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    if (reps < 1 || reps > 64) reps = 5;
    const int64_t E = 16 << 20, MB = (E + 127) / 128 * 16;
    const double eb = (double)E * 4;
    float *x = aligned_alloc(64, (size_t)eb), *y = aligned_alloc(64, (size_t)eb);
    unsigned char *m = aligned_alloc(64, (size_t)MB);
    memset(x, 0, (size_t)eb);
    memset(y, 0, (size_t)eb);
    memset(m, 0, (size_t)MB);
    int64_t st = 1;
    aclTensor *tx = aclCreateTensor(&E, 1, ACL_FLOAT, &st, 0, ACL_FORMAT_ND, &E, 1, x);
    aclTensor *ty = aclCreateTensor(&E, 1, ACL_FLOAT, &st, 0, ACL_FORMAT_ND, &E, 1, y);
    aclTensor *tm = aclCreateTensor(&MB, 1, ACL_UINT8, &st, 0, ACL_FORMAT_ND, &MB, 1, m);
    aclIntArray *shape = aclCreateIntArray(&E, 1);
    const char *names[] = {"uniform", "normal", "dropout_gen_mask", "dropout_do_mask"};
    const double bytes[] = {eb, eb, (double)MB, 2 * eb + MB}, goal[] = {0.5, 0.3, 0.5, 0.5};
    double tm_[64], to[64];
    printf("# random kernels in-process, 64 MiB FP32, one thread, CPU time, %d reps\n", reps);
    printf("# %-16s %9s %7s %9s %7s %5s\n", "case", "op_ms", "GB/s", "cpy_ms", "GB/s", "frac");
    for (int c = 0; c < 4; c++) {
        for (int r = 0; r < reps; r++) {
            double t0 = cpu_ms();
            memcpy(y, x, (size_t)eb);
            tm_[r] = cpu_ms() - t0;
            uint64_t ws;
            aclOpExecutor *ex = NULL;
            int rc = c == 0   ? aclnnInplaceUniformGetWorkspaceSize(tx, -1, 1, 1, 2, &ws, &ex)
                     : c == 1 ? aclnnInplaceNormalGetWorkspaceSize(ty, 0, 1, 1, 2, &ws, &ex)
                     : c == 2 ? aclnnDropoutGenMaskGetWorkspaceSize(shape, 0.1, 1, 2, tm, &ws, &ex)
                              : aclnnDropoutDoMaskGetWorkspaceSize(tx, tm, 0.1, ty, &ws, &ex);
            if (rc) { printf("%s stage 1: %d\n", names[c], rc); return 1; }
            to[r] = run(ex);
        }
        qsort(tm_, (size_t)reps, sizeof(double), cmp);
        qsort(to, (size_t)reps, sizeof(double), cmp);
        double ms = to[reps / 2], cms = tm_[reps / 2];
        double gbs = bytes[c] / (ms * 1e6), cgbs = 2 * eb / (cms * 1e6), frac = gbs / cgbs;
        printf("%-18s %9.3f %7.2f %9.3f %7.2f %5.2f%s\n", names[c], ms, gbs, cms, cgbs, frac,
               frac >= goal[c] ? "" : "  (below goal)");
    }
    aclDestroyTensor(tx);
    aclDestroyTensor(ty);
    aclDestroyTensor(tm);
    aclDestroyIntArray(shape);
    free(x);
    free(y);
    free(m);
    return 0;
}
