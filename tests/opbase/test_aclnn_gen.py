#!/usr/bin/env python3
"""The op declaration generator (opbase/gen/aclnn_gen.py): `api` and `func` declarations give the
header, planner prototypes, entries, filter symbols and registry rows they should; malformed or
duplicate declarations stop it with a message naming the file and line.

    test_aclnn_gen.py <path to aclnn_gen.py>
"""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile

GEN = sys.argv[1]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print('FAIL: ' + what)


def run(defs):
    d = tempfile.mkdtemp(prefix='aclnn_gen_test.')
    atexit.register(shutil.rmtree, d, True)  # nothing is left in the temp dir
    paths = []
    for name, text in defs.items():
        p = os.path.join(d, name)
        with open(p, 'w') as f:
            f.write(text)
        paths.append(p)
    r = subprocess.run([sys.executable, GEN, '--outdir', os.path.join(d, 'out')] + paths,
                       capture_output=True, text=True)
    out = {}
    if r.returncode == 0:
        for n in os.listdir(os.path.join(d, 'out')):
            with open(os.path.join(d, 'out', n)) as f:
                out[n] = f.read()
    return r, out


# a header mixing plain functions and a two-stage API, in declaration order
r, out = run({'aclnn_mixed.def': '''# comment
library math
func aclnnStatus aclnnSizeOf(const aclIntArray* shape, aclDataType dt,
                             uint64_t* size)   # continuation line
func int aclnnNoArgs(void)
api Mixed(aclTensor* selfRef)
'''})
check(r.returncode == 0, 'mixed declaration accepted: ' + r.stderr)
h = out.get('aclnn_mixed.h', '')
lines = [l for l in h.splitlines() if l.startswith('ACLNN_API')]
check(lines == [
    'ACLNN_API aclnnStatus aclnnSizeOf(const aclIntArray* shape, aclDataType dt, uint64_t* size);',
    'ACLNN_API int aclnnNoArgs(void);',
    'ACLNN_API aclnnStatus aclnnMixedGetWorkspaceSize(aclTensor* selfRef, uint64_t* workspaceSize, '
    'aclOpExecutor** executor);',
    'ACLNN_API aclnnStatus aclnnMixed(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, '
    'aclrtStream stream);'], 'header declarations in order: %r' % lines)
plans = out.get('aclemu_plans.h', '')
check('aclemu_plan_Mixed(aclOpExecutor *executor, aclTensor* selfRef);' in plans, 'planner prototype')
check('aclemu_plan_SizeOf' not in plans and 'ACLNN_API int aclnnNoArgs(void);' in plans,
      'funcs get no planner, only their prototype')
entries = out.get('aclnn_entries.c', '')
check('aclnnSizeOfGetWorkspaceSize' not in entries and '(const void *)&aclnnSizeOf,' in entries,
      'funcs have no generated body but are referenced (an unwritten func fails at load)')
check('{mmWeightRef' not in entries and '{selfRef, 0, ACLEMU_IO_INOUT, "selfRef"}' in entries,
      'Ref parameters are in+out, named for messages and the memory checker')
flt = out.get('opapi_math_filter.c', '')
for sym in ('aclnnSizeOf', 'aclnnNoArgs', 'aclnnMixedGetWorkspaceSize', 'aclnnMixed'):
    check('ACLEMU_FILTER_SYM(%s)' % sym in flt, 'filter symbol ' + sym)
check('ACLEMU_FILTER_SYM(aclnn' not in out.get('opapi_nn_filter.c', 'ACLEMU_FILTER_SYM(aclnn'), 'nothing in the nn filter')
reg = out.get('aclnn_registry.c', '')
check('{"aclnnSizeOf", "aclnnop/aclnn_mixed.h", "math", 0},' in reg, 'registry row of a func')
check('{"aclnnMixed", "aclnnop/aclnn_mixed.h", "math", 1},' in reg, 'registry row of an API')
check('aclnn_mixed.h' not in out.get('aclnn_ops_nn.h', ''), 'math headers stay out of aclnn_ops_nn.h')
fz = out.get('aclnn_fuzz_table.c', '')
check('{"aclnnMixed", "t", "b", 1, fz_aclnnMixed},' in fz and
      'return aclnnMixedGetWorkspaceSize((aclTensor*)a[0].p, ws, ex);' in fz, 'fuzz table row and thunk of an API')
check('{"aclnnSizeOf", "aDo", "---", 0, fz_aclnnSizeOf},' in fz and
      'return aclnnSizeOf((const aclIntArray*)a[0].p, (aclDataType)a[1].i, (uint64_t*)a[2].p);' in fz,
      'fuzz table row and thunk of a func')
check('return (aclnnStatus)aclnnNoArgs();' in fz and 'aclnn_fuzz_api_count = 3;' in fz, 'every API in the fuzz table')

# errors: file and line in the message, nothing generated
for text, needle in [
    ('func aclnnNoType(int x)\n', 'aclnn_bad.def:1: func <return type> <symbol>(<params>)'),
    ('library nn\nfunc int (int x)\n', 'aclnn_bad.def:2: func'),
    ('api Foo(const aclTensor* self, aclTensor* out)\nfunc int aclnnFoo(void)\n', 'aclnnFoo already declared'),
    ('func int aclnnFooGetWorkspaceSize(void)\napi Foo(aclTensor* selfRef)\n',
     'aclnnFooGetWorkspaceSize already declared'),
    ('fnuc int aclnnX(void)\n', 'unknown keyword "fnuc"'),
    ('api Foo(const aclTensor* self, struct nope* n)\n', 'parameter type "struct nope*" of n has no fuzz kind'),
]:
    r, out = run({'aclnn_bad.def': text})
    check(r.returncode != 0 and needle in r.stderr, 'rejects %r with "%s": %s' % (text, needle, r.stderr))

print('%s: %d failure(s)' % ('FAILED' if failures else 'PASSED', len(failures)))
sys.exit(1 if failures else 0)
