"""The samples on every device: each one checks clean on every screen at the default text size, its labels and
buttons are sized by their text (not by hand-typed sizes), and Samples/contact.stack truncates its name at the
accessibility text sizes, where stackc says so with the room the name gets and the room its text needs.

The widths in the truncation warnings are checked against numbers worked out here: the room from the sample's
own sizes (screen, margins, photo, button, spacing), the text's width measured from the font file with fontTools
(the helpers of test_text_measurement.py, independent of stackc's font reader).
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from stackc_process import find_stackc

REPO = Path(__file__).resolve().parents[2]
SAMPLES = sorted((REPO / "Samples").glob("*.stack"))
CONTACT = "Samples/contact.stack"
# Apple's Dynamic Type table (Human Interface Guidelines, Typography): headline has body's size at every
# category (semibold), subheadline its own.
HEADLINE = {"large": 17, "xxxLarge": 23, "accessibility1": 28, "accessibility5": 53}
SUBHEADLINE = {"large": 15, "xxxLarge": 21, "accessibility1": 25, "accessibility5": 49}
NOT_ACCESSIBILITY = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge"]
# The room contact.stack's row leaves the names on a 375-point screen (iPhone SE, and the row's own width):
# 16-point margins on both sides, the 48-point photo, the 44-point call button, two 12-point gaps.
NAMES_ROOM = 375 - 2 * 16 - 48 - 44 - 2 * 12


def stackc(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(find_stackc()), *arguments], cwd=REPO, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def fonts():
    """fontTools' reading of the Inter files (skips outside CI when fonts-inter is absent, as that module does)."""
    import test_text_measurement as measurement
    return measurement


def text_width(fonts, face: str, text: str, size: float) -> float:
    font = fonts.Face(fonts.INTER / face)
    return fonts.ceil_pixel(font.width_units(text) * size / font.upm)


@pytest.mark.parametrize("sample", SAMPLES, ids=[path.name for path in SAMPLES])
def test_sample_checks_clean_on_every_device(sample):
    result = stackc("check", "--device", "all", str(sample.relative_to(REPO)))
    assert result.returncode == 0 and result.stderr == "", result.stderr


@pytest.mark.parametrize("sample", SAMPLES, ids=[path.name for path in SAMPLES])
def test_no_frame_is_negative_on_any_device(sample):
    """The frames themselves, not only the warnings: nothing shown is squeezed below zero on any screen. (What a
    hidden item contains is not shown: a hidden row collapses to no height, its margins and all.)"""
    result = stackc("ir", "--format", "json", str(sample.relative_to(REPO)))
    assert result.returncode == 0, result.stderr
    irs = json.loads(result.stdout)
    hidden = [item["name"] for ir in (irs if isinstance(irs, list) else [irs]) for item in ir["items"] if item["hidden"]]
    result = stackc("layout", "--format", "json", "--device", "all", str(sample.relative_to(REPO)))
    assert result.returncode == 0, result.stderr
    layouts = json.loads(result.stdout)
    assert len(layouts) == 12 * sum(1 for line in sample.read_text().splitlines() if re.match(r"[hv]stack ", line))
    for layout in layouts:
        for frame in layout["frames"]:
            if any(frame["item"] == name or frame["item"].startswith((name + ".", name + "#")) for name in hidden):
                continue
            assert frame["width"] >= -1e-9 and frame["height"] >= -1e-9, (layout["device"], frame)


def elements(node):
    """Every element of a syntax tree in `stackc ast --format json`, component bodies included."""
    if isinstance(node, dict):
        if node.get("node") == "element":
            yield node
        for value in node.values():
            yield from elements(value)
    elif isinstance(node, list):
        for value in node:
            yield from elements(value)


@pytest.mark.parametrize("sample", SAMPLES, ids=[path.name for path in SAMPLES])
def test_text_gives_labels_and_buttons_their_size(sample):
    result = stackc("ast", "--format", "json", str(sample.relative_to(REPO)))
    assert result.returncode == 0, result.stderr
    examined = 0
    for element in elements(json.loads(result.stdout)):
        if element["kind"]["text"] not in ("label", "button"):
            continue
        examined += 1
        labels = [argument["label"]["text"] for argument in element.get("arguments") or []]
        where = f"{sample.name}:{element['kind']['range']['line']}"
        if "text" in labels:
            assert not {"intrinsic", "firstBaseline", "lastBaseline"} & set(labels), where
        else:
            # A button without a title shows an icon: a fixed size is what a real app gives it.
            assert element["kind"]["text"] == "button" and "image" in labels, where
    # seed003 is the seed's three coloured views; every other sample has labels or buttons.
    assert examined > 0 or sample.name == "seed003.stack"


def test_contact_fits_every_screen_below_the_accessibility_sizes():
    result = stackc("check", "--device", "all", "--content-size", ",".join(NOT_ACCESSIBILITY), CONTACT)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_contact_name_fits_at_xxxlarge_and_not_at_accessibility1(fonts):
    # The boundary the sample's comment and README state, from the font alone.
    assert text_width(fonts, "Inter-SemiBold.otf", "Katherine Johnson", HEADLINE["xxxLarge"]) <= NAMES_ROOM
    assert text_width(fonts, "Inter-SemiBold.otf", "Katherine Johnson", HEADLINE["accessibility1"]) > NAMES_ROOM


