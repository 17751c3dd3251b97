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
} mdl_io;

struct aclmdlDesc {
    size_t nin, nout;
    mdl_io *in, *out;
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
    bool own_work, own_weight;
    mdl_plan *plans;
    uint32_t nplans;
    pthread_mutex_t lock;               /* one execution at a time: the workspace is shared */
    aclrtStream last_stream;            /* stream of the last async execution ... */
    bool pending;                       /* ... which may still be running */
    struct mdl_loaded *next;
} mdl_loaded;

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

/* messages */
int mdl_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
