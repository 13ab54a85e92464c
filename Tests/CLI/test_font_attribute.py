"""`font: custom("file", size[, textStyle])`: a label measured in an app's own font file.

The expected widths are computed here with fontTools (test_text_measurement's `Face`: advances from
`hmtx` through `cmap`, kerning from GPOS's `kern` feature), independently of stackc's Swift reader,
scaled to the point size (with Dynamic Type, Apple's table for the style), rounded up to a 3x screen's
pixel grid. The fonts are Debian's fonts-inter, which .ci/run installs; outside CI a machine without
it skips these tests.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from stackc_process import find_stackc
from test_text_measurement import BODY, INTER, Face, ceil_pixel

REPO = Path(__file__).resolve().parents[2]
BOLD = INTER / "Inter-Bold.otf"
# Apple's Dynamic Type sizes of caption1 (Human Interface Guidelines, Typography), by content size.
CAPTION1 = {"xSmall": 11, "small": 11, "medium": 11, "large": 12, "xLarge": 14, "xxLarge": 16, "xxxLarge": 18,
            "accessibility1": 22, "accessibility2": 26, "accessibility3": 32, "accessibility4": 37, "accessibility5": 43}


@pytest.fixture(scope="module")
def stackc() -> Path:
    return find_stackc()


@pytest.fixture(scope="module")
def bold() -> Face:
    return Face(BOLD)


def run(stackc: Path, *arguments: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([str(stackc), *arguments], capture_output=True, text=True, timeout=60, cwd=cwd)


def frames(stackc: Path, source: Path, *arguments: str) -> dict:
    result = run(stackc, "layout", "--format", "json", *arguments, str(source))
    assert result.returncode == 0, result.stderr
    return {frame["item"]: frame for frame in json.loads(result.stdout)["frames"]}


def write(folder: Path, body: str) -> Path:
    source = folder / "labels.stack"
    source.write_text("vstack main(alignment: leading) {\n" + body + "}\n")
    return source


@pytest.mark.parametrize("text", ["Welcome back", "AVATAR Tokyo", "T.V. L'Y Ya"])
def test_width_is_advances_plus_kerning(stackc, bold, tmp_path, text):
    source = write(tmp_path, f'    label a(text: {json.dumps(text)}, font: custom("{BOLD}", 22))\n')
    frame = frames(stackc, source)["main.a"]
    assert frame["width"] == pytest.approx(ceil_pixel(bold.width_units(text) * 22 / bold.upm), abs=1e-6)
    assert frame["height"] == pytest.approx(ceil_pixel(bold.line_units * 22 / bold.upm), abs=1e-6)
    assert bold.width_units(text) != bold.width_units(text, kerned=False) or text == "Welcome back"


def test_relative_paths_start_at_the_stack_files_folder(stackc, bold, tmp_path):
    (tmp_path / "Layouts" / "Fonts").mkdir(parents=True)
    shutil.copy(BOLD, tmp_path / "Layouts" / "Fonts" / "Brand.otf")
    source = write(tmp_path / "Layouts", '    label a(text: "Pay now", font: custom("Fonts/Brand.otf", 15))\n')
    # Run from the repository: the path is the .stack file's, not the current folder's.
    frame = frames(stackc, source)["main.a"]
    assert frame["width"] == pytest.approx(ceil_pixel(bold.width_units("Pay now") * 15 / bold.upm), abs=1e-6)


@pytest.mark.parametrize("category", sorted(BODY))
def test_a_text_style_scales_the_size(stackc, bold, tmp_path, category):
    source = write(tmp_path, f'    label a(text: "Settings", font: custom("{BOLD}", 20, caption1))\n'
                             f'    label b(text: "Settings", font: custom("{BOLD}", 20))\n')
    found = frames(stackc, source, "--content-size", category)
    size = 20 * CAPTION1[category] / CAPTION1["large"]
    assert found["main.a"]["width"] == pytest.approx(ceil_pixel(bold.width_units("Settings") * size / bold.upm), abs=1e-6)
    assert found["main.b"]["width"] == pytest.approx(ceil_pixel(bold.width_units("Settings") * 20 / bold.upm), abs=1e-6)


def test_the_attribute_wins_over_font_file(stackc, bold, tmp_path):
    black = Face(INTER / "Inter-Black.otf")
    source = write(tmp_path, f'    label a(text: "Account", font: custom("{BOLD}", 17))\n'
                             '    label b(text: "Account")\n')
    found = frames(stackc, source, "--font-file", str(INTER / "Inter-Black.otf"))
    assert found["main.a"]["width"] == pytest.approx(ceil_pixel(bold.width_units("Account") * 17 / bold.upm), abs=1e-6)
    assert found["main.b"]["width"] == pytest.approx(ceil_pixel(black.width_units("Account") * 17 / black.upm), abs=1e-6)
    assert found["main.a"]["width"] != found["main.b"]["width"]


def test_unusable_font_files_are_e124_at_the_path(stackc, tmp_path):
    (tmp_path / "junk.otf").write_bytes(b"not a font at all")
    (tmp_path / "truncated.otf").write_bytes(BOLD.read_bytes()[:4000])
    source = write(tmp_path, '    label a(text: "x", font: custom("Fonts/Missing.otf", 17))\n'
                             '    label b(text: "x", font: custom("junk.otf", 17))\n'
                             '    label c(text: "x", font: custom("truncated.otf", 17, body))\n')
    result = run(stackc, "check", str(source))
    assert result.returncode == 1
    lines = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert lines == [
        f"{source}:2:37: error: font file 'Fonts/Missing.otf' not found (looked at '{tmp_path}/Fonts/Missing.otf': "
        "a relative path starts at the .stack file's folder) [E124]",
        f"{source}:3:37: error: font file 'junk.otf' cannot be used: not a font stackc can read (not an OpenType or TrueType font) [E124]",
        f"{source}:4:37: error: font file 'truncated.otf' cannot be used: not a font stackc can read "
        "(table 'CFF ' lies outside the file) [E124]",
    ]
    assert "E124: font file missing or unreadable" in run(stackc, "explain", "E124").stdout


def test_fifos_and_huge_files_are_refused_without_reading_them(stackc, tmp_path):
    os.mkfifo(tmp_path / "pipe.otf")
    with open(tmp_path / "huge.otf", "wb") as huge:
        huge.truncate(300 << 20)  # sparse: no disk space, and stackc must not read it
    source = write(tmp_path, '    label a(text: "x", font: custom("pipe.otf", 17))\n'
                             '    label b(text: "x", font: custom("huge.otf", 17))\n')
    result = run(stackc, "check", str(source))
    assert result.returncode == 1
    lines = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert lines == [f"{source}:2:37: error: font file 'pipe.otf' cannot be used: not a regular file [E124]",
                     f"{source}:3:37: error: font file 'huge.otf' cannot be used: the file is larger than 256 MB [E124]"]


def readme_text_section() -> str:
    readme = (REPO / "README.md").read_text()
    return readme.split("### Text\n", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]


def test_readme_example_runs_as_written(stackc, bold, tmp_path):
    section = readme_text_section().split("A label in an app's own font", 1)[1]
    (tmp_path / "welcome.stack").write_text(section.split("```stack\n", 1)[1].split("```", 1)[0])
    commands = section.split("```sh\n", 1)[1].split("```", 1)[0].strip().splitlines()
    assert commands[1] == "swift run stackc layout --content-size large,xxxLarge welcome.stack"
    setup = subprocess.run(["bash", "-c", commands[0]], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert setup.returncode == 0, setup.stderr
    result = run(stackc, *commands[1].split()[3:], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    title = [line.split() for line in result.stdout.splitlines() if line.startswith("welcome.title ")]
    widths = [ceil_pixel(bold.width_units("Welcome back") * size / bold.upm) for size in (22, 22 * 28 / 22)]
    assert [float(line[4]) for line in title] == pytest.approx(widths, abs=1e-3)
    assert widths == pytest.approx([158, 201], abs=1e-6)
    assert "`title` is 158 points wide at `large` (22-point Inter Bold) and 201 at `xxxLarge`" in " ".join(section.split())
    built = run(stackc, "build", "welcome.stack", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    shown = section.split("```swift\n", 1)[1].split("```", 1)[0].strip().splitlines()
    generated = [line.strip() for line in built.stdout.splitlines()]
    assert shown and all(line in generated for line in shown)


def test_readme_error_example(stackc):
    section = readme_text_section().split("A label in an app's own font", 1)[1]
    after = section.split("E124 at the path's string", 1)[1]
    command = after.split("```sh\n", 1)[1].split("```", 1)[0].strip()
    shown = after.split("```sh\n", 1)[1].split("```\n", 2)[2].split("```", 1)[0].strip()
    assert command == "swift run stackc check Samples/errors/missing-font-file.stack"
    result = run(stackc, *command.split()[3:])
    assert result.returncode == 1
    assert shown in result.stderr.splitlines()
