/* Host side of the row-norm driver: stages the operands (contiguous views used in place, others
 * packed into the workspace), records one launch whose blob starts with nr_rows, binds every
 * operand's nn_cbuf and unpacks staged outputs afterwards. */
#ifndef OPS_NN_NORM_ROWS_PLAN_H
#define OPS_NN_NORM_ROWS_PLAN_H

#include <stddef.h>

#include "aclemu_op/op_api.h"
#include "norm_rows_args.h"

typedef struct nr_operand {
    const aclTensor *t;  /* NULL: absent (the kernel sees present = 0) */
    int out;             /* 1: written by the kernel */
    size_t field;        /* offsetof(blob, the operand's nn_cbuf) */
    const int32_t *perm; /* NULL, or the dim order the kernel sees (e.g. NHWC seen as NCHW) */
    uint64_t ws1;        /* 0, or 1 + the workspace offset of a contiguous buffer of t's shape and dtype
                          * the kernel uses instead of t (t then only a placeholder: a buffer another
                          * launch of the same executor reads or wrote) */
} nr_operand;

/* Records `kernel` with a copy of the `size`-byte blob `tmpl` (op-specific scalars filled by the
 * caller; its leading nr_rows is overwritten with rows / n / eps and the tiling). Nothing is
 * launched when rows or n is 0. At most 16 operands. */
aclnnStatus nr_launch(aclOpExecutor *ex, const char *kernel, const void *tmpl, size_t size, int64_t rows, int64_t n,
                      double eps, const nr_operand *ops, int nops);

/* Same with `nparts` column reductions: after the launch, sums[k] (an output of n elements,
 * NULL to skip) receives the column sum of partial k. With rows == 0 the sums are filled with 0. */
aclnnStatus nr_launch_sums(aclOpExecutor *ex, const char *kernel, const void *tmpl, size_t size, int64_t rows,
                           int64_t n, double eps, const nr_operand *ops, int nops, const aclTensor *const *sums,
                           const char *const *sum_names, int nparts);

/* Number of leading rows and trailing row length when `inner` (rank >= 1) must equal x's trailing
 * dims; 161002 with a message otherwise (`code` lets tiling-checked ops report 561002). */
aclnnStatus nr_split_rows(const char *api, aclnnStatus code, const aclTensor *x, const char *xn, const aclTensor *inner,
                          const char *in, int64_t *rows, int64_t *n);

/* t (a per-row statistic output) must hold `rows` elements. */
aclnnStatus nr_check_row_stat(const char *api, aclnnStatus code, const aclTensor *t, const char *name, int64_t rows);

/* 1 when a's and b's view shapes are equal. */
int nr_shape_eq(const aclTensor *a, const aclTensor *b);

/* b's shape must equal a's. */
aclnnStatus nr_same_shape(const char *api, aclnnStatus code, const aclTensor *a, const char *an, const aclTensor *b,
                          const char *bn);

#endif
