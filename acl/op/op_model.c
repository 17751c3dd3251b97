/* The registry of single-op models and the GE matching rules (see op_model.h). */
#include "op_model.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu_runtime.h"

#define DEFAULT_MAX_OPQUEUE_NUM 20000u

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static aclop_model *models;        /* newest first */
static size_t n_models, n_compiled;
static uint64_t max_compiled = DEFAULT_MAX_OPQUEUE_NUM;
static uint64_t use_clock;

static bool desc_dynamic_any(int n, const aclTensorDesc *d)
{
    for (int k = 0; k < n; k++)
        if (aclop_desc_is_dynamic(&d[k]))
            return true;
    return false;
}

aclop_model *aclop_model_new(const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                             const aclTensorDesc *const out[], const aclopAttr *attr)
{
    aclop_model *m = calloc(1, sizeof(*m));
    if (m == NULL)
        return NULL;
    m->op_type = strdup(opType);
    m->soc_version = strdup("");
    m->nin = nin;
    m->nout = nout;
    m->in = calloc((size_t)(nin ? nin : 1), sizeof(aclTensorDesc));
    m->out = calloc((size_t)(nout ? nout : 1), sizeof(aclTensorDesc));
    m->attr = aclop_attr_clone(attr);
    if (!m->op_type || !m->soc_version || !m->in || !m->out || !m->attr) {
        aclop_model_free(m);
        return NULL;
    }
    for (int k = 0; k < nin; k++)
        if (aclop_desc_copy(&m->in[k], in[k]) != ACL_SUCCESS) {
            aclop_model_free(m);
            return NULL;
        }
    for (int k = 0; k < nout; k++)
        if (aclop_desc_copy(&m->out[k], out[k]) != ACL_SUCCESS) {
            aclop_model_free(m);
            return NULL;
        }
    m->dynamic = desc_dynamic_any(nin, m->in) || desc_dynamic_any(nout, m->out);
    return m;
}

void aclop_model_free(aclop_model *m)
{
    if (m == NULL)
        return;
    for (int k = 0; m->in && k < m->nin; k++)
        aclop_desc_release(&m->in[k]);
    for (int k = 0; m->out && k < m->nout; k++)
        aclop_desc_release(&m->out[k]);
    free(m->in);
    free(m->out);
    aclop_attr_free(m->attr);
    free(m->op_type);
    free(m->soc_version);
    free(m->path);
    free(m);
}

/* Request descriptor r against model descriptor m. Outputs may be dynamic in the request:
 * their shapes are computed at execution. */
static bool desc_match(const aclTensorDesc *m, const aclTensorDesc *r, bool is_output, bool dynamic_pass)
{
    bool mo = aclop_desc_is_optional(m), ro = aclop_desc_is_optional(r);
    if (mo || ro)
        return mo && ro;
    if (m->dtype != r->dtype || m->format != r->format || m->storage_format != r->storage_format ||
        m->placement != r->placement || m->is_const != r->is_const)
        return false;
    if (m->is_const && m->const_data && r->const_data &&
        (m->const_len != r->const_len || memcmp(m->const_data, r->const_data, m->const_len) != 0))
        return false;
    if (!dynamic_pass) {
        if (is_output && aclop_desc_is_dynamic(r) && !aclop_desc_unknown_rank(r)) {
            if (r->ndims != m->ndims)
                return false;
            for (size_t i = 0; i < r->ndims; i++)
                if (r->dims[i] >= 0 && r->dims[i] != m->dims[i])
                    return false;
            return true;
        }
        if (is_output && aclop_desc_unknown_rank(r))
            return true;
        return m->ndims == r->ndims && (m->ndims == 0 || memcmp(m->dims, r->dims, m->ndims * sizeof(int64_t)) == 0);
    }
    if (aclop_desc_unknown_rank(m))
        return true;
    if (is_output && aclop_desc_unknown_rank(r))
        return true;
    if (m->ndims != r->ndims)
        return false;
    for (size_t i = 0; i < m->ndims; i++) {
        int64_t md = m->dims[i], rd = r->dims[i];
        if (md >= 0) {
            if (rd != md && !(is_output && rd < 0))
                return false;
            continue;
        }
        if (rd < 0) {
            if (!is_output)
                return false;
            continue;
        }
        if (i < m->nrange) {
            int64_t lo = m->range[i][0], hi = m->range[i][1];
            if (rd < lo || (hi >= 0 && rd > hi))
                return false;
        }
    }
    return true;
}

