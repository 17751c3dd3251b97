/* Single-operator dump: with dump_op_switch "on" in the dump configuration (aclInit's file or
 * aclmdlSetDump's), every operator an application runs by itself (aclnn two-stage APIs and aclop
 * single operators, both through the opbase executor) writes one file per execution to
 *   {dump_path}/{YYYYMMDDhhmmss}/{device}/{op_type}.{op_name}.{task_id}.{stream_id}.{timestamp_us}
 * (the single-operator layout of the real toolkit: no model / iteration levels), in the record of
 * dump_file.h. dump_mode picks inputs, outputs or both. Operators recorded into a model runtime
 * instance (stream capture, model load) are not dumped: they are not executed then. */
#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl_rt.h"
#include "aclemu_runtime.h"
#include "dump_config.h"
#include "dump_file.h"
#include "ri_capture.h"
#include "rt_internal.h"

static atomic_uint op_task_seq;

ACLEMU_API int aclemu_opdump_mode(aclrtStream stream)
{
    dump_cfg *c = dump_cfg_acquire_active();
    if (c == NULL)
        return 0;
    int mode = c->op_switch && dump_cfg_live(c) ? c->mode : 0;
    dump_cfg_release(c);
    if (mode == 0)
        return 0;
    rt_stream *s;
    if (rt_stream_resolve("aclnn", stream, &s) != ACL_SUCCESS)
        return 0; /* callers ask only for a stream they resolved */
    ri_lock_acquire();
    bool recording = s->capture != NULL;
    ri_lock_release();
    handle_put(&s->hdr);
    return recording ? 0 : mode;
}

static void fill(Toolkit__Dumpdata__Shape *sh, uint64_t *dims, const aclemu_dump_tensor *t)
{
    toolkit__dumpdata__shape__init(sh);
    for (uint32_t i = 0; i < t->ndims; i++)
        dims[i] = (uint64_t)t->dims[i];
    sh->n_dim = t->ndims;
    sh->dim = dims;
}

ACLEMU_API int aclemu_opdump_write(aclrtStream stream, const char *op_type, const char *op_name,
                                   const aclemu_dump_tensor *in, size_t nin, const aclemu_dump_tensor *out,
                                   size_t nout)
{
    if (nin > ACLEMU_OPDUMP_MAX || nout > ACLEMU_OPDUMP_MAX) {
        aclemu_errmsg_push("EP9999", "single-operator dump of %s: more than %d inputs or outputs", op_name,
                           ACLEMU_OPDUMP_MAX);
        return ACL_ERROR_FAILURE;
    }
    dump_cfg *c = dump_cfg_acquire_active();
    if (c == NULL)
        return ACL_SUCCESS; /* finalized meanwhile */
    rt_stream *s;
    int rc = rt_stream_resolve("aclnn", stream, &s);
    if (rc != ACL_SUCCESS) {
        dump_cfg_release(c);
        return rc;
    }
    int device = s->ctx->devid;
    int32_t sid = drv_stream_id(s->drv);
    handle_put(&s->hdr);

    char dir[PATH_MAX + 64], type[256], name[256], file[PATH_MAX + 640];
    snprintf(dir, sizeof(dir), "%s/%s/%d", c->path, c->stamp, device);
    if (dump_file_mkdirs(dir) != 0) {
        aclemu_errmsg_push("EP9999", "single-operator dump of %s: cannot create %s: %s", op_name, dir,
                           strerror(errno));
        dump_cfg_release(c);
        return ACL_ERROR_FAILURE;
    }
    uint64_t us = dump_file_now_us();
    dump_file_name_part(type, sizeof(type), op_type);
    dump_file_name_part(name, sizeof(name), op_name);
    snprintf(file, sizeof(file), "%s/%s.%s.%u.%d.%llu", dir, type, name, atomic_fetch_add(&op_task_seq, 1), (int)sid,
             (unsigned long long)us);
    dump_cfg_release(c);

    Toolkit__Dumpdata__OpInput ri[ACLEMU_OPDUMP_MAX], *rip[ACLEMU_OPDUMP_MAX];
    Toolkit__Dumpdata__OpOutput ro[ACLEMU_OPDUMP_MAX], *rop[ACLEMU_OPDUMP_MAX];
    Toolkit__Dumpdata__Shape sh[2 * ACLEMU_OPDUMP_MAX];
    uint64_t dims[2 * ACLEMU_OPDUMP_MAX][ACLEMU_OPDUMP_RANK];
    const void *ib[ACLEMU_OPDUMP_MAX], *ob[ACLEMU_OPDUMP_MAX];
    Toolkit__Dumpdata__DumpData dd;
    toolkit__dumpdata__dump_data__init(&dd);
    dd.version = (char *)"2.0";
    dd.dump_time = us;
    dd.op_name = (char *)op_name;
    for (size_t k = 0; k < nin; k++) {
        toolkit__dumpdata__op_input__init(&ri[k]);
        ri[k].data_type = dump_file_dtype(in[k].dtype);
        ri[k].format = in[k].format;
        fill(&sh[k], dims[k], &in[k]);
        ri[k].shape = &sh[k];
        ri[k].size = in[k].size;
        ri[k].address = in[k].address;
        rip[k] = &ri[k];
        ib[k] = in[k].bytes;
    }
    for (size_t k = 0; k < nout; k++) {
        toolkit__dumpdata__op_output__init(&ro[k]);
        ro[k].data_type = dump_file_dtype(out[k].dtype);
        ro[k].format = out[k].format;
        fill(&sh[ACLEMU_OPDUMP_MAX + k], dims[ACLEMU_OPDUMP_MAX + k], &out[k]);
        ro[k].shape = &sh[ACLEMU_OPDUMP_MAX + k];
        ro[k].size = out[k].size;
        ro[k].address = out[k].address;
        rop[k] = &ro[k];
        ob[k] = out[k].bytes;
    }
    dd.n_input = nin;
    dd.input = rip;
    dd.n_output = nout;
    dd.output = rop;
    if (dump_file_write(file, &dd, ib, ob) != 0) {
        aclemu_errmsg_push("EP9999", "single-operator dump of %s: cannot write %s: %s", op_name, file,
                           strerror(errno));
        return ACL_ERROR_FAILURE;
    }
    return ACL_SUCCESS;
}
