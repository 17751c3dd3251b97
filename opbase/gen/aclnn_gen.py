#!/usr/bin/env python3
"""Generates the repetitive parts of the aclnn operator APIs from one declaration per header.

Input: *.def files (one per public header aclnnop/<stem>.h), each with lines

    library nn|math|cv|transformer       which toolkit library exports the APIs (default nn)
    aclop <OpType> <kernel>              registry entry: aclop type -> device kernel name
    api <Name>(<params>)                 one aclnn API: aclnn<Name>GetWorkspaceSize + aclnn<Name>
    func <ret> <symbol>(<params>)        one plain function (e.g. aclnnCalculateMatmulWeightSize),
                                         written by hand in the op's _api.c
    cxx_include <header>                 a C++ standard header the real header includes and its
                                         examples rely on (e.g. <array> for std::array<bool, 3>),
                                         emitted under #ifdef __cplusplus so C clients still build
        <continuation lines start with whitespace>

<params> is the C parameter list of aclnn<Name>GetWorkspaceSize without the trailing
workspaceSize/executor. A tensor parameter may end in @in, @out or @inout to state its direction;
by default a tensor named ...Ref is both, a `const aclTensor*` an input and any other
`aclTensor*` an output (same for aclTensorList*).

A func is declared exactly as written (return type, symbol, parameters) in the header, in the
order of the .def, and exported like the APIs (filter symbols, registry); its body is the op
folder's business (include aclemu_plans.h, which declares it too).

Outputs (in --outdir): <stem>.h per .def, aclemu_plans.h (prototypes of the planners the op
files implement: aclnnStatus aclemu_plan_<Name>(aclOpExecutor *executor, <params>), and of the
funcs),
aclnn_entries.c (stage-1 prologue/epilogue + stage-2 entry of every API), opapi_nn_filter.c /
opapi_math_filter.c (symbol stubs for the ELF filter libraries), aclnn_registry.c (tables),
aclnn_ops_nn.h (umbrella header), aclnn_fuzz_table.c (for tests/fuzz: every API's parameter kinds
and a thunk calling it from generic arguments; see FUZZ_KINDS).
"""
import argparse
import os
import re
import sys


# The toolkit libraries an API can belong to (each an ELF filter of libopapi.so), as the real
# split: ops-nn -> libopapi_nn.so, ops-math -> libopapi_math.so, ops-cv -> libopapi_cv.so,
# ops-transformer -> libopapi_transformer.so.
LIBRARIES = ('nn', 'math', 'cv', 'transformer')


class Api:
    """An aclnn API (kind 'api': a two-stage pair) or a plain function (kind 'func': `ret` is its
    return type and `name` its whole symbol)."""

    def __init__(self, name, params, library, src, kind='api', ret=None):
        self.name, self.params, self.library, self.src = name, params, library, src
        self.kind, self.ret = kind, ret
        self.cxx_includes = []  # the header's cxx_include lines (same list on each API of a .def)

    def symbols(self):
        """The exported symbols."""
        if self.kind == 'func':
            return [self.name]
        return ['aclnn%sGetWorkspaceSize' % self.name, 'aclnn%s' % self.name]

    def registry_name(self):
        return self.name if self.kind == 'func' else 'aclnn' + self.name


def split_params(text):
    parts, depth, cur = [], 0, ''
    for ch in text:
        if ch == '(':
            depth += 1
        elif ch == ')':
            depth -= 1
        if ch == ',' and depth == 0:
            parts.append(cur)
            cur = ''
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


def parse_param(text, where):
    direction = None
    m = re.search(r'@(in|out|inout)\s*$', text)
    if m:
        direction = m.group(1)
        text = text[:m.start()].strip()
    m = re.match(r'^(.*?)([A-Za-z_][A-Za-z0-9_]*)$', text)
    if not m:
        sys.exit('%s: cannot parse parameter "%s"' % (where, text))
    ctype, name = re.sub(r'\s+', ' ', m.group(1)).strip(), m.group(2)
    ctype = re.sub(r'\s*\*', '*', ctype)
    base = ctype.replace('const ', '').replace(' ', '')
    kind = None
    if base == 'aclTensor*':
        kind = 'tensor'
    elif base == 'aclTensorList*':
        kind = 'list'
    if kind and direction is None:
        if name.endswith('Ref'):
            direction = 'inout'
        elif ctype.startswith('const '):
            direction = 'in'
        else:
            direction = 'out'
    return {'type': ctype, 'name': name, 'kind': kind, 'dir': direction}


