/* Unit tests of libascendcl internals: error-message store, aclInit JSON parsing, fp16
 * conversion (against an independent double-precision reference), log settings, visible-device
 * parsing and version numbers. */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cmocka.h>

#include "acl/acl.h"
#include "aclemu_runtime.h"
#include "config.h"
#include "errmsg.h"
#include "log.h"
#include "rt_internal.h"

int acl_version_number(const char *v, int32_t *num);

/* ---- error-message store -------------------------------------------------------------------- */

static int reset_store(void **state)
{
    (void)state;
    errmsg_set_process_mode(false);
    errmsg_clear_all();
    return 0;
}

static void test_errmsg_empty_is_null(void **state)
{
    (void)state;
    assert_string_equal(errmsg_take(), "");
}

/* "[PID: <pid>] yyyy-mm-dd-hh:mm:ss.mmm.uuu " then title(code): text */
static void assert_header(const char *line, const char *title_code_text)
{
    char want_pid[32];
    snprintf(want_pid, sizeof(want_pid), "[PID: %d] ", (int)getpid());
    assert_memory_equal(line, want_pid, strlen(want_pid));
    const char *ts = line + strlen(want_pid);
    const char *shape = "dddd-dd-dd-dd:dd:dd.ddd.ddd ";
    for (size_t i = 0; shape[i]; i++) {
        if (shape[i] == 'd') {
            assert_true(ts[i] >= '0' && ts[i] <= '9');
        } else {
            assert_int_equal(ts[i], shape[i]);
        }
    }
    assert_memory_equal(ts + strlen(shape), title_code_text, strlen(title_code_text));
}

static void test_errmsg_format_and_clear(void **state)
{
    (void)state;
    aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "devPtr");
    const char *m = errmsg_take();
    assert_non_null(m);
    assert_header(m, "Invalid_Argument_Null_Pointer(EH0002): Argument devPtr must not be null.\n");
    assert_non_null(strstr(m, "\n        Solution: Try again with a correct pointer argument.\n"));
    assert_null(strstr(m, "Possible Cause")); /* N/A in the catalogue */
    assert_null(strstr(m, "TraceBack"));
    assert_string_equal(errmsg_take(), ""); /* reading cleared it */
}

static void test_errmsg_newest_first_with_traceback(void **state)
{
    (void)state;
    aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", "0", "size",
                       "size must be greater than zero");
    aclemu_errmsg_push("EE1001", "The argument is invalid. Reason: %s", "second");
    aclemu_errmsg_push("EE1001", "The argument is invalid. Reason: %s", "second"); /* duplicate */
    aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "stream");
    assert_int_equal(errmsg_pending(), 3);
    const char *m = errmsg_take();
    assert_header(m, "Invalid_Argument_Null_Pointer(EH0002): Argument stream must not be null.\n");
    const char *tb = strstr(m, "TraceBack (most recent call last):\n");
    assert_non_null(tb);
    const char *first = strstr(tb, "        Value 0 for size is invalid. Reason: size must be greater than zero.\n");
    const char *second = strstr(tb, "        The argument is invalid. Reason: second\n");
    assert_non_null(first);
    assert_non_null(second);
    assert_true(first < second); /* older entries follow in the order they happened */
    assert_null(strstr(second + strlen("        The argument is invalid. Reason: second\n"),
                       "Reason: second")); /* deduplicated */
}

static void test_errmsg_inner_only(void **state)
{
    (void)state;
    aclemu_errmsg_push("EZ9999", "kernel %s failed", "Add");
    const char *m = errmsg_take();
    assert_non_null(m);
    assert_memory_equal(m, "EZ9999: Inner Error!\nEZ9999[PID: ", 31);
    assert_non_null(strstr(m, " (EZ9999):  kernel Add failed\n"));
}

static void *push_from_thread(void *arg)
{
    aclemu_errmsg_push("EH0002", "Argument %s must not be null.", (const char *)arg);
    long *tid = malloc(sizeof(long));
    *tid = (long)syscall(SYS_gettid);
    return tid;
}

