#!/usr/bin/env bash
# Prints a Python interpreter that has the onnx module (Debian's python3-onnx installs it for
# /usr/bin/python3, which a pyenv or venv python3 on PATH may hide).
for py in python3 /usr/bin/python3; do
    if command -v "$py" >/dev/null && "$py" -c 'import onnx, numpy' 2>/dev/null; then
        command -v "$py"
        exit 0
    fi
done
echo "no python3 with the onnx and numpy modules (apt-get install python3-onnx)" >&2
exit 1
