#!/usr/bin/env python3
"""Checks result_files/output_0.bin against the element-wise sum of the two inputs (exact, int32)."""
import struct
import sys


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    if len(data) != 8 * 16 * 4:
        sys.exit(f"{path}: {len(data)} bytes, expected {8 * 16 * 4}")
    return struct.unpack("<128i", data)


a = load("test_data/data/input_0.bin")
b = load("test_data/data/input_1.bin")
out = load("result_files/output_0.bin")
bad = [i for i in range(128) if out[i] != a[i] + b[i]]
if bad:
    i = bad[0]
    sys.exit(f"{len(bad)} wrong elements; output[{i}] = {out[i]}, expected {a[i] + b[i]}")
print("test pass")