static void test_errmsg_thread_level(void **state)
{
    (void)state;
    pthread_t t;
    pthread_create(&t, NULL, push_from_thread, "fromThread");
    void *tid;
    pthread_join(t, &tid);
    free(tid);
    assert_string_equal(errmsg_take(), ""); /* another thread's messages stay with it */
}

static void test_errmsg_process_level(void **state)
{
    (void)state;
    errmsg_set_process_mode(true);
    pthread_t t;
    pthread_create(&t, NULL, push_from_thread, "fromThread");
    void *tid;
    pthread_join(t, &tid);
    const char *m = errmsg_take();
    assert_non_null(m);
    char thread_tag[96];
    snprintf(thread_tag, sizeof(thread_tag), "Argument fromThread must not be null.[THREAD:%ld]\n",
             *(long *)tid);
    assert_non_null(strstr(m, thread_tag));
    free(tid);
    assert_string_equal(errmsg_take(), "");
    errmsg_set_process_mode(false);
}

/* ---- aclInit JSON --------------------------------------------------------------------------- */

static void test_config_defaults_and_unknown_keys(void **state)
{
    (void)state;
    acl_config c;
    assert_int_equal(config_parse_text("a.json", "", &c), ACL_SUCCESS);
    assert_int_equal(c.default_device, -1);
    assert_false(c.process_err_msg);
    assert_int_equal(config_parse_text("a.json", "{}", &c), ACL_SUCCESS);
    assert_int_equal(config_parse_text("a.json",
        "{\"whatever\": [1, 2, {\"x\": null}], \"err_msg_mode\": \"1\", "
        "\"defaultDevice\": {\"default_device\": \"3\"}, \"max_opqueue_num\": \"100\", "
        "\"dump\": {\"dump_path\": \"/tmp\", \"dump_list\": [{}]}, "
        "\"profiler\": {\"switch\": \"on\"}, \"StackSize\": {\"aicore_stack_size\": 40000}, "
        "\"aclemu\": {\"topology\": \"/x/topo.yaml\"}}", &c), ACL_SUCCESS);
    assert_true(c.process_err_msg);
    assert_int_equal(c.default_device, 3);
    assert_int_equal(c.max_opqueue_num, 100);
    assert_true(c.dump_enabled);
    assert_string_equal(c.dump_path, "/tmp");
    assert_true(c.profiler_on);
    assert_int_equal(c.aicore_stack_size, 49152); /* rounded up to 16 KiB */
    assert_string_equal(c.topology, "/x/topo.yaml");
}

static void test_config_malformed(void **state)
{
    (void)state;
    acl_config c;
    errmsg_clear_all();
    assert_int_equal(config_parse_text("bad.json", "{\"dump\": ", &c), ACL_ERROR_PARSE_FILE);
    const char *m = errmsg_take();
    assert_non_null(m);
    assert_non_null(strstr(m, "File_Operation_Error(EH0004): File bad.json is invalid. Reason: "));
    assert_int_equal(config_parse_text("bad.json", "{} x", &c), ACL_ERROR_PARSE_FILE);
    assert_int_equal(config_parse_text("bad.json", "{'a': 1}", &c), ACL_ERROR_PARSE_FILE);
    errmsg_clear_all();
}

static void nested(char *buf, int depth, char open, char close)
{
    int n = 0;
    for (int i = 0; i < depth; i++) {
        buf[n++] = open;
        if (open == '{' && i + 1 < depth) {
            n += sprintf(buf + n, "\"k\":");
        }
    }
    for (int i = 0; i < depth; i++) {
        buf[n++] = close;
    }
    buf[n] = '\0';
}

static void test_config_depth_limit(void **state)
{
    (void)state;
    char buf[256];
    acl_config c;
    nested(buf, 10, '{', '}');
    assert_int_equal(config_parse_text("d.json", buf, &c), ACL_SUCCESS);
    nested(buf, 11, '{', '}');
    assert_int_equal(config_parse_text("d.json", buf, &c), ACL_ERROR_PARSE_FILE);
    char arr[512];
    nested(buf, 10, '[', ']');
    snprintf(arr, sizeof(arr), "{\"a\": %s}", buf);
    assert_int_equal(config_parse_text("d.json", arr, &c), ACL_SUCCESS);
    nested(buf, 11, '[', ']');
    snprintf(arr, sizeof(arr), "{\"a\": %s}", buf);
    assert_int_equal(config_parse_text("d.json", arr, &c), ACL_ERROR_PARSE_FILE);
    errmsg_clear_all();
}

