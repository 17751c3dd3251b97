/* aclInit / aclFinalize, error retrieval, versions, SoC name, device capability, aclAppLog. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "dump_config.h"
#include "errmsg.h"
#include "log.h"
#include "rt_internal.h"

/* The CANN release aclemu behaves like (what aclsysGetVersionStr reports when the install tree
 * has no version.info of its own). */
#define ACLEMU_CANN_VERSION "8.5.0"

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t init_refs;
static bool finalized;
static char *first_config_text; /* content of the first successful aclInit's file */
static char first_config_path[PATH_MAX];

ACL_FUNC_VISIBILITY aclError aclInit(const char *configPath)
{
    pthread_mutex_lock(&init_lock);
    if (init_refs > 0) {
        init_refs++;
        pthread_mutex_unlock(&init_lock);
        ACL_LOG(ACLEMU_LOG_INFO, "repeatedly initialized, refcount %llu",
                (unsigned long long)init_refs);
        return ACL_ERROR_REPEAT_INITIALIZE;
    }
    acl_config cfg;
    char *text = NULL;
    int ret = config_load(configPath, &cfg, &text);
    if (ret == ACL_SUCCESS && first_config_text != NULL && strcmp(first_config_text, text) != 0) {
        char why[PATH_MAX + 80];
        snprintf(why, sizeof(why), "config content differs from the first aclInit config file "
                 "path: %s", first_config_path[0] ? first_config_path : "(none)");
        aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: %s.",
                           configPath ? configPath : "(null)", why);
        ret = ACL_ERROR_INVALID_PARAM;
    }
    if (ret == ACL_SUCCESS) {
        errmsg_set_process_mode(cfg.process_err_msg);
        rt_set_topology_path(cfg.topology);
        ret = rt_topology_ready();
    }
    if (ret == ACL_SUCCESS && cfg.default_device >= 0) {
        if ((uint32_t)cfg.default_device >= rt_device_count()) {
            char v[16];
            snprintf(v, sizeof(v), "%d", cfg.default_device);
            ERR_VALUE("Parsing the default device ID from the configuration file", v,
                      "default_device", "no such device");
            ret = ACL_ERROR_RT_INVALID_DEVICEID;
        } else {
            rt_set_default_device(cfg.default_device);
        }
    }
    if (ret != ACL_SUCCESS) {
        free(text);
        pthread_mutex_unlock(&init_lock);
        return ret;
    }
    if (first_config_text == NULL) {
        first_config_text = text;
        snprintf(first_config_path, sizeof(first_config_path), "%s", configPath ? configPath : "");
    } else {
        free(text);
    }
    init_refs = 1;
    finalized = false;
    pthread_mutex_unlock(&init_lock);
    if (cfg.dump_enabled) { /* the file's model dump applies to the models loaded from now on */
        dump_cfg *dc = NULL;
        const char *text_now = first_config_text;
        if (dump_cfg_parse_text(configPath, text_now, &dc) == ACL_SUCCESS && dc != NULL)
            dump_cfg_set_active(dc, true);
    }
    ACL_LOG(ACLEMU_LOG_EVENT, "aclInit succeeded, config %s", configPath ? configPath : "(none)");
    return ACL_SUCCESS;
}

static void finalize_locked(void)
{
    rt_set_default_device(-1);
    dump_cfg_unset();
    dump_set_api_initialized(false);
    init_refs = 0;
    finalized = true;
}

bool acl_is_initialized(void)
{
    pthread_mutex_lock(&init_lock);
    bool r = init_refs > 0;
    pthread_mutex_unlock(&init_lock);
    return r;
}

