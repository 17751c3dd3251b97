#!/usr/bin/env python3
"""Writes the structured seed corpora of tests/fuzz (run from anywhere; the files are committed):

    corpus/fuzz_aclnn_stage1/<api>.<variant>   one input per aclnn API and argument variant, in
                                               the byte layout fuzz_aclnn_stage1.c reads
    corpus/fuzz_aclop_desc/<op>.<variant>      one input per aclop type (acl/op/op_specs.c)

    make_seeds.py [--check]   --check: exit 1 if a committed seed is missing or differs
The text seeds (JSON, YAML) and the model files are written by hand / by atc, not by this script.
"""
import glob
import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
sys.path.insert(0, os.path.join(ROOT, 'opbase', 'gen'))
import aclnn_gen  # noqa: E402

ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT64, ACL_BOOL = 0, 1, 3, 9, 12
FMT_NCHW, FMT_ND = 0, 2


def small(v):
    """fz_small: one signed byte, or 0x7f + int64."""
    if -128 <= v <= 127 and v != 0x7f:
        return struct.pack('<b', v)
    return b'\x7f' + struct.pack('<q', v)


def tensor(dtype, dims, fmt):
    return bytes([dtype, len(dims)]) + b''.join(small(d) for d in dims) + bytes([fmt, 0])


# argument variants: (tensor dtype, dims, format, int-array values, int value, double byte)
VARIANTS = {
    'f32_2d': (ACL_FLOAT, [2, 3], FMT_ND, [1, 1], 0, 8),
    'f16_4d': (ACL_FLOAT16, [1, 2, 4, 4], FMT_NCHW, [1, 1], 1, 1),
    'i32_1d': (ACL_INT32, [8], FMT_ND, [0], -1, 0),
}


def aclnn_seed(api, variant):
    dt, dims, fmt, ints, ival, dbyte = VARIANTS[variant]
    out = api.registry_name().encode() + b'\0'
    for p in api.params:
        kind = aclnn_gen.fuzz_kind(p, api)[0]
        if kind == 't':
            out += tensor(dt, dims, fmt)
        elif kind == 'l':
            out += bytes([2]) + tensor(dt, dims, fmt) * 2
        elif kind == 's':
            out += bytes([ACL_FLOAT]) + struct.pack('<f', 1.0) + b'\0' * 4
        elif kind == 'S':
            out += bytes([1, ACL_FLOAT]) + struct.pack('<f', 1.0) + b'\0' * 4
        elif kind == 'a':
            out += bytes([len(ints)]) + b''.join(small(v) for v in ints)
        elif kind == 'b':
            out += bytes([2, 1, 0])
        elif kind == 'f':
            out += bytes([1]) + struct.pack('<f', 1.0)
        elif kind == 'c':
            out += bytes([0])
        elif kind == 'o':
            out += bytes([0])
        elif kind == '?':
            out += bytes([0])
        elif kind == 'i':
            out += small(ival)
        elif kind == 'D':
            out += bytes([dt])
        elif kind == 'd':
            out += bytes([dbyte & 0xff])
    return out + bytes([0, 0x3f])  # workspaceSize/executor given; every executor call


OP_TYPES = ["Add", "Sub", "Mul", "RealDiv", "Pow", "Relu", "Gelu", "Sigmoid", "Tanh", "Square", "Sqrt", "Exp",
            "LeakyRelu", "Cast", "Softmax", "SoftmaxV2", "LogSoftmaxV2", "MatMul", "MatMulV2", "BatchMatMul",
            "BatchMatMulV2", "BiasAdd", "Conv2D", "DepthwiseConv2D", "Conv2DBackpropInput", "Conv2DTranspose",
            "LayerNorm", "BNInference", "BatchNorm", "MaxPool", "MaxPoolV3", "AvgPool", "AvgPoolV2", "TransData",
            "Transpose", "NoSuchOp", ""]  # the order of op_types[] in fuzz_aclop_desc.c


def op_io_counts():
    """Required inputs and outputs of each op type, read from acl/op/op_specs.c."""
    text = open(os.path.join(ROOT, 'acl', 'op', 'op_specs.c')).read()
    counts = {}
    for m in re.finditer(r'BINARY\("(\w+)"', text):
        counts[m.group(1)] = (2, 1)
    for m in re.finditer(r'UNARY\("(\w+)"', text):
        counts[m.group(1)] = (1, 1)
    for m in re.finditer(r'\{"(\w+)", \{([^}]*)\},\s*\{([^}]*)\}', text):
        ins = [s for s in re.findall(r'"([^"]*)"', m.group(2)) if not s.startswith('?')]
        outs = re.findall(r'"([^"]*)"', m.group(3))
        counts[m.group(1)] = (len(ins), len(outs))
    return counts


def desc(dtype, dims, fmt):
    """make_desc: dtype, ndims, dims, format, flags (none)."""
    return bytes([dtype, len(dims)]) + b''.join(small(d) for d in dims) + bytes([fmt, 0])


def aclop_seed(op, nin, nout, dims, fmt, attrs=b'', nattr=0):
    out = bytes([OP_TYPES.index(op), nin | (nout << 4)])
    out += desc(ACL_FLOAT, dims, fmt) * nin + desc(ACL_FLOAT, dims, fmt) * nout
    out += bytes([nattr]) + attrs
    out += bytes([0x2f])  # infer, compile, handle, execute, getters
    return out + bytes([96]) * 18  # data buffer sizes


def main():
    check = '--check' in sys.argv
    want = {}
    defs = sorted(glob.glob(os.path.join(ROOT, 'ops_nn', '**', '*.def'), recursive=True))
    for d in defs:
        apis, _ = aclnn_gen.parse_def(d)
        for a in apis:
            for v in VARIANTS:
                want['fuzz_aclnn_stage1/%s.%s' % (a.registry_name(), v)] = aclnn_seed(a, v)
    counts = op_io_counts()
    for op in OP_TYPES[:-2]:
        nin, nout = counts[op]
        want['fuzz_aclop_desc/%s.nd' % op] = aclop_seed(op, nin, nout, [2, 3], FMT_ND)
        want['fuzz_aclop_desc/%s.nchw' % op] = aclop_seed(op, nin, nout, [1, 2, 4, 4], FMT_NCHW)
    # two attributes: strides (list_int [1,1,1,1]) and data_format (string "NCHW")
    attrs = bytes([28, 6, 4]) + small(1) * 4 + bytes([0]) + bytes([7, 3, 0]) + bytes([1])
    want['fuzz_aclop_desc/Conv2D.attrs'] = aclop_seed('Conv2D', 2, 1, [1, 2, 4, 4], FMT_NCHW, attrs, 2)
    bad = 0
    for rel, data in sorted(want.items()):
        path = os.path.join(HERE, 'corpus', rel)
        if check:
            if not os.path.exists(path) or open(path, 'rb').read() != data:
                print('stale seed: ' + rel)
                bad += 1
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'wb') as f:
            f.write(data)
    if check:
        sys.exit(1 if bad else 0)
    print('%d seeds written' % len(want))


if __name__ == '__main__':
    main()