static void test_config_bad_values(void **state)
{
    (void)state;
    acl_config c;
    assert_int_equal(config_parse_text("v.json", "{\"err_msg_mode\": \"2\"}", &c),
                     ACL_ERROR_INVALID_PARAM);
    assert_int_equal(config_parse_text("v.json", "{\"err_msg_mode\": 1}", &c),
                     ACL_ERROR_INVALID_PARAM);
    assert_int_equal(config_parse_text("v.json", "{\"defaultDevice\": {\"default_device\": \"01\"}}", &c),
                     ACL_ERROR_FAILURE);
    assert_int_equal(config_parse_text("v.json", "{\"defaultDevice\": {\"default_device\": \"-1\"}}", &c),
                     ACL_ERROR_FAILURE);
    assert_int_equal(config_parse_text("v.json", "{\"max_opqueue_num\": \"abc\"}", &c),
                     ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG);
    assert_int_equal(config_parse_text("v.json", "{\"dump\": {\"dump_list\": 3}}", &c),
                     ACL_ERROR_INVALID_DUMP_CONFIG);
    assert_int_equal(config_parse_text("v.json", "{\"profiler\": 3}", &c),
                     ACL_ERROR_INVALID_PROFILING_CONFIG);
    const char *m = errmsg_take();
    assert_non_null(strstr(m, "Invalid_Argument(EH0009): "));
}

static void test_config_files(void **state)
{
    (void)state;
    acl_config c;
    char *text;
    assert_int_equal(config_load("/nonexistent/dir/acl.json", &c, &text), ACL_ERROR_INVALID_FILE);
    assert_non_null(strstr(errmsg_take(), "File_Operation_Error_Invalid_Path(EH0003): Path /nonexistent/dir/acl.json is invalid."));
    assert_int_equal(config_load("/tmp", &c, &text), ACL_ERROR_INVALID_FILE);
    free(text);
    errmsg_clear_all();
    char path[] = "/tmp/aclemu_cfg_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd); /* empty file = defaults */
    assert_int_equal(config_load(path, &c, &text), ACL_SUCCESS);
    assert_string_equal(text, "");
    free(text);
    FILE *f = fopen(path, "w");
    fputs("{\"err_msg_mode\": \"1\"}\n", f);
    fclose(f);
    assert_int_equal(config_load(path, &c, &text), ACL_SUCCESS);
    assert_true(c.process_err_msg);
    free(text);
    assert_int_equal(config_load(NULL, &c, &text), ACL_SUCCESS);
    free(text);
    unlink(path);
}

/* ---- fp16 ----------------------------------------------------------------------------------- */

/* Independent decoding: exponent 31 is an ordinary exponent (the runtime's rule). */
static double ref_half_value(uint16_t h)
{
    int sign = h >> 15, e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : ldexp(1024 + m, e - 25);
    return sign ? -v : v;
}

static void test_fp16_to_float_all(void **state)
{
    (void)state;
    for (uint32_t h = 0; h < 65536; h++) {
        float f = aclFloat16ToFloat((aclFloat16)h);
        assert_true((double)f == ref_half_value((uint16_t)h));
        assert_int_equal(signbit(f) != 0, (h >> 15) != 0);
    }
    assert_true(aclFloat16ToFloat(0x7C00) == 65536.0f);
    assert_true(aclFloat16ToFloat(0xFC00) == -65536.0f);
    assert_true(aclFloat16ToFloat(0x7E00) == 98304.0f);
}

/* Independent encoding: round |x| to the half grid of its binade in double precision with ties
 * to even, saturate, then find the bit pattern by search in the decoded table. */
