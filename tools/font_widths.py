"""Writes kowhist_teach/pictures/_font_widths.py: how wide each character is in DejaVu
Sans and DejaVu Sans Bold (the pictures' font, Debian's fonts-dejavu-core), in ems, read
from the fonts' own tables (``hmtx`` through ``cmap``), so that
:func:`kowhist_teach.pictures.draw.wrap` measures a line as the browser will draw it.

Run again only if the characters the pictures use grow::

    python3 tools/font_widths.py [/usr/share/fonts/truetype/dejavu]
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

#: The characters measured: printable ASCII, Latin-1 and Latin Extended-A (Spanish and
#: French words, œ), and the signs the pictures draw.
CHARS = "".join(map(chr, range(32, 127))) + "".join(map(chr, range(0xA0, 0x180)))
CHARS += "·♠♥♦♣→←–—…‘’“”€•\u202f\u2009"

OUT = Path(__file__).resolve().parent.parent / "kowhist_teach" / "pictures" / "_font_widths.py"


def advance_widths(path: Path, chars: str) -> dict[str, float]:
    """Each character's advance width in ems (those the font has)."""
    data = path.read_bytes()

    def table(tag: bytes) -> int:
        for i in range(struct.unpack(">H", data[4:6])[0]):
            name, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
            if name == tag:
                return int(offset)
        raise ValueError(f"{path.name} has no {tag.decode()} table")

    head, hhea, hmtx, cmap = (table(t) for t in (b"head", b"hhea", b"hmtx", b"cmap"))
    per_em = struct.unpack(">H", data[head + 18 : head + 20])[0]
    metrics = struct.unpack(">H", data[hhea + 34 : hhea + 36])[0]
    advance = [
        struct.unpack(">H", data[hmtx + 4 * i : hmtx + 4 * i + 2])[0] for i in range(metrics)
    ]
    sub = None
    for i in range(struct.unpack(">H", data[cmap + 2 : cmap + 4])[0]):
        platform, encoding, offset = struct.unpack(
            ">HHI", data[cmap + 4 + 8 * i : cmap + 12 + 8 * i]
        )
        if (platform, encoding) == (3, 1) and data[cmap + offset + 1] == 4:
            sub = cmap + offset
    if sub is None:
        raise ValueError(f"{path.name} has no Unicode cmap of format 4")
    count = struct.unpack(">H", data[sub + 6 : sub + 8])[0] // 2
    words = lambda at, kind="H": struct.unpack(f">{count}{kind}", data[at : at + 2 * count])  # noqa: E731
    ends, starts = words(sub + 14), words(sub + 16 + 2 * count)
    deltas, ranges_at = words(sub + 16 + 4 * count, "h"), sub + 16 + 6 * count
    ranges = words(ranges_at)

    def glyph(code: int) -> int:
        for i in range(count):
            if starts[i] <= code <= ends[i]:
                if ranges[i] == 0:
                    return (code + deltas[i]) & 0xFFFF
                at = ranges_at + 2 * i + ranges[i] + 2 * (code - starts[i])
                found = struct.unpack(">H", data[at : at + 2])[0]
                return (found + deltas[i]) & 0xFFFF if found else 0
        return 0

    out = {}
    for ch in chars:
        g = glyph(ord(ch))
        if g:
            out[ch] = advance[min(g, metrics - 1)] / per_em
    return out


def main(folder: str = "/usr/share/fonts/truetype/dejavu") -> None:
    lines = [
        '"""How wide each character is, in ems, in DejaVu Sans and DejaVu Sans Bold: made by',
        "tools/font_widths.py from the fonts themselves (do not edit by hand).",
        '"""',
        "",
        "# fmt: off",
    ]
    for name, font in (("REGULAR", "DejaVuSans.ttf"), ("BOLD", "DejaVuSans-Bold.ttf")):
        widths = advance_widths(Path(folder) / font, CHARS)
        lines.append(f"{name}: dict[str, float] = {{")
        row = ""
        for ch, em in widths.items():
            item = f"{ch!r}: {em:.3f}, "
            if len(row) + len(item) > 88:
                lines.append(row.rstrip())
                row = ""
            row += item
        lines += [row.rstrip(), "}"]
    lines.append("# fmt: on")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main(*sys.argv[1:])
