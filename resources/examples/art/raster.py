"""A tiny antialiased rasteriser and PNG writer using only Python's standard library.

Shapes are signed distance functions (negative inside) in the image's own units; each pixel is
supersampled (SS x SS points) so edges are antialiased, and shapes are composited in order
(painter's algorithm) with straight-alpha "over". Deterministic: the same input gives the same
bytes, so re-running the generator leaves the committed PNGs unchanged.
"""

import math
import struct
import zlib

SS = 3  # supersamples per pixel along each axis


def hex_colour(text, alpha=255):
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16), alpha)


def shade(colour, factor):
    """The colour lightened (factor > 1) or darkened (factor < 1), alpha kept."""
    r, g, b, a = colour
    if factor >= 1:
        t = factor - 1
        return (round(r + (255 - r) * t), round(g + (255 - g) * t), round(b + (255 - b) * t), a)
    return (round(r * factor), round(g * factor), round(b * factor), a)


# --- signed distance functions: each returns f(x, y) -> distance, negative inside -------------

def capsule(ax, ay, bx, by, ra, rb=None):
    """A segment from a to b with radius ra at a and rb at b (a tapered limb)."""
    rb = ra if rb is None else rb
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy or 1e-9

    def f(x, y):
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
        px, py = ax + t * dx, ay + t * dy
        return math.hypot(x - px, y - py) - (ra + (rb - ra) * t)
    return f


def ellipse(cx, cy, rx, ry):
    """An ellipse (approximate distance, exact on the axes: fine for antialiasing)."""
    def f(x, y):
        nx, ny = (x - cx) / rx, (y - cy) / ry
        return (math.hypot(nx, ny) - 1.0) * min(rx, ry)
    return f


def rounded_box(cx, cy, hw, hh, radius):
    """A box centred at (cx, cy), half-sizes hw, hh, corners rounded by radius."""
    def f(x, y):
        qx = abs(x - cx) - hw + radius
        qy = abs(y - cy) - hh + radius
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - radius
    return f


def inset(shape, amount):
    """The shape shrunk by amount (grown when negative)."""
    return lambda x, y: shape(x, y) + amount


def intersect(a, b):
    return lambda x, y: max(a(x, y), b(x, y))


def union(*shapes):
    return lambda x, y: min(s(x, y) for s in shapes)


def half_plane(nx, ny, offset):
    """Points where nx * x + ny * y > offset (n a unit vector)."""
    return lambda x, y: offset - (nx * x + ny * y)


# --- rendering --------------------------------------------------------------------------------

class Image:
    """An RGBA image `width` by `height` pixels showing the rectangle [x0, x1] x [y0, y1] of
    drawing units, `scale` pixels per unit (y down, as on screen)."""

    def __init__(self, x0, y0, x1, y1, scale):
        self.x0, self.y0, self.scale = x0, y0, scale
        self.width = max(1, round((x1 - x0) * scale))
        self.height = max(1, round((y1 - y0) * scale))
        self.layers = []  # (shape, colour)

    def fill(self, shape, colour):
        self.layers.append((shape, colour))

    def outlined(self, shape, colour, outline, width=1.5):
        """The shape in `colour` with an `outline` of `width` units inside its edge."""
        self.fill(shape, outline)
        self.fill(inset(shape, width), colour)

    def pixels(self):
        rows = []
        samples = SS * SS
        for j in range(self.height):
            row = bytearray()
            for i in range(self.width):
                r = g = b = a = 0.0  # premultiplied sums over the subsamples
                for sj in range(SS):
                    y = self.y0 + (j + (sj + 0.5) / SS) / self.scale
                    for si in range(SS):
                        x = self.x0 + (i + (si + 0.5) / SS) / self.scale
                        cr = cg = cb = ca = 0.0
                        for shape, (lr, lg, lb, la) in self.layers:
                            if shape(x, y) < 0:
                                fa = la / 255.0
                                cr = lr * fa + cr * (1 - fa)
                                cg = lg * fa + cg * (1 - fa)
                                cb = lb * fa + cb * (1 - fa)
                                ca = fa + ca * (1 - fa)
                        r += cr
                        g += cg
                        b += cb
                        a += ca
                if a <= 0:
                    row += b"\0\0\0\0"
                else:
                    row += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / samples)))
            rows.append(bytes(row))
        return rows

    def save(self, path):
        write_png(path, self.width, self.height, self.pixels())


def write_png(path, width, height, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\0" + row for row in rows)  # filter type 0 (none) on every row
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(chunk(b"IHDR", header))
        out.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        out.write(chunk(b"IEND", b""))