static uint16_t ref_float_to_half(float x)
{
    uint16_t sign = signbit(x) ? 0x8000 : 0;
    if (isnan(x) || isinf(x)) {
        return sign | 0x7BFF;
    }
    double a = fabs((double)x);
    if (a == 0) {
        return sign;
    }
    int e;
    frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
    int q = e - 11; /* spacing 2^q gives 11 significant bits */
    if (q < -24) {
        q = -24; /* subnormal spacing */
    }
    double steps = a / ldexp(1.0, q);
    double r = nearbyint(steps); /* default rounding mode: ties to even */
    double v = r * ldexp(1.0, q);
    if (v > 65504.0) {
        return sign | 0x7BFF;
    }
    /* v is on the half grid: encode it arithmetically */
    uint16_t bits;
    if (v < ldexp(1.0, -14)) {
        bits = (uint16_t)(v / ldexp(1.0, -24)); /* subnormal (or the smallest normal) */
    } else {
        int ev;
        frexp(v, &ev); /* v = f * 2^ev, f in [0.5, 1) */
        double mant = v / ldexp(1.0, ev - 11) - 1024.0;
        bits = (uint16_t)(((ev - 1 + 15) << 10) | (int)mant);
    }
    assert_true(ref_half_value(bits) == v);
    return sign | bits;
}

static void test_float_to_fp16(void **state)
{
    (void)state;
    const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, 65504.0f, 65519.99f, 65520.0f, 1e9f,
                             -1e9f, INFINITY, -INFINITY, NAN, -NAN, 5.96e-8f, 2.98e-8f, 2.99e-8f,
                             1e-10f, 6.1e-5f, 6.097555e-5f, 1.0009765625f, 1.00048828125f,
                             1.00146484375f, 2049.0f, 2051.0f, 0.1f, 3.14159f};
    for (size_t i = 0; i < sizeof(special) / sizeof(special[0]); i++) {
        assert_int_equal(aclFloatToFloat16(special[i]), ref_float_to_half(special[i]));
    }
    assert_int_equal(aclFloatToFloat16(INFINITY), 0x7BFF);
    assert_int_equal(aclFloatToFloat16(-INFINITY), 0xFBFF);
    assert_int_equal(aclFloatToFloat16(NAN), 0x7BFF);
    /* every half value round-trips; midpoints between neighbours tie to even */
    for (uint32_t h = 0; h < 0x7C00; h++) {
        float f = (float)ref_half_value((uint16_t)h);
        assert_int_equal(aclFloatToFloat16(f), h);
        if (h + 1 < 0x7C00) {
            float mid = (float)((ref_half_value((uint16_t)h) + ref_half_value((uint16_t)(h + 1))) / 2);
            assert_int_equal(aclFloatToFloat16(mid), ref_float_to_half(mid));
        }
    }
    /* pseudo-random floats over the whole range */
    uint32_t s = 12345;
    for (int i = 0; i < 200000; i++) {
        s = s * 1664525u + 1013904223u;
        uint32_t bits = s;
        float f;
        memcpy(&f, &bits, sizeof(f));
        uint16_t want = ref_float_to_half(f);
        if (aclFloatToFloat16(f) != want) {
            fail_msg("0x%08x: got 0x%04x want 0x%04x", bits, aclFloatToFloat16(f), want);
        }
    }
}

/* ---- log settings --------------------------------------------------------------------------- */

typedef struct fake_env {
    const char *names[16];
    const char *values[16];
} fake_env;

static const char *fake_get(const char *name, void *ctx)
{
    fake_env *e = ctx;
    for (int i = 0; i < 16 && e->names[i]; i++) {
        if (strcmp(e->names[i], name) == 0) {
            return e->values[i];
        }
    }
    return NULL;
}

