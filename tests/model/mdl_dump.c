/* Model dump as a user drives it: the order checks of aclmdlInitDump / aclmdlSetDump /
 * aclmdlFinalizeDump, bad configuration files, then a model loaded after aclmdlSetDump executed
 * twice (two iteration directories) and once more after aclmdlFinalizeDump (no dump). The dump
 * files are checked by check_dump.py.
 *
 *   mdl_dump <model.om> <dir with the cfg files> <x.bin (6 floats)>
 *   mdl_dump <model.om> <dir> <x.bin> init: the dump comes from aclInit's file (acl.json:
 *            every layer's inputs, iteration 1 only); aclmdlInitDump then fails; 3 executions
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"

static int fails;

static void expect(aclError got, aclError want, const char *what, const char *msg_part)
{
    const char *m = aclGetRecentErrMsg();
    if (got != want) {
        printf("FAIL: %s returned %d, expected %d (%s)\n", what, (int)got, (int)want, m ? m : "");
        fails++;
        return;
    }
    if (msg_part && (m == NULL || strstr(m, msg_part) == NULL)) {
        printf("FAIL: %s: message [%s] lacks [%s]\n", what, m ? m : "(null)", msg_part);
        fails++;
    }
}

static void cfg(char *buf, size_t cap, const char *dir, const char *name)
{
    snprintf(buf, cap, "%s/%s", dir, name);
}

/* the model loaded with device input / output buffers holding x.bin (6 floats) */
typedef struct model_run {
    uint32_t id;
    void *din, *dout;
    aclmdlDataset *in, *out;
    aclDataBuffer *bi, *bo;
} model_run;