def parse_def(path):
    library, apis, aclops, cxx_includes = 'nn', [], [], []
    logical = []
    with open(path) as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.split('#', 1)[0].rstrip()
            if not line.strip():
                continue
            if line[0].isspace() and logical:
                logical[-1][1] += ' ' + line.strip()
            else:
                logical.append([lineno, line.strip()])
    for lineno, line in logical:
        where = '%s:%d' % (path, lineno)
        word, _, rest = line.partition(' ')
        if word == 'library':
            library = rest.strip()
            if library not in LIBRARIES:
                sys.exit('%s: library must be one of %s' % (where, ', '.join(LIBRARIES)))
        elif word == 'aclop':
            f = rest.split()
            if len(f) != 2:
                sys.exit('%s: aclop <OpType> <kernel>' % where)
            aclops.append(f)
        elif word == 'api':
            m = re.match(r'^([A-Za-z0-9_]+)\s*\((.*)\)\s*$', rest.strip())
            if not m:
                sys.exit('%s: api <Name>(<params>)' % where)
            params = [parse_param(p, where) for p in split_params(m.group(2))]
            apis.append(Api(m.group(1), params, library, where))
        elif word == 'cxx_include':
            if not re.match(r'^<[A-Za-z0-9_./]+>$', rest.strip()):
                sys.exit('%s: cxx_include <header>' % where)
            cxx_includes.append(rest.strip())
        elif word == 'func':
            m = re.match(r'^(.*?\S)\s*\b([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*$', rest.strip())
            if not m or not m.group(1).strip():
                sys.exit('%s: func <return type> <symbol>(<params>)' % where)
            ret = re.sub(r'\s*\*', '*', re.sub(r'\s+', ' ', m.group(1).strip()))
            text = m.group(3).strip()
            params = [] if text in ('', 'void') else [parse_param(p, where) for p in split_params(text)]
            apis.append(Api(m.group(2), params, library, where, 'func', ret))
        else:
            sys.exit('%s: unknown keyword "%s"' % (where, word))
    for a in apis:
        a.library = library
        a.cxx_includes = cxx_includes
    return apis, aclops


def proto_params(api):
    return ', '.join('%s %s' % (p['type'], p['name']) for p in api.params)


STAGE2 = 'void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream'


def stage1_proto(api):
    ps = proto_params(api)
    return 'aclnnStatus aclnn%sGetWorkspaceSize(%s%suint64_t* workspaceSize, aclOpExecutor** executor)' % (
        api.name, ps, ', ' if ps else '')


def write_if_changed(path, text):
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return
    with open(path, 'w') as f:
        f.write(text)


def func_proto(f):
    return '%s %s(%s)' % (f.ret, f.name, proto_params(f) or 'void')


def gen_header(stem, apis):
    guard = 'ACLEMU_ACLNNOP_%s_H' % stem.upper()
    out = ['/* Generated by opbase/gen/aclnn_gen.py from %s.def: do not edit. */' % stem,
           '#ifndef %s' % guard, '#define %s' % guard, '',
           '#include "aclnn/aclnn_base.h"', '#include "aclnnop/aclnn_util.h"', '']
    cxx = apis[0].cxx_includes if apis else []
    if cxx:
        out += ['#ifdef __cplusplus'] + ['#include %s' % h for h in cxx] + ['#endif', '']
    out += ['#ifdef __cplusplus', 'extern "C" {', '#endif', '']
    for a in apis:
        if a.kind == 'func':
            out.append('ACLNN_API %s;' % func_proto(a))
        else:
            out.append('ACLNN_API %s;' % stage1_proto(a))
            out.append('ACLNN_API aclnnStatus aclnn%s(%s);' % (a.name, STAGE2))
        out.append('')
    out += ['#ifdef __cplusplus', '}', '#endif', '', '#endif', '']
    return '\n'.join(out)


