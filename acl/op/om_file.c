/* The single-op model file (".om" as atc names it; our own format, see tools/atc/README.md):
 *   header: magic "AEOMSOP\0" (8 bytes), u32 version, u32 flags (0), u64 payload length,
 *           u64 FNV-1a-64 checksum of the payload
 *   payload: str soc_version, str op_type, u32 nin, desc[nin], u32 nout, desc[nout],
 *            u32 nattr, attr[nattr]
 * Little-endian; str = u32 length + bytes (no NUL). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "op_model.h"

#define HEADER_LEN 32u
#define MAX_ITEMS 4096u

typedef struct wbuf {
    unsigned char *p;
    size_t len, cap;
    int fail;
} wbuf;

static void put(wbuf *w, const void *src, size_t n)
{
    if (w->fail)
        return;
    if (w->len + n > w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 512;
        while (cap < w->len + n)
            cap *= 2;
        unsigned char *p = realloc(w->p, cap);
        if (p == NULL) {
            w->fail = 1;
            return;
        }
        w->p = p;
        w->cap = cap;
    }
    memcpy(w->p + w->len, src, n);
    w->len += n;
}

static void put_u32(wbuf *w, uint32_t v) { put(w, &v, 4); }
static void put_i32(wbuf *w, int32_t v) { put(w, &v, 4); }
static void put_i64(wbuf *w, int64_t v) { put(w, &v, 8); }
static void put_u64(wbuf *w, uint64_t v) { put(w, &v, 8); }
static void put_str(wbuf *w, const char *s)
{
    uint32_t n = s ? (uint32_t)strlen(s) : 0;
    put_u32(w, n);
    put(w, s, n);
}

static void put_desc(wbuf *w, const aclTensorDesc *d)
{
    put_i32(w, d->dtype);
    put_i32(w, d->format);
    put_i32(w, d->storage_format);
    put_u32(w, (uint32_t)d->placement);
    put_u32(w, d->is_const ? 1 : 0);
    put_u32(w, (uint32_t)d->ndims);
    for (size_t i = 0; i < d->ndims; i++)
        put_i64(w, d->dims[i]);
    put_u32(w, (uint32_t)d->storage_ndims);
    for (size_t i = 0; i < d->storage_ndims; i++)
        put_i64(w, d->storage_dims[i]);
    put_u32(w, (uint32_t)d->nrange);
    for (size_t i = 0; i < d->nrange; i++) {
        put_i64(w, d->range[i][0]);
        put_i64(w, d->range[i][1]);
    }
    put_str(w, d->name);
    put_u64(w, d->const_data ? d->const_len : 0);
    if (d->const_data)
        put(w, d->const_data, d->const_len);
}

static void put_attr(wbuf *w, const aclop_attr_value *v)
{
    put_str(w, v->name);
    put_u32(w, v->type);
    switch (v->type) {
    case ACLOP_ATTR_BOOL: put_u32(w, v->b); return;
    case ACLOP_ATTR_INT:
    case ACLOP_ATTR_DATA_TYPE: put_i64(w, v->i); return;
    case ACLOP_ATTR_FLOAT: put(w, &v->f, 4); return;
    case ACLOP_ATTR_STRING: put_str(w, v->s); return;
    default: break;
    }
    put_u32(w, (uint32_t)v->n);
    for (size_t k = 0; k < v->n; k++) {
        switch (v->type) {
        case ACLOP_ATTR_LIST_BOOL: put_u32(w, v->bools[k]); break;
        case ACLOP_ATTR_LIST_INT:
        case ACLOP_ATTR_LIST_DATA_TYPE: put_i64(w, v->ints[k]); break;
        case ACLOP_ATTR_LIST_FLOAT: put(w, &v->floats[k], 4); break;
        case ACLOP_ATTR_LIST_STRING: put_str(w, v->strs[k]); break;
        case ACLOP_ATTR_LIST_LIST_INT:
            put_u32(w, (uint32_t)v->list_lens[k]);
            for (size_t j = 0; j < v->list_lens[k]; j++)
                put_i64(w, v->lists[k][j]);
            break;
        default: break;
        }
    }
}

static uint64_t fnv1a(const unsigned char *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

int aclop_om_serialize(const aclop_model *m, void **blob, size_t *len)
{
    wbuf w = {0};
    unsigned char zero[HEADER_LEN] = {0};
    put(&w, zero, HEADER_LEN);
    put_str(&w, m->soc_version);
    put_str(&w, m->op_type);
    put_u32(&w, (uint32_t)m->nin);
    for (int k = 0; k < m->nin; k++)
        put_desc(&w, &m->in[k]);
    put_u32(&w, (uint32_t)m->nout);
    for (int k = 0; k < m->nout; k++)
        put_desc(&w, &m->out[k]);
    put_u32(&w, (uint32_t)m->attr->n);
    for (size_t k = 0; k < m->attr->n; k++)
        put_attr(&w, &m->attr->items[k]);
    if (w.fail) {
        free(w.p);
        return ACL_ERROR_BAD_ALLOC;
    }
    uint64_t plen = w.len - HEADER_LEN, sum = fnv1a(w.p + HEADER_LEN, plen);
    uint32_t version = ACLOP_OM_VERSION, flags = 0;
    memcpy(w.p, ACLOP_OM_MAGIC, 8); /* includes the NUL */
    memcpy(w.p + 8, &version, 4);
    memcpy(w.p + 12, &flags, 4);
    memcpy(w.p + 16, &plen, 8);
    memcpy(w.p + 24, &sum, 8);
    *blob = w.p;
    *len = w.len;
    return ACL_SUCCESS;
}

