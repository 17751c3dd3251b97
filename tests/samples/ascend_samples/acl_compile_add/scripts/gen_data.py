#!/usr/bin/env python3
"""Writes the two int32 [8, 16] inputs of acl_compile_add (test_data/data/input_{0,1}.bin)."""
import os
import random
import struct

random.seed(20260522)
os.makedirs("test_data/data", exist_ok=True)
for i in range(2):
    values = [random.randint(-(2 ** 30), 2 ** 30) for _ in range(8 * 16)]
    with open(f"test_data/data/input_{i}.bin", "wb") as f:
        f.write(struct.pack("<128i", *values))
