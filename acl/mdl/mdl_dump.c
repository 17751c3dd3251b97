/* Model dump: aclmdlInitDump / aclmdlSetDump / aclmdlFinalizeDump (the order checks and codes of
 * the real runtime) and the dump files an execution writes (the configuration: dump_config.h).
 *
 * A model loaded while a dump configuration is active keeps it. While that configuration lives
 * (until aclmdlFinalizeDump / aclFinalize) each aclmdlExecute of the model whose iteration
 * dump_step selects runs its steps one at a time instead of replaying the recorded task list;
 * after each step whose node dump_list selects, the step's tensors are written to
 *   {dump_path}/{YYYYMMDDhhmmss}/{device}/{model_name}/{model_id}/{iteration}/
 *   {op_type}.{op_name}.{task_id}.{stream_id}.{timestamp_us}
 * in the record of dump_file.h. task_id is the step's
 * index in the model, stream_id 0. Inputs are taken before the step runs, outputs after. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_dump.h"
#include "acl/acl_rt.h"
#include "aclemu_runtime.h"
#include "dump_config.h"
#include "dump_file.h"
#include "mdl_internal.h"
#include "config.h"
#include "rt_internal.h"

static pthread_mutex_t api_lock = PTHREAD_MUTEX_INITIALIZER;

static aclError sequence(const char *func, const char *reason, aclError code)
{
    aclemu_errmsg_push("EP0008", "%s failed. Reason: %s.", func, reason);
    return code;
}

ACL_FUNC_VISIBILITY aclError aclmdlInitDump()
{
    if (!acl_is_initialized())
        return sequence("aclmdlInitDump", "aclInit must be executed before aclmdlInitDump is called",
                        ACL_ERROR_UNINITIALIZE);
    pthread_mutex_lock(&api_lock);
    aclError rc = ACL_SUCCESS;
    if (dump_api_initialized())
        rc = sequence("aclmdlInitDump", "This API cannot be called repeatedly", ACL_ERROR_REPEAT_INITIALIZE);
    else if (dump_cfg_from_init()) /* documented: fails when aclInit's file configured the dump */
        rc = sequence("aclmdlInitDump", "the dump has already been configured by the aclInit configuration file",
                      ACL_ERROR_REPEAT_INITIALIZE);
    else
        dump_set_api_initialized(true);
    pthread_mutex_unlock(&api_lock);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetDump(const char *dumpCfgPath)
{
    if (!acl_is_initialized())
        return sequence("aclmdlSetDump", "aclInit must be executed before aclmdlSetDumpImpl is called",
                        ACL_ERROR_UNINITIALIZE);
    pthread_mutex_lock(&api_lock);
    aclError rc = ACL_SUCCESS;
    char *text = NULL;
    if (!dump_api_initialized()) {
        rc = sequence("aclmdlSetDump", "aclmdlInitDump must be executed before aclmdlSetDumpImpl is called",
                      ACL_ERROR_DUMP_NOT_RUN);
    } else if (dumpCfgPath == NULL) {
        ERR_NULL("dumpCfgPath");
        rc = ACL_ERROR_INVALID_PARAM;
    } else if ((rc = config_read_file(dumpCfgPath, &text)) == ACL_SUCCESS && text[0] != '\0') {
        size_t od, ad;
        config_nesting(text, &od, &ad);
        if (od > 10 || ad > 10) {
            aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: object depth %zu exceeds max 10 or array depth "
                               "%zu exceeds max 10.", dumpCfgPath, od, ad);
            rc = ACL_ERROR_PARSE_FILE;
        } else {
            dump_cfg *c = NULL;
            rc = dump_cfg_parse_text(dumpCfgPath, text, &c);
            if (rc == ACL_SUCCESS && c != NULL) /* a file asking for no dump leaves the configuration as it is */
                dump_cfg_set_active(c, false);
        }
    }
    free(text);
    pthread_mutex_unlock(&api_lock);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclmdlFinalizeDump()
{
    if (!acl_is_initialized())
        return sequence("aclmdlFinalizeDump", "aclInit must be executed before aclmdlFinalizeDump is called",
                        ACL_ERROR_UNINITIALIZE);
    pthread_mutex_lock(&api_lock);
    aclError rc = ACL_SUCCESS;
    if (!dump_api_initialized()) {
        rc = sequence("aclmdlFinalizeDump", "aclmdlInitDump must be executed before aclmdlFinalizeDump is called",
                      ACL_ERROR_DUMP_NOT_RUN);
    } else {
        dump_cfg_unset();
        dump_set_api_initialized(false);
    }
    pthread_mutex_unlock(&api_lock);
    return rc;
}

/* The configured dump_path of a data dump (the only kind aclemu configures), NULL if none. */
ACL_FUNC_VISIBILITY const char *acldumpGetPath(acldumpType dumpType)
{
    static char buf[4096];
    if (dumpType != DATA_DUMP)
        return NULL;
    pthread_mutex_lock(&api_lock);
    const char *r = dump_cfg_active_path(buf, sizeof(buf)) ? buf : NULL;
    pthread_mutex_unlock(&api_lock);
    return r;
}

