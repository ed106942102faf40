"""The app's icons, drawn by the build as PNG files (no image tools needed)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

def _png(size: int, pixel) -> bytes:
    """A PNG file of size x size RGBA pixels, ``pixel(x, y)`` giving each colour."""
    rows = b"".join(b"\0" + bytes(channel for x in range(size) for channel in pixel(x, y))
                    for y in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def _icon_pixel(size: int, maskable: bool):
    """Our icon: a white card with a red diamond on green felt.

    The maskable one fills the whole square and keeps the card inside the
    central 80% safe zone; the plain one is a rounded square.
    """
    felt, card, red, clear = (31, 107, 58, 255), (255, 253, 247, 255), (192, 24, 43, 255), (0, 0, 0, 0)
    scale = 0.62 if maskable else 0.8

    def pixel(x: int, y: int):
        u, v = (x + 0.5) / size * 2 - 1, (y + 0.5) / size * 2 - 1      # -1 .. 1
        corner = 0.35
        if not maskable and min(abs(u), abs(v)) > 1 - corner and \
                (abs(u) - (1 - corner)) ** 2 + (abs(v) - (1 - corner)) ** 2 > corner ** 2:
            return clear
        cu, cv = u / scale, v / scale
        if abs(cu) < 0.62 and abs(cv) < 0.86:
            return red if abs(cu) / 0.42 + abs(cv) / 0.6 < 1 else card
        return felt
    return pixel


def write_icons(out: Path) -> None:
    """The app icons in the sizes browsers ask for, drawn here (no image tools needed)."""
    (out / "icons").mkdir()
    for name, size, maskable in (("icon-192", 192, False), ("icon-512", 512, False),
                                 ("maskable-512", 512, True)):
        (out / "icons" / f"{name}.png").write_bytes(_png(size, _icon_pixel(size, maskable)))
