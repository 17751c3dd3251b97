#!/usr/bin/env python3
"""Makes the dump test's model and configuration files (make), or checks the dump files a run
wrote (check). The DumpData schema is built here by hand from the public field numbers of
toolkit.dumpdata (not from the runtime's .proto), and every tensor is compared with values
computed here in float64 from the model's definition.

    check_dump.py make <dir>
    check_dump.py check <dir>
    check_dump.py opcheck <dir>     (the single-operator dump of op_dump.c)
"""
import glob
import json
import os
import re
import struct
import sys

import numpy as np

MODEL = 'dumpnet'
C = np.array([0.5, -1.0, 2.0], np.float32)


def make(d):
    from onnx import TensorProto, helper, numpy_helper
    nodes = [helper.make_node('Relu', ['x'], ['r'], name='relu1'),
             helper.make_node('Add', ['r', 'c'], ['a'], name='add1'),
             helper.make_node('Neg', ['a'], ['z'], name='neg1')]
    g = helper.make_graph(nodes, MODEL, [helper.make_tensor_value_info('x', TensorProto.FLOAT, [2, 3])],
                          [helper.make_tensor_value_info('z', TensorProto.FLOAT, [2, 3])],
                          initializer=[numpy_helper.from_array(C, 'c')])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid('', 13)], producer_name='aclemu-tests')
    open(os.path.join(d, MODEL + '.onnx'), 'wb').write(m.SerializeToString())
    x = np.array([[-1.5, 0.25, 3.0], [2.0, -0.75, 0.0]], np.float32)
    x.tofile(os.path.join(d, 'x.bin'))
    os.makedirs(os.path.join(d, 'out'), exist_ok=True)
    os.makedirs(os.path.join(d, 'out2'), exist_ok=True)
    os.makedirs(os.path.join(d, 'opout'), exist_ok=True)
    cfgs = {
        'good.json': {'dump': {'dump_path': os.path.join(d, 'out'), 'dump_mode': 'all',
                               'dump_list': [{'model_name': MODEL, 'layer': ['relu1', 'add1']}]}},
        'acl.json': {'dump': {'dump_path': os.path.join(d, 'out2'), 'dump_mode': 'input', 'dump_step': '1',
                              'dump_list': [{}]}},
        'badmode.json': {'dump': {'dump_path': d, 'dump_mode': 'both', 'dump_list': [{}]}},
        'nopath.json': {'dump': {'dump_list': [{'model_name': MODEL}]}},
        'stats.json': {'dump': {'dump_path': d, 'dump_data': 'stats', 'dump_list': [{}]}},
        # single-operator dumps (op_dump.c), as the runtime repository's adump sample configures them
        'opdump.json': {'dump': {'dump_path': os.path.join(d, 'opout'), 'dump_list': [{}], 'dump_mode': 'all',
                                 'dump_op_switch': 'on', 'dump_data': 'tensor'}},
        'badstep.json': {'dump': {'dump_path': d, 'dump_step': '1|x', 'dump_list': [{}]}},
    }
    for n, c in cfgs.items():
        json.dump(c, open(os.path.join(d, n), 'w'))
    open(os.path.join(d, 'notjson.json'), 'w').write('{"dump": {"dump_path": ')


def schema():
    from google.protobuf import descriptor_pb2, descriptor_pool
    try:
        from google.protobuf.message_factory import GetMessageClass
    except ImportError:
        GetMessageClass = None
    F = descriptor_pb2.FieldDescriptorProto
    fd = descriptor_pb2.FileDescriptorProto(name='dd_test.proto', package='toolkit.dumpdata', syntax='proto3')

    def msg(name, fields):
        m = fd.message_type.add(name=name)
        for fname, num, typ, label, tname in fields:
            f = m.field.add(name=fname, number=num, type=typ, label=label)
            if tname:
                f.type_name = '.toolkit.dumpdata.' + tname
    O, R = F.LABEL_OPTIONAL, F.LABEL_REPEATED
    msg('Shape', [('dim', 1, F.TYPE_UINT64, R, None)])
    msg('OpOutput', [('data_type', 1, F.TYPE_INT32, O, None), ('format', 2, F.TYPE_INT32, O, None),
                     ('shape', 3, F.TYPE_MESSAGE, O, 'Shape'), ('data', 5, F.TYPE_BYTES, O, None),
                     ('size', 6, F.TYPE_UINT64, O, None), ('address', 9, F.TYPE_UINT64, O, None)])
    msg('OpInput', [('data_type', 1, F.TYPE_INT32, O, None), ('format', 2, F.TYPE_INT32, O, None),
                    ('shape', 3, F.TYPE_MESSAGE, O, 'Shape'), ('data', 4, F.TYPE_BYTES, O, None),
                    ('size', 5, F.TYPE_UINT64, O, None), ('address', 8, F.TYPE_UINT64, O, None)])
    msg('DumpData', [('version', 1, F.TYPE_STRING, O, None), ('dump_time', 2, F.TYPE_UINT64, O, None),
                     ('output', 3, F.TYPE_MESSAGE, R, 'OpOutput'), ('input', 4, F.TYPE_MESSAGE, R, 'OpInput'),
                     ('op_name', 6, F.TYPE_STRING, O, None)])
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fd)
    desc = pool.FindMessageTypeByName('toolkit.dumpdata.DumpData')
    if GetMessageClass:
        return GetMessageClass(desc)
    from google.protobuf import message_factory
    return message_factory.MessageFactory(pool).GetPrototype(desc)


