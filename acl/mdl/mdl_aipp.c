/* The AIPP conversion (mdl_aipp.h): parameter checks and the per-pixel pipeline. */
#include "mdl_aipp.h"

#include <math.h>
#include <string.h>


/* float -> IEEE half, round to nearest even (no libascendcl here: atc's fuzz target links this) */
static uint16_t to_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u, exp = (x >> 23) & 0xffu, man = x & 0x7fffffu;
    if (exp == 0xffu)
        return (uint16_t)(sign | 0x7c00u | (man ? 0x200u : 0));
    int e = (int)exp - 127 + 15;
    if (e >= 31)
        return (uint16_t)(sign | 0x7c00u);
    if (e <= 0) {
        if (e < -10)
            return (uint16_t)sign;
        man |= 0x800000u;
        uint32_t shift = (uint32_t)(14 - e), half = man >> shift, rest = man & ((1u << shift) - 1);
        uint32_t mid = 1u << (shift - 1);
        if (rest > mid || (rest == mid && (half & 1u)))
            half++;
        return (uint16_t)(sign | half);
    }
    uint32_t h = sign | ((uint32_t)e << 10) | (man >> 13), rest = man & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u)))
        h++; /* may carry into the exponent: still correct (up to infinity) */
    return (uint16_t)h;
}

void mdl_aipp_defaults(mdl_aipp *a)
{
    static const int32_t m601[9] = {298, 0, 409, 298, -100, -208, 298, 516, 0};
    memset(a, 0, sizeof(*a));
    memcpy(a->matrix, m601, sizeof(m601));
    a->in_bias[0] = 16;
    a->in_bias[1] = a->in_bias[2] = 128;
    for (int i = 0; i < 4; i++)
        a->var_reci[i] = 1.0f;
}

size_t mdl_aipp_src_bytes(int32_t format, int32_t w, int32_t h)
{
    if (w <= 0 || h <= 0 || w > MDL_AIPP_MAX_SIDE || h > MDL_AIPP_MAX_SIDE)
        return 0;
    size_t px = (size_t)w * (size_t)h;
    switch (format) {
    case MDL_AIPP_YUV420SP_U8: return px * 3 / 2;
    case MDL_AIPP_XRGB8888_U8: return px * 4;
    case MDL_AIPP_RGB888_U8: return px * 3;
    case MDL_AIPP_YUV400_U8: return px;
    default: return 0;
    }
}

int mdl_aipp_out_channels(const mdl_aipp *a)
{
    switch (a->input_format) {
    case MDL_AIPP_YUV420SP_U8: case MDL_AIPP_XRGB8888_U8: case MDL_AIPP_RGB888_U8: return 3;
    case MDL_AIPP_YUV400_U8: return 1;
    default: return 0;
    }
}

void mdl_aipp_out_hw(const mdl_aipp *a, int64_t *h, int64_t *w)
{
    int64_t hh = a->crop ? a->crop_h : a->src_h, ww = a->crop ? a->crop_w : a->src_w;
    if (a->resize) {
        hh = a->resize_h;
        ww = a->resize_w;
    }
    if (a->padding) {
        hh += (int64_t)a->pad_top + a->pad_bottom;
        ww += (int64_t)a->pad_left + a->pad_right;
    }
    *h = hh;
    *w = ww;
}

static int side_ok(int32_t v) { return v > 0 && v <= MDL_AIPP_MAX_SIDE; }

