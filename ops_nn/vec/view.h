/* A tensor view as the kernels see it (host pointers inside the device
 * process): base pointer with the view offset applied, dtype, shape and
 * strides in elements. Plus the N-D iterator that walks several views of one
 * shape (broadcast inputs have stride 0) as runs along the innermost dim,
 * after merging dims that are contiguous for every operand. */
#ifndef ACLEMU_VEC_VIEW_H
#define ACLEMU_VEC_VIEW_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define VEC_MAX_DIMS 8
#define VEC_ITER_MAX_OPS 4

typedef struct vec_view {
    void *data;
    int dtype;
    int ndim;
    int64_t shape[VEC_MAX_DIMS];
    int64_t strides[VEC_MAX_DIMS];
} vec_view;

/* A contiguous buffer and its dtype, as the row kernels take them; data NULL
 * means "absent" for optional operands. */
typedef struct vec_buf {
    void *data;
    int dtype;
} vec_buf;

static inline vec_buf vec_buf_of(void *data, int dtype)
{
    vec_buf b = {data, dtype};
    return b;
}

/* strides == NULL means row-major contiguous. Returns -1 if ndim > 8. */
int vec_view_init(vec_view *v, void *data, int dtype, int ndim, const int64_t *shape,
                  const int64_t *strides);
int64_t vec_view_numel(const vec_view *v);
int vec_view_is_contiguous(const vec_view *v);
/* Broadcast `in` to `shape` (numpy rules, aligned on the right). -1 if not
 * broadcastable. */
int vec_view_broadcast(const vec_view *in, int ndim, const int64_t *shape, vec_view *out);

/* Split `total` work items over block_dim blocks; each block gets a contiguous
 * range, sizes multiple of `align` (except the last), balanced. Blocks past
 * the work get an empty range. */
void vec_block_range(int64_t total, int64_t block_idx, int64_t block_dim, int64_t align,
                     int64_t *begin, int64_t *end);

typedef struct vec_iter {
    int nops;
    int ndim;                      /* after merging; >= 1 */
    int64_t shape[VEC_MAX_DIMS];
    int64_t strides[VEC_ITER_MAX_OPS][VEC_MAX_DIMS];
    char *base[VEC_ITER_MAX_OPS];
    int64_t esize[VEC_ITER_MAX_OPS];
} vec_iter;

/* All views must have the same shape (broadcast them first). */
int vec_iter_init(vec_iter *it, int nops, const vec_view *const *views);

/* Called for each run: ptrs[k] = operand k's first element of the run,
 * strides[k] its inner stride in elements, len elements. */
typedef void (*vec_iter_fn)(void *ctx, char *const *ptrs, const int64_t *strides, int64_t len);

/* Walk flat indices [begin, end) in row-major order. */
void vec_iter_run(const vec_iter *it, int64_t begin, int64_t end, vec_iter_fn fn, void *ctx);

#ifdef __cplusplus
}
#endif
#endif