def gen_plans(all_apis):
    out = ['/* Generated by opbase/gen/aclnn_gen.py: the planner each op file implements. */',
           '#ifndef ACLEMU_PLANS_H', '#define ACLEMU_PLANS_H', '',
           '#include "aclemu_op/op_api.h"', '']
    for a in all_apis:
        if a.kind == 'func':
            continue
        ps = proto_params(a)
        out.append('aclnnStatus aclemu_plan_%s(aclOpExecutor *executor%s%s);' % (a.name, ', ' if ps else '', ps))
    funcs = [a for a in all_apis if a.kind == 'func']
    if funcs:
        out += ['', '/* Plain functions of the public headers, written by hand in the op folders. */']
        for f in funcs:
            out.append('ACLNN_API %s;' % func_proto(f))
    out += ['', '#endif', '']
    return '\n'.join(out)


DIRS = {'in': 'ACLEMU_IO_IN', 'out': 'ACLEMU_IO_OUT', 'inout': 'ACLEMU_IO_INOUT'}


def gen_entries(headers):
    out = ['/* Generated by opbase/gen/aclnn_gen.py: stage-1 prologue/epilogue and stage-2 entry',
           ' * of every aclnn API. The op-specific part is aclemu_plan_<Name> in the op folder. */',
           '#include "aclemu_plans.h"']
    for stem, _ in headers:
        out.append('#include "aclnnop/%s.h"' % stem)
    out.append('')
    funcs = []
    for stem, apis in headers:
        for a in apis:
            if a.kind == 'func':
                funcs.append(a)
                continue
            io = [p for p in a.params if p['kind']]
            out.append('ACLNN_API %s' % stage1_proto(a))
            out.append('{')
            if io:
                items = ', '.join('{%s, %d, %s, "%s"}' % (p['name'], 1 if p['kind'] == 'list' else 0,
                                                          DIRS[p['dir']], p['name'])
                                  for p in io)
                out.append('    const aclemu_io_param io[] = {%s};' % items)
            out.append('    aclOpExecutor *ex;')
            out.append('    aclnnStatus st = aclemu_phase1_begin("aclnn%s", workspaceSize, executor, %s, %d, &ex);'
                       % (a.name, 'io' if io else 'NULL', len(io)))
            out.append('    if (st != ACLNN_SUCCESS)')
            out.append('        return st;')
            args = ''.join(', ' + p['name'] for p in a.params)
            out.append('    return aclemu_phase1_end(ex, aclemu_plan_%s(ex%s), workspaceSize, executor);' % (a.name, args))
            out.append('}')
            out.append('')
            out.append('ACLNN_API aclnnStatus aclnn%s(%s)' % (a.name, STAGE2))
            out.append('{')
            out.append('    return aclemu_phase2_run(workspace, workspaceSize, executor, stream, "aclnn%s");' % a.name)
            out.append('}')
            out.append('')
    if funcs:
        # referenced here so that a declared but unwritten func fails when libopapi.so loads
        out.append('/* Every declared func must be implemented in its op folder. */')
        out.append('__attribute__((used)) static const void *const aclemu_declared_funcs[] = {')
        for f in funcs:
            out.append('    (const void *)&%s,' % f.name)
        out.append('};')
        out.append('')
    return '\n'.join(out)


def gen_filter(library, all_apis):
    out = ['/* Generated by opbase/gen/aclnn_gen.py: symbol table of libopapi_%s.so, an ELF filter of' % library,
           ' * libopapi.so. These bodies never run: the dynamic linker resolves every symbol of a filter',
           ' * in its filtee, so programs linked against either name share one copy of the state. */',
           '#define ACLEMU_FILTER_SYM(n) __attribute__((visibility("default"))) void n(void); void n(void) {}', '']
    for a in all_apis:
        if a.library == library:
            for sym in a.symbols():
                out.append('ACLEMU_FILTER_SYM(%s)' % sym)
    out.append('')
    return '\n'.join(out)