/* ---- reading ----------------------------------------------------------------------------- */
typedef struct rbuf {
    const unsigned char *p;
    size_t len, off;
    int fail;
} rbuf;

static void get(rbuf *r, void *dst, size_t n)
{
    if (r->fail || n > r->len - r->off) {
        r->fail = 1;
        memset(dst, 0, n);
        return;
    }
    memcpy(dst, r->p + r->off, n);
    r->off += n;
}

static uint32_t get_u32(rbuf *r) { uint32_t v; get(r, &v, 4); return v; }
static int32_t get_i32(rbuf *r) { int32_t v; get(r, &v, 4); return v; }
static int64_t get_i64(rbuf *r) { int64_t v; get(r, &v, 8); return v; }
static uint64_t get_u64(rbuf *r) { uint64_t v; get(r, &v, 8); return v; }

static char *get_str(rbuf *r)
{
    uint32_t n = get_u32(r);
    if (r->fail || n > r->len - r->off) {
        r->fail = 1;
        return NULL;
    }
    char *s = malloc((size_t)n + 1);
    if (s == NULL) {
        r->fail = 1;
        return NULL;
    }
    memcpy(s, r->p + r->off, n);
    s[n] = 0;
    r->off += n;
    return s;
}

static void get_desc(rbuf *r, aclTensorDesc *d)
{
    memset(d, 0, sizeof(*d));
    d->dtype = (aclDataType)get_i32(r);
    d->format = (aclFormat)get_i32(r);
    d->storage_format = (aclFormat)get_i32(r);
    d->placement = (aclMemType)get_u32(r);
    d->is_const = get_u32(r) != 0;
    d->ndims = get_u32(r);
    if (d->ndims > ACLOP_MAX_DIMS) {
        r->fail = 1;
        return;
    }
    for (size_t i = 0; i < d->ndims; i++)
        d->dims[i] = get_i64(r);
    d->storage_ndims = get_u32(r);
    if (d->storage_ndims > ACLOP_MAX_DIMS) {
        r->fail = 1;
        return;
    }
    for (size_t i = 0; i < d->storage_ndims; i++)
        d->storage_dims[i] = get_i64(r);
    d->nrange = get_u32(r);
    if (d->nrange > ACLOP_MAX_DIMS) {
        r->fail = 1;
        return;
    }
    for (size_t i = 0; i < d->nrange; i++) {
        d->range[i][0] = get_i64(r);
        d->range[i][1] = get_i64(r);
    }
    d->name = get_str(r);
    uint64_t clen = get_u64(r);
    if (r->fail || clen > r->len - r->off) {
        r->fail = 1;
        return;
    }
    if (clen) {
        d->const_data = malloc(clen);
        if (d->const_data == NULL) {
            r->fail = 1;
            return;
        }
        get(r, d->const_data, clen);
        d->const_len = clen;
    }
}

static int get_attr(rbuf *r, aclopAttr *a)
{
    aclop_attr_value v;
    memset(&v, 0, sizeof(v));
    int rc = ACL_ERROR_DESERIALIZE_MODEL;
    v.name = get_str(r);
    v.type = (aclop_attr_type)get_u32(r);
    if (r->fail || v.type < ACLOP_ATTR_BOOL || v.type > ACLOP_ATTR_LIST_LIST_INT)
        goto out;
    switch (v.type) {
    case ACLOP_ATTR_BOOL: v.b = get_u32(r) != 0; break;
    case ACLOP_ATTR_INT:
    case ACLOP_ATTR_DATA_TYPE: v.i = get_i64(r); break;
    case ACLOP_ATTR_FLOAT: get(r, &v.f, 4); break;
    case ACLOP_ATTR_STRING: v.s = get_str(r); break;
    default: {
        v.n = get_u32(r);
        if (r->fail || v.n > MAX_ITEMS || v.n > r->len - r->off)
            goto out;
        size_t n = v.n ? v.n : 1;
        v.bools = calloc(n, 1);
        v.ints = calloc(n, sizeof(int64_t));
        v.floats = calloc(n, sizeof(float));
        if (v.type == ACLOP_ATTR_LIST_STRING)
            v.strs = calloc(n, sizeof(char *));
        if (v.type == ACLOP_ATTR_LIST_LIST_INT) {
            v.lists = calloc(n, sizeof(int64_t *));
            v.list_lens = calloc(n, sizeof(size_t));
        }
        for (size_t k = 0; k < v.n && !r->fail; k++) {
            switch (v.type) {
            case ACLOP_ATTR_LIST_BOOL: v.bools[k] = get_u32(r) != 0; break;
            case ACLOP_ATTR_LIST_INT:
            case ACLOP_ATTR_LIST_DATA_TYPE: v.ints[k] = get_i64(r); break;
            case ACLOP_ATTR_LIST_FLOAT: get(r, &v.floats[k], 4); break;
            case ACLOP_ATTR_LIST_STRING: v.strs[k] = get_str(r); break;
            case ACLOP_ATTR_LIST_LIST_INT: {
                uint32_t m = get_u32(r);
                if (r->fail || m > MAX_ITEMS || (size_t)m * 8 > r->len - r->off) {
                    r->fail = 1;
                    break;
                }
                v.list_lens[k] = m;
                v.lists[k] = calloc(m ? m : 1, sizeof(int64_t));
                for (uint32_t j = 0; j < m && v.lists[k]; j++)
                    v.lists[k][j] = get_i64(r);
                break;
            }
            default: break;
            }
        }
        break;
    }
    }
    if (!r->fail && v.name)
        rc = aclop_attr_put(a, &v);
out:
    aclop_attr_value_free(&v); /* aclop_attr_put kept a copy */
    return rc;
}

