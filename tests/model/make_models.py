#!/usr/bin/env python3
"""Builds the test models at test time with onnx.helper (random weights, fixed seed), their
inputs, and the expected outputs from an independent float64 NumPy evaluation of the same graph
(Debian's onnx 1.12 has no onnx.reference evaluator).

    make_models.py <out-dir> cnn|attn|unsupported|garbage|truncated

writes <name>.onnx, <name>.in<k>.bin (float32) and <name>.ref<k>.bin (float64) into out-dir.
"""
import math
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(1234)


def init(name, arr):
    return numpy_helper.from_array(np.asarray(arr), name)


def rand(*shape, scale=0.5):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


# ---- float64 reference of the ops used ---------------------------------------------------------
def conv2d(x, w, b, stride, pad):
    n, c, h, wd = x.shape
    m, cg, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh = (h + 2 * pad - kh) // stride + 1
    ow = (wd + 2 * pad - kw) // stride + 1
    out = np.zeros((n, m, oh, ow))
    for i in range(kh):
        for j in range(kw):
            patch = xp[:, :, i:i + stride * oh:stride, j:j + stride * ow:stride]
            out += np.einsum('nchw,mc->nmhw', patch, w[:, :, i, j])
    return out + b.reshape(1, -1, 1, 1)


def pool(x, k, s, fn, pad=0):
    if pad:
        x = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)), constant_values=-np.inf if fn == 'max' else 0)
    n, c, h, w = x.shape
    oh, ow = (h - k) // s + 1, (w - k) // s + 1
    out = np.full((n, c, oh, ow), -np.inf if fn == 'max' else 0.0)
    for i in range(k):
        for j in range(k):
            p = x[:, :, i:i + s * oh:s, j:j + s * ow:s]
            out = np.maximum(out, p) if fn == 'max' else out + p / (k * k)
    return out


def bn(x, g, b, mean, var, eps):
    sh = (1, -1, 1, 1)
    return (x - mean.reshape(sh)) / np.sqrt(var.reshape(sh) + eps) * g.reshape(sh) + b.reshape(sh)


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def erf(x):
    return np.vectorize(math.erf)(x)