def check(d, sub, want_iters, want_layers):
    """want_layers: the dumped layers and whether inputs / outputs are in their files"""
    DumpData = schema()
    fails = []
    x = np.fromfile(os.path.join(d, 'x.bin'), np.float32).reshape(2, 3).astype(np.float64)
    r = np.maximum(x, 0)
    a = r + C.astype(np.float64)
    every = {'relu1': ('Relu', [x], [r]), 'add1': ('Add', [r, C.astype(np.float64)], [a]), 'neg1': ('Neg', [a], [-a])}
    want = {k: (every[k][0], every[k][1] if io[0] else [], every[k][2] if io[1] else [])
            for k, io in want_layers.items()}
    if os.path.exists(os.path.join(d, 'out.bin')):
        out = np.fromfile(os.path.join(d, 'out.bin'), np.float32)
        if not np.allclose(out, -a.reshape(-1), atol=1e-6):
            fails.append('model output %s != %s' % (out, -a.reshape(-1)))
    stamps = os.listdir(os.path.join(d, sub))
    if len(stamps) != 1 or not re.fullmatch(r'\d{14}', stamps[0]):
        fails.append('expected one YYYYMMDDhhmmss directory, got %s' % stamps)
        return fails
    base = os.path.join(d, sub, stamps[0], '0', MODEL)
    ids = os.listdir(base) if os.path.isdir(base) else []
    if len(ids) != 1:
        fails.append('expected one model id directory under %s, got %s' % (base, ids))
        return fails
    iters = sorted(os.listdir(os.path.join(base, ids[0])))
    if iters != want_iters:
        fails.append('iteration directories %s, expected %s' % (iters, want_iters))
    for it in iters:
        files = sorted(os.listdir(os.path.join(base, ids[0], it)))
        seen = set()
        for fn in files:
            m = re.fullmatch(r'([^.]+)\.([^.]+)\.(\d+)\.(\d+)\.(\d+)', fn)
            if not m:
                fails.append('file name %s is not op_type.op_name.task.stream.timestamp' % fn)
                continue
            op_type, op_name = m.group(1), m.group(2)
            if op_name not in want:
                fails.append('%s dumped, not in the layer list' % fn)
                continue
            seen.add(op_name)
            if op_type != want[op_name][0]:
                fails.append('%s: op type %s, expected %s' % (fn, op_type, want[op_name][0]))
            blob = open(os.path.join(base, ids[0], it, fn), 'rb').read()
            (hlen,) = struct.unpack('<Q', blob[:8])
            dd = DumpData()
            dd.ParseFromString(blob[8:8 + hlen])
            if dd.op_name != op_name:
                fails.append('%s: op_name %s' % (fn, dd.op_name))
            tensors = list(dd.input) + list(dd.output)
            refs = want[op_name][1] + want[op_name][2]
            if len(dd.input) != len(want[op_name][1]) or len(dd.output) != len(want[op_name][2]):
                fails.append('%s: %d inputs %d outputs' % (fn, len(dd.input), len(dd.output)))
                continue
            if 8 + hlen + sum(t.size for t in tensors) != len(blob):
                fails.append('%s: header %d + tensors %d != file size %d' %
                             (fn, hlen, sum(t.size for t in tensors), len(blob)))
                continue
            pos = 8 + hlen
            for t, ref in zip(tensors, refs):
                if t.data_type != 1 or list(t.shape.dim) != list(ref.shape) or t.size != ref.size * 4:
                    fails.append('%s: dtype %d shape %s size %d, expected DT_FLOAT %s' %
                                 (fn, t.data_type, list(t.shape.dim), t.size, list(ref.shape)))
                    break
                got = np.frombuffer(blob[pos:pos + t.size], np.float32).astype(np.float64).reshape(ref.shape)
                pos += t.size
                if not np.array_equal(got, ref):
                    fails.append('%s: data %s != %s' % (fn, got.tolist(), ref.tolist()))
        if seen != set(want):
            fails.append('iteration %s: dumped %s, expected %s' % (it, sorted(seen), sorted(want)))
    return fails


