/* What every fuzz target shares: the environment it runs in (chip profiles of the source tree,
 * logging off so millions of rejected inputs write no plog lines), a reader that turns fuzz bytes
 * into values, and a private scratch file for loaders that read from a path. */
#ifndef ACLEMU_TESTS_FUZZ_COMMON_H
#define ACLEMU_TESTS_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef FUZZ_CONF_DIR
#error "FUZZ_CONF_DIR (the source tree's conf/) must be defined by the build"
#endif

/* Environment of the library under test; an explicit setting from the caller wins. */
static inline void fuzz_env_init(void)
{
    setenv("ACLEMU_CONF_DIR", FUZZ_CONF_DIR, 0);
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0); /* null: no plog file per rejected input */
    setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "0", 0);
}

/* libFuzzer's start-up hook, the same for every target: the environment above. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_env_init();
    return 0;
}

/* FNV-1a 64, the checksum of the model file headers (targets reseal mutated payloads with it). */
static inline uint64_t fuzz_fnv1a(const uint8_t *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* FUZZ_VERBOSE=1: targets print what each input led to (for checking seeds by hand). */
static inline int fuzz_verbose(void)
{
    static int v = -1;
    if (v < 0) {
        const char *e = getenv("FUZZ_VERBOSE");
        v = e != NULL && e[0] == '1';
    }
    return v;
}

/* ---- fuzz bytes -> values (reads past the end give zeros) --------------------------------- */
typedef struct fuzz_reader {
    const uint8_t *p;
    size_t n, off;
} fuzz_reader;

static inline uint8_t fz_u8(fuzz_reader *r)
{
    return r->off < r->n ? r->p[r->off++] : 0;
}

static inline void fz_bytes(fuzz_reader *r, void *dst, size_t len)
{
    size_t have = r->off < r->n ? r->n - r->off : 0;
    size_t k = have < len ? have : len;
    memcpy(dst, r->p + r->off, k);
    memset((uint8_t *)dst + k, 0, len - k);
    r->off += k;
}

static inline int64_t fz_i64(fuzz_reader *r)
{
    int64_t v;
    fz_bytes(r, &v, sizeof v);
    return v;
}

/* A dimension, stride, offset or integer: one signed byte (small values are what shapes are made
 * of), or 0x7f followed by a full little-endian int64 (huge, INT64_MIN ...). */
static inline int64_t fz_small(fuzz_reader *r)
{
    uint8_t b = fz_u8(r);
    if (b == 0x7f)
        return fz_i64(r);
    return (int8_t)b;
}

/* ---- a scratch file per process, for loaders that take a path ----------------------------- */
static char fuzz_dir[64];

static void fuzz_dir_remove(void)
{
    char cmd[128];
    if (fuzz_dir[0]) {
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", fuzz_dir);
        if (system(cmd) != 0)
            fprintf(stderr, "fuzz: could not remove %s\n", fuzz_dir);
    }
}

/* The scratch directory (created on first use, removed at exit). */
static inline const char *fuzz_scratch_dir(void)
{
    if (!fuzz_dir[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(fuzz_dir, sizeof fuzz_dir, "%s/aclemu-fuzz.XXXXXX", tmp && tmp[0] && strlen(tmp) < 40 ? tmp : "/tmp");
        if (mkdtemp(fuzz_dir) == NULL) {
            perror("fuzz: mkdtemp");
            abort();
        }
        atexit(fuzz_dir_remove);
    }
    return fuzz_dir;
}

/* Writes data to <scratch>/<name> and returns its path (static storage). */
static inline const char *fuzz_write_file(const char *name, const uint8_t *data, size_t size)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", fuzz_scratch_dir(), name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || (size && fwrite(data, 1, size, f) != size)) {
        perror("fuzz: writing the scratch file");
        abort();
    }
    fclose(f);
    return path;
}

#endif
