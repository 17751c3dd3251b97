#!/usr/bin/env python3
"""Builds the real-model tests at test time: torchvision ResNet-50 and MobileNetV2, a small
detection-style net and a BERT-style encoder (seq 128), all with random weights (fixed seed),
exported with torch.onnx; the input and PyTorch's own FP32 outputs on it are the reference.

    make_torch_models.py <out-dir> <name>[:batch]     name: resnet50 mobilenetv2 detect encoder encoder_base

writes <name>.onnx, <name>.in0.bin (float32), <name>.ref<k>.bin (float64 copies of PyTorch's
float32 outputs) and <name>.ref<k>.dtype. Nothing is downloaded (weights=None).
"""
import math
import sys

import numpy as np
import torch
from torch import nn


class Detect(nn.Module):
    """A small single-shot detector: a strided conv backbone with a residual block, two feature
    levels joined top-down (nearest 2x upsample of the coarse level added to the fine one, as an
    FPN does), a bilinear resize of the coarse level to a non-integer size, per-level class
    (sigmoid) and box heads flattened and concatenated."""

    def __init__(self, classes=8, anchors=3):
        super().__init__()

        def cbr(i, o, s):
            return nn.Sequential(nn.Conv2d(i, o, 3, s, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))

        self.stem = nn.Sequential(cbr(3, 16, 2), cbr(16, 32, 2))
        self.block = nn.Sequential(nn.Conv2d(32, 32, 3, 1, 1), nn.BatchNorm2d(32), nn.LeakyReLU(0.1),
                                   nn.Conv2d(32, 32, 3, 1, 1), nn.BatchNorm2d(32))
        self.down = nn.Sequential(cbr(32, 64, 2), nn.Conv2d(64, 64, 1), nn.Hardswish())
        self.lat = nn.Conv2d(64, 32, 1)
        self.cls = nn.ModuleList([nn.Conv2d(c, anchors * classes, 3, 1, 1) for c in (32, 64)])
        self.box = nn.ModuleList([nn.Conv2d(c, anchors * 4, 3, 1, 1) for c in (32, 64)])
        self.classes = classes

    def forward(self, x):
        f1 = self.stem(x)
        f1 = torch.relu(f1 + self.block(f1))
        f2 = self.down(f1)
        f1 = f1 + nn.functional.interpolate(self.lat(f2), scale_factor=2.0, mode='nearest')
        f2 = nn.functional.interpolate(f2, size=(f2.shape[2] * 3 // 2, f2.shape[3] * 3 // 2), mode='bilinear',
                                       align_corners=False)
        scores, boxes = [], []
        for k, f in enumerate((f1, f2)):
            n = f.shape[0]
            scores.append(torch.sigmoid(self.cls[k](f)).permute(0, 2, 3, 1).reshape(n, -1, self.classes))
            boxes.append(self.box[k](f).permute(0, 2, 3, 1).reshape(n, -1, 4))
        return torch.cat(scores, 1), torch.cat(boxes, 1)


class Resize(nn.Module):
    """Bicubic interpolation as torch exports it (Resize mode=cubic, cubic_coeff_a=-0.75): up to a
    non-integer size with half_pixel and with align_corners, and down by a scale."""

    def forward(self, x):
        f = nn.functional.interpolate
        up = f(x, size=(29, 22), mode='bicubic', align_corners=False)
        ac = f(x, size=(20, 40), mode='bicubic', align_corners=True)
        down = f(x, scale_factor=0.5, mode='bicubic', align_corners=False, recompute_scale_factor=False)
        return up, ac, down


class Encoder(nn.Module):
    """BERT-style post-LN encoder: token + position embeddings, LayerNorm, layers of multi-head
    self-attention and a GELU feed-forward network."""

    def __init__(self, vocab=1000, seq=128, d=256, heads=4, ffn=1024, layers=2):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Parameter(torch.randn(1, seq, d) * 0.02)
        self.ln0 = nn.LayerNorm(d)
        self.layers = nn.ModuleList()
        for _ in range(layers):
            self.layers.append(nn.ModuleDict(dict(q=nn.Linear(d, d), k=nn.Linear(d, d), v=nn.Linear(d, d),
                                                  o=nn.Linear(d, d), ln1=nn.LayerNorm(d), f1=nn.Linear(d, ffn),
                                                  f2=nn.Linear(ffn, d), ln2=nn.LayerNorm(d))))
        self.h, self.dh = heads, d // heads

    def split(self, t):
        b, s, _ = t.shape
        return t.reshape(b, s, self.h, self.dh).transpose(1, 2)

    def forward(self, x):
        h = self.ln0(x + self.pos)
        for L in self.layers:
            q, k, v = self.split(L['q'](h)), self.split(L['k'](h)), self.split(L['v'](h))
            a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(self.dh), -1) @ v
            a = a.transpose(1, 2).reshape(h.shape)
            h = L['ln1'](h + L['o'](a))
            h = L['ln2'](h + L['f2'](nn.functional.gelu(L['f1'](h))))
        return h


def build(name, batch):
    import torchvision
    torch.manual_seed(1234)
    if name == 'resnet50':
        return torchvision.models.resnet50(weights=None), torch.randn(batch, 3, 224, 224)
    if name == 'mobilenetv2':
        return torchvision.models.mobilenet_v2(weights=None), torch.randn(batch, 3, 224, 224)
    if name == 'detect':
        return Detect(), torch.randn(batch, 3, 128, 128)
    if name == 'encoder':
        # the embedding lookup is the host's business here: the model takes embedded tokens
        return Encoder(), torch.randn(batch, 128, 256) * 0.5
    if name == 'encoder_base':
        # BERT-base layer dimensions (d 768, 12 heads, ffn 3072; two of its twelve layers, seq 128)
        return Encoder(d=768, heads=12, ffn=3072), torch.randn(batch, 128, 768) * 0.5
    if name == 'resize':
        return Resize(), torch.randn(batch, 3, 13, 17)
    raise SystemExit(f'unknown model {name}')


def randomise_bn(model):
    """Running statistics and affine parameters away from the identity, so folding them into the
    convolutions is really tested."""
    g = torch.Generator().manual_seed(99)
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            c = m.num_features
            m.running_mean.copy_(torch.randn(c, generator=g) * 0.1)
            m.running_var.copy_(torch.rand(c, generator=g) * 0.5 + 0.75)
            m.weight.data.copy_(torch.rand(c, generator=g) * 0.5 + 0.75)
            m.bias.data.copy_(torch.randn(c, generator=g) * 0.1)


def main():
    out, spec = sys.argv[1], sys.argv[2]
    name, _, b = spec.partition(':')
    batch = int(b or 1)
    opset = int(sys.argv[3]) if len(sys.argv) > 3 else 13
    model, x = build(name, batch)
    randomise_bn(model)
    model.eval()
    with torch.no_grad():
        ref = model(x)
    refs = ref if isinstance(ref, tuple) else (ref,)
    torch.onnx.export(model, (x,), f'{out}/{name}.onnx', opset_version=opset, input_names=['input'],
                      output_names=[f'output{k}' for k in range(len(refs))], do_constant_folding=True)
    x.numpy().astype(np.float32).tofile(f'{out}/{name}.in0.bin')
    for k, r in enumerate(refs):
        r.numpy().astype(np.float64).tofile(f'{out}/{name}.ref{k}.bin')
        with open(f'{out}/{name}.ref{k}.dtype', 'w') as f:
            f.write('float32\n')


if __name__ == '__main__':
    main()