def test_contact_truncates_its_name_at_accessibility1(fonts):
    result = stackc("check", "--device", "iphone-se", "--content-size", "accessibility1", CONTACT)
    assert result.returncode == 0, result.stderr
    reports = [line for line in result.stderr.splitlines() if "[W203]" in line]
    assert len(reports) == 1, result.stderr
    needed = text_width(fonts, "Inter-SemiBold.otf", "Katherine Johnson", HEADLINE["accessibility1"])
    assert reports[0] == (f"Samples/contact.stack:14:9: warning: 'contact.names.name' truncates its text: "
                          f"{NAMES_ROOM:g} points wide for text {round(needed, 3):g} wide (on iphone-se) [W203]")
    # Without a device the row's own width (375) gives the same room.
    result = stackc("check", "--content-size", "accessibility1", CONTACT)
    assert f"'contact.names.name' truncates its text: {NAMES_ROOM:g} points wide for text {round(needed, 3):g} wide [W203]" \
        in result.stderr


def test_contact_worst_case_names_the_device_and_size(fonts):
    result = stackc("check", "--device", "all", "--content-size", "all", CONTACT)
    assert result.returncode == 0, result.stderr
    reports = [line for line in result.stderr.splitlines() if "warning:" in line]
    name = text_width(fonts, "Inter-SemiBold.otf", "Katherine Johnson", HEADLINE["accessibility5"])
    workplace = text_width(fonts, "Inter-Regular.otf", "NASA Langley", SUBHEADLINE["accessibility5"])
    # The narrowest screen at the largest size: the SE (375 points, the row's room as above) at accessibility5.
    assert reports == [
        f"Samples/contact.stack:14:9: warning: 'contact.names.name' truncates its text: {NAMES_ROOM:g} points wide "
        f"for text {round(name, 3):g} wide (on iphone-se, content size accessibility5) [W203]",
        f"Samples/contact.stack:15:9: warning: 'contact.names.workplace' truncates its text: {NAMES_ROOM:g} points wide "
        f"for text {round(workplace, 3):g} wide (on iphone-se, content size accessibility5) [W203]",
    ]


def test_contact_wraps_clean_with_the_fix_its_comment_gives(tmp_path):
    # The sample's comment: `lines: 0` on the labels is the usual fix. With it, no size truncates on any screen.
    source = (REPO / CONTACT).read_text()
    assert "The usual fix is `lines: 0` on the labels" in source
    fixed = source.replace("font: headline)", "font: headline, lines: 0)").replace("font: subheadline)", "font: subheadline, lines: 0)")
    assert fixed.count("lines: 0)") == 2
    (tmp_path / "contact.stack").write_text(fixed)
    result = stackc("check", "--device", "all", "--content-size", "all", str(tmp_path / "contact.stack"))
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_readme_shows_the_contact_warnings():
    readme = (REPO / "README.md").read_text()
    section = readme.split("### Devices\n", 1)[1].split("\n## ", 1)[0]
    after = section.split("Samples/contact.stack", 1)[1]
    command = after.split("```sh\n", 1)[1].split("```", 1)[0].strip()
    shown = after.split("```sh\n", 1)[1].split("```\n", 2)[2].split("```", 1)[0].strip().splitlines()
    assert command == f"swift run stackc check --device all --content-size all {CONTACT}"
    result = stackc(*command.split()[3:])
    assert result.returncode == 0
    printed = [line for line in result.stderr.splitlines() if "warning:" in line]
    assert shown == printed
    assert f"the {NAMES_ROOM:g} points an\niPhone SE's row leaves it" in section


def test_ci_and_readme_check_the_samples_on_every_device():
    ci = (REPO / ".ci" / "run").read_text()
    assert "swift run stackc check --warnings-as-errors --device all Samples/*.stack" in ci
    quick_start = (REPO / "README.md").read_text().split("## Quick start\n", 1)[1].split("\n## ", 1)[0]
    assert "swift run stackc check --device all Samples/*.stack" in quick_start


def test_tip_body_wraps_at_the_tips_width(fonts):
    # The tip is 290 wide inside 46-point margins: the body wraps at 198 points, in body text (17 points).
    result = stackc("layout", "--format", "json", "Samples/tip.stack")
    assert result.returncode == 0, result.stderr
    frames = {frame["item"]: frame for frame in json.loads(result.stdout)["frames"]}
    regular = fonts.Face(fonts.INTER / "Inter-Regular.otf")
    lines = fonts.wrap(regular, "Drag a photo onto a contact to set their picture.", 290 - 2 * 46, 17)
    assert len(lines) == 3
    assert frames["tip.body"]["width"] == 198
    assert frames["tip.body"]["height"] == pytest.approx(fonts.ceil_pixel(len(lines) * regular.line_units * 17 / regular.upm), abs=1e-6)