# ---- models --------------------------------------------------------------------------------------
def cnn():
    """Conv+BN+Relu, MaxPool, Conv+BN (not folded: its conv output is also read elsewhere),
    LeakyRelu, AveragePool, standalone BN, HardSwish, Clip, GlobalAveragePool, the
    Shape/Gather/Unsqueeze/Concat/Reshape chain torch exports for flatten, Gemm, Softmax."""
    N, C, H, W = 2, 3, 16, 16
    w1, b1 = rand(8, 3, 3, 3), rand(8, scale=0.1)
    g1, be1, m1, v1 = rand(8) + 1, rand(8, scale=0.1), rand(8, scale=0.1), np.abs(rand(8)) + 0.5
    w2, b2 = rand(16, 8, 3, 3, scale=0.2), rand(16, scale=0.1)
    g2, be2, m2, v2 = rand(16) + 1, rand(16, scale=0.1), rand(16, scale=0.1), np.abs(rand(16)) + 0.5
    g3, be3, m3, v3 = rand(16) + 1, rand(16, scale=0.1), rand(16, scale=0.1), np.abs(rand(16)) + 0.5
    wf, bf = rand(10, 16), rand(10, scale=0.1)
    nodes = [
        helper.make_node('Conv', ['x', 'w1', 'b1'], ['c1'], name='conv1', kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
        helper.make_node('BatchNormalization', ['c1', 'g1', 'be1', 'm1', 'v1'], ['n1'], name='bn1', epsilon=1e-5),
        helper.make_node('Relu', ['n1'], ['r1'], name='relu1'),
        helper.make_node('MaxPool', ['r1'], ['p1'], name='pool1', kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node('Conv', ['p1', 'w2', 'b2'], ['c2'], name='conv2', kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
        helper.make_node('BatchNormalization', ['c2', 'g2', 'be2', 'm2', 'v2'], ['n2'], name='bn2', epsilon=1e-3),
        helper.make_node('Identity', ['c2'], ['c2_id'], name='conv2_tap'),
        helper.make_node('Add', ['n2', 'c2_id'], ['a2'], name='residual'),
        helper.make_node('LeakyRelu', ['a2'], ['l2'], name='lrelu', alpha=0.1),
        helper.make_node('AveragePool', ['l2'], ['p2'], name='pool2', kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node('BatchNormalization', ['p2', 'g3', 'be3', 'm3', 'v3'], ['n3'], name='bn3'),
        helper.make_node('HardSwish', ['n3'], ['h3'], name='hswish'),
        helper.make_node('Clip', ['h3', 'clip_lo', 'clip_hi'], ['k3'], name='relu6'),
        helper.make_node('GlobalAveragePool', ['k3'], ['gap'], name='gap'),
        helper.make_node('Shape', ['gap'], ['gap_shape'], name='shape'),
        helper.make_node('Gather', ['gap_shape', 'zero'], ['batch'], name='gather_batch', axis=0),
        helper.make_node('Unsqueeze', ['batch', 'axes0'], ['batch1'], name='unsq'),
        helper.make_node('Concat', ['batch1', 'minus1'], ['flat_shape'], name='concat_shape', axis=0),
        helper.make_node('Reshape', ['gap', 'flat_shape'], ['flat'], name='flatten'),
        helper.make_node('Gemm', ['flat', 'wf', 'bf'], ['logits'], name='fc', transB=1),
        helper.make_node('Softmax', ['logits'], ['prob'], name='softmax', axis=1),
        helper.make_node('Sigmoid', ['logits'], ['unused'], name='dead_branch'),
    ]
    inits = [init(n, a) for n, a in [('w1', w1), ('b1', b1), ('g1', g1), ('be1', be1), ('m1', m1), ('v1', v1),
                                     ('w2', w2), ('b2', b2), ('g2', g2), ('be2', be2), ('m2', m2), ('v2', v2),
                                     ('g3', g3), ('be3', be3), ('m3', m3), ('v3', v3), ('wf', wf), ('bf', bf),
                                     ('clip_lo', np.float32(0)), ('clip_hi', np.float32(6)),
                                     ('zero', np.int64(0)), ('axes0', np.array([0], np.int64)),
                                     ('minus1', np.array([-1], np.int64))]]
    graph = helper.make_graph(nodes, 'small_cnn', [helper.make_tensor_value_info('x', TensorProto.FLOAT, [N, C, H, W])],
                              [helper.make_tensor_value_info('prob', TensorProto.FLOAT, [N, 10])], inits)
    x = rand(N, C, H, W, scale=1.0)
    d = lambda a: a.astype(np.float64)
    r1 = np.maximum(bn(conv2d(d(x), d(w1), d(b1), 1, 1), d(g1), d(be1), d(m1), d(v1), 1e-5), 0)
    p1 = pool(r1, 2, 2, 'max')
    c2 = conv2d(p1, d(w2), d(b2), 1, 1)
    a2 = bn(c2, d(g2), d(be2), d(m2), d(v2), 1e-3) + c2
    l2 = np.where(a2 > 0, a2, 0.1 * a2)
    n3 = bn(pool(l2, 2, 2, 'avg'), d(g3), d(be3), d(m3), d(v3), 1e-5)
    h3 = n3 * np.clip(n3 + 3, 0, 6) / 6
    k3 = np.clip(h3, 0, 6)
    flat = k3.mean(axis=(2, 3))
    prob = softmax(flat @ d(wf).T + d(bf), 1)
    return graph, 13, [x], [prob]


def attn():
    """Self-attention + MLP block: MatMul/Add projections, Transpose, scaled scores, Softmax,
    residual, LayerNorm decomposed (ReduceMean/Sub/Pow/Add/Sqrt/Div/Mul/Add), GELU via Erf, a
    Tanh*Sigmoid gate, Concat, Gather of tokens, Unsqueeze/Squeeze, Cast, Dropout."""
    B, S, D, F = 2, 8, 16, 32
    wq, wk, wv = rand(D, D), rand(D, D), rand(D, D)
    bq, bk, bv = rand(D, scale=0.1), rand(D, scale=0.1), rand(D, scale=0.1)
    gam, bet = rand(D) + 1, rand(D, scale=0.1)
    w1, b1, w2, b2 = rand(D, F, scale=0.3), rand(F, scale=0.1), rand(F, D, scale=0.3), rand(D, scale=0.1)
    idx = np.array([0, 3, 7], np.int64)
    H = helper.make_node
    nodes = [
        H('Dropout', ['x'], ['xd'], name='drop'),
        H('Cast', ['xd'], ['xc'], name='cast', to=TensorProto.FLOAT),
        H('MatMul', ['xc', 'wq'], ['q0'], name='q_mm'), H('Add', ['q0', 'bq'], ['q'], name='q_bias'),
        H('MatMul', ['xc', 'wk'], ['k0'], name='k_mm'), H('Add', ['k0', 'bk'], ['k'], name='k_bias'),
        H('MatMul', ['xc', 'wv'], ['v0'], name='v_mm'), H('Add', ['v0', 'bv'], ['v'], name='v_bias'),
        H('Transpose', ['k'], ['kt'], name='k_t', perm=[0, 2, 1]),
        H('MatMul', ['q', 'kt'], ['s0'], name='scores'),
        H('Div', ['s0', 'sqrt_d'], ['s1'], name='scale'),
        H('Softmax', ['s1'], ['pr'], name='attn_softmax', axis=-1),
        H('MatMul', ['pr', 'v'], ['ctx'], name='ctx'),
        H('Add', ['ctx', 'xc'], ['res'], name='residual'),
        H('ReduceMean', ['res'], ['mu'], name='ln_mean', axes=[-1], keepdims=1),
        H('Sub', ['res', 'mu'], ['dev'], name='ln_sub'),
        H('Pow', ['dev', 'two'], ['dev2'], name='ln_pow'),
        H('ReduceMean', ['dev2'], ['var'], name='ln_var', axes=[-1], keepdims=1),
        H('Add', ['var', 'eps'], ['var_eps'], name='ln_eps'),
        H('Sqrt', ['var_eps'], ['std'], name='ln_sqrt'),
        H('Div', ['dev', 'std'], ['norm'], name='ln_div'),
        H('Mul', ['norm', 'gamma'], ['ng'], name='ln_gamma'),
        H('Add', ['ng', 'beta'], ['ln'], name='ln_beta'),
        H('MatMul', ['ln', 'w1'], ['f0'], name='fc1'), H('Add', ['f0', 'b1'], ['f1'], name='fc1_bias'),
        H('Div', ['f1', 'sqrt2'], ['g0'], name='gelu_div'), H('Erf', ['g0'], ['g1'], name='gelu_erf'),
        H('Add', ['g1', 'one'], ['g2'], name='gelu_add'), H('Mul', ['f1', 'g2'], ['g3'], name='gelu_mul'),
        H('Mul', ['g3', 'half'], ['gelu'], name='gelu_half'),
        H('MatMul', ['gelu', 'w2'], ['o0'], name='fc2'), H('Add', ['o0', 'b2'], ['o1'], name='fc2_bias'),
        H('Tanh', ['o1'], ['t'], name='gate_tanh'), H('Sigmoid', ['o1'], ['sg'], name='gate_sigmoid'),
        H('Mul', ['t', 'sg'], ['gated'], name='gate'),
        H('Concat', ['gated', 'ln'], ['cat'], name='concat', axis=-1),
        H('Gather', ['cat', 'tok'], ['picked'], name='pick_tokens', axis=1),
        H('Unsqueeze', ['picked', 'ax0'], ['pu'], name='unsqueeze'),
        H('Squeeze', ['pu', 'ax0'], ['out'], name='squeeze'),
    ]
    consts = [('wq', wq), ('wk', wk), ('wv', wv), ('bq', bq), ('bk', bk), ('bv', bv),
              ('sqrt_d', np.float32(math.sqrt(D))), ('two', np.float32(2)), ('eps', np.float32(1e-5)),
              ('gamma', gam), ('beta', bet), ('w1', w1), ('b1', b1), ('w2', w2), ('b2', b2),
              ('sqrt2', np.float32(math.sqrt(2))), ('one', np.float32(1)), ('half', np.float32(0.5)),
              ('tok', idx), ('ax0', np.array([0], np.int64))]
    graph = helper.make_graph(nodes, 'attn_block', [helper.make_tensor_value_info('x', TensorProto.FLOAT, [B, S, D])],
                              [helper.make_tensor_value_info('out', TensorProto.FLOAT, [B, 3, 2 * D]),
                               helper.make_tensor_value_info('res', TensorProto.FLOAT, [B, S, D])],
                              [init(n, a) for n, a in consts])
    x = rand(B, S, D, scale=1.0)
    d = lambda a: np.asarray(a, np.float64)
    xx = d(x)
    q, k, v = xx @ d(wq) + d(bq), xx @ d(wk) + d(bk), xx @ d(wv) + d(bv)
    pr = softmax(q @ k.transpose(0, 2, 1) / math.sqrt(D), -1)
    res = pr @ v + xx
    mu = res.mean(-1, keepdims=True)
    ln = (res - mu) / np.sqrt(((res - mu) ** 2).mean(-1, keepdims=True) + 1e-5) * d(gam) + d(bet)
    f1 = ln @ d(w1) + d(b1)
    gelu = f1 * (erf(f1 / math.sqrt(2)) + 1) * 0.5
    o1 = gelu @ d(w2) + d(b2)
    cat = np.concatenate([np.tanh(o1) / (1 + np.exp(-o1)), ln], -1)
    return graph, 13, [x], [cat[:, idx, :], res]


def ops2():
    """Pad, Slice, PRelu, Split, Expand (shape folded from Shape), Where, Range (folded) as
    Gather indices, GlobalMaxPool, ReduceMax, LayerNormalization (opset 17), TopK."""
    N, C, Hh = 2, 4, 8
    H = helper.make_node
    slope = rand(C, 1, 1)
    cond = np.array([True, False, True]).reshape(1, 3, 1, 1)
    gam, bet = rand(Hh) + 1, rand(Hh, scale=0.1)
    nodes = [
        H('Pad', ['x', 'pads', 'padv'], ['p'], name='pad', mode='constant'),
        H('Slice', ['p', 'starts', 'ends', 'axes'], ['s'], name='crop'),
        H('Sub', ['s', 'shift'], ['s2'], name='shift'),
        H('PRelu', ['s2', 'slope'], ['r'], name='prelu'),
        H('Split', ['r', 'split'], ['a', 'b'], name='split', axis=1),
        H('Shape', ['b'], ['bshape'], name='bshape'),
        H('Expand', ['a', 'bshape'], ['e'], name='expand'),
        H('Where', ['cond', 'e', 'b'], ['w'], name='where'),
        H('Range', ['r0', 'r3', 'r1'], ['ridx'], name='range'),
        H('Gather', ['w', 'ridx'], ['gw'], name='gather', axis=1),
        H('Add', ['gw', 'w'], ['w2'], name='add'),
        H('GlobalMaxPool', ['w2'], ['gmp'], name='gmp'),
        H('ReduceMax', ['w2'], ['rm'], name='rmax', axes=[2], keepdims=0),
        H('LayerNormalization', ['rm', 'gamma', 'beta'], ['ln'], name='ln', axis=-1, epsilon=1e-5),
        H('TopK', ['ln', 'k'], ['vals', 'idx'], name='topk', axis=-1),
    ]
    consts = [('pads', np.array([0, 0, 1, 1, 0, 0, 1, 1], np.int64)), ('padv', np.float32(0.5)),
              ('starts', np.array([1, 1], np.int64)), ('ends', np.array([-1, 9], np.int64)),
              ('axes', np.array([2, 3], np.int64)), ('shift', np.float32(0.1)), ('slope', slope),
              ('split', np.array([1, 3], np.int64)), ('cond', cond), ('r0', np.int64(0)), ('r3', np.int64(3)),
              ('r1', np.int64(1)), ('gamma', gam), ('beta', bet), ('k', np.array([3], np.int64))]
    graph = helper.make_graph(nodes, 'ops2', [helper.make_tensor_value_info('x', TensorProto.FLOAT, [N, C, Hh, Hh])],
                              [helper.make_tensor_value_info('vals', TensorProto.FLOAT, [N, 3, 3]),
                               helper.make_tensor_value_info('idx', TensorProto.INT64, [N, 3, 3]),
                               helper.make_tensor_value_info('gmp', TensorProto.FLOAT, [N, 3, 1, 1])],
                              [init(n, a) for n, a in consts])
    x = rand(N, C, Hh, Hh, scale=1.0)
    s2 = x.astype(np.float64) - np.float64(np.float32(0.1))
    r = np.where(s2 >= 0, s2, s2 * slope.astype(np.float64))
    a, b = r[:, :1], r[:, 1:]
    w = np.where(cond, np.broadcast_to(a, b.shape), b)
    w2 = w + w
    rm = w2.max(axis=2)
    mu = rm.mean(-1, keepdims=True)
    ln = (rm - mu) / np.sqrt(((rm - mu) ** 2).mean(-1, keepdims=True) + 1e-5) * gam + bet
    order = np.argsort(-ln, axis=-1, kind='stable')[..., :3]
    return graph, 17, [x], [np.take_along_axis(ln, order, -1), order, w2.max(axis=(2, 3), keepdims=True)]


def resnetish():
    """A ResNet-18-like network at 224x224, batch 1: 7x7/2 stem conv + BN + Relu, 3x3/2 MaxPool,
    two basic blocks at 32 channels, a strided block to 64 channels with a 1x1/2 projection,
    GlobalAveragePool, Flatten, Gemm to 1000 classes. Also the figure model (load / execute time,
    planned workspace)."""
    H = helper.make_node
    nodes, inits = [], []
    ref = {}

    def conv_bn(name, x, cin, cout, k, stride, pad, relu):
        w = rand(cout, cin, k, k, scale=math.sqrt(2.0 / (cin * k * k)))
        g, b = rand(cout, scale=0.1) + 1, rand(cout, scale=0.1)
        m, v = rand(cout, scale=0.1), np.abs(rand(cout, scale=0.2)) + 0.8
        inits.extend([init(name + '_w', w), init(name + '_g', g), init(name + '_b', b), init(name + '_m', m),
                      init(name + '_v', v)])
        nodes.append(H('Conv', [x, name + '_w'], [name + '_c'], name=name, kernel_shape=[k, k], strides=[stride] * 2,
                       pads=[pad] * 4))
        nodes.append(H('BatchNormalization', [name + '_c', name + '_g', name + '_b', name + '_m', name + '_v'],
                       [name + '_n'], name=name + '_bn'))
        d = lambda a: a.astype(np.float64)
        y = bn(conv2d(ref[x], d(w), np.zeros(cout), stride, pad), d(g), d(b), d(m), d(v), 1e-5)
        out = name + '_n'
        if relu:
            nodes.append(H('Relu', [out], [name + '_r'], name=name + '_relu'))
            out = name + '_r'
            y = np.maximum(y, 0)
        ref[out] = y
        return out

    def block(name, x, cin, cout, stride):
        a = conv_bn(name + 'a', x, cin, cout, 3, stride, 1, True)
        b = conv_bn(name + 'b', a, cout, cout, 3, 1, 1, False)
        sc = conv_bn(name + 'p', x, cin, cout, 1, stride, 0, False) if stride != 1 or cin != cout else x
        nodes.append(H('Add', [b, sc], [name + '_sum'], name=name + '_add'))
        nodes.append(H('Relu', [name + '_sum'], [name + '_out'], name=name + '_relu'))
        ref[name + '_out'] = np.maximum(ref[b] + ref[sc], 0)
        return name + '_out'

    x = rand(1, 3, 224, 224, scale=1.0)
    ref['x'] = x.astype(np.float64)
    t = conv_bn('stem', 'x', 3, 32, 7, 2, 3, True)
    nodes.append(H('MaxPool', [t], ['pool'], name='pool', kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1]))
    ref['pool'] = pool(ref[t], 3, 2, 'max', pad=1)
    t = block('l1', 'pool', 32, 32, 1)
    t = block('l2', t, 32, 32, 1)
    t = block('l3', t, 32, 64, 2)
    wf, bf = rand(1000, 64, scale=0.1), rand(1000, scale=0.1)
    inits.extend([init('fc_w', wf), init('fc_b', bf)])
    nodes += [H('GlobalAveragePool', [t], ['gap'], name='gap'), H('Flatten', ['gap'], ['flat'], name='flatten'),
              H('Gemm', ['flat', 'fc_w', 'fc_b'], ['logits'], name='fc', transB=1)]
    logits = ref[t].mean(axis=(2, 3)) @ wf.astype(np.float64).T + bf
    graph = helper.make_graph(nodes, 'resnetish', [helper.make_tensor_value_info('x', TensorProto.FLOAT, [1, 3, 224, 224])],
                              [helper.make_tensor_value_info('logits', TensorProto.FLOAT, [1, 1000])], inits)
    return graph, 13, [x], [logits]


def conv_transpose2d(x, w, b, stride, pad, out_pad):
    n, cin, h, wd = x.shape
    _, cout, kh, kw = w.shape
    full_h, full_w = (h - 1) * stride + kh + out_pad, (wd - 1) * stride + kw + out_pad
    out = np.zeros((n, cout, full_h, full_w))
    for i in range(kh):
        for j in range(kw):
            out[:, :, i:i + stride * h:stride, j:j + stride * wd:stride] += np.einsum('nchw,cm->nmhw', x, w[:, :, i, j])
    oh, ow = full_h - 2 * pad, full_w - 2 * pad
    return out[:, :, pad:pad + oh, pad:pad + ow] + b.reshape(1, -1, 1, 1)


def ops3():
    """ConvTranspose (stride 2, output_padding), InstanceNormalization, HardSigmoid, Exp, Log,
    Abs, Neg, Min, Max, ReduceSum, LogSoftmax."""
    H = helper.make_node
    N, C, Hh = 2, 4, 5
    w, b = rand(C, 3, 3, 3), rand(3, scale=0.1)
    sc, bb = rand(3) + 1, rand(3, scale=0.1)
    nodes = [
        H('ConvTranspose', ['x', 'w', 'b'], ['ct'], name='deconv', kernel_shape=[3, 3], strides=[2, 2],
          pads=[1, 1, 1, 1], output_padding=[1, 1]),
        H('InstanceNormalization', ['ct', 'sc', 'bb'], ['inorm'], name='inorm', epsilon=1e-5),
        H('HardSigmoid', ['inorm'], ['hs'], name='hsig', alpha=0.25, beta=0.4),
        H('Abs', ['inorm'], ['ab'], name='abs'),
        H('Exp', ['hs'], ['ex'], name='exp'),
        H('Log', ['ex'], ['lg'], name='log'),
        H('Neg', ['ab'], ['ng'], name='neg'),
        H('Max', ['lg', 'ng'], ['mx'], name='max'),
        H('Min', ['mx', 'inorm'], ['mn'], name='min'),
        H('ReduceSum', ['mn', 'rs_axes'], ['rs'], name='rsum', keepdims=0),
        H('LogSoftmax', ['rs'], ['y'], name='logsoftmax', axis=-1),
    ]
    consts = [('w', w), ('b', b), ('sc', sc), ('bb', bb), ('rs_axes', np.array([1], np.int64))]
    graph = helper.make_graph(nodes, 'ops3', [helper.make_tensor_value_info('x', TensorProto.FLOAT, [N, C, Hh, Hh])],
                              [helper.make_tensor_value_info('y', TensorProto.FLOAT, [N, 10, 10])],
                              [init(n, a) for n, a in consts])
    x = rand(N, C, Hh, Hh, scale=1.0)
    d = lambda a: a.astype(np.float64)
    ct = conv_transpose2d(d(x), d(w), d(b), 2, 1, 1)
    mu = ct.mean(axis=(2, 3), keepdims=True)
    var = ((ct - mu) ** 2).mean(axis=(2, 3), keepdims=True)
    inorm = (ct - mu) / np.sqrt(var + 1e-5) * d(sc).reshape(1, -1, 1, 1) + d(bb).reshape(1, -1, 1, 1)
    hs = np.clip(0.25 * inorm + 0.4, 0, 1)
    mn = np.minimum(np.maximum(np.log(np.exp(hs)), -np.abs(inorm)), inorm)
    rs = mn.sum(axis=1)
    y = rs - rs.max(-1, keepdims=True)
    y = y - np.log(np.exp(y).sum(-1, keepdims=True))
    return graph, 13, [x], [y]


def cubic_ref(x, out_hw, ctm, a, exclude, scales=None):
    """ONNX Resize mode=cubic along H then W, written from the spec: source coordinate per
    coordinate_transformation_mode, Keys' weights over taps floor(x)-1 .. floor(x)+2, edge taps
    clamped, or (exclude_outside) dropped and the rest renormalised. The scale is the one given
    (scales input), else out / in."""
    def kern(d):
        d = abs(d)
        if d <= 1:
            return (a + 2) * d ** 3 - (a + 3) * d ** 2 + 1
        if d < 2:
            return a * d ** 3 - 5 * a * d ** 2 + 8 * a * d - 4 * a
        return 0.0

    def along(v, axis, n_out):
        n_in = v.shape[axis]
        s = scales[axis - 2] if scales else n_out / n_in
        v = np.moveaxis(v, axis, -1)
        out = np.zeros(v.shape[:-1] + (n_out,))
        for o in range(n_out):
            if ctm == 'align_corners':
                c = o * (n_in - 1) / (n_out - 1) if n_out > 1 else 0.0
            elif ctm == 'asymmetric':
                c = o / s
            else:
                c = (o + 0.5) / s - 0.5
            f = np.floor(c)
            taps = [int(f) - 1 + k for k in range(4)]
            ws = [kern(c - t) for t in taps]
            if exclude:
                ws = [w if 0 <= t < n_in else 0.0 for w, t in zip(ws, taps)]
                tot = sum(ws)
                ws = [w / tot for w in ws]
            for w, t in zip(ws, taps):
                out[..., o] += w * v[..., min(max(t, 0), n_in - 1)]
        return np.moveaxis(out, -1, axis)

    return along(along(x, 2, out_hw[0]), 3, out_hw[1])


def cubic():
    """Resize mode=cubic as onnx.helper writes it (torch exports only a=-0.75, no exclude_outside):
    cubic_coeff_a=-0.5 with exclude_outside=1 and asymmetric coordinates by scales, and align_corners
    by sizes with exclude_outside=0."""
    H = helper.make_node
    N, C, Hh, W = 1, 2, 7, 9
    nodes = [
        H('Resize', ['x', '', 'scales'], ['y0'], name='cubic_excl', mode='cubic', cubic_coeff_a=-0.5,
          exclude_outside=1, coordinate_transformation_mode='asymmetric'),
        H('Resize', ['x', '', '', 'sizes'], ['y1'], name='cubic_ac', mode='cubic',
          coordinate_transformation_mode='align_corners'),
    ]
    consts = [('scales', np.array([1, 1, 2.0, 0.5], np.float32)), ('sizes', np.array([N, C, 11, 14], np.int64))]
    graph = helper.make_graph(nodes, 'cubic', [helper.make_tensor_value_info('x', TensorProto.FLOAT, [N, C, Hh, W])],
                              [helper.make_tensor_value_info('y0', TensorProto.FLOAT, [N, C, 14, 4]),
                               helper.make_tensor_value_info('y1', TensorProto.FLOAT, [N, C, 11, 14])],
                              [init(n, a) for n, a in consts])
    x = rand(N, C, Hh, W, scale=1.0)
    d = x.astype(np.float64)
    return graph, 13, [x], [cubic_ref(d, (14, 4), 'asymmetric', -0.5, True, (2.0, 0.5)),
                            cubic_ref(d, (11, 14), 'align_corners', -0.75, False)]


def hswish():
    """HardSwish written out: (x * Clip(x + 3, 0, 6)) / 6 after one Conv, x * (Clip(3 + x, 0, 6) / 6)
    after another; both are recognised as HardSwish and fused into their Conv."""
    H = helper.make_node
    N, C, Hh = 1, 3, 6
    w1, b1, w2, b2 = rand(4, C, 3, 3), rand(4, scale=0.1), rand(4, 4, 1, 1), rand(4, scale=0.1)
    nodes = [
        H('Conv', ['x', 'w1', 'b1'], ['c1'], name='conv1', kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
        H('Add', ['c1', 'three'], ['a1'], name='add1'),
        H('Clip', ['a1', 'zero', 'six'], ['r1'], name='clip1'),
        H('Mul', ['c1', 'r1'], ['m1'], name='mul1'),
        H('Div', ['m1', 'six'], ['h1'], name='div1'),
        H('Conv', ['h1', 'w2', 'b2'], ['c2'], name='conv2', kernel_shape=[1, 1]),
        H('Add', ['three', 'c2'], ['a2'], name='add2'),
        H('Clip', ['a2', 'zero', 'six'], ['r2'], name='clip2'),
        H('Div', ['r2', 'six'], ['d2'], name='div2'),
        H('Mul', ['c2', 'd2'], ['y'], name='mul2'),
    ]
    consts = [('w1', w1), ('b1', b1), ('w2', w2), ('b2', b2), ('three', np.array(3, np.float32)),
              ('zero', np.array(0, np.float32)), ('six', np.array(6, np.float32))]
    graph = helper.make_graph(nodes, 'hswish', [helper.make_tensor_value_info('x', TensorProto.FLOAT, [N, C, Hh, Hh])],
                              [helper.make_tensor_value_info('y', TensorProto.FLOAT, [N, 4, Hh, Hh])],
                              [init(n, a) for n, a in consts])
    x = rand(N, C, Hh, Hh, scale=3.0)
    d = lambda a: a.astype(np.float64)
    hs = lambda v: v * np.clip(v + 3, 0, 6) / 6
    y = hs(conv2d(hs(conv2d(d(x), d(w1), d(b1), 1, 1)), d(w2), d(b2), 1, 0))
    return graph, 13, [x], [y]


def tfcrop():
    """Resize with coordinate_transformation_mode=tf_crop_and_resize (an roi, extrapolation): refused."""
    g = helper.make_graph([helper.make_node('Resize', ['x', 'roi', 'scales'], ['y'], name='crop_resize', mode='linear',
                                            coordinate_transformation_mode='tf_crop_and_resize')], 'tfcrop',
                          [helper.make_tensor_value_info('x', TensorProto.FLOAT, [1, 1, 4, 4])],
                          [helper.make_tensor_value_info('y', TensorProto.FLOAT, [1, 1, 8, 8])],
                          [init('roi', np.array([0, 0, 0.1, 0.1, 1, 1, 0.9, 0.9], np.float32)),
                           init('scales', np.array([1, 1, 2, 2], np.float32))])
    return g, 13, [], []


def unsupported():
    g = helper.make_graph([helper.make_node('Relu', ['x'], ['r'], name='ok_relu'),
                           helper.make_node('Asinh', ['r'], ['y'], name='my_asinh')], 'unsupported',
                          [helper.make_tensor_value_info('x', TensorProto.FLOAT, [2, 4])],
                          [helper.make_tensor_value_info('y', TensorProto.FLOAT, [2, 4])])
    return g, 13, [], []


def save(out, name, graph, opset, inputs, refs):
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', opset)], producer_name='aclemu-tests')
    data = model.SerializeToString()
    if name == 'truncated':
        data = data[:len(data) * 2 // 3]
    elif name == 'garbage':
        data = bytes(rng.integers(0, 256, 4096, dtype=np.uint8))
    with open(f'{out}/{name}.onnx', 'wb') as f:
        f.write(data)
    for k, a in enumerate(inputs):
        np.asarray(a, np.float32).tofile(f'{out}/{name}.in{k}.bin')
    for k, a in enumerate(refs):
        np.asarray(a, np.float64).tofile(f'{out}/{name}.ref{k}.bin')
        # the dtype the model writes output k in (compare.py reads it)
        with open(f'{out}/{name}.ref{k}.dtype', 'w') as f:
            f.write('int64' if np.asarray(a).dtype.kind in 'iu' else 'float32')


def dynamic():
    """The CNN with a symbolic batch dim: converts only with --input_shape."""
    graph, opset, ins, refs = cnn()
    graph.input[0].type.tensor_type.shape.dim[0].dim_param = 'N'
    return graph, opset, ins, refs


def main():
    out, name = sys.argv[1], sys.argv[2]
    if name in ('truncated', 'garbage'):
        save(out, name, *cnn())
        return
    if name == 'dynamic':
        save(out, name, *dynamic())
        return
    save(out, name, *{'cnn': cnn, 'attn': attn, 'ops2': ops2, 'ops3': ops3, 'resnetish': resnetish, 'unsupported': unsupported,
          'cubic': cubic, 'tfcrop': tfcrop, 'hswish': hswish}[name]())


if __name__ == '__main__':
    main()