def gen_registry(headers, aclops):
    out = ['/* Generated by opbase/gen/aclnn_gen.py: the aclop type -> kernel table and the list of',
           ' * aclnn APIs, registered with libnnopbase when libopapi.so loads. */',
           '#include "aclemu_op/registry.h"', '',
           'static const aclemu_op_kernel op_kernels[] = {']
    for op, kernel in aclops:
        out.append('    {"%s", "%s"},' % (op, kernel))
    out.append('    {NULL, NULL},')
    out.append('};')
    out.append('')
    out.append('static const aclemu_api_info apis[] = {')
    for stem, apis in headers:
        for a in apis:
            out.append('    {"%s", "aclnnop/%s.h", "%s", %d},' % (a.registry_name(), stem, a.library,
                                                            0 if a.kind == 'func' else 1))
    out.append('    {NULL, NULL, NULL, 0},')
    out.append('};')
    out.append('')
    out.append('__attribute__((constructor)) static void aclemu_register_ops(void)')
    out.append('{')
    out.append('    aclemu_op_register(op_kernels, apis);')
    out.append('}')
    out.append('')
    return '\n'.join(out)


# Parameter kinds of the fuzz table (tests/fuzz/aclnn_fuzz.h has the same letters): which object
# the fuzzer builds for a parameter and which member of the generic argument carries it.
FUZZ_KINDS = {
    'aclTensor*': ('t', 'p'), 'aclTensorList*': ('l', 'p'), 'aclScalar*': ('s', 'p'),
    'aclScalarList*': ('S', 'p'), 'aclIntArray*': ('a', 'p'), 'aclBoolArray*': ('b', 'p'),
    'aclFloatArray*': ('f', 'p'), 'char*': ('c', 'p'), 'uint64_t*': ('o', 'p'),
    'bool': ('?', 'i'), 'int8_t': ('i', 'i'), 'int16_t': ('i', 'i'), 'int32_t': ('i', 'i'),
    'int': ('i', 'i'), 'int64_t': ('i', 'i'), 'uint32_t': ('i', 'i'), 'uint64_t': ('i', 'i'),
    'aclDataType': ('D', 'i'), 'float': ('d', 'd'), 'double': ('d', 'd'),
    # quantized matmul part: aclnnTransQuantParam's host arrays and its allocated result
    'float*': ('F', 'p'), 'uint64_t**': ('P', 'p'),
    # aclnnNpuFormatCastCalculateSizeAndFormat's allocated shape and its format out-parameter
    'int64_t**': ('P', 'p'), 'int*': ('o', 'p'),
    # aclnnTransSparse4to2Para's host weight (NULL when fuzzed) and its allocated results
    'int8_t*': ('F', 'p'), 'int8_t**': ('P', 'p'), 'uint8_t**': ('P', 'p'),
}


def fuzz_kind(p, api):
    base = p['type'].replace('const ', '').replace(' ', '')
    if base not in FUZZ_KINDS:
        sys.exit('%s: parameter type "%s" of %s has no fuzz kind: add it to FUZZ_KINDS in '
                 'aclnn_gen.py and to tests/fuzz/aclnn_fuzz.c' % (api.src, p['type'], p['name']))
    return FUZZ_KINDS[base]


