/* --fusion_switch_file and fusion_result.json (fusion.h), in the formats of the real atc. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "fusion.h"

static int set_group(json_object *grp, int ub, unsigned char *enabled, const char *path, char *err, size_t cap)
{
    if (!json_object_is_type(grp, json_type_object)) {
        snprintf(err, cap, "E10001: Value [%s] for parameter [--fusion_switch_file] is invalid. Reason: %s must be "
                 "an object of \"<pass>\": \"on\"|\"off\".", path, ub ? "UBFusion" : "GraphFusion");
        return -1;
    }
    /* "ALL" first, then the named passes override it (as the real file is read) */
    for (int round = 0; round < 2; round++) {
        json_object_object_foreach(grp, key, val) {
            int all = strcmp(key, "ALL") == 0;
            if (all != (round == 0))
                continue;
            const char *v = json_object_is_type(val, json_type_string) ? json_object_get_string(val) : NULL;
            if (!v || (strcmp(v, "on") != 0 && strcmp(v, "off") != 0)) {
                snprintf(err, cap, "E10001: Value [%s] for parameter [--fusion_switch_file] is invalid. Reason: "
                         "the switch of %s must be \"on\" or \"off\".", path, key);
                return -1;
            }
            for (int p = 0; p < FUSE_NPASSES; p++)
                if (fuse_pass_is_ub(p) == ub && (all || strcmp(key, fuse_pass_name(p)) == 0))
                    enabled[p] = strcmp(v, "on") == 0;
        }
    }
    return 0;
}

int fusion_switch_read(const char *path, unsigned char *enabled, char *err, size_t cap)
{
    json_object *root = json_object_from_file(path);
    if (root == NULL) {
        snprintf(err, cap, "E10001: Value [%s] for parameter [--fusion_switch_file] is invalid. Reason: cannot read "
                 "it as JSON (%s).", path, json_util_get_last_err() ? json_util_get_last_err() : strerror(errno));
        return -1;
    }
    json_object *sw, *grp;
    int rc = 0;
    if (!json_object_object_get_ex(root, "Switch", &sw) || !json_object_is_type(sw, json_type_object)) {
        snprintf(err, cap, "E10001: Value [%s] for parameter [--fusion_switch_file] is invalid. Reason: the file "
                 "needs a \"Switch\" object with \"GraphFusion\" and / or \"UBFusion\".", path);
        rc = -1;
    }
    if (rc == 0 && json_object_object_get_ex(sw, "GraphFusion", &grp))
        rc = set_group(grp, 0, enabled, path, err, cap);
    if (rc == 0 && json_object_object_get_ex(sw, "UBFusion", &grp))
        rc = set_group(grp, 1, enabled, path, err, cap);
    json_object_put(root);
    return rc;
}

int fusion_result_write(const char *path, const fuse_stats *st, const unsigned char *enabled)
{
    json_object *root = json_object_new_object(), *grp[2] = {json_object_new_object(), json_object_new_object()};
    for (int p = 0; p < FUSE_NPASSES; p++) {
        if (!enabled[p] || st->match[p] == 0)
            continue; /* the real file lists the passes that matched */
        json_object *o = json_object_new_object();
        char v[32];
        snprintf(v, sizeof v, "%d", st->effect[p]);
        json_object_object_add(o, "effect_times", json_object_new_string(v));
        snprintf(v, sizeof v, "%d", st->match[p]);
        json_object_object_add(o, "match_times", json_object_new_string(v));
        if (fuse_pass_is_ub(p))
            json_object_object_add(o, "repository_hit_times", json_object_new_string("0"));
        json_object_object_add(grp[fuse_pass_is_ub(p)], fuse_pass_name(p), o);
    }
    json_object_object_add(root, "graph_fusion", grp[0]);
    json_object_object_add(root, "session_and_graph_id", json_object_new_string("0_0"));
    json_object_object_add(root, "ub_fusion", grp[1]);
    int rc = json_object_to_file_ext(path, root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED);
    json_object_put(root);
    return rc == 0 ? 0 : -1;
}
