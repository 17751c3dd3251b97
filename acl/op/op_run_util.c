/* The shared machinery of the aclop adapters (see op_run.h). */
#include "op_run.h"

#include <string.h>

#include "acl/acl_rt.h"

int run_begin(aclop_run *r, aclop_call *c)
{
    memset(r, 0, sizeof(*r));
    r->c = c;
    r->nn = aclop_nn_get(c);
    return r->nn ? ACL_SUCCESS : ACL_ERROR_KERNEL_NOT_FOUND;
}

int run_end(aclop_run *r, int rc)
{
    if (r->nscratch) {
        /* the recorded launches read the scratch buffers: drain before freeing them */
        int s = aclrtSynchronizeStream(r->c->stream);
        if (rc == ACL_SUCCESS)
            rc = s;
        for (int k = 0; k < r->nscratch; k++)
            aclrtFree(r->scratch[k]);
    }
    if (r->nn) {
        for (int k = 0; k < r->nt; k++)
            r->nn->destroy_tensor(r->t[k]);
        for (int k = 0; k < r->ns; k++)
            r->nn->destroy_scalar(r->s[k]);
        for (int k = 0; k < r->na; k++)
            r->nn->destroy_int_array(r->a[k]);
    }
    return rc;
}

int run_check_objects(aclop_run *r)
{
    if (!r->oom)
        return ACL_SUCCESS;
    return aclop_fail(r->c, ACL_ERROR_BAD_ALLOC, "op %s: cannot create its aclnn tensors", r->c->spec->type);
}

aclTensor *run_view(aclop_run *r, aclDataType dt, aclFormat fmt, size_t nd, const int64_t *dims, const int64_t *strides,
                    int64_t offset, void *addr)
{
    int64_t st[ACLOP_MAX_DIMS];
    int64_t s = 1, extent = 1;
    bool empty = false;
    for (size_t i = nd; i-- > 0;) {
        st[i] = strides ? strides[i] : s;
        s *= dims[i] > 0 ? dims[i] : 1;
        empty |= dims[i] == 0;
        if (dims[i] > 0)
            extent += (dims[i] - 1) * st[i];
    }
    /* storage: the flat run from the base to the last element of the view */
    int64_t storage = empty ? 0 : offset + extent;
    if (fmt == ACL_FORMAT_UNDEFINED)
        fmt = ACL_FORMAT_ND;
    aclTensor *t = r->nt < RUN_MAX_OBJ ? r->nn->create_tensor(dims, nd, dt, st, offset, fmt, &storage, 1, addr) : NULL;
    if (t)
        r->t[r->nt++] = t;
    else
        r->oom = true;
    return t;
}

/* Formats the aclnn layer accepts for a plain tensor of this rank. */
static aclFormat plain_format(aclFormat f, size_t nd)
{
    if ((f == ACL_FORMAT_NCHW && nd == 4) || (f == ACL_FORMAT_NCDHW && nd == 5) || (f == ACL_FORMAT_NCL && nd == 3))
        return f;
    return ACL_FORMAT_ND;
}

aclTensor *run_input(aclop_run *r, int k)
{
    const aclTensorDesc *d = r->c->in[k];
    return run_view(r, d->dtype, plain_format(d->format, d->ndims), d->ndims, d->dims, NULL, 0, r->c->in_addr[k]);
}

aclTensor *run_output(aclop_run *r, int k)
{
    const aclop_tinfo *t = &r->c->inferred[k];
    return run_view(r, t->dtype, plain_format(t->format, t->ndims), t->ndims, t->dims, NULL, 0, r->c->out_addr[k]);
}

aclTensor *run_nchw(aclop_run *r, aclDataType dt, const int64_t dims[4], const int pos[4], void *addr)
{
    int64_t st[4], s = 1, vd[4], vs[4];
    for (int i = 4; i-- > 0;) {
        st[i] = s;
        s *= dims[i];
    }
    for (int i = 0; i < 4; i++) {
        vd[i] = dims[pos[i]];
        vs[i] = st[pos[i]];
    }
    return run_view(r, dt, ACL_FORMAT_NCHW, 4, vd, vs, 0, addr);
}

static aclScalar *keep_scalar(aclop_run *r, aclScalar *s)
{
    if (s && r->ns < RUN_MAX_OBJ)
        r->s[r->ns++] = s;
    else {
        if (s)
            r->nn->destroy_scalar(s);
        r->oom = true;
        s = NULL;
    }
    return s;
}

aclScalar *run_scalar_f64(aclop_run *r, double v)
{
    return keep_scalar(r, r->nn->create_scalar(&v, ACL_DOUBLE));
}

aclScalar *run_scalar_f32(aclop_run *r, float v)
{
    return keep_scalar(r, r->nn->create_scalar(&v, ACL_FLOAT));
}

aclScalar *run_scalar_one(aclop_run *r, aclDataType dt)
{
    union {
        float f;
        double d;
        int8_t i8;
        uint8_t u8;
        int16_t i16;
        int32_t i32;
        int64_t i64;
        uint16_t h;
    } v;
    memset(&v, 0, sizeof(v));
    switch (dt) {
    case ACL_DOUBLE: v.d = 1.0; break;
    case ACL_INT8: v.i8 = 1; break;
    case ACL_UINT8: case ACL_BOOL: v.u8 = 1; break;
    case ACL_INT16: v.i16 = 1; break;
    case ACL_INT32: v.i32 = 1; break;
    case ACL_INT64: v.i64 = 1; break;
    case ACL_FLOAT16: v.h = 0x3C00; break;
    case ACL_BF16: v.h = 0x3F80; break;
    default: dt = ACL_FLOAT; v.f = 1.0f; break;
    }
    return keep_scalar(r, r->nn->create_scalar(&v, dt));
}

aclIntArray *run_ints(aclop_run *r, const int64_t *v, size_t n)
{
    aclIntArray *a = r->na < RUN_MAX_OBJ ? r->nn->create_int_array(v, n) : NULL;
    if (a)
        r->a[r->na++] = a;
    else
        r->oom = true;
    return a;
}

void *run_scratch(aclop_run *r, size_t bytes)
{
    void *p = NULL;
    if (r->nscratch >= (int)(sizeof(r->scratch) / sizeof(r->scratch[0])) ||
        aclrtMalloc(&p, bytes ? bytes : 32, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        r->oom = true;
        return NULL;
    }
    r->scratch[r->nscratch++] = p;
    return p;
}