def opcheck(d):
    """op_dump.c: exactly one file, {opout}/{stamp}/0/Add.aclnnAdd.{task}.{stream}.{us}, with self,
    other (a transposed view, in view order) and out = self + 2 * other"""
    DumpData = schema()
    fails = []
    s = np.arange(1, 7, dtype=np.float64).reshape(2, 3)
    o = (np.arange(1, 7, dtype=np.float64) * 10).reshape(3, 2).T
    refs = [s, o, s + 2 * o]
    stamps = os.listdir(os.path.join(d, 'opout'))
    if len(stamps) != 1 or not re.fullmatch(r'\d{14}', stamps[0]):
        return ['expected one YYYYMMDDhhmmss directory, got %s' % stamps]
    base = os.path.join(d, 'opout', stamps[0], '0')
    files = os.listdir(base) if os.path.isdir(base) else []
    if len(files) != 1:
        return ['expected one single-operator dump file under %s (the captured and the late Add are not '
                'dumped), got %s' % (base, files)]
    fn = files[0]
    if not re.fullmatch(r'Add\.aclnnAdd\.\d+\.\d+\.\d{16}', fn):
        fails.append('file name %s is not Add.aclnnAdd.task.stream.timestamp_us' % fn)
    blob = open(os.path.join(base, fn), 'rb').read()
    (hlen,) = struct.unpack('<Q', blob[:8])
    dd = DumpData()
    dd.ParseFromString(blob[8:8 + hlen])
    if dd.op_name != 'aclnnAdd':
        fails.append('op_name %s' % dd.op_name)
    if len(dd.input) != 2 or len(dd.output) != 1:
        return fails + ['%d inputs %d outputs, expected 2 and 1' % (len(dd.input), len(dd.output))]
    tensors = list(dd.input) + list(dd.output)
    if 8 + hlen + sum(t.size for t in tensors) != len(blob):
        return fails + ['header %d + tensors %d != file size %d' % (hlen, sum(t.size for t in tensors), len(blob))]
    pos = 8 + hlen
    for t, ref in zip(tensors, refs):
        if t.data_type != 1 or list(t.shape.dim) != [2, 3] or t.size != 24 or t.address == 0:
            fails.append('dtype %d shape %s size %d address %x, expected DT_FLOAT [2, 3] 24' %
                         (t.data_type, list(t.shape.dim), t.size, t.address))
            break
        got = np.frombuffer(blob[pos:pos + 24], np.float32).astype(np.float64).reshape(2, 3)
        pos += 24
        if not np.array_equal(got, ref):
            fails.append('data %s != %s' % (got.tolist(), ref.tolist()))
    return fails


if __name__ == '__main__':
    if sys.argv[1] == 'make':
        make(sys.argv[2])
    elif sys.argv[1] == 'opcheck':
        f = opcheck(sys.argv[2])
        for line in f:
            print('FAIL:', line)
        print('single-operator dump files: %s' % ('all checks passed' if not f else '%d failure(s)' % len(f)))
        sys.exit(1 if f else 0)
    else:
        # aclmdlSetDump: relu1 and add1, inputs and outputs, iterations 0 and 1 (the third execution
        # ran after aclmdlFinalizeDump); aclInit's file: every layer's inputs, iteration 1 only
        f = check(sys.argv[2], 'out', ['0', '1'], {'relu1': (1, 1), 'add1': (1, 1)})
        f += check(sys.argv[2], 'out2', ['1'], {'relu1': (1, 0), 'add1': (1, 0), 'neg1': (1, 0)})
        for line in f:
            print('FAIL:', line)
        print('dump files: %s' % ('all checks passed' if not f else '%d failure(s)' % len(f)))
        sys.exit(1 if f else 0)