int aclop_om_parse(const void *blob, size_t len, aclop_model **out, char *why, size_t cap)
{
    const unsigned char *p = blob;
    *out = NULL;
    if (len < HEADER_LEN || memcmp(p, ACLOP_OM_MAGIC, 8) != 0) {
        snprintf(why, cap, "not a single-op model file of this toolkit (bad magic; produce it with atc --singleop)");
        return ACL_ERROR_DESERIALIZE_MODEL;
    }
    uint32_t version;
    uint64_t plen, sum;
    memcpy(&version, p + 8, 4);
    memcpy(&plen, p + 16, 8);
    memcpy(&sum, p + 24, 8);
    if (version != ACLOP_OM_VERSION) {
        snprintf(why, cap, "model format version %u is not supported (expected %u)", version, ACLOP_OM_VERSION);
        return ACL_ERROR_DESERIALIZE_MODEL;
    }
    if (plen != len - HEADER_LEN) {
        snprintf(why, cap, "model size %zu does not match its header (%llu payload bytes)", len,
                 (unsigned long long)plen);
        return ACL_ERROR_DESERIALIZE_MODEL;
    }
    if (fnv1a(p + HEADER_LEN, plen) != sum) {
        snprintf(why, cap, "model checksum mismatch (the file is corrupted)");
        return ACL_ERROR_DESERIALIZE_MODEL;
    }
    rbuf r = {p, len, HEADER_LEN, 0};
    aclop_model *m = calloc(1, sizeof(*m));
    if (m == NULL)
        return ACL_ERROR_BAD_ALLOC;
    m->soc_version = get_str(&r);
    m->op_type = get_str(&r);
    m->attr = calloc(1, sizeof(aclopAttr));
    uint32_t nin = get_u32(&r); /* compared unsigned: a count past INT_MAX is no negative int */
    if (r.fail || nin > 64 || !m->attr)
        goto bad;
    m->nin = (int)nin;
    m->in = calloc((size_t)(m->nin ? m->nin : 1), sizeof(aclTensorDesc));
    for (int k = 0; m->in && k < m->nin && !r.fail; k++)
        get_desc(&r, &m->in[k]);
    uint32_t nout = get_u32(&r);
    if (r.fail || !m->in || nout > 64)
        goto bad;
    m->nout = (int)nout;
    m->out = calloc((size_t)(m->nout ? m->nout : 1), sizeof(aclTensorDesc));
    for (int k = 0; m->out && k < m->nout && !r.fail; k++)
        get_desc(&r, &m->out[k]);
    uint32_t na = get_u32(&r);
    if (r.fail || !m->out || na > MAX_ITEMS)
        goto bad;
    for (uint32_t k = 0; k < na; k++)
        if (get_attr(&r, m->attr) != ACL_SUCCESS)
            goto bad;
    if (r.fail || r.off != len)
        goto bad;
    for (int k = 0; k < m->nin; k++)
        if (!m->in[k].name)
            m->in[k].name = strdup("");
    for (int k = 0; k < m->nout; k++)
        if (!m->out[k].name)
            m->out[k].name = strdup("");
    for (int k = 0; k < m->nin; k++)
        m->dynamic |= aclop_desc_is_dynamic(&m->in[k]);
    for (int k = 0; k < m->nout; k++)
        m->dynamic |= aclop_desc_is_dynamic(&m->out[k]);
    *out = m;
    return ACL_SUCCESS;
bad:
    snprintf(why, cap, "the model payload is truncated or inconsistent at byte %zu", r.off);
    aclop_model_free(m);
    return ACL_ERROR_DESERIALIZE_MODEL;
}
