/* What the aclmdl files of libascendcl share: the layouts of aclmdlDesc / aclmdlDataset, the
 * registry of loaded models and the planned steps of one model. */
#ifndef ACLEMU_MDL_INTERNAL_H
#define ACLEMU_MDL_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>

#include "acl/acl_mdl.h"
#include "aclnn/aclnn_base.h"
#include "mdl_format.h"

/* One model input or output as the desc reports it. */
typedef struct mdl_io {
    char name[ACL_MAX_TENSOR_NAME_LEN];
    aclDataType dtype;
    aclFormat format;
    size_t ndims;
    int64_t dims[MDL_MAX_DIMS];
    size_t bytes;
    /* aclmdlGetInputDimsV2: the same, except for a YUV420SP static AIPP input ([N, H*3/2, W, 1]) */
    size_t ndims2;
    int64_t dims2[MDL_MAX_DIMS];
    /* aclmdlGetInputDimsRange: per dim the smallest and largest value over the gears */
    int64_t lo[MDL_MAX_DIMS], hi[MDL_MAX_DIMS];
} mdl_io;

struct aclmdlDesc {
    size_t nin, nout;   /* a dynamic model's last input is ACL_DYNAMIC_TENSOR_NAME */
    mdl_io *in, *out;   /* dynamic: inputs with -1 dims and the largest gear's size, outputs of the largest gear */
    /* dynamic gears (mdl_dynamic.c); model_id 0 = a desc read from a file (no current gear) */
    uint32_t model_id;
    uint32_t dyn_kind, ngears, nvals;
    int64_t *gear_vals;   /* ngears x nvals */
    int64_t *gear_dims;   /* ngears x gear_ndims: every input's dims of each gear, concatenated */
    size_t gear_ndims;
    mdl_io *gear_out;     /* ngears x nout: the outputs of each gear */
};

typedef struct mdl_slot {
    aclDataBuffer *buf;
    aclTensorDesc *desc;  /* aclmdlSetDatasetTensorDesc; owned by the caller */
} mdl_slot;

struct aclmdlDataset {
    size_t n, cap;
    mdl_slot *slot;
};

/* A step planned at load: its aclnn executor (repeatable) and the objects it was built from. */
typedef struct mdl_plan {
    aclOpExecutor *ex;
    uint64_t ws_size;
    aclnnStatus (*run)(void *ws, uint64_t ws_size, aclOpExecutor *ex, aclrtStream stream);
    void *objs[MDL_MAX_STEP_IN + 8]; /* aclTensor / aclScalar / aclIntArray / aclTensorList */
    int kinds[MDL_MAX_STEP_IN + 8];
    int nobj;
    /* COPY steps run as a memcpy */
    void *copy_dst, *copy_src;
    size_t copy_bytes;
} mdl_plan;

typedef struct mdl_loaded {
    uint32_t id;
    mdl_model *m;
    int32_t device;
    void *work, *weight, *scratch;      /* device memory */
    size_t work_size, weight_size, scratch_size;
    void *prepack;                      /* weights packed once for the GEMM steps (mdl_prepack), or NULL */
    size_t prepack_size;
    bool own_work, own_weight;
    mdl_plan *plans;
    uint32_t nplans;
    pthread_mutex_t lock;               /* one execution at a time: the workspace is shared */
    aclrtStream last_stream;            /* stream of the last async execution ... */
    bool pending;                       /* ... which may still be running */
    struct mdl_loaded *next;
    /* dynamic gears: run[k] plans gear k's graph over the same work / weight memory (run[0] is
     * this model itself); cur_gear is the gear the last aclmdlSetDynamic* / SetInputDynamicDims chose */
    struct mdl_loaded **run;
    uint32_t nrun;
    /* the planned steps recorded once at load as a task list (the aclmdlRI mechanism,
     * acl/src/ri_internal.h): one submission per execute replays them */
    struct aclemu_ri *replay;
    uint32_t cur_gear;
    bool gear_set;
    /* model dump (mdl_dump.c): the configuration active when it was loaded, the dump_list entry
     * selecting it, and the executions so far (the iteration directory) */
    struct dump_cfg *dump;
    const struct dump_model_sel *dump_sel;
    uint64_t dump_iter;
} mdl_loaded;

/* Device address of tensor t of a loaded graph. */
static inline void *mdl_tensor_addr(const mdl_loaded *L, const mdl_tensor *t)
{
    return (char *)(t->kind == MDL_T_WEIGHT ? L->weight : L->work) + t->offset;
}

