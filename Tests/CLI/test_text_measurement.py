"""Text measured from fonts, checked against the font files themselves.

The expected sizes are computed here with fontTools, independently of stackc's Swift font reader: the
advance widths from `hmtx` through `cmap`, kerning from the `kern` feature's GPOS pair adjustments,
the line height from `hhea`, scaled to the point size of Apple's Dynamic Type table, then rounded up
to a 3x screen's pixel grid as UILabel rounds its intrinsic size. stackc lays the labels out in a
leading-aligned vstack, where each label takes exactly its intrinsic size.

The fonts are Debian's fonts-inter (stackc's default metrics are derived from them); .ci/run installs
the package. Outside CI a machine without it skips these tests.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from stackc_process import find_stackc

INTER = Path("/usr/share/fonts/opentype/inter")
if not (INTER / "Inter-Regular.otf").is_file():
    if os.environ.get("CI") == "true":
        raise RuntimeError("fonts-inter is not installed: .ci/run installs it")
    pytest.skip("fonts-inter is not installed (apt-get install fonts-inter)", allow_module_level=True)

# Apple's Dynamic Type sizes (Human Interface Guidelines, Typography) for the styles tested here.
BODY = {"xSmall": 14, "small": 15, "medium": 16, "large": 17, "xLarge": 19, "xxLarge": 21, "xxxLarge": 23,
        "accessibility1": 28, "accessibility2": 33, "accessibility3": 40, "accessibility4": 47, "accessibility5": 53}
LARGE = {"largeTitle": 34, "title1": 28, "title2": 22, "title3": 20, "headline": 17, "body": 17, "callout": 16,
         "subheadline": 15, "footnote": 13, "caption1": 12, "caption2": 11}


class Face:
    """One font file's metrics, read with fontTools."""

    def __init__(self, path: Path):
        font = TTFont(path)
        self.cmap = font.getBestCmap()
        self.hmtx = font["hmtx"]
        self.upm = font["head"].unitsPerEm
        hhea = font["hhea"]
        self.line_units = hhea.ascent - hhea.descent + hhea.lineGap
        self.ascent_units = hhea.ascent
        gpos = font["GPOS"].table
        indices = sorted({i for record in gpos.FeatureList.FeatureRecord if record.FeatureTag == "kern"
                          for i in record.Feature.LookupListIndex})
        self.lookups = [gpos.LookupList.Lookup[i] for i in indices]
        self.notdef = self.hmtx[font.getGlyphOrder()[0]][0]

    def kern(self, first: str, second: str) -> int:
        for lookup in self.lookups:
            for subtable in lookup.SubTable:
                if lookup.LookupType == 9:
                    subtable = subtable.ExtSubTable
                if first not in subtable.Coverage.glyphs:
                    continue
                if subtable.Format == 1:
                    pairs = subtable.PairSet[subtable.Coverage.glyphs.index(first)]
                    for record in pairs.PairValueRecord:
                        if record.SecondGlyph == second:
                            return getattr(record.Value1, "XAdvance", 0) or 0
                    continue
                row = subtable.ClassDef1.classDefs.get(first, 0)
                column = subtable.ClassDef2.classDefs.get(second, 0)
                return getattr(subtable.Class1Record[row].Class2Record[column].Value1, "XAdvance", 0) or 0
        return 0

    def width_units(self, text: str, kerned: bool = True) -> int:
        units, previous = 0, None
        for character in text:
            glyph = self.cmap.get(ord(character))
            units += self.hmtx[glyph][0] if glyph else self.notdef
            if kerned and previous and glyph:
                units += self.kern(previous, glyph)
            previous = glyph
        return units


def ceil_pixel(points: float, scale: int = 3) -> float:
    return math.ceil(points * scale - 1e-9) / scale


