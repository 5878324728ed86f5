#!/usr/bin/env python3
"""Writes the hand-made images of this case with Python's own zlib (independent of gcvu's libpng path).

a.png: 16x8 RGBA, pixel (x, y) = (16x, 32y, 128, 255).
b.png: a.png with three pixels changed, chosen by hand:
  (5, 2)  (80, 64, 128, 255) -> (255, 0, 0, 255)
  (0, 7)  (0, 224, 128, 255) -> (0, 224, 128, 128)
  (15, 7) (240, 224, 128, 255) -> (240, 224, 0, 255)
So: 3 of 128 pixels differ, the first in row-major order is (5, 2), and the largest per-channel
differences are R 175 (80 vs 255), G 64 (64 vs 0), B 128 (128 vs 0), A 127 (255 vs 128).
Also writes expected_diff.rgba: the diff picture's pixels by the rule in harness/compare/image_diff.hpp
(matching: grey (2R + 5G + B) / 32; differing: (255, 0, 0); alpha 255), hashed with xxh128sum for case.json.
"""
import pathlib
import struct
import zlib

W, H = 16, 8
CHANGES = {(5, 2): (255, 0, 0, 255), (0, 7): (0, 224, 128, 128), (15, 7): (240, 224, 0, 255)}


def base(x, y):
    return (16 * x, 32 * y, 128, 255)


def png(pixels):
    raw = b"".join(b"\0" + b"".join(bytes(pixels[(x, y)]) for x in range(W)) for y in range(H))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", W, H, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


here = pathlib.Path(__file__).parent
a = {(x, y): base(x, y) for y in range(H) for x in range(W)}
b = {**a, **CHANGES}
(here / "a.png").write_bytes(png(a))
(here / "b.png").write_bytes(png(b))
diff = b"".join(
    bytes((255, 0, 0, 255) if (x, y) in CHANGES else ((lambda g: (g, g, g, 255))((2 * a[(x, y)][0] + 5 * a[(x, y)][1] + a[(x, y)][2]) // 32)))
    for y in range(H) for x in range(W))
(here / "expected_diff.rgba").write_bytes(diff)