static void test_log_settings(void **state)
{
    (void)state;
    log_settings s;
    fake_env none = {{"HOME"}, {"/home/u"}};
    log_settings_parse(&s, fake_get, &none);
    assert_int_equal(s.global_level, 3);
    assert_true(s.event_enabled);
    assert_false(s.to_stdout);
    assert_string_equal(s.root, "/home/u/ascend/log");

    fake_env e1 = {{"HOME", "ASCEND_GLOBAL_LOG_LEVEL", "ASCEND_MODULE_LOG_LEVEL",
                    "ASCEND_WORK_PATH", "ASCEND_SLOG_PRINT_TO_STDOUT"},
                   {"/home/u", "1", "ASCENDCL=0:RUNTIME=4", "/w", "1"}};
    log_settings_parse(&s, fake_get, &e1);
    assert_int_equal(s.global_level, 1);
    assert_int_equal(log_settings_level(&s, "ASCENDCL"), 0);
    assert_int_equal(log_settings_level(&s, "RUNTIME"), 4);
    assert_int_equal(log_settings_level(&s, "APP"), 1);
    assert_string_equal(s.root, "/w/log");
    assert_true(s.to_stdout); /* deprecated variable alone */

    fake_env e2 = {{"ASCEND_GLOBAL_LOG_LEVEL", "ASCEND_MODULE_LOG_LEVEL", "ASCEND_PROCESS_LOG_PATH",
                    "ASCEND_WORK_PATH", "ASCEND_LOG_PRINT_TO_STDOUT", "ASCEND_SLOG_PRINT_TO_STDOUT",
                    "ASCEND_GLOBAL_EVENT_ENABLE"},
                   {"9", "ASCENDCL=0:RUNTIME", "/p", "/w", "0", "1", "0"}};
    log_settings_parse(&s, fake_get, &e2);
    assert_int_equal(s.global_level, 3);  /* invalid -> default */
    assert_int_equal(s.nmodules, 0);      /* syntax error discards the whole value */
    assert_string_equal(s.root, "/p");    /* process path beats work path */
    assert_false(s.to_stdout);            /* the new variable wins */
    assert_false(s.event_enabled);

    fake_env e3 = {{"ASCEND_MODULE_LOG_LEVEL"}, {"ASCENDCL=1:"}};
    log_settings_parse(&s, fake_get, &e3);
    assert_int_equal(s.nmodules, 0);
}

static void test_log_format(void **state)
{
    (void)state;
    struct timeval tv = {.tv_sec = 0, .tv_usec = 123456};
    setenv("TZ", "UTC", 1);
    tzset();
    char buf[256];
    log_format_prefix(buf, sizeof(buf), ACLEMU_LOG_WARNING, "ASCENDCL", 42, "prog", &tv);
    assert_string_equal(buf, "[WARNING] ASCENDCL(42,prog):1970-01-01-00:00:00.123.456");
    log_format_prefix(buf, sizeof(buf), ACLEMU_LOG_EVENT, "APP", 7, "x", &tv);
    assert_string_equal(buf, "[EVENT] APP(7,x):1970-01-01-00:00:00.123.456");
    log_format_file_name(buf, sizeof(buf), 42, &tv);
    assert_string_equal(buf, "plog-42_19700101000000123.log");
}

/* ---- visible devices, versions, data types -------------------------------------------------- */

static void test_visible_devices(void **state)
{
    (void)state;
    int32_t map[ACLEMU_MAX_DEVICES];
    assert_int_equal(rt_parse_visible(NULL, 4, map), 4);
    assert_int_equal(map[3], 3);
    assert_int_equal(rt_parse_visible("1,3", 4, map), 2);
    assert_int_equal(map[0], 1);
    assert_int_equal(map[1], 3);
    assert_int_equal(rt_parse_visible("2,1", 4, map), 1);  /* must ascend */
    assert_int_equal(rt_parse_visible("0,x,2", 4, map), 1); /* stops at the invalid token */
    assert_int_equal(rt_parse_visible("0, 2", 4, map), 1);  /* a space is invalid */
    assert_int_equal(rt_parse_visible("5", 4, map), 0);     /* no such device */
    assert_int_equal(rt_parse_visible("3", 4, map), 1);
    assert_int_equal(map[0], 3);
}

static void test_version_numbers(void **state)
{
    (void)state;
    int32_t n;
    assert_int_equal(acl_version_number("8.5.0", &n), 0);
    assert_int_equal(n, 8 * 10000000 + 5 * 100000);
    assert_int_equal(acl_version_number("8.0.RC1", &n), -1); /* patch must be numeric */
    assert_int_equal(acl_version_number("8.1.0.alpha002", &n), 0);
    assert_int_equal(n, 8 * 10000000 + 1 * 100000 - 300 + 2);
    assert_int_equal(acl_version_number("9.0.0-rc1", &n), 0);
    assert_int_equal(n, 9 * 10000000 - 100 + 1);
    assert_int_equal(acl_version_number("9", &n), -1);
}

