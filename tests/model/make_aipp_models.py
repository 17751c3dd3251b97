#!/usr/bin/env python3
"""Static AIPP test models (atc --insert_op_conf), built at test time with onnx.helper, with
their AIPP configuration files, a source image and the float64 NumPy reference of AIPP followed
by the model. The AIPP reference is written here from the documented formulas
(tools/atc/README.md, "AIPP"), independently of the runtime's conversion.

    make_aipp_models.py <out-dir>

aippyuv: a YUV420SP_U8 (NV12) 16x12 image, crop (2,2) 12x8, CSC with the BT.601 matrix,
mean/min/var_reci -> conv 3x3 -> [1,2,8,12].
aipprgb: an RGB888_U8 10x6 image with R/B swap, resize to 8x4 (bilinear), padding
(left 1, right 1, top 2) -> conv 3x3 -> [1,2,6,10].
aippgray: a YUV400_U8 8x8 image, mean/var_reci -> conv 1 channel -> [1,2,8,8].
"""
import os
import sys

import numpy as np
from onnx import TensorProto, helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_models import conv2d, init  # noqa: E402  (shared float64 reference ops)

rng = np.random.default_rng(99)
M601 = np.array([[298, 0, 409], [298, -100, -208], [298, 516, 0]], np.int64)


def conv_model(name, c, h, w):
    wt = (rng.standard_normal((2, c, 3, 3)) * 0.3).astype(np.float32)
    b = (rng.standard_normal(2) * 0.3).astype(np.float32)
    g = helper.make_graph([helper.make_node('Conv', ['x', 'w', 'b'], ['y'], name='conv', pads=[1, 1, 1, 1])], name,
                          [helper.make_tensor_value_info('x', TensorProto.FLOAT, [1, c, h, w])],
                          [helper.make_tensor_value_info('y', TensorProto.FLOAT, [1, 2, h, w])],
                          initializer=[init('w', wt), init('b', b)])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid('', 13)], producer_name='aclemu-tests')
    return m, wt.astype(np.float64), b.astype(np.float64)


def csc(px, m, in_bias, out_bias):
    """px: [..., 3] ints -> [..., 3]: clamp(floor(M (px - in_bias) / 256) + out_bias, 0, 255)"""
    acc = (px.astype(np.int64) - np.array(in_bias)) @ m.T
    return np.clip(np.floor_divide(acc, 256) + np.array(out_bias), 0, 255).astype(np.float64)


def write(out, name, model, cfg, img, ref):
    with open(f'{out}/{name}.onnx', 'wb') as f:
        f.write(model.SerializeToString())
    with open(f'{out}/{name}.cfg', 'w') as f:
        f.write(cfg)
    img.astype(np.uint8).tofile(f'{out}/{name}.in0.bin')
    np.asarray(ref, np.float64).tofile(f'{out}/{name}.ref0.bin')
    with open(f'{out}/{name}.ref0.dtype', 'w') as f:
        f.write('float32')