const char *mdl_aipp_check(const mdl_aipp *a, int64_t c, int64_t h, int64_t w)
{
    if (mdl_aipp_out_channels(a) == 0)
        return "input_format must be YUV420SP_U8, XRGB8888_U8, RGB888_U8 or YUV400_U8 (the formats aclemu converts)";
    if (!side_ok(a->src_w) || !side_ok(a->src_h))
        return "src_image_size_w and src_image_size_h must be in [1, 8192]";
    if (a->input_format == MDL_AIPP_YUV420SP_U8 && (a->src_w % 2 || a->src_h % 2))
        return "a YUV420SP_U8 source image has an even width and height";
    if (a->crop) {
        if (!side_ok(a->crop_w) || !side_ok(a->crop_h) || a->crop_x < 0 || a->crop_y < 0 ||
            (int64_t)a->crop_x + a->crop_w > a->src_w || (int64_t)a->crop_y + a->crop_h > a->src_h)
            return "the crop window (load_start_pos_w/h, crop_size_w/h) must lie inside the source image";
        if (a->input_format == MDL_AIPP_YUV420SP_U8 && (a->crop_x % 2 || a->crop_y % 2))
            return "load_start_pos_w and load_start_pos_h are even for YUV420SP_U8";
    }
    if (a->resize && (!side_ok(a->resize_w) || !side_ok(a->resize_h)))
        return "resize_output_w and resize_output_h must be in [1, 8192]";
    if (a->padding && (a->pad_left < 0 || a->pad_right < 0 || a->pad_top < 0 || a->pad_bottom < 0 ||
                       a->pad_left > 32 || a->pad_right > 32 || a->pad_top > 32 || a->pad_bottom > 32))
        return "padding sizes must be in [0, 32]";
    for (int i = 0; i < 9; i++)
        if (a->matrix[i] < -32768 || a->matrix[i] > 32767)
            return "matrix_r*c* must be in [-32768, 32767]";
    for (int i = 0; i < 3; i++)
        if (a->in_bias[i] < 0 || a->in_bias[i] > 255 || a->out_bias[i] < 0 || a->out_bias[i] > 255)
            return "input_bias_* and output_bias_* must be in [0, 255]";
    for (int i = 0; i < 4; i++)
        if (!isfinite(a->min[i]) || !isfinite(a->var_reci[i]) || a->mean[i] < -32768 || a->mean[i] > 32767)
            return "mean_chn_* must be in [-32768, 32767], min_chn_* and var_reci_chn_* finite";
    if (a->csc && a->input_format == MDL_AIPP_YUV400_U8)
        return "csc_switch needs a colour source (YUV400_U8 has one channel)";
    int64_t oh, ow;
    mdl_aipp_out_hw(a, &oh, &ow);
    if (c != mdl_aipp_out_channels(a))
        return a->input_format == MDL_AIPP_YUV400_U8 ? "a YUV400_U8 input feeds a model input of 1 channel"
                                                     : "the model input must have 3 channels";
    if (oh != h || ow != w)
        return "the AIPP output size (source, crop, resize, padding) differs from the model input's H and W";
    return NULL;
}

/* the three (or one) channel values of source pixel (x, y), as bytes, before CSC */
static void fetch(const mdl_aipp *a, const uint8_t *img, int32_t x, int32_t y, int32_t px[3])
{
    int32_t W = a->src_w, H = a->src_h;
    switch (a->input_format) {
    case MDL_AIPP_YUV420SP_U8: {
        const uint8_t *uv = img + (size_t)W * H + (size_t)(y / 2) * W + (size_t)(x / 2) * 2;
        px[0] = img[(size_t)y * W + x];
        px[1] = uv[a->rbuv_swap ? 1 : 0];
        px[2] = uv[a->rbuv_swap ? 0 : 1];
        break;
    }
    case MDL_AIPP_RGB888_U8: case MDL_AIPP_XRGB8888_U8: {
        int bpp = a->input_format == MDL_AIPP_RGB888_U8 ? 3 : 4;
        /* XRGB: the X byte first, or last with ax_swap (RGBX) */
        const uint8_t *p = img + ((size_t)y * W + x) * (size_t)bpp + (bpp == 4 && !a->ax_swap ? 1 : 0);
        px[0] = p[a->rbuv_swap ? 2 : 0];
        px[1] = p[1];
        px[2] = p[a->rbuv_swap ? 0 : 2];
        break;
    }
    default:
        px[0] = img[(size_t)y * W + x];
        px[1] = px[2] = 0;
    }
}

