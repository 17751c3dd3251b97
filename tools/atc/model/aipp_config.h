/* The AIPP configuration file of atc --insert_op_conf: protobuf text format of the aipp_op
 * messages (one per model input, related_input_rank), e.g.
 *
 *     aipp_op {
 *         aipp_mode : static
 *         input_format : YUV420SP_U8
 *         src_image_size_w : 224
 *         csc_switch : true
 *         ...
 *     }
 *
 * A small recursive-descent parser of exactly that syntax (protobuf-c has no text format):
 * '#' comments, fields "name : value" or "name { ... }", values integer / float / true / false /
 * identifier / "string", optional ',' or ';' after a field. Unknown fields, repeated fields,
 * values out of range and anything else malformed are errors naming the line. */
#ifndef ATC_AIPP_CONFIG_H
#define ATC_AIPP_CONFIG_H

#include <stddef.h>

#include "../../../acl/mdl/mdl_aipp.h"

#define AIPP_MAX_OPS 16

typedef struct aipp_op_cfg {
    int input_rank;   /* related_input_rank */
    mdl_aipp p;
} aipp_op_cfg;

/* Parses text[0..len); fills ops (at most AIPP_MAX_OPS) and *n. Returns 0, or -1 with
 * "line N: reason" in err. */
int aipp_config_parse(const char *text, size_t len, aipp_op_cfg *ops, int *n, char *err, size_t cap);



#include "../../../acl/mdl/mdl_format.h"

/* Puts the parsed AIPP ops in front of the inputs of m (every gear): each names an existing 4-D
 * float input and, when static, converts to exactly its C x H x W. Returns 0, or -1 with the
 * reason in err. */
int aipp_attach(mdl_model *m, const aipp_op_cfg *ops, int n, char *err, size_t cap);
#endif
