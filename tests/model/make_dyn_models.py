#!/usr/bin/env python3
"""Dynamic-gear test models (atc --dynamic_batch_size / --dynamic_image_size / --dynamic_dims),
built at test time with onnx.helper, with one input and one float64 NumPy reference per gear.

    make_dyn_models.py <out-dir>

writes dynbatch.onnx (x: [N,3,8,8] -> conv+relu -> global average pool -> gemm -> [N,5]; gears
1,2,4,8), dynhw.onnx (x: [1,3,H,W] -> conv+relu -> [1,4,H,W]; gears 8x8, 12x16) and
dyndims.onnx (x: [B,S,16] -> matmul+add+relu -> [B,S,8]; gears (1,4), (2,8), (3,5)); for gear g
<name>.g<g>.in0.bin (float32), <name>.g<g>.ref0.bin (float64) and .dtype, and <name>.gears
(one line per gear: the values) for the host program.
"""
import os
import sys

import numpy as np
from onnx import TensorProto, helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_models import conv2d, init, rand  # noqa: E402  (the shared float64 reference ops)

rng = np.random.default_rng(77)


def model(name, nodes, inits, x_shape, y_shape):
    g = helper.make_graph(nodes, name, [helper.make_tensor_value_info('x', TensorProto.FLOAT, x_shape)],
                          [helper.make_tensor_value_info('y', TensorProto.FLOAT, y_shape)], initializer=inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid('', 13)], producer_name='aclemu-tests')


def write(out, name, m, gears, inputs, refs):
    with open(f'{out}/{name}.onnx', 'wb') as f:
        f.write(m.SerializeToString())
    with open(f'{out}/{name}.gears', 'w') as f:
        for g in gears:
            f.write(' '.join(str(v) for v in g) + '\n')
    for k, (x, r) in enumerate(zip(inputs, refs)):
        np.asarray(x, np.float32).tofile(f'{out}/{name}.g{k}.in0.bin')
        np.asarray(r, np.float64).tofile(f'{out}/{name}.g{k}.ref0.bin')
        with open(f'{out}/{name}.g{k}.ref0.dtype', 'w') as f:
            f.write('float32')


def dynbatch(out):
    w, b = rand(4, 3, 3, 3), rand(4)
    fw, fb = rand(5, 4), rand(5)
    nodes = [helper.make_node('Conv', ['x', 'w', 'b'], ['c'], name='conv', pads=[1, 1, 1, 1]),
             helper.make_node('Relu', ['c'], ['r'], name='relu'),
             helper.make_node('GlobalAveragePool', ['r'], ['p'], name='gap'),
             helper.make_node('Flatten', ['p'], ['f'], name='flat'),
             helper.make_node('Gemm', ['f', 'fw', 'fb'], ['y'], name='fc', transB=1)]
    m = model('dynbatch', nodes, [init('w', w), init('b', b), init('fw', fw), init('fb', fb)], ['N', 3, 8, 8],
              ['N', 5])
    gears = [[1], [2], [4], [8]]
    ins, refs = [], []
    for (n,) in gears:
        x = rand(n, 3, 8, 8, scale=1.0)
        r = np.maximum(conv2d(x.astype(np.float64), w.astype(np.float64), b.astype(np.float64), 1, 1), 0)
        refs.append(r.mean(axis=(2, 3)) @ fw.astype(np.float64).T + fb)
        ins.append(x)
    write(out, 'dynbatch', m, gears, ins, refs)


def dynhw(out):
    w, b = rand(4, 3, 3, 3), rand(4)
    nodes = [helper.make_node('Conv', ['x', 'w', 'b'], ['c'], name='conv', pads=[1, 1, 1, 1]),
             helper.make_node('Relu', ['c'], ['y'], name='relu')]
    m = model('dynhw', nodes, [init('w', w), init('b', b)], [1, 3, 'H', 'W'], [1, 4, 'H', 'W'])
    gears = [[8, 8], [12, 16]]
    ins, refs = [], []
    for h, wd in gears:
        x = rand(1, 3, h, wd, scale=1.0)
        refs.append(np.maximum(conv2d(x.astype(np.float64), w.astype(np.float64), b.astype(np.float64), 1, 1), 0))
        ins.append(x)
    write(out, 'dynhw', m, gears, ins, refs)


def dyndims(out):
    w, b = rand(16, 8), rand(8)
    nodes = [helper.make_node('MatMul', ['x', 'w'], ['mm'], name='mm'),
             helper.make_node('Add', ['mm', 'b'], ['a'], name='bias'),
             helper.make_node('Relu', ['a'], ['y'], name='relu')]
    m = model('dyndims', nodes, [init('w', w), init('b', b)], ['B', 'S', 16], ['B', 'S', 8])
    gears = [[1, 4], [2, 8], [3, 5]]
    ins, refs = [], []
    for bb, s in gears:
        x = rand(bb, s, 16, scale=1.0)
        refs.append(np.maximum(x.astype(np.float64) @ w.astype(np.float64) + b, 0))
        ins.append(x)
    write(out, 'dyndims', m, gears, ins, refs)


if __name__ == '__main__':
    for f in (dynbatch, dynhw, dyndims):
        f(sys.argv[1])
