"""The installed site's icons (static/icons/), drawn from the shield of static/favicon.svg:
`.venv/bin/python scripts/make-icons.py [FOLDER]`. Pure Python (a scanline rasterizer and a
PNG writer over zlib), so that anyone can make them again without a drawing program;
tests/test_icons.py checks that the committed files are what this script makes.

The shield is the favicon's path (in its 60×60 box) and its letter a serif capital I drawn as
a polygon, close to the favicon's Georgia: the one thing a font would change is that glyph."""

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GOLD, BROWN, INK = (0xD9, 0xA5, 0x20), (0x6B, 0x4A, 0x00), (0x3B, 0x26, 0x00)
HEADER = (0x2B, 0x21, 0x18)  # the site's header (static/css/site.css), the manifest's theme
STROKE = 4  # the favicon's stroke width, in its 60×60 box


def quadratic(start, control, end, steps=24):
    """The points of a quadratic Bézier after its start, as SVG's Q draws it."""
    points = []
    for i in range(1, steps + 1):
        t = i / steps
        points.append(
            (
                (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t * t * end[0],
                (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t * t * end[1],
            )
        )
    return points


# M9,6 L51,6 L51,30 Q51,48 30,56 Q9,48 9,30 Z, clockwise on screen.
SHIELD = [(9, 6), (51, 6), (51, 30)]
SHIELD += quadratic((51, 30), (51, 48), (30, 56))
SHIELD += quadratic((30, 56), (9, 48), (9, 30))[:-1]  # Z closes back to the first point

# The capital I set at x=30 on the baseline y=40, 28 units high as the favicon's text: a stem
# with bracketed serifs, cap height 0.69 of the size as Georgia's.
LETTER_I = [
    (24.8, 20.6), (35.2, 20.6), (35.2, 21.7), (33.3, 22.4), (32.4, 23.9),
    (32.4, 36.7), (33.3, 38.2), (35.2, 38.9), (35.2, 40.0), (24.8, 40.0),
    (24.8, 38.9), (26.7, 38.2), (27.6, 36.7), (27.6, 23.9), (26.7, 22.4), (24.8, 21.7),
]  # fmt: skip


def offset(polygon, distance):
    """A convex polygon moved out (distance > 0) or in along its normals, corners mitred as
    SVG's stroke joins them (the shield's sharpest corner is well within the miter limit)."""
    pairs = zip(polygon, polygon[1:] + polygon[:1], strict=True)
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs)
    turn = 1 if area > 0 else -1  # screen y points down: positive area is clockwise

    def normal(a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        return (-dy * turn / length, dx * turn / length)

    moved = []
    for i, point in enumerate(polygon):
        before, after = polygon[i - 1], polygon[(i + 1) % len(polygon)]
        n1, n2 = normal(before, point), normal(point, after)
        scale = distance / (1 + n1[0] * n2[0] + n1[1] * n2[1])
        moved.append((point[0] - (n1[0] + n2[0]) * scale, point[1] - (n1[1] + n2[1]) * scale))
    return moved


def coverage(contours, size, sub=5):
    """How much of each pixel the contours cover (even-odd), row by row: `sub` scanlines a
    pixel row, each span's ends covered in proportion (exact across, sampled down)."""
    edges = [
        (a, b)
        for contour in contours
        for a, b in zip(contour, contour[1:] + contour[:1], strict=True)
        if a[1] != b[1]
    ]
    rows = []
    for row in range(size):
        steps = [0.0] * (size + 1)
        ends = [0.0] * (size + 1)
        for s in range(sub):
            y = row + (s + 0.5) / sub
            crossings = sorted(
                a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
                for a, b in edges
                if min(a[1], b[1]) <= y < max(a[1], b[1])
            )
            for left, right in zip(crossings[::2], crossings[1::2], strict=True):
                for x, sign in ((right, 1), (left, -1)):
                    x = min(max(x, 0.0), float(size))
                    whole = min(int(x), size)
                    steps[0] += sign
                    steps[whole] -= sign
                    ends[whole] += sign * (x - whole)
        covered, line = 0.0, []
        for x in range(size):
            covered += steps[x]
            line.append(min(max((covered + ends[x]) / sub, 0.0), 1.0))
        rows.append(line)
    return rows


def draw(size, scale, background=None):
    """The shield at `scale` pixels a unit, centred, over a background colour or none."""
    shift_x = size / 2 - 30 * scale
    shift_y = size / 2 - 31 * scale  # the shield and its stroke span y 4..58

    def placed(polygon):
        return [(shift_x + x * scale, shift_y + y * scale) for x, y in polygon]

    outer = placed(offset(SHIELD, STROKE / 2))
    inner = placed(offset(SHIELD, -STROKE / 2))
    layers = [
        (GOLD, coverage([inner], size)),
        (BROWN, coverage([outer, inner[::-1]], size)),
        (INK, coverage([placed(LETTER_I)], size)),
    ]
    # Premultiplied red, green, blue and alpha, painted in SVG's order: fill, stroke, text.
    base = (*(c / 255 for c in background), 1.0) if background else (0.0, 0.0, 0.0, 0.0)
    pixels = [[base] * size for _ in range(size)]
    for colour, cover in layers:
        r, g, b = (c / 255 for c in colour)
        for y in range(size):
            line, amounts = pixels[y], cover[y]
            for x, a in enumerate(amounts):
                if a:
                    pr, pg, pb, pa = line[x]
                    k = 1 - a
                    line[x] = (r * a + pr * k, g * a + pg * k, b * a + pb * k, a + pa * k)
    return pixels, background is None


def png(pixels, with_alpha) -> bytes:
    """A PNG of the pixels: 8 bits a channel, each row filtered by its left neighbour."""
    size = len(pixels)
    channels = 4 if with_alpha else 3
    raw = bytearray()
    for line in pixels:
        values = []
        for r, g, b, a in line:
            if with_alpha:
                un = 1 / a if a else 0.0  # PNG's alpha is straight, not premultiplied
                values += (round(r * un * 255), round(g * un * 255), round(b * un * 255))
                values.append(round(a * 255))
            else:
                values += (round(r * 255), round(g * 255), round(b * 255))
        raw.append(1)  # the Sub filter: each byte less the one a pixel to its left
        raw += bytes(
            (v - (values[i - channels] if i >= channels else 0)) & 0xFF
            for i, v in enumerate(values)
        )

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6 if with_alpha else 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )


def icons():
    """Each icon's file name and its PNG. A maskable icon keeps the shield inside the middle
    circle of 40 % of its size that every platform's mask leaves whole (its corners reach
    35.5 units from its centre); the apple-touch-icon is opaque, as iOS fills transparency
    with black, and has only its corners rounded."""
    reach = math.hypot(30 - 7, 31 - 4)  # the stroke's top corners, the farthest points
    return {
        "icon-192.png": draw(192, 192 / 60),
        "icon-512.png": draw(512, 512 / 60),
        "maskable-192.png": draw(192, 0.4 * 192 / reach, HEADER),
        "maskable-512.png": draw(512, 0.4 * 512 / reach, HEADER),
        "apple-touch-icon.png": draw(180, 0.45 * 180 / reach, HEADER),
    }


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "static" / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    for name, (pixels, with_alpha) in icons().items():
        (folder / name).write_bytes(png(pixels, with_alpha))
        print(folder / name)


if __name__ == "__main__":
    main()