def aippyuv(out):
    W, H = 16, 12
    y = rng.integers(16, 236, (H, W))
    uv = rng.integers(16, 240, (H // 2, W))         # interleaved U, V per 2x2 block
    img = np.concatenate([y.reshape(-1), uv.reshape(-1)])
    cx, cy, cw, ch = 2, 2, 12, 8
    yy, xx = np.meshgrid(np.arange(cy, cy + ch), np.arange(cx, cx + cw), indexing='ij')
    Y = y[yy, xx]
    U = uv[yy // 2, (xx // 2) * 2]
    V = uv[yy // 2, (xx // 2) * 2 + 1]
    rgb = csc(np.stack([Y, U, V], -1), M601, [16, 128, 128], [0, 0, 0])
    mean, mn, var = np.array([104, 117, 123]), np.array([0.5, 0.0, 1.5]), np.array([0.017, 0.0175, 0.0171])
    x = ((rgb - mean - mn) * var).transpose(2, 0, 1)[None]
    model, wt, b = conv_model('aippyuv', 3, ch, cw)
    cfg = f"""# static AIPP: NV12 camera frame -> RGB, normalised
aipp_op {{
    aipp_mode : static
    related_input_rank : 0
    input_format : YUV420SP_U8
    src_image_size_w : {W}
    src_image_size_h : {H}
    crop : true
    load_start_pos_w : {cx}
    load_start_pos_h : {cy}
    crop_size_w : {cw}
    crop_size_h : {ch}
    csc_switch : true
    rbuv_swap_switch : false
    matrix_r0c0 : 298
    matrix_r0c1 : 0
    matrix_r0c2 : 409
    matrix_r1c0 : 298
    matrix_r1c1 : -100
    matrix_r1c2 : -208
    matrix_r2c0 : 298
    matrix_r2c1 : 516
    matrix_r2c2 : 0
    input_bias_0 : 16
    input_bias_1 : 128
    input_bias_2 : 128
    mean_chn_0 : 104
    mean_chn_1 : 117
    mean_chn_2 : 123
    min_chn_0 : 0.5
    min_chn_1 : 0.0
    min_chn_2 : 1.5
    var_reci_chn_0 : 0.017
    var_reci_chn_1 : 0.0175
    var_reci_chn_2 : 0.0171
}}
"""
    write(out, 'aippyuv', model, cfg, img, conv2d(x, wt, b, 1, 1))


def bilinear(src, oh, ow):
    """src [h, w, c] -> [oh, ow, c], half-pixel centres, source coordinates clamped at 0 and the edge"""
    h, w = src.shape[:2]
    out = np.zeros((oh, ow, src.shape[2]))
    for i in range(oh):
        sy = max((i + 0.5) * h / oh - 0.5, 0.0)
        y0 = int(sy)
        y1 = min(y0 + 1, h - 1)
        fy = sy - y0
        for j in range(ow):
            sx = max((j + 0.5) * w / ow - 0.5, 0.0)
            x0 = int(sx)
            x1 = min(x0 + 1, w - 1)
            fx = sx - x0
            out[i, j] = (src[y0, x0] * (1 - fx) + src[y0, x1] * fx) * (1 - fy) + \
                        (src[y1, x0] * (1 - fx) + src[y1, x1] * fx) * fy
    return out


def aipprgb(out):
    W, H = 10, 6
    img = rng.integers(0, 256, (H, W, 3))
    bgr = img[:, :, ::-1].astype(np.float64)            # rbuv_swap_switch: R and B swapped
    rs = bilinear(bgr, 4, 8)
    mean, var = np.array([10, 20, 30]), np.array([0.01, 0.02, 0.03])
    norm = (rs - mean) * var
    padded = np.zeros((6, 10, 3))
    padded[2:6, 1:9] = norm                              # top 2, left 1, right 1 (zeros)
    x = padded.transpose(2, 0, 1)[None]
    model, wt, b = conv_model('aipprgb', 3, 6, 10)
    cfg = f"""aipp_op {{ aipp_mode: static input_format: RGB888_U8 src_image_size_w: {W} src_image_size_h: {H}
  rbuv_swap_switch: true
  resize: true  resize_output_w: 8  resize_output_h: 4
  padding: true left_padding_size: 1 right_padding_size: 1 top_padding_size: 2 bottom_padding_size: 0
  mean_chn_0: 10 mean_chn_1: 20 mean_chn_2: 30
  var_reci_chn_0: 0.01 var_reci_chn_1: 0.02 var_reci_chn_2: 0.03 }}
"""
    write(out, 'aipprgb', model, cfg, img.reshape(-1), conv2d(x, wt, b, 1, 1))


def aippgray(out):
    img = rng.integers(0, 256, (8, 8))
    x = ((img.astype(np.float64) - 128) * 0.0078125)[None, None]
    model, wt, b = conv_model('aippgray', 1, 8, 8)
    cfg = """aipp_op {
    aipp_mode : static
    input_format : YUV400_U8
    src_image_size_w : 8
    src_image_size_h : 8
    mean_chn_0 : 128
    var_reci_chn_0 : 0.0078125
}
"""
    write(out, 'aippgray', model, cfg, img.reshape(-1), conv2d(x, wt, b, 1, 1))


def aippdyn(out):
    """dynamic AIPP, batch 2, max_src_image_size 400: image 0 as aipprgb (swap, resize 8x4,
    padding), image 1 a 10x6 RGB image with swap only and its own mean / var_reci (the
    parameters mdl_aipp_dynamic.c sets)"""
    W, H, MAX = 10, 6, 400
    imgs = [rng.integers(0, 256, (H, W, 3)) for _ in range(2)]
    xs = []
    bgr = imgs[0][:, :, ::-1].astype(np.float64)
    padded = np.zeros((6, 10, 3))
    padded[2:6, 1:9] = (bilinear(bgr, 4, 8) - np.array([10, 20, 30])) * np.array([0.01, 0.02, 0.03])
    xs.append(padded.transpose(2, 0, 1))
    bgr = imgs[1][:, :, ::-1].astype(np.float64)
    xs.append(((bgr - np.array([1, 2, 3]) - np.array([0.5, 0.5, 0.5])) * np.array([0.5, 0.25, 0.125])).transpose(2, 0, 1))
    x = np.stack(xs)
    model, wt, b = conv_model('aippdyn', 3, 6, 10)
    model.graph.input[0].type.tensor_type.shape.dim[0].dim_value = 2
    model.graph.output[0].type.tensor_type.shape.dim[0].dim_value = 2
    buf = np.zeros(2 * MAX, np.uint8)
    for k, im in enumerate(imgs):
        buf[k * MAX:k * MAX + im.size] = im.reshape(-1)
    cfg = "aipp_op {\n  aipp_mode : dynamic\n  related_input_rank : 0\n  max_src_image_size : 400\n}\n"
    write(out, 'aippdyn', model, cfg, buf, conv2d(x, wt, b, 1, 1))


if __name__ == '__main__':
    for f in (aippyuv, aipprgb, aippgray, aippdyn):
        f(sys.argv[1])