static int32_t floor_div256(int64_t v) { return (int32_t)(v >= 0 ? v / 256 : -((-v + 255) / 256)); }

/* channel values of the cropped, converted image at integer (x, y) of the crop window */
static void pixel(const mdl_aipp *a, const uint8_t *img, int32_t x, int32_t y, int nc, float out[3])
{
    int32_t px[3];
    fetch(a, img, x + (a->crop ? a->crop_x : 0), y + (a->crop ? a->crop_y : 0), px);
    if (a->csc) {
        for (int i = 0; i < 3; i++) {
            int64_t acc = 0;
            for (int j = 0; j < 3; j++)
                acc += (int64_t)a->matrix[i * 3 + j] * (px[j] - a->in_bias[j]);
            int32_t v = floor_div256(acc) + a->out_bias[i];
            out[i] = (float)(v < 0 ? 0 : v > 255 ? 255 : v);
        }
    } else {
        for (int i = 0; i < nc; i++)
            out[i] = (float)px[i];
    }
}

void mdl_aipp_run(const mdl_aipp *a, const uint8_t *src, void *dst, int half, int64_t n, int64_t c, int64_t h,
                  int64_t w)
{
    size_t img_bytes = mdl_aipp_src_bytes(a->input_format, a->src_w, a->src_h);
    int32_t cw = a->crop ? a->crop_w : a->src_w, ch = a->crop ? a->crop_h : a->src_h;
    int32_t rw = a->resize ? a->resize_w : cw, rh = a->resize ? a->resize_h : ch;
    int32_t top = a->padding ? a->pad_top : 0, left = a->padding ? a->pad_left : 0;
    int nc = (int)c;
    size_t plane = (size_t)h * (size_t)w;
    for (int64_t b = 0; b < n; b++) {
        const uint8_t *img = src + (size_t)b * img_bytes;
        for (int64_t y = 0; y < h; y++)
            for (int64_t x = 0; x < w; x++) {
                float v[3] = {0, 0, 0};
                int64_t iy = y - top, ix = x - left;
                int inside = iy >= 0 && iy < rh && ix >= 0 && ix < rw;
                if (inside && !a->resize) {
                    pixel(a, img, (int32_t)ix, (int32_t)iy, nc, v);
                } else if (inside) {
                    /* bilinear, half-pixel centres, edges clamped */
                    float sy = ((float)iy + 0.5f) * (float)ch / (float)rh - 0.5f;
                    float sx = ((float)ix + 0.5f) * (float)cw / (float)rw - 0.5f;
                    sy = sy < 0 ? 0 : sy;
                    sx = sx < 0 ? 0 : sx;
                    int32_t y0 = (int32_t)sy, x0 = (int32_t)sx;
                    int32_t y1 = y0 + 1 < ch ? y0 + 1 : ch - 1, x1 = x0 + 1 < cw ? x0 + 1 : cw - 1;
                    float fy = sy - (float)y0, fx = sx - (float)x0, p00[3], p01[3], p10[3], p11[3];
                    pixel(a, img, x0, y0, nc, p00);
                    pixel(a, img, x1, y0, nc, p01);
                    pixel(a, img, x0, y1, nc, p10);
                    pixel(a, img, x1, y1, nc, p11);
                    for (int i = 0; i < nc; i++)
                        v[i] = (p00[i] * (1 - fx) + p01[i] * fx) * (1 - fy) + (p10[i] * (1 - fx) + p11[i] * fx) * fy;
                }
                for (int i = 0; i < nc; i++) {
                    float o = inside ? ((v[i] - (float)a->mean[i]) - a->min[i]) * a->var_reci[i] : 0.0f;
                    size_t at = ((size_t)b * (size_t)c + (size_t)i) * plane + (size_t)y * (size_t)w + (size_t)x;
                    if (half)
                        ((uint16_t *)dst)[at] = to_half(o);
                    else
                        ((float *)dst)[at] = o;
                }
            }
    }
}
