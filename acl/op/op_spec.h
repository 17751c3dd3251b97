/* The built-in operator types of the aclop path: one declaration per op type (its inputs,
 * outputs and attributes as the real operator prototype names them, with defaults), a shape /
 * dtype inference function and an adapter that runs it on the aclnn kernels.
 *
 * Flow: aclop_prepare() checks a call against its spec (counts, optional inputs, attribute
 * names/types, required attributes), fills default attributes and infers the outputs; the
 * adapter (spec->run) then builds aclTensors and calls the aclnn two-stage API. */
#ifndef ACLEMU_ACLOP_OP_SPEC_H
#define ACLEMU_ACLOP_OP_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_op.h"
#include "op_attr.h"
#include "tensor_desc.h"

#define ACLOP_MAX_IO 8
#define ACLOP_MAX_ATTRS 12

typedef struct aclop_attr_spec {
    const char *name;
    aclop_attr_type type;
    bool required;
    const char *dflt; /* default in JSON-like text: "false", "1", "1e-05", "[1,1,1,1]", "NHWC" */
} aclop_attr_spec;

/* Inferred output: dtype, format, dims (-1 where unknown). */
typedef struct aclop_tinfo {
    aclDataType dtype;
    aclFormat format;
    size_t ndims;
    int64_t dims[ACLOP_MAX_DIMS];
} aclop_tinfo;

struct aclop_spec;

/* One call being prepared / executed. in[k] is NULL for an omitted or optional (undefined)
 * input; attr holds the user's attributes plus the defaults. */
typedef struct aclop_call {
    const struct aclop_spec *spec;
    int nin, nout;
    const aclTensorDesc *in[ACLOP_MAX_IO];
    const aclTensorDesc *out[ACLOP_MAX_IO];
    const aclopAttr *attr;
    aclop_tinfo inferred[ACLOP_MAX_IO];
    /* filled for execution only */
    void *in_addr[ACLOP_MAX_IO];   /* device addresses */
    void *out_addr[ACLOP_MAX_IO];
    void *stream;                  /* aclrtStream */
    /* host copies of const / host-placed inputs (shape-like inputs such as Transpose perm) */
    const void *in_host[ACLOP_MAX_IO];
    size_t in_host_len[ACLOP_MAX_IO];
} aclop_call;

typedef int (*aclop_infer_fn)(aclop_call *c);
typedef int (*aclop_run_fn)(aclop_call *c);

typedef struct aclop_spec {
    const char *type;
    const char *inputs[ACLOP_MAX_IO];   /* names; a leading '?' marks an optional input */
    const char *outputs[ACLOP_MAX_IO];
    aclop_attr_spec attrs[ACLOP_MAX_ATTRS];
    aclop_infer_fn infer;
    aclop_run_fn run;                   /* NULL: no kernel wired yet */
} aclop_spec;

const aclop_spec *aclop_spec_find(const char *type);
/* Every spec, NULL-terminated (for atc --help style listings and tests). */
const aclop_spec *const *aclop_spec_all(void);
int aclop_spec_nin(const aclop_spec *s);
int aclop_spec_nin_required(const aclop_spec *s);
int aclop_spec_nout(const aclop_spec *s);
bool aclop_spec_input_optional(const aclop_spec *s, int k);
const char *aclop_spec_input_name(const aclop_spec *s, int k);
const aclop_attr_spec *aclop_spec_attr(const aclop_spec *s, const char *name);

/* Pushes "Op <type>: <message>" (EH0001 family for user errors) and returns code. */
int aclop_fail(const aclop_call *c, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Checks descs + attributes against the spec and infers outputs into c->inferred.
 * resolved_attr receives a copy of attr with defaults filled in (caller frees it with
 * aclop_attr_free). check_outputs: compare given static output descs with the inference. */
int aclop_prepare(aclop_call *c, const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                  const aclTensorDesc *const out[], const aclopAttr *attr, aclopAttr **resolved_attr,
                  bool check_outputs);

/* Parses an attribute default / atc value text for a spec type into v (v->name not set). */
int aclop_attr_parse_default(const aclop_attr_spec *as, aclop_attr_value *v);

#endif