/* model dump (mdl_dump.c): attach the active configuration at load, drop it at unload; whether
 * this execution of top dumps; run gear graph G's steps one by one, writing the dump files */
void mdl_dump_attach(mdl_loaded *L);
void mdl_dump_detach(mdl_loaded *L);
bool mdl_dump_wanted(mdl_loaded *top);
int mdl_dump_run_steps(mdl_loaded *G, mdl_loaded *top, aclrtStream stream, const char *api);

/* The activation workspace a model needs: its largest gear's. */
static inline uint64_t mdl_work_bytes(const mdl_model *m)
{
    uint64_t w = 0;
    for (uint32_t k = 0; k < (m->gear ? m->ngears : 1); k++)
        if (mdl_gear(m, k)->workspace_bytes > w)
            w = mdl_gear(m, k)->workspace_bytes;
    return w;
}

/* Gear of m whose values are vals[0..n-1], -1 if none. */
int mdl_find_gear(const mdl_model *m, const int64_t *vals, size_t n);
/* The gear a dynamic input dataset selects (its ACL_DYNAMIC_TENSOR_NAME buffer, as
 * aclmdlSetDynamic* wrote it): 0 for a static model; -1 + message (the real codes) if none. */
int mdl_dataset_gear(const mdl_loaded *L, const aclmdlDataset *ds, const char *api, int *code);

/* entry `index` of a desc's inputs (out = 0) or outputs, NULL + message when out of range;
 * its dims into an aclmdlIODims */
const mdl_io *mdl_io_at(const aclmdlDesc *d, size_t index, int out, const char *api);
aclError mdl_dims_of(const mdl_io *io, aclmdlIODims *dims);

/* AIPP (mdl_aipp_rt.c): bytes the dataset gives input i of gear graph g (a source image batch
 * for an AIPP input, else the tensor), and the stream-ordered conversion into the workspace */
size_t mdl_input_bytes(const mdl_model *m, const mdl_model *g, uint32_t i);
int mdl_aipp_enqueue(const mdl_aipp *a, const void *src, void *dst, const mdl_tensor *t, aclrtStream stream);
/* dynamic AIPP (mdl_aipp_dyn.c): n parameter sets for input tensor t of a model whose AIPP
 * record is decl; 0, or -1 with the reason */
int mdl_dyn_aipp_check(const mdl_aipp *decl, const mdl_aipp *sets, uint64_t n, const mdl_tensor *t, char *why,
                       size_t cap);
/* the AIPP desc entries of m's inputs (dtype, format, dims, size) */
void mdl_aipp_desc(aclmdlDesc *d, const mdl_model *m);

/* desc entries from a parsed model */
int mdl_desc_fill(aclmdlDesc *d, const mdl_model *m);
/* The loaded model of id (registry lock held until mdl_release), NULL + message if none. */
mdl_loaded *mdl_acquire(uint32_t id);
void mdl_release(void);

/* Reads a model file into memory (ACL_ERROR_INVALID_FILE / READ_MODEL_FAILURE + message). */
int mdl_read_file(const char *path, void **buf, size_t *len);
/* Parses an image (ACL_ERROR_PARSE_MODEL / DESERIALIZE_MODEL + message). */
int mdl_parse_image(const void *buf, size_t len, mdl_model **m);

/* Plans every step on the current device (mdl_steps.c): aclnn stage 1 once, repeatable
 * executors. Returns an ACL code with a message naming the step's node. */
int mdl_plan_steps(mdl_loaded *L);
void mdl_free_plans(mdl_loaded *L);
/* Records L's planned steps into L->replay (a private stream in build mode); ACL code with the
 * failing step's node in the message. */
int mdl_build_replay(mdl_loaded *L);
/* After mdl_plan_steps, before mdl_build_replay: the GEMM steps whose A operand is a weight get it
 * packed once into L->prepack (aclemuPrepackWeights), so no execution repacks it. Results are
 * bit-identical; a missing entry point, the memory checker or no memory just leaves it out. */
void mdl_prepack(mdl_loaded *L);

/* One execution (mdl_exec.c): sync waits for the stream (up to timeout_ms when > 0). */
aclError mdl_execute(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output, aclrtStream stream,
                     int sync, int32_t timeout_ms, const char *api);

/* messages */
int mdl_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