/* ---- at load ---- */

void mdl_dump_attach(mdl_loaded *L)
{
    dump_cfg *c = dump_cfg_acquire_active();
    if (c == NULL)
        return;
    const dump_model_sel *pick = NULL;
    const char *name = L->m->graph_name ? L->m->graph_name : "";
    for (size_t i = 0; i < c->nsel; i++) {
        const dump_model_sel *s = &c->sel[i];
        if (s->model_name != NULL && strcmp(s->model_name, name) == 0) {
            pick = s;
            break;
        }
        if (s->model_name == NULL && pick == NULL)
            pick = s;
    }
    if (pick == NULL) {
        dump_cfg_release(c);
        return;
    }
    L->dump = c;
    L->dump_sel = pick;
}

void mdl_dump_detach(mdl_loaded *L)
{
    dump_cfg_release(L->dump);
    L->dump = NULL;
    L->dump_sel = NULL;
}

/* ---- at execution ---- */

bool mdl_dump_wanted(mdl_loaded *top)
{
    if (top->dump == NULL || !dump_cfg_live(top->dump))
        return false;
    const dump_cfg *c = top->dump;
    if (c->nsteps == 0)
        return true;
    for (size_t i = 0; i < c->nsteps; i++)
        if ((int64_t)top->dump_iter >= c->steps[i][0] && (int64_t)top->dump_iter <= c->steps[i][1])
            return true;
    return false;
}

static bool layer_selected(const dump_model_sel *s, const char *node)
{
    if (!s->has_layer)
        return true;
    for (size_t i = 0; i < s->nlayers; i++)
        if (strcmp(s->layers[i], node ? node : "") == 0)
            return true;
    return false;
}

typedef struct dump_side {
    Toolkit__Dumpdata__OpInput in[MDL_MAX_STEP_IN];
    Toolkit__Dumpdata__OpOutput out[MDL_MAX_STEP_OUT];
    Toolkit__Dumpdata__Shape shape[MDL_MAX_STEP_IN + MDL_MAX_STEP_OUT];
    uint64_t dims[MDL_MAX_STEP_IN + MDL_MAX_STEP_OUT][MDL_MAX_DIMS];
    Toolkit__Dumpdata__OpInput *inp[MDL_MAX_STEP_IN];
    Toolkit__Dumpdata__OpOutput *outp[MDL_MAX_STEP_OUT];
    void *in_bytes[MDL_MAX_STEP_IN];
    size_t in_len[MDL_MAX_STEP_IN];
    size_t nin;
} dump_side;

static Toolkit__Dumpdata__Shape *fill_shape(dump_side *d, size_t k, const mdl_tensor *t)
{
    toolkit__dumpdata__shape__init(&d->shape[k]);
    for (uint32_t i = 0; i < t->ndims; i++)
        d->dims[k][i] = (uint64_t)t->dims[i];
    d->shape[k].n_dim = t->ndims;
    d->shape[k].dim = d->dims[k];
    return &d->shape[k];
}

/* Writes one step's file: header length, DumpData, input bytes, output bytes. */
static int write_step(const mdl_loaded *G, const mdl_loaded *top, uint32_t index, dump_side *d, int mode)
{
    const mdl_model *m = G->m;
    const mdl_step *st = &m->steps[index];
    const dump_cfg *c = top->dump;
    char dir[PATH_MAX + 512], type[256], name[512], file[PATH_MAX + 1536];
    char model[256];
    dump_file_name_part(model, sizeof(model), top->m->graph_name);
    snprintf(dir, sizeof(dir), "%s/%s/%d/%s/%u/%llu", c->path, c->stamp, (int)top->device, model, top->id,
             (unsigned long long)top->dump_iter);
    if (dump_file_mkdirs(dir) != 0)
        return mdl_fail(ACL_ERROR_FAILURE, "model %u dump: cannot create %s: %s", top->id, dir, strerror(errno));
    uint64_t us = dump_file_now_us();
    dump_file_name_part(type, sizeof(type), st->op_type);
    dump_file_name_part(name, sizeof(name), st->node);
    snprintf(file, sizeof(file), "%s/%s.%s.%u.0.%llu", dir, type, name, index, (unsigned long long)us);

    Toolkit__Dumpdata__DumpData dd;
    toolkit__dumpdata__dump_data__init(&dd);
    dd.version = (char *)"2.0";
    dd.dump_time = us;
    dd.op_name = st->node ? st->node : (char *)"";
    const void *out_bytes[MDL_MAX_STEP_OUT];
    size_t nout = 0;
    if (mode & DUMP_MODE_INPUT) {
        dd.n_input = d->nin;
        dd.input = d->inp;
    }
    if (mode & DUMP_MODE_OUTPUT) {
        for (uint32_t k = 0; k < st->nout; k++) {
            if (st->out[k] < 0)
                continue;
            const mdl_tensor *t = &m->tensors[st->out[k]];
            Toolkit__Dumpdata__OpOutput *o = &d->out[nout];
            toolkit__dumpdata__op_output__init(o);
            o->data_type = dump_file_dtype(t->dtype);
            o->format = t->format;
            o->shape = fill_shape(d, MDL_MAX_STEP_IN + nout, t);
            o->size = t->bytes;
            const void *addr = mdl_tensor_addr(G, t);
            o->address = (uint64_t)(uintptr_t)addr;
            out_bytes[nout] = aclemu_host_view(addr, (size_t)t->bytes);
            if (out_bytes[nout] == NULL && t->bytes)
                return mdl_fail(ACL_ERROR_FAILURE, "model %u dump: output %u of node %s is not readable", top->id, k,
                                st->node);
            d->outp[nout] = o;
            nout++;
        }
        dd.n_output = nout;
        dd.output = d->outp;
    }
    int ok = dump_file_write(file, &dd, (const void *const *)d->in_bytes, out_bytes) == 0;
    if (!ok)
        return mdl_fail(ACL_ERROR_FAILURE, "model %u dump: cannot write %s: %s", top->id, file, strerror(errno));
    return ACL_SUCCESS;
}

