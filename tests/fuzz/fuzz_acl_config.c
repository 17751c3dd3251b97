/* aclInit's JSON configuration (acl/src/config.c): the text parser and the file loader on the same
 * bytes. Any input gets ACL_SUCCESS or an error code with a message; strings copied out of the
 * document stay inside their fields. */
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "config.h"
#include "fuzz_common.h"

static void check(int rc, const acl_config *cfg, const char *what)
{
    const char *msg = aclGetRecentErrMsg();
    if (rc != ACL_SUCCESS && (msg == NULL || msg[0] == '\0')) {
        fprintf(stderr, "fuzz_acl_config: %s returned %d without an error message\n", what, rc);
        abort();
    }
    if (memchr(cfg->dump_path, 0, sizeof cfg->dump_path) == NULL ||
        memchr(cfg->topology, 0, sizeof cfg->topology) == NULL) {
        fprintf(stderr, "fuzz_acl_config: %s left an unterminated string in the config\n", what);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    acl_config cfg;
    check(config_parse_text("fuzz.json", text, &cfg), &cfg, "config_parse_text");
    free(text);

    char *loaded = NULL;
    int rc = config_load(fuzz_write_file("acl.json", data, size), &cfg, &loaded);
    check(rc, &cfg, "config_load");
    free(loaded);
    return 0;
}
