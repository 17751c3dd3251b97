/* ViewCopy kernel: dst view = src view (broadcast strides allowed), converting dtypes (the same
 * dtype through the shared strided copy, aclemu_copy_block); a conversion to or from a complex type goes through the ops_nn/vec cast. */
#include "acl/acl_base.h"
#include "aclemu_op/kernel_util.h"
#ifdef ACLEMU_HAVE_VEC
#include "cast.h" /* ops_nn/vec */
#endif

static int is_complex(int32_t dt)
{
    return dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128;
}

static int view_copy_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(aclemu_ew))
        return ACLEMU_KERNEL_BAD_ARGS;
    const aclemu_ew *ew = (const aclemu_ew *)args;
    if (aclemu_copy_block(ew, blk) == 0) /* same dtype: the shared strided copy */
        return 0;
    uint64_t s, e;
    aclemu_block_range(ew->numel, ew->per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, ew, s, e);
    char *p[2];
    int64_t n;
    const int32_t ddt = ew->op[0].dtype, sdt = ew->op[1].dtype;
    const int cplx = ddt != sdt && (is_complex(ddt) || is_complex(sdt));
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
#ifdef ACLEMU_HAVE_VEC
        int64_t des = (int64_t)aclemu_kdtype_size(ddt), ses = (int64_t)aclemu_kdtype_size(sdt);
        if (cplx && vec_cast_elems(p[1], sdt, it.inner_stride[1] / ses, p[0], ddt, it.inner_stride[0] / des, n) == 0)
            continue;
#endif
        if (cplx)
            return ACLEMU_KERNEL_BAD_ARGS;
        aclemu_convert_run(p[0], ddt, it.inner_stride[0], p[1], sdt, it.inner_stride[1], n);
    }
    return 0;
}

ACLEMU_KERNEL("ViewCopy", view_copy_kernel);