static int load_model(model_run *r, const char *om, const char *xbin)
{
    memset(r, 0, sizeof(*r));
    expect(aclmdlLoadFromFile(om, &r->id), ACL_SUCCESS, "aclmdlLoadFromFile", NULL);
    float x[6];
    FILE *f = fopen(xbin, "rb");
    if (fails || f == NULL || fread(x, sizeof(float), 6, f) != 6) {
        printf("FAIL: cannot load %s / read %s\n", om, xbin);
        return -1;
    }
    fclose(f);
    expect(aclrtMalloc(&r->din, sizeof(x), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS, "malloc", NULL);
    expect(aclrtMalloc(&r->dout, sizeof(x), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS, "malloc", NULL);
    expect(aclrtMemcpy(r->din, sizeof(x), x, sizeof(x), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS, "memcpy", NULL);
    r->in = aclmdlCreateDataset();
    r->out = aclmdlCreateDataset();
    r->bi = aclCreateDataBuffer(r->din, sizeof(x));
    r->bo = aclCreateDataBuffer(r->dout, sizeof(x));
    aclmdlAddDatasetBuffer(r->in, r->bi);
    aclmdlAddDatasetBuffer(r->out, r->bo);
    return fails ? -1 : 0;
}

/* unload, free, reset the device, aclFinalize */
static void unload_model(model_run *r)
{
    expect(aclmdlUnload(r->id), ACL_SUCCESS, "unload", NULL);
    aclDestroyDataBuffer(r->bi);
    aclDestroyDataBuffer(r->bo);
    aclmdlDestroyDataset(r->in);
    aclmdlDestroyDataset(r->out);
    aclrtFree(r->din);
    aclrtFree(r->dout);
    expect(aclrtResetDevice(0), ACL_SUCCESS, "reset", NULL);
    expect(aclFinalize(), ACL_SUCCESS, "aclFinalize", NULL);
}

static int run_init(char **argv)
{
    char p[4096];
    cfg(p, sizeof(p), argv[2], "acl.json");
    expect(aclInit(p), ACL_SUCCESS, "aclInit(acl.json with a dump section)", NULL);
    expect(aclrtSetDevice(0), ACL_SUCCESS, "aclrtSetDevice", NULL);
    expect(aclmdlInitDump(), ACL_ERROR_REPEAT_INITIALIZE, "InitDump after aclInit's dump", "EP0008");
    model_run r;
    if (load_model(&r, argv[1], argv[3]) != 0)
        return 1;
    aclrtStream s = NULL;
    expect(aclrtCreateStream(&s), ACL_SUCCESS, "stream", NULL);
    for (int i = 0; i < 3; i++) {
        expect(aclmdlExecuteAsync(r.id, r.in, r.out, s), ACL_SUCCESS, "execute async", NULL);
        expect(aclrtSynchronizeStream(s), ACL_SUCCESS, "sync", NULL);
    }
    expect(aclrtDestroyStream(s), ACL_SUCCESS, "destroy stream", NULL);
    unload_model(&r);
    if (fails == 0)
        printf("mdl_dump init: API checks passed\n");
    return fails ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[4], "init") == 0)
        return run_init(argv);
    if (argc != 4) {
        fprintf(stderr, "usage: mdl_dump model.om cfgdir x.bin\n");
        return 2;
    }
    const char *dir = argv[2];
    char p[4096];
    expect(aclmdlInitDump(), ACL_ERROR_UNINITIALIZE, "InitDump before aclInit",
           "aclmdlInitDump failed. Reason: aclInit must be executed before aclmdlInitDump is called.");
    expect(aclInit(NULL), ACL_SUCCESS, "aclInit", NULL);
    expect(aclrtSetDevice(0), ACL_SUCCESS, "aclrtSetDevice", NULL);
    cfg(p, sizeof(p), dir, "good.json");
    expect(aclmdlSetDump(p), ACL_ERROR_DUMP_NOT_RUN, "SetDump before InitDump",
           "EP0008");
    expect(aclmdlFinalizeDump(), ACL_ERROR_DUMP_NOT_RUN, "FinalizeDump before InitDump",
           "aclmdlInitDump must be executed before aclmdlFinalizeDump is called");
    expect(aclmdlInitDump(), ACL_SUCCESS, "InitDump", NULL);
    expect(aclmdlInitDump(), ACL_ERROR_REPEAT_INITIALIZE, "InitDump twice", "This API cannot be called repeatedly");
    expect(aclmdlSetDump(NULL), ACL_ERROR_INVALID_PARAM, "SetDump(NULL)", "dumpCfgPath");
    cfg(p, sizeof(p), dir, "missing.json");
    expect(aclmdlSetDump(p), ACL_ERROR_INVALID_FILE, "SetDump(missing file)", "EH0003");
    cfg(p, sizeof(p), dir, "notjson.json");
    expect(aclmdlSetDump(p), ACL_ERROR_INVALID_DUMP_CONFIG, "SetDump(not JSON)", "Failed to parse file");
    cfg(p, sizeof(p), dir, "badmode.json");
    expect(aclmdlSetDump(p), ACL_ERROR_INVALID_DUMP_CONFIG, "SetDump(bad dump_mode)",
           "Value both for configuration item dump_mode in configuration file");
    cfg(p, sizeof(p), dir, "badmode.json");
    expect(aclmdlSetDump(p), ACL_ERROR_INVALID_DUMP_CONFIG, "SetDump(bad dump_mode) expected list",
           "Expected value: all/input/output.");
    cfg(p, sizeof(p), dir, "nopath.json");
    expect(aclmdlSetDump(p), ACL_ERROR_INVALID_DUMP_CONFIG, "SetDump(no dump_path)",
           "The content of configuration item dump_path in configuration file");
    cfg(p, sizeof(p), dir, "stats.json");
    expect(aclmdlSetDump(p), ACL_ERROR_INVALID_DUMP_CONFIG, "SetDump(dump_data stats)",
           "Value stats for configuration item dump_data");
    cfg(p, sizeof(p), dir, "badstep.json");
    expect(aclmdlSetDump(p), ACL_ERROR_INVALID_DUMP_CONFIG, "SetDump(bad dump_step)", "dump_step[1]");
    cfg(p, sizeof(p), dir, "good.json");
    /* loaded before aclmdlSetDump: not dumped (check_dump.py finds one model id directory) */
    uint32_t early = 0;
    expect(aclmdlLoadFromFile(argv[1], &early), ACL_SUCCESS, "aclmdlLoadFromFile before SetDump", NULL);
    if (acldumpGetPath(DATA_DUMP) != NULL) {
        printf("FAIL: acldumpGetPath before a good aclmdlSetDump\n");
        fails++;
    }
    expect(aclmdlSetDump(p), ACL_SUCCESS, "SetDump(good)", NULL);
    char want[4200];
    snprintf(want, sizeof(want), "%s/out", dir);
    const char *got = acldumpGetPath(DATA_DUMP);
    if (got == NULL || strcmp(got, want) != 0 || acldumpGetPath(OVERFLOW_DUMP) != NULL) {
        printf("FAIL: acldumpGetPath(DATA_DUMP) = %s, expected %s\n", got ? got : "NULL", want);
        fails++;
    }

    model_run r;
    if (load_model(&r, argv[1], argv[3]) != 0)
        return 1;
    expect(aclmdlExecute(r.id, r.in, r.out), ACL_SUCCESS, "execute 0", NULL);
    expect(aclmdlExecute(r.id, r.in, r.out), ACL_SUCCESS, "execute 1", NULL);
    expect(aclmdlExecute(early, r.in, r.out), ACL_SUCCESS, "execute the model loaded before SetDump", NULL);
    expect(aclmdlUnload(early), ACL_SUCCESS, "unload the model loaded before SetDump", NULL);
    expect(aclmdlFinalizeDump(), ACL_SUCCESS, "FinalizeDump", NULL);
    if (acldumpGetPath(DATA_DUMP) != NULL) {
        printf("FAIL: acldumpGetPath after aclmdlFinalizeDump\n");
        fails++;
    }
    expect(aclmdlExecute(r.id, r.in, r.out), ACL_SUCCESS, "execute after FinalizeDump", NULL);
    expect(aclmdlFinalizeDump(), ACL_ERROR_DUMP_NOT_RUN, "FinalizeDump twice", "EP0008");
    float y[6];
    expect(aclrtMemcpy(y, sizeof(y), r.dout, sizeof(y), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS, "memcpy", NULL);
    FILE *f = fopen("out.bin", "wb");
    fwrite(y, sizeof(float), 6, f);
    fclose(f);
    unload_model(&r);
    if (fails == 0)
        printf("mdl_dump: API checks passed\n");
    return fails ? 1 : 0;
}