def layout(stackc: Path, tmp_path: Path, body: str, *arguments: str) -> dict:
    source = tmp_path / "labels.stack"
    source.write_text("vstack main(alignment: leading) {\n" + body + "}\n")
    result = subprocess.run([str(stackc), "layout", "--format", "json", *arguments, str(source)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return {frame["item"]: frame for frame in json.loads(result.stdout)["frames"]}


@pytest.fixture(scope="module")
def stackc() -> Path:
    return find_stackc()


@pytest.fixture(scope="module")
def regular() -> Face:
    return Face(INTER / "Inter-Regular.otf")


TEXTS = ["Hello, world", "AVATAR Tokyo", "Wave: \"quoted\" — 12.50 €", "office ffi fl", "T.V. L'Y Ya"]


@pytest.mark.parametrize("text", TEXTS)
def test_width_is_advances_plus_kerning(stackc, regular, tmp_path, text):
    frames = layout(stackc, tmp_path, f"    label a(text: {json.dumps(text, ensure_ascii=False)})\n")
    expected = ceil_pixel(regular.width_units(text) * 17 / regular.upm)
    assert frames["main.a"]["width"] == pytest.approx(expected, abs=1e-6)
    assert frames["main.a"]["height"] == pytest.approx(ceil_pixel(regular.line_units * 17 / regular.upm), abs=1e-6)


def test_kerning_is_applied(regular):
    # The test texts include pairs the font kerns: without kerning the widths differ.
    assert any(regular.width_units(text) != regular.width_units(text, kerned=False) for text in TEXTS)


@pytest.mark.parametrize("category", sorted(BODY))
def test_every_content_size_scales_body(stackc, regular, tmp_path, category):
    frames = layout(stackc, tmp_path, '    label a(text: "Settings")\n', "--content-size", category)
    size = BODY[category]
    assert frames["main.a"]["width"] == pytest.approx(ceil_pixel(regular.width_units("Settings") * size / regular.upm), abs=1e-6)
    assert frames["main.a"]["height"] == pytest.approx(ceil_pixel(regular.line_units * size / regular.upm), abs=1e-6)


def test_text_styles_and_weights(stackc, tmp_path):
    semibold = Face(INTER / "Inter-SemiBold.otf")
    bold = Face(INTER / "Inter-Bold.otf")
    regular = Face(INTER / "Inter-Regular.otf")
    body = "".join(f'    label {style}(text: "Account", font: {style})\n' for style in LARGE)
    body += '    label fixed(text: "Account", font: system(15, bold))\n'
    frames = layout(stackc, tmp_path, body)
    for style, size in LARGE.items():
        face = semibold if style == "headline" else regular
        assert frames[f"main.{style}"]["width"] == pytest.approx(ceil_pixel(face.width_units("Account") * size / face.upm), abs=1e-6), style
    assert frames["main.fixed"]["width"] == pytest.approx(ceil_pixel(bold.width_units("Account") * 15 / bold.upm), abs=1e-6)


def test_fixed_size_font_ignores_content_size(stackc, tmp_path):
    small = layout(stackc, tmp_path, '    label a(text: "Pay", font: system(20))\n', "--content-size", "xSmall")
    large = layout(stackc, tmp_path, '    label a(text: "Pay", font: system(20))\n', "--content-size", "accessibility5")
    assert small["main.a"]["width"] == large["main.a"]["width"]


def test_font_file_measures_in_that_font(stackc, tmp_path):
    bold = Face(INTER / "Inter-Bold.otf")
    frames = layout(stackc, tmp_path, '    label a(text: "Hello, world")\n', "--font-file", str(INTER / "Inter-Bold.otf"))
    assert frames["main.a"]["width"] == pytest.approx(ceil_pixel(bold.width_units("Hello, world") * 17 / bold.upm), abs=1e-6)


def test_several_lines_and_explicit_intrinsic(stackc, regular, tmp_path):
    frames = layout(stackc, tmp_path,
                    '    label two(text: "First line\\nSecond", lines: 0)\n'
                    '    label one(text: "First line\\nSecond")\n'
                    '    label given(text: "Anything at all", intrinsic: 10 x 12)\n')
    line = regular.line_units * 17 / regular.upm
    widest = max(regular.width_units("First line"), regular.width_units("Second"))
    assert frames["main.two"]["height"] == pytest.approx(ceil_pixel(2 * line), abs=1e-6)
    assert frames["main.two"]["width"] == pytest.approx(ceil_pixel(widest * 17 / regular.upm), abs=1e-6)
    # numberOfLines 1 shows the first line only.
    assert frames["main.one"]["height"] == pytest.approx(ceil_pixel(line), abs=1e-6)
    assert frames["main.given"]["width"] == 10 and frames["main.given"]["height"] == 12


def test_unreadable_font_file_is_a_usage_error(stackc, tmp_path):
    junk = tmp_path / "junk.ttf"
    junk.write_bytes(b"not a font at all")
    source = tmp_path / "a.stack"
    source.write_text('vstack main { label a(text: "x") }\n')
    result = subprocess.run([str(stackc), "layout", "--font-file", str(junk), str(source)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "junk.ttf is not a font stackc can read" in result.stderr


def readme_text_section() -> str:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    return readme.split("### Text\n", 1)[1].split("\n## ", 1)[0]


def test_readme_text_example(stackc, regular, tmp_path):
    section = readme_text_section()
    example = section.split("```stack\n", 1)[1].split("```", 1)[0]
    source = tmp_path / "greeting.stack"
    source.write_text(example)
    result = subprocess.run([str(stackc), "layout", "--format", "json", str(source)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    frames = {frame["item"]: frame for frame in json.loads(result.stdout)["frames"]}
    width = ceil_pixel(regular.width_units("Hello, world") * 17 / regular.upm)
    assert width == 95 and "95 points wide" in section
    assert frames["row.greeting"]["width"] == pytest.approx(width, abs=1e-6)
    assert frames["row.greeting"]["height"] == 40
    assert ceil_pixel(regular.line_units * 17 / regular.upm) == pytest.approx(20.667, abs=1e-3) and "20.667" in section


def test_readme_text_command(stackc):
    section = readme_text_section()
    command = section.split("```sh\n", 1)[1].split("```", 1)[0].strip()
    assert command == "swift run stackc layout --content-size large,accessibility3 Samples/profile.stack"
    arguments = command.split()[3:]
    result = subprocess.run([str(stackc), *arguments], capture_output=True, text=True, timeout=60,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 0, result.stderr
    titles = [line for line in result.stdout.splitlines() if "content size" in line]
    assert [title.split("content size ")[1].rstrip(")") for title in titles] == ["large", "accessibility3"]


def wrap(face: Face, text: str, width: float, size: float) -> list[str]:
    """Greedy wrapping written here from UIKit's rule: break at the last space before a word would
    overflow the line, or inside a word wider than the line."""
    lines, words = [], text.split(" ")
    current = ""
    for word in words:
        candidate = word if not current else current + " " + word
        if not current or ceil_pixel(face.width_units(candidate) * size / face.upm) <= width + 1e-9:
            current = candidate
        else:
            lines.append(current)
            current = word
    lines.append(current)
    return lines


def test_a_label_of_several_lines_wraps_at_its_solved_width(stackc, regular, tmp_path):
    text = "Notifications, sounds and badges for every app"
    frames = layout(stackc, tmp_path, f'    hstack row(width: 150) {{ label a(text: "{text}", lines: 0) }}\n')
    lines = wrap(regular, text, 150, 17)
    assert len(lines) >= 3
    line = regular.line_units * 17 / regular.upm
    assert frames["main.row.a"]["height"] == pytest.approx(ceil_pixel(len(lines) * line), abs=1e-6)
    assert frames["main.row.a"]["width"] == 150


def test_truncation_is_found_where_it_is_worst(stackc, regular, tmp_path):
    source = tmp_path / "row.stack"
    source.write_text('hstack row(spacing: 8, margins: (0, 16)) {\n'
                      '    image icon(intrinsic: 24 x 24, compression: required)\n'
                      '    label title(text: "Notifications")\n'
                      '}\n')
    result = subprocess.run([str(stackc), "check", "--device", "all", str(source)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "[W203]" not in result.stderr, result.stderr  # fits every screen at the default size
    result = subprocess.run([str(stackc), "check", "--device", "iphone-se", "--content-size", "accessibility5", str(source)],
                            capture_output=True, text=True, timeout=120)
    # At 53 points it needs more than the 375 - 2 * 16 - 24 - 8 = 311 points the SE leaves it.
    needed = ceil_pixel(regular.width_units("Notifications") * 53 / regular.upm)
    assert needed > 311
    assert f"'row.title' truncates its text: 311 points wide for text {round(needed, 3):g} wide (on iphone-se)" in result.stderr
    narrow = tmp_path / "narrow.stack"
    narrow.write_text('hstack row(width: 100, spacing: 8) {\n'
                      '    image icon(intrinsic: 24 x 24, compression: required)\n'
                      '    label title(text: "Notifications")\n'
                      '}\n')
    result = subprocess.run([str(stackc), "check", "--content-size", "all", str(narrow)], capture_output=True, text=True, timeout=120)
    reports = [line for line in result.stderr.splitlines() if "[W203]" in line]
    assert len(reports) == 1, result.stderr
    # Worst at the largest size: the title gets 100 - 24 - 8 = 68 points for its text at 53 points.
    needed = ceil_pixel(regular.width_units("Notifications") * 53 / regular.upm)
    assert f"'row.title' truncates its text: 68 points wide for text {round(needed, 3):g} wide (content size accessibility5)" in reports[0]