static bool model_match(const aclop_model *m, const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                        const aclTensorDesc *const out[], const aclopAttr *attr, bool dynamic_pass)
{
    if (m->dynamic != dynamic_pass || m->nin != nin || m->nout != nout || strcmp(m->op_type, opType) != 0)
        return false;
    for (int k = 0; k < nin; k++)
        if (!desc_match(&m->in[k], in[k], false, dynamic_pass))
            return false;
    for (int k = 0; k < nout; k++)
        if (!desc_match(&m->out[k], out[k], true, dynamic_pass))
            return false;
    return aclop_attr_equal(m->attr, attr);
}

static bool model_same(const aclop_model *a, const aclop_model *b)
{
    if (a->dynamic != b->dynamic || a->nin != b->nin || a->nout != b->nout || strcmp(a->op_type, b->op_type))
        return false;
    const aclTensorDesc *in[64], *out[64];
    if (b->nin > 64 || b->nout > 64)
        return false;
    for (int k = 0; k < b->nin; k++)
        in[k] = &b->in[k];
    for (int k = 0; k < b->nout; k++)
        out[k] = &b->out[k];
    if (!model_match(a, b->op_type, b->nin, in, b->nout, out, b->attr, a->dynamic))
        return false;
    for (int k = 0; k < a->nin; k++)
        if (a->in[k].nrange != b->in[k].nrange ||
            memcmp(a->in[k].range, b->in[k].range, a->in[k].nrange * sizeof(a->in[k].range[0])))
            return false;
    return true;
}

/* Ages out the least recently used compiled models beyond the limit (locked). */
static void age_locked(void)
{
    while (n_compiled > max_compiled) {
        aclop_model **victim = NULL;
        for (aclop_model **pp = &models; *pp; pp = &(*pp)->next)
            if ((*pp)->src == ACLOP_SRC_COMPILED && (victim == NULL || (*pp)->last_use < (*victim)->last_use))
                victim = pp;
        if (victim == NULL)
            return;
        aclop_model *m = *victim;
        *victim = m->next;
        aclop_model_free(m);
        n_compiled--;
        n_models--;
    }
}

int aclop_model_register(aclop_model *m, aclop_model_src src)
{
    m->src = src;
    pthread_mutex_lock(&reg_lock);
    for (aclop_model *p = models; p; p = p->next) {
        if (model_same(p, m)) {
            p->last_use = ++use_clock;
            /* a load or model-dir entry outlives aging */
            if (p->src == ACLOP_SRC_COMPILED && src != ACLOP_SRC_COMPILED) {
                p->src = src;
                n_compiled--;
            }
            pthread_mutex_unlock(&reg_lock);
            aclop_model_free(m);
            return ACL_SUCCESS;
        }
    }
    m->last_use = ++use_clock;
    m->next = models;
    models = m;
    n_models++;
    if (src == ACLOP_SRC_COMPILED)
        n_compiled++;
    age_locked();
    pthread_mutex_unlock(&reg_lock);
    return ACL_SUCCESS;
}

int aclop_model_match(const char *opType, int nin, const aclTensorDesc *const in[], int nout,
                      const aclTensorDesc *const out[], const aclopAttr *attr, bool *dynamic)
{
    pthread_mutex_lock(&reg_lock);
    for (int pass = 0; pass < 2; pass++) {
        for (aclop_model *p = models; p; p = p->next) {
            if (model_match(p, opType, nin, in, nout, out, attr, pass == 1)) {
                p->last_use = ++use_clock;
                *dynamic = p->dynamic;
                pthread_mutex_unlock(&reg_lock);
                return ACL_SUCCESS;
            }
        }
    }
    pthread_mutex_unlock(&reg_lock);
    return ACL_ERROR_OP_NOT_FOUND;
}

bool aclop_model_any_has_attr(const char *opType, const char *name)
{
    bool found = false;
    pthread_mutex_lock(&reg_lock);
    for (aclop_model *p = models; p && !found; p = p->next)
        found = strcmp(p->op_type, opType) == 0 && aclop_attr_find(p->attr, name) != NULL;
    pthread_mutex_unlock(&reg_lock);
    return found;
}

void aclop_model_set_max(uint64_t n)
{
    pthread_mutex_lock(&reg_lock);
    max_compiled = n;
    age_locked();
    pthread_mutex_unlock(&reg_lock);
}

size_t aclop_model_count(void)
{
    pthread_mutex_lock(&reg_lock);
    size_t n = n_models;
    pthread_mutex_unlock(&reg_lock);
    return n;
}

void aclop_model_clear(void)
{
    pthread_mutex_lock(&reg_lock);
    while (models) {
        aclop_model *m = models;
        models = m->next;
        aclop_model_free(m);
    }
    n_models = n_compiled = 0;
    pthread_mutex_unlock(&reg_lock);
}
