#!/usr/bin/env python3
"""Checks atc's fusion_result.json: each <pass>=<n> argument names a pass whose effect_times must
be n (0: the pass must not appear). Also checks the layout of the real file.

    check_fusion.py <fusion_result.json> <pass>=<n>...
"""
import json
import sys


def main():
    with open(sys.argv[1]) as f:
        res = json.load(f)
    ok = set(res) == {'graph_fusion', 'ub_fusion', 'session_and_graph_id'}
    if not ok:
        print('fusion_result.json keys:', sorted(res))
    passes = {**res.get('graph_fusion', {}), **res.get('ub_fusion', {})}
    for v in passes.values():
        ok = ok and isinstance(v.get('match_times'), str) and isinstance(v.get('effect_times'), str)
    for arg in sys.argv[2:]:
        name, want = arg.split('=')
        got = int(passes.get(name, {}).get('effect_times', '0'))
        print(f'{name}: effect_times {got}, expected {want}')
        ok = ok and got == int(want)
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
