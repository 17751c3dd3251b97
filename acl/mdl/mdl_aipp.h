/* AIPP (the image preprocessing a card runs in front of a model input): the parameters of one
 * input, as atc --insert_op_conf (static) or aclmdlSetInputAIPP (dynamic) give them, and the
 * conversion itself (mdl_aipp.c). Shared by atc, the model file and libascendcl.
 *
 * Order of the stages (each optional): crop of the source image -> R/B or U/V swap -> colour
 * space conversion -> resize (bilinear) -> data type conversion
 * (out = (pixel - mean_chn - min_chn) * var_reci_chn) -> padding (zeros) -> the model input
 * (NCHW, float32 or float16). CSC is fixed point as on the card:
 * out_i = clamp(floor((sum_j matrix_ij * (in_j - input_bias_j)) / 256) + output_bias_i, 0, 255). */
#ifndef ACLEMU_MDL_AIPP_H
#define ACLEMU_MDL_AIPP_H

#include <stddef.h>
#include <stdint.h>

enum { MDL_AIPP_NONE = 0, MDL_AIPP_STATIC = 1, MDL_AIPP_DYNAMIC = 2 };

/* the source formats aclemu converts (aclAippInputFormat values) */
enum { MDL_AIPP_YUV420SP_U8 = 1, MDL_AIPP_XRGB8888_U8 = 2, MDL_AIPP_RGB888_U8 = 3, MDL_AIPP_YUV400_U8 = 4 };

#define MDL_AIPP_MAX_SIDE 8192 /* source / output image sides */

typedef struct mdl_aipp {
    int32_t mode;           /* MDL_AIPP_* */
    int32_t input_format;   /* MDL_AIPP_*_U8 */
    int32_t src_w, src_h;
    int32_t crop, crop_x, crop_y, crop_w, crop_h;
    int32_t resize, resize_w, resize_h;
    int32_t padding, pad_left, pad_right, pad_top, pad_bottom;
    int32_t csc, rbuv_swap, ax_swap, single_line;
    int32_t matrix[9];      /* r0c0 r0c1 r0c2 r1c0 ... */
    int32_t out_bias[3], in_bias[3];
    int32_t mean[4];
    float min[4], var_reci[4];
    /* dynamic AIPP: the largest source image the ACL_DYNAMIC_AIPP_NAME data may describe */
    int32_t max_src_size;
} mdl_aipp;

/* Defaults of an aipp_op block: BT.601 YUV -> RGB matrix and biases, var_reci 1. */
void mdl_aipp_defaults(mdl_aipp *a);
/* Bytes of one source image, 0 for an unknown format or bad size. */
size_t mdl_aipp_src_bytes(int32_t format, int32_t w, int32_t h);
/* Channels the conversion produces (1 for YUV400 without CSC, else 3), 0 if unknown. */
int mdl_aipp_out_channels(const mdl_aipp *a);
/* Output H x W after crop, resize and padding. */
void mdl_aipp_out_hw(const mdl_aipp *a, int64_t *h, int64_t *w);
/* Checks a parameter set for a model input of c x h x w; NULL if valid, else the reason. */
const char *mdl_aipp_check(const mdl_aipp *a, int64_t c, int64_t h, int64_t w);
/* Converts n source images (src: n x mdl_aipp_src_bytes) into dst (NCHW; fp16 when half). */
void mdl_aipp_run(const mdl_aipp *a, const uint8_t *src, void *dst, int half, int64_t n, int64_t c, int64_t h,
                  int64_t w);

#endif
