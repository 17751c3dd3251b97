/* Shared stage-1 pieces of the random family: launching "RandomFill" over an output view,
 * seed / offset (scalars or device tensors), the dropout mask size and the doc chip lists. */
#ifndef OPS_MATH_RANDOM_PLAN_H
#define OPS_MATH_RANDOM_PLAN_H

#include "aclemu_plans.h"
#include "random_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define RND_FAM(x) ACLEMU_CHIP(ACLEMU_FAMILY_##x)
/* The products the docs list (Atlas training = 910A, Atlas inference = 310P). */
#define RND_CHIPS_A2_A3_950_910A (ACLEMU_CHIPS_A2_A3_950 | RND_FAM(910A))
#define RND_CHIPS_950 RND_FAM(950)

/* Bytes of a dropout bit mask for n elements: n rounded up to 128 bits, over 8. */
int64_t rnd_mask_bytes(int64_t n);
/* Elements of an aclIntArray shape, with overflow / negative dims refused (161002). */
aclnnStatus rnd_shape_numel(const char *api, const aclIntArray *shape, int64_t *n);
/* p (or prob) in [0, 1], else 161002 with the real wording. */
aclnnStatus rnd_check_prob(const char *api, const char *name, double p);
/* seedTensor / offsetTensor must not be NULL (161001). */
aclnnStatus rnd_check_seed_tensors(const char *api, const aclTensor *seedTensor, const aclTensor *offsetTensor);

/* A RandomFill launch over out (ins broadcast to it); NULL with *st = 0 for an empty out. */
random_args *rnd_fill_launch(aclOpExecutor *ex, const aclTensor *out, const aclTensor *const *ins, uint32_t nin,
                             int32_t dist, aclnnStatus *st);
/* Scalar seed / offset into rs. */
void rnd_seed_scalar(random_seed *rs, uint64_t seed, uint64_t offset);
/* seed / offset read on the device from the tensors (offset added), bound into the last
 * launch's blob. */
aclnnStatus rnd_seed_tensors(aclOpExecutor *ex, void *blob, random_seed *rs, const aclTensor *seedTensor,
                             const aclTensor *offsetTensor, uint64_t offset);
/* RD_DO_MASK launch: out = x * scale where the mask keeps (mode MASK_USE), or all kept / all
 * dropped. */
aclnnStatus rnd_do_mask(aclOpExecutor *ex, const aclTensor *x, const aclTensor *mask, double scale, int32_t mode,
                        const aclTensor *out);
/* RD_GEN_MASK launch over the mask bytes of maskOut with keep probability `keep`. */
aclnnStatus rnd_gen_mask(aclOpExecutor *ex, const aclTensor *maskOut, double keep, const random_seed *rs,
                         const aclTensor *seedTensor, const aclTensor *offsetTensor);

#endif