ACL_FUNC_VISIBILITY aclError aclFinalize(void)
{
    pthread_mutex_lock(&init_lock);
    if (finalized) {
        pthread_mutex_unlock(&init_lock);
        aclemu_errmsg_push("EH9999", "[Finalize][Acl]repeatedly finalized");
        return ACL_ERROR_REPEAT_FINALIZE;
    }
    finalize_locked();
    pthread_mutex_unlock(&init_lock);
    ACL_LOG(ACLEMU_LOG_EVENT, "aclFinalize succeeded");
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclFinalizeReference(uint64_t *refCount)
{
    pthread_mutex_lock(&init_lock);
    int ret = ACL_SUCCESS;
    if (init_refs > 1) {
        init_refs--;
    } else if (init_refs == 1) {
        finalize_locked();
    } else {
        aclemu_errmsg_push("EH9999",
                           "[Finalize][Acl]aclFinalizeReference called repeatedly or without aclInit");
        ret = ACL_ERROR_REPEAT_FINALIZE;
    }
    if (refCount != NULL) {
        *refCount = init_refs;
    }
    pthread_mutex_unlock(&init_lock);
    return ret;
}

ACL_FUNC_VISIBILITY const char *aclGetRecentErrMsg(void)
{
    return errmsg_take();
}

ACL_FUNC_VISIBILITY aclError aclrtPeekAtLastError(aclrtLastErrLevel level)
{
    if (level != ACL_RT_THREAD_LEVEL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    return rt_peek_last_error();
}

ACL_FUNC_VISIBILITY aclError aclrtGetLastError(aclrtLastErrLevel level)
{
    if (level != ACL_RT_THREAD_LEVEL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    int e = rt_peek_last_error();
    rt_clear_last_error();
    return e;
}

ACL_FUNC_VISIBILITY aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo *errorInfo)
{
    if (errorInfo == NULL) {
        ERR_NULL("errorInfo");
        return rt_ret(ACL_ERROR_INVALID_PARAM);
    }
    if (deviceId < 0 || (uint32_t)deviceId >= rt_device_count()) {
        char v[16];
        snprintf(v, sizeof(v), "%d", deviceId);
        ERR_RT_VALUE("aclrtGetErrorVerbose", v, "deviceId", "no such device");
        return rt_ret(ACL_ERROR_RT_INVALID_DEVICEID);
    }
    /* the emulated hardware has no memory/L2/link faults to describe */
    memset(errorInfo, 0, sizeof(*errorInfo));
    errorInfo->errorType = ACL_RT_NO_ERROR;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion,
                                             int32_t *patchVersion)
{
    if (majorVersion == NULL || minorVersion == NULL || patchVersion == NULL) {
        ERR_NULL(majorVersion == NULL ? "majorVersion"
                 : minorVersion == NULL ? "minorVersion" : "patchVersion");
        return ACL_ERROR_INVALID_PARAM;
    }
    *majorVersion = ACL_MAJOR_VERSION;
    *minorVersion = ACL_MINOR_VERSION;
    *patchVersion = ACL_PATCH_VERSION;
    return ACL_SUCCESS;
}

/* ---- package versions ------------------------------------------------------------------------ */

/* Packages of a toolkit install that aclemu stands in for. */
static bool known_package(const char *name)
{
    static const char *names[] = {"runtime", "compiler", "bisheng-compiler", "bisheng_compiler",
                                  "opp",     "ops-legacy", "ops_legacy", "toolkit", "oam-tools",
                                  "oam_tools", "cann",   "hccl",       "opbase",  "ops-nn",
                                  "ops_nn",  "ops-math", "ops_math",   "aclemu"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (strcmp(names[i], name) == 0) {
            return true;
        }
    }
    return false;
}

/* "Version=" line of $ASCEND_HOME_PATH/share/info/<pkg>/version.info, else the built-in
 * version for packages aclemu provides. */
static int package_version(const char *pkg, char *out, size_t len)
{
    const char *home = getenv("ASCEND_HOME_PATH");
    if (home != NULL && home[0] != '\0') {
        char path[PATH_MAX];
        snprintf(path, sizeof(path), "%s/share/info/%s/version.info", home, pkg);
        FILE *f = fopen(path, "r");
        if (f != NULL) {
            char line[512];
            int found = 0;
            while (fgets(line, sizeof(line), f) != NULL) {
                char *v = strstr(line, "Version=");
                if (v != NULL) {
                    v += 8;
                    v[strcspn(v, "\r\n")] = '\0';
                    snprintf(out, len, "%s", v);
                    found = out[0] != '\0';
                    break;
                }
            }
            fclose(f);
            if (found) {
                return ACL_SUCCESS;
            }
            aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: %s.", path,
                               "Keyword Version= not found in version info file");
            return ACL_ERROR_INVALID_FILE;
        }
    }
    if (known_package(pkg)) {
        snprintf(out, len, "%s", ACLEMU_CANN_VERSION);
        return ACL_SUCCESS;
    }
    char why[160];
    snprintf(why, sizeof(why), "no version information for package %s", pkg);
    aclemu_errmsg_push("EH0003", "Path %s is invalid. Reason: %s.",
                       home ? home : "$ASCEND_HOME_PATH", why);
    return ACL_ERROR_INVALID_FILE;
}

ACL_FUNC_VISIBILITY aclError aclsysGetVersionStr(char *pkgName, char *versionStr)
{
    if (versionStr == NULL || pkgName == NULL) {
        ERR_NULL(versionStr == NULL ? "versionStr" : "pkgName");
        return ACL_ERROR_INVALID_PARAM;
    }
    char v[ACL_PKG_VERSION_MAX_SIZE];
    int ret = package_version(pkgName, v, sizeof(v));
    if (ret == ACL_SUCCESS) {
        snprintf(versionStr, ACL_PKG_VERSION_MAX_SIZE, "%s", v);
    }
    return ret;
}

/* major*10^7 + minor*10^5 + patch*10^3, minus 300/200/100 for alpha/beta/rc plus its number. */
int acl_version_number(const char *v, int32_t *num);
int acl_version_number(const char *v, int32_t *num)
{
    char *end;
    long major = strtol(v, &end, 10);
    if (end == v || *end != '.') return -1;
    const char *p = end + 1;
    long minor = strtol(p, &end, 10);
    if (end == p || *end != '.') return -1;
    p = end + 1;
    long patch = strtol(p, &end, 10);
    if (end == p) return -1;
    long value = major * 10000000L + minor * 100000L + patch * 1000L;
    if (*end != '\0') {
        const char *suffix = end;
        if (*suffix == '.' || *suffix == '-') suffix++;
        long weight;
        size_t klen;
        if (strncasecmp(suffix, "alpha", 5) == 0) { weight = 300; klen = 5; }
        else if (strncasecmp(suffix, "beta", 4) == 0) { weight = 200; klen = 4; }
        else if (strncasecmp(suffix, "rc", 2) == 0) { weight = 100; klen = 2; }
        else return -1;
        const char *n = suffix + klen;
        if (*n == '.' || *n == '-') n++;
        long pre = 0;
        if (*n != '\0') {
            pre = strtol(n, &end, 10);
            if (end == n || *end != '\0') return -1;
        }
        value += pre - weight;
    }
    *num = (int32_t)value;
    return 0;
}

ACL_FUNC_VISIBILITY aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum)
{
    if (versionNum == NULL || pkgName == NULL) {
        ERR_NULL(versionNum == NULL ? "versionNum" : "pkgName");
        return ACL_ERROR_INVALID_PARAM;
    }
    char v[ACL_PKG_VERSION_MAX_SIZE];
    int ret = package_version(pkgName, v, sizeof(v));
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    if (acl_version_number(v, versionNum) != 0) {
        aclemu_errmsg_push("EH9999", "version string %s of package %s cannot be parsed", v, pkgName);
        return ACL_ERROR_INTERNAL_ERROR;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclsysGetCANNVersion(aclCANNPackageName name,
                                                  aclCANNPackageVersion *version)
{
    if (version == NULL) {
        ERR_NULL("version");
        return ACL_ERROR_INVALID_PARAM;
    }
    static const char *pkg_of[] = {"runtime", "runtime", "bisheng-compiler", "hccl",
                                   "oam-tools", "ops-legacy", "ops-legacy", "driver"};
    if ((int)name < 0 || (size_t)name >= sizeof(pkg_of) / sizeof(pkg_of[0])) {
        char v[16];
        snprintf(v, sizeof(v), "%d", (int)name);
        ERR_VALUE("aclsysGetCANNVersion", v, "name", "it is not an aclCANNPackageName value");
        return ACL_ERROR_INVALID_PARAM;
    }
    char v[ACL_PKG_VERSION_MAX_SIZE];
    int ret;
    if (name == ACL_PKG_NAME_DRIVER) {
        snprintf(v, sizeof(v), "%s", ACLEMU_CANN_VERSION); /* the emulated driver */
        ret = ACL_SUCCESS;
    } else {
        ret = package_version(pkg_of[name], v, sizeof(v));
    }
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    memset(version, 0, sizeof(*version));
    snprintf(version->version, sizeof(version->version), "%s", v);
    /* split "a.b.c[.d]" (a "-suffix" counts as the fourth part) */
    char parts[4][ACL_PKG_VERSION_PARTS_MAX_SIZE] = {"0", "0", "0", "0"};
    char tmp[ACL_PKG_VERSION_MAX_SIZE];
    snprintf(tmp, sizeof(tmp), "%s", v);
    for (char *c = tmp; *c; c++) {
        if (*c == '-') *c = '.';
    }
    int i = 0;
    for (char *save = NULL, *tok = strtok_r(tmp, ".", &save); tok && i < 4;
         tok = strtok_r(NULL, ".", &save)) {
        snprintf(parts[i++], sizeof(parts[0]), "%s", tok);
    }
    snprintf(version->majorVersion, sizeof(version->majorVersion), "%s", parts[0]);
    snprintf(version->minorVersion, sizeof(version->minorVersion), "%s", parts[1]);
    snprintf(version->releaseVersion, sizeof(version->releaseVersion), "%s", parts[2]);
    snprintf(version->patchVersion, sizeof(version->patchVersion), "%s", parts[3]);
    return ACL_SUCCESS;
}

/* ---- SoC and capabilities -------------------------------------------------------------------- */

ACL_FUNC_VISIBILITY const char *aclrtGetSocName(void)
{
    /* usable without aclInit: the SoC of the current device, else of device 0 */
    if (rt_topology_ready() != ACL_SUCCESS) {
        return NULL;
    }
    const aclemu_chip_profile *p = aclemu_current_profile();
    return p->soc_version[0] ? p->soc_version : NULL;
}

ACL_FUNC_VISIBILITY aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo,
                                                    int64_t *value)
{
    if (value == NULL) {
        ERR_NULL("value");
        return ACL_ERROR_INVALID_PARAM;
    }
    uint32_t count = rt_device_count();
    if (deviceId >= count) {
        char v[16], why[96];
        snprintf(v, sizeof(v), "%u", deviceId);
        snprintf(why, sizeof(why), "deviceId %u greater than deviceNum %u", deviceId, count);
        ERR_VALUE("aclGetDeviceCapability", v, "deviceId", why);
        return ACL_ERROR_INVALID_PARAM;
    }
    const aclemu_chip_profile *p = rt_profile((int32_t)deviceId);
    switch (deviceInfo) {
    case ACL_DEVICE_INFO_AI_CORE_NUM:
        *value = p->ai_core_cnt;
        return ACL_SUCCESS;
    case ACL_DEVICE_INFO_VECTOR_CORE_NUM:
        *value = p->vector_core_cnt;
        return ACL_SUCCESS;
    case ACL_DEVICE_INFO_L2_SIZE:
        *value = (int64_t)p->l2_size;
        return ACL_SUCCESS;
    default:
        return ACL_ERROR_INVALID_PARAM;
    }
}

/* ---- CANN feature attributes ------------------------------------------------------------------ */

/* Which features this environment has, judged on the chip of the current device (device 0 when
 * none is set): BF16 where the profile supports it, the Inf/NaN overflow mode on the chips that
 * introduced it (A2, A3, 950), and op compilation (aclopCompile works everywhere here). */
static int cann_attr_value(aclCannAttr attr, const aclemu_chip_profile *p)
{
    switch (attr) {
    case ACL_CANN_ATTR_INF_NAN:
        return p->family == ACLEMU_FAMILY_A2 || p->family == ACLEMU_FAMILY_A3 ||
               p->family == ACLEMU_FAMILY_950;
    case ACL_CANN_ATTR_BF16:
        return p->support_bf16 ? 1 : 0;
    case ACL_CANN_ATTR_JIT_COMPILE:
        return 1;
    default:
        return -1;
    }
}

ACL_FUNC_VISIBILITY aclError aclGetCannAttributeList(const aclCannAttr **cannAttrList, size_t *num)
{
    if (cannAttrList == NULL || num == NULL) {
        ERR_NULL(cannAttrList == NULL ? "cannAttrList" : "num");
        return ACL_ERROR_INVALID_PARAM;
    }
    static const aclCannAttr all[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16,
                                      ACL_CANN_ATTR_JIT_COMPILE};
    static __thread aclCannAttr have[3];
    const aclemu_chip_profile *p = aclemu_current_profile();
    size_t n = 0;
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (cann_attr_value(all[i], p) == 1)
            have[n++] = all[i];
    *cannAttrList = have;
    *num = n;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t *value)
{
    if (value == NULL) {
        ERR_NULL("value");
        return ACL_ERROR_INVALID_PARAM;
    }
    int v = cann_attr_value(cannAttr, aclemu_current_profile());
    if (v < 0) {
        char s[16];
        snprintf(s, sizeof(s), "%d", (int)cannAttr);
        ERR_VALUE("aclGetCannAttribute", s, "cannAttr", "it is not an aclCannAttr value");
        return ACL_ERROR_INVALID_PARAM;
    }
    *value = v;
    return ACL_SUCCESS;
}

/* ---- application log ----------------------------------------------------------------------- */

ACL_FUNC_VISIBILITY void aclAppLog(aclLogLevel logLevel, const char *func, const char *file,
                                   uint32_t line, const char *fmt, ...)
{
    if (fmt == NULL || (int)logLevel < ACL_DEBUG || (int)logLevel > ACL_ERROR) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    aclemu_vlog_at((int)logLevel, "APP", file ? file : "", (int)line, func ? func : "", fmt, ap);
    va_end(ap);
}