/* the inputs of step st as they are before it runs */
static int take_inputs(const mdl_loaded *G, const mdl_step *st, dump_side *d)
{
    const mdl_model *m = G->m;
    d->nin = 0;
    for (uint32_t k = 0; k < st->nin; k++) {
        if (st->in[k] < 0)
            continue;
        const mdl_tensor *t = &m->tensors[st->in[k]];
        Toolkit__Dumpdata__OpInput *o = &d->in[d->nin];
        toolkit__dumpdata__op_input__init(o);
        o->data_type = dump_file_dtype(t->dtype);
        o->format = t->format;
        o->shape = fill_shape(d, d->nin, t);
        o->size = t->bytes;
        const void *addr = mdl_tensor_addr(G, t);
        o->address = (uint64_t)(uintptr_t)addr;
        const void *h = aclemu_host_view(addr, (size_t)t->bytes);
        d->in_len[d->nin] = (size_t)t->bytes;
        d->in_bytes[d->nin] = t->bytes ? malloc((size_t)t->bytes) : NULL;
        d->inp[d->nin] = o;
        d->nin++;
        if (t->bytes && (h == NULL || d->in_bytes[d->nin - 1] == NULL))
            return mdl_fail(ACL_ERROR_FAILURE, "model dump: input %u of node %s is not readable", k, st->node);
        if (t->bytes)
            memcpy(d->in_bytes[d->nin - 1], h, (size_t)t->bytes);
    }
    return ACL_SUCCESS;
}

static void free_inputs(dump_side *d)
{
    for (size_t k = 0; k < d->nin; k++)
        free(d->in_bytes[k]);
    d->nin = 0;
}

int mdl_dump_run_steps(mdl_loaded *G, mdl_loaded *top, aclrtStream stream, const char *api)
{
    const mdl_model *m = G->m;
    int mode = top->dump->mode, rc = ACL_SUCCESS;
    dump_side *d = calloc(1, sizeof(*d));
    if (d == NULL)
        return mdl_fail(ACL_ERROR_BAD_ALLOC, "%s: model %u dump: out of memory", api, top->id);
    for (uint32_t i = 0; i < G->nplans && rc == ACL_SUCCESS; i++) {
        mdl_plan *p = &G->plans[i];
        const mdl_step *st = &m->steps[i];
        bool sel = layer_selected(top->dump_sel, st->node);
        if (sel && (mode & DUMP_MODE_INPUT) && (rc = aclrtSynchronizeStream(stream)) == ACL_SUCCESS)
            rc = take_inputs(G, st, d);
        if (rc != ACL_SUCCESS)
            break;
        if (p->ex == NULL) {
            if (p->copy_bytes)
                rc = aclrtMemcpyAsync(p->copy_dst, p->copy_bytes, p->copy_src, p->copy_bytes,
                                      ACL_MEMCPY_DEVICE_TO_DEVICE, stream);
        } else {
            aclnnStatus s = p->run(G->scratch, p->ws_size, p->ex, stream);
            if (s != 0)
                rc = mdl_fail(ACL_ERROR_FAILURE, "%s: model %u step %u, node %s (%s): %s returned %d", api, top->id,
                              i, st->node, st->op_type, mdl_step_api(st->kind), (int)s);
        }
        if (rc == ACL_SUCCESS && sel && (rc = aclrtSynchronizeStream(stream)) == ACL_SUCCESS)
            rc = write_step(G, top, i, d, mode);
        free_inputs(d);
    }
    free(d);
    return rc;
}