def gen_fuzz_table(headers):
    """One row per API (and per func): name, parameter kinds, tensor directions and a thunk that
    calls it with arguments a fuzzer built. Compiled only into tests/fuzz/fuzz_aclnn_stage1."""
    out = ['/* Generated by opbase/gen/aclnn_gen.py: the aclnn APIs as the stage-1 fuzzer calls them.',
           ' * kinds: one letter per parameter (see FUZZ_KINDS); dirs: i/o/b per parameter (tensors',
           ' * and lists; "-" otherwise). A two-stage API\'s thunk calls its GetWorkspaceSize. */',
           '#include "aclnn_fuzz.h"']
    for stem, _ in headers:
        out.append('#include "aclnnop/%s.h"' % stem)
    out.append('')
    rows = []
    for stem, apis in headers:
        for a in apis:
            kinds = ''.join(fuzz_kind(p, a)[0] for p in a.params)
            dirs = ''.join({'in': 'i', 'out': 'o', 'inout': 'b'}.get(p['dir'], '-') for p in a.params)
            args = ', '.join('(%s)a[%d].%s' % (p['type'], i, fuzz_kind(p, a)[1])
                             for i, p in enumerate(a.params))
            fn = 'fz_%s' % a.registry_name()
            out.append('static aclnnStatus %s(const aclnn_fuzz_arg *a, uint64_t *ws, aclOpExecutor **ex)' % fn)
            out.append('{')
            if a.kind == 'func':
                out.append('    (void)ws;')
                out.append('    (void)ex;')
                call = '%s(%s)' % (a.name, args)
                if a.ret == 'aclnnStatus':
                    out.append('    return %s;' % call)
                else:
                    out.append('    return (aclnnStatus)%s;' % call)
            else:
                out.append('    return aclnn%sGetWorkspaceSize(%s%sws, ex);' % (a.name, args, ', ' if args else ''))
            out.append('}')
            out.append('')
            rows.append('    {"%s", "%s", "%s", %d, %s},' % (a.registry_name(), kinds, dirs,
                                                          0 if a.kind == 'func' else 1, fn))
    out.append('const aclnn_fuzz_api aclnn_fuzz_apis[] = {')
    out += rows
    out.append('};')
    out.append('const size_t aclnn_fuzz_api_count = %d;' % len(rows))
    out.append('')
    return '\n'.join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--outdir', required=True)
    ap.add_argument('defs', nargs='+')
    args = ap.parse_args()
    headers, all_apis, aclops, seen = [], [], [], {}
    for d in args.defs:
        stem = os.path.splitext(os.path.basename(d))[0]
        apis, ops = parse_def(d)
        for a in apis:
            for sym in a.symbols():
                if sym in seen:
                    sys.exit('%s: %s already declared at %s' % (a.src, sym, seen[sym]))
                seen[sym] = a.src
        headers.append((stem, apis))
        all_apis += apis
        aclops += ops
    os.makedirs(args.outdir, exist_ok=True)
    for stem, apis in headers:
        write_if_changed(os.path.join(args.outdir, stem + '.h'), gen_header(stem, apis))
    write_if_changed(os.path.join(args.outdir, 'aclemu_plans.h'), gen_plans(all_apis))
    write_if_changed(os.path.join(args.outdir, 'aclnn_entries.c'), gen_entries(headers))
    write_if_changed(os.path.join(args.outdir, 'opapi_nn_filter.c'), gen_filter('nn', all_apis))
    write_if_changed(os.path.join(args.outdir, 'opapi_math_filter.c'), gen_filter('math', all_apis))
    # ggml part: the ops-cv and ops-transformer libraries (libopapi_cv.so, libopapi_transformer.so)
    write_if_changed(os.path.join(args.outdir, 'opapi_cv_filter.c'), gen_filter('cv', all_apis))
    write_if_changed(os.path.join(args.outdir, 'opapi_transformer_filter.c'), gen_filter('transformer', all_apis))
    write_if_changed(os.path.join(args.outdir, 'aclnn_registry.c'), gen_registry(headers, aclops))
    write_if_changed(os.path.join(args.outdir, 'aclnn_fuzz_table.c'), gen_fuzz_table(headers))
    umbrella = ['/* Generated by opbase/gen/aclnn_gen.py: every ops-nn aclnn header. */',
                '#ifndef ACLEMU_ACLNNOP_ACLNN_OPS_NN_H', '#define ACLEMU_ACLNNOP_ACLNN_OPS_NN_H']
    for stem, apis in headers:
        if apis and apis[0].library == 'nn':
            umbrella.append('#include "aclnnop/%s.h"' % stem)
    umbrella += ['#endif', '']
    write_if_changed(os.path.join(args.outdir, 'aclnn_ops_nn.h'), '\n'.join(umbrella))


if __name__ == '__main__':
    main()