static void test_data_type_size(void **state)
{
    (void)state;
    const struct { aclDataType t; size_t size; } table[] = {
        {ACL_DT_UNDEFINED, 0}, {ACL_FLOAT, 4}, {ACL_FLOAT16, 2}, {ACL_INT8, 1}, {ACL_INT32, 4},
        {ACL_UINT8, 1}, {ACL_INT16, 2}, {ACL_UINT16, 2}, {ACL_UINT32, 4}, {ACL_INT64, 8},
        {ACL_UINT64, 8}, {ACL_DOUBLE, 8}, {ACL_BOOL, 1}, {ACL_STRING, 0}, {ACL_COMPLEX64, 8},
        {ACL_COMPLEX128, 16}, {ACL_BF16, 2}, {ACL_INT4, 1}, {ACL_UINT1, 1}, {ACL_COMPLEX32, 4},
        {ACL_HIFLOAT8, 1}, {ACL_FLOAT8_E5M2, 1}, {ACL_FLOAT8_E4M3FN, 1}, {ACL_FLOAT8_E8M0, 1},
        {(aclDataType)38, 8}, {(aclDataType)41, 8},
    };
    for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
        assert_int_equal(aclDataTypeSize(table[i].t), table[i].size);
    }
}

static void test_data_buffer(void **state)
{
    (void)state;
    char x[16];
    aclDataBuffer *b = aclCreateDataBuffer(x, sizeof(x));
    assert_ptr_equal(aclGetDataBufferAddr(b), x);
    assert_int_equal(aclGetDataBufferSizeV2(b), 16);
    assert_int_equal(aclUpdateDataBuffer(b, NULL, 0), ACL_SUCCESS);
    assert_null(aclGetDataBufferAddr(b));
    assert_int_equal(aclDestroyDataBuffer(b), ACL_SUCCESS);
    aclDataBuffer *empty = aclCreateDataBuffer(NULL, 0); /* optional inputs */
    assert_non_null(empty);
    assert_int_equal(aclDestroyDataBuffer(empty), ACL_SUCCESS);
    assert_int_equal(aclDestroyDataBuffer(NULL), ACL_ERROR_INVALID_PARAM);
    assert_int_equal(aclUpdateDataBuffer(NULL, x, 1), ACL_ERROR_INVALID_PARAM);
    assert_null(aclGetDataBufferAddr(NULL));
    assert_int_equal(aclGetDataBufferSizeV2(NULL), 0);
    errmsg_clear_all();
}

int main(void)
{
    /* keep the error log lines of these tests out of the user's home */
    setenv("ASCEND_PROCESS_LOG_PATH", "/tmp/aclemu-unit-logs", 0);
    log_reload_env();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_errmsg_empty_is_null, reset_store),
        cmocka_unit_test_setup(test_errmsg_format_and_clear, reset_store),
        cmocka_unit_test_setup(test_errmsg_newest_first_with_traceback, reset_store),
        cmocka_unit_test_setup(test_errmsg_inner_only, reset_store),
        cmocka_unit_test_setup(test_errmsg_thread_level, reset_store),
        cmocka_unit_test_setup(test_errmsg_process_level, reset_store),
        cmocka_unit_test_setup(test_config_defaults_and_unknown_keys, reset_store),
        cmocka_unit_test_setup(test_config_malformed, reset_store),
        cmocka_unit_test_setup(test_config_depth_limit, reset_store),
        cmocka_unit_test_setup(test_config_bad_values, reset_store),
        cmocka_unit_test_setup(test_config_files, reset_store),
        cmocka_unit_test(test_fp16_to_float_all),
        cmocka_unit_test(test_float_to_fp16),
        cmocka_unit_test(test_log_settings),
        cmocka_unit_test(test_log_format),
        cmocka_unit_test(test_visible_devices),
        cmocka_unit_test(test_version_numbers),
        cmocka_unit_test(test_data_type_size),
        cmocka_unit_test_setup(test_data_buffer, reset_store),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
