"""`stackc render` draws labels' and buttons' text as the device does, and shows the warnings about room.

The expected sizes, widths, baselines and cut points are computed here, independently of stackc: point
sizes from Apple's Dynamic Type table, widths and vertical metrics from the Inter font files with fontTools
(the `Face` of test_text_measurement.py), frames by hand from the layouts' numbers. Positions are read
relative to the root's rectangle in the picture, and the picture's scale is that rectangle's width over the
root's width.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from stackc_process import REPO, find_stackc, render_picture
from test_text_measurement import BODY, INTER, LARGE, Face, ceil_pixel, wrap

SVG = "{http://www.w3.org/2000/svg}"
RED = "#dc2626"
ELLIPSIS = "\u2026"


@pytest.fixture(scope="module")
def regular() -> Face:
    return Face(INTER / "Inter-Regular.otf")


def render(tmp_path: Path, source: Path | str, *arguments: str) -> tuple[ET.Element, str]:
    """The picture's root element and what render printed on standard error."""
    svg, result = render_picture(tmp_path, source, *arguments)
    assert result.returncode == 0, result.err
    return svg, result.err


def by_class(svg: ET.Element, tag: str, name: str, item: str | None = None) -> list[ET.Element]:
    return [e for e in svg.iter(f"{SVG}{tag}")
            if name in (e.get("class") or "").split() and (item is None or e.get("data-item") == item)]


def frame_rect(svg: ET.Element, item: str) -> tuple[float, float, float, float]:
    """(x, y, width, height) of the box drawn for `item`: the rectangle whose tooltip starts with its name."""
    for rect in svg.iter(f"{SVG}rect"):
        title = rect.find(f"{SVG}title")
        if title is not None and title.text.startswith(f"{item} ("):
            return tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))
    raise AssertionError(f"no box for {item}")


def picture(svg: ET.Element, root: str, width: float):
    """A function from layout points (x, y) to picture coordinates, and the scale."""
    x, y, w, _ = frame_rect(svg, root)
    scale = w / width
    return (lambda px, py: (x + px * scale, y + py * scale)), scale


def right_end(text: ET.Element) -> float:
    return float(text.get("x")) + float(text.get("textLength"))


def third(points: float) -> float:
    """Rounded to a 3x screen's pixel grid, as the first baseline is."""
    return round(points * 3) / 3


def points(face: Face, text: str, size: float) -> float:
    return face.width_units(text) * size / face.upm


def tail_cut(face: Face, text: str, width: float, size: float) -> str:
    """The longest start of `text` that fits `width` with an ellipsis after it (spaces before it dropped)."""
    best = ""
    for end in range(1, len(text) + 1):
        head = text[:end]
        if not head.endswith(" ") and points(face, head + ELLIPSIS, size) <= width + 1e-9:
            best = head
    return best


def test_truncated_text_sample_shows_a_red_ellipsis_at_the_labels_right_edge(tmp_path, regular):
    sample = REPO / "Samples" / "errors" / "truncated-text.stack"
    svg, stderr = render(tmp_path, sample)
    assert "'row.title' truncates its text: 144 points wide for text 199.667 wide [W203]" in stderr
    text = "Notifications and sounds"
    assert ceil_pixel(points(regular, text, 17)) == pytest.approx(199.667, abs=1e-3)
    # By hand: 240 wide, less the icon (29), the switch (51) and two spacings of 8; centred in a row as
    # tall as the switch (31).
    to_picture, scale = picture(svg, "row", 240)
    height = ceil_pixel(regular.line_units * 17 / regular.upm)
    left, top = to_picture(37, (31 - height) / 2)
    x, y, w, h = frame_rect(svg, "row.title")
    assert (x, y, w) == pytest.approx((left, top, 144 * scale), abs=0.02)

    head = tail_cut(regular, text, 144, 17)
    assert head and text.startswith(head) and len(head) < len(text)
    (content,) = by_class(svg, "text", "content", "row.title")
    (ellipsis,) = by_class(svg, "text", "ellipsis", "row.title")
    assert content.text == head
    assert ellipsis.text == ELLIPSIS and ellipsis.get("fill") == RED
    # The ellipsis ends where the cut line does, inside the label and within one character of its right edge.
    end = left + points(regular, head + ELLIPSIS, 17) * scale
    assert right_end(ellipsis) == pytest.approx(end, abs=0.03)
    assert right_end(ellipsis) <= x + w + 0.01
    assert x + w - right_end(ellipsis) < points(regular, text[len(head)], 17) * scale + 0.03
    assert float(content.get("font-size")) == pytest.approx(17 * scale, abs=0.01)
    baseline = top + third(regular.ascent_units * 17 / regular.upm) * scale
    assert float(content.get("y")) == pytest.approx(baseline, abs=0.02)
    assert float(ellipsis.get("y")) == float(content.get("y"))
    (outline,) = by_class(svg, "rect", "truncated", "row.title")
    assert outline.get("stroke") == RED and outline.get("fill") == "none"
    assert "W203" in outline.find(f"{SVG}title").text
    # Nothing else is cut.
    assert len(by_class(svg, "text", "ellipsis")) == 1 and len(by_class(svg, "rect", "truncated")) == 1


def test_negative_frame_sample_is_drawn_red_where_it_would_be(tmp_path):
    svg, stderr = render(tmp_path, REPO / "Samples" / "errors" / "negative-frame.stack")
    assert "'header.title' is -16 points wide" in stderr and "[W202]" in stderr
    # By hand: the title starts after the avatar and a spacing (44 + 40) and is 120 - 2 * 40 - 44 - 12 = -16
    # wide, so it covers 68 ... 84, 44 tall (the avatar's height: the row's fill alignment).
    to_picture, scale = picture(svg, "header", 120)
    (mark,) = by_class(svg, "rect", "negative", "header.title")
    left, top = to_picture(68, 0)
    box = tuple(float(mark.get(k)) for k in ("x", "y", "width", "height"))
    assert box == pytest.approx((left, top, 16 * scale, 44 * scale), abs=0.02)
    assert mark.get("stroke") == RED
    assert "-16 points wide" in mark.find(f"{SVG}title").text
    (size,) = by_class(svg, "text", "negative-size", "header.title")
    assert size.text == "-16 × 44" and size.get("fill") == RED
    assert len(by_class(svg, "rect", "negative")) == 1


def label_texts(svg: ET.Element, item: str) -> list[ET.Element]:
    return by_class(svg, "text", "content", item)


@pytest.mark.parametrize("category", ["xSmall", "large", "accessibility2"])
def test_text_is_drawn_at_its_dynamic_type_size_and_weight(tmp_path, category):
    fonts = {"body": ("Inter-Regular.otf", BODY[category], 400),
             "headline": ("Inter-SemiBold.otf", {"xSmall": 14, "large": LARGE["headline"], "accessibility2": 33}[category], 600),
             "system(15, bold)": ("Inter-Bold.otf", 15, 700)}
    body = "".join(f'    label l{i}(text: "Account", font: {font})\n' for i, font in enumerate(fonts))
    svg, _ = render(tmp_path, "vstack main(width: 400, alignment: leading) {\n" + body + "}\n", "--content-size", category)
    _, scale = picture(svg, "main", 400)
    for i, (file, size, weight) in enumerate(fonts.values()):
        face = Face(INTER / file)
        (text,) = label_texts(svg, f"main.l{i}")
        assert text.text == "Account"
        assert float(text.get("font-size")) == pytest.approx(size * scale, abs=0.01), (category, i)
        assert text.get("font-weight") == str(weight)
        assert text.get("font-family").startswith("'Inter'")
        assert float(text.get("textLength")) == pytest.approx(points(face, "Account", size) * scale, abs=0.01)


def test_a_wrapped_label_draws_each_line_where_the_measurement_puts_it(tmp_path, regular):
    text = "Notifications, sounds and badges for every app"
    svg, stderr = render(tmp_path, f'vstack main(width: 150) {{\n    label a(text: "{text}", lines: 0)\n}}\n')
    assert "W203" not in stderr
    lines = wrap(regular, text, 150, 17)
    assert len(lines) >= 3
    to_picture, scale = picture(svg, "main", 150)
    drawn = label_texts(svg, "main.a")
    assert [t.text for t in drawn] == lines
    line = regular.line_units * 17 / regular.upm
    first = third(regular.ascent_units * 17 / regular.upm)
    for index, element in enumerate(drawn):
        x, y = to_picture(0, first + third(index * line))
        assert (float(element.get("x")), float(element.get("y"))) == pytest.approx((x, y), abs=0.02), index
    assert not by_class(svg, "text", "ellipsis")


def test_a_line_limit_cuts_the_last_line_shown(tmp_path, regular):
    text = "Notifications, sounds and badges for every app"
    svg, stderr = render(tmp_path, f'vstack main(width: 150) {{\n    label a(text: "{text}", lines: 2)\n}}\n')
    assert "'main.a' truncates its text" in stderr
    lines = wrap(regular, text, 150, 17)
    # UIKit lays the rest of the text out on the last line it shows and cuts its tail.
    rest = text[len(lines[0]) + 1:]
    head = tail_cut(regular, rest, 150, 17)
    assert [t.text for t in label_texts(svg, "main.a")] == [lines[0], head]
    (ellipsis,) = by_class(svg, "text", "ellipsis", "main.a")
    to_picture, scale = picture(svg, "main", 150)
    assert right_end(ellipsis) == pytest.approx(to_picture(points(regular, head + ELLIPSIS, 17), 0)[0], abs=0.03)
    assert by_class(svg, "rect", "truncated", "main.a")


def test_a_button_title_is_cut_in_the_middle_and_centred(tmp_path, regular):
    title = "Go somewhere far away"
    svg, stderr = render(tmp_path, f'hstack main(width: 100) {{\n    button go(text: "{title}")\n}}\n')
    assert "'main.go' truncates its text" in stderr
    head, tail = (t.text for t in label_texts(svg, "main.go"))
    (ellipsis,) = by_class(svg, "text", "ellipsis", "main.go")
    assert title.startswith(head) and title.endswith(tail) and head and tail
    shown = head + ELLIPSIS + tail
    assert points(regular, shown, 15) <= 100
    # One more character from either end would not fit.
    assert points(regular, title[:len(head) + 1].rstrip() + ELLIPSIS + tail, 15) > 100 or \
        points(regular, head + ELLIPSIS + title[-len(tail) - 1:], 15) > 100
    x, _, w, _ = frame_rect(svg, "main.go")
    _, scale = picture(svg, "main", 100)
    (head_text, tail_text) = label_texts(svg, "main.go")
    centre = (float(head_text.get("x")) + right_end(tail_text)) / 2
    assert centre == pytest.approx(x + w / 2, abs=0.03)
    assert float(ellipsis.get("x")) > right_end(head_text) - 0.03


def test_baseline_rows_draw_their_shared_baseline(tmp_path, regular):
    source = ("vstack main(width: 300, spacing: 20) {\n"
              "    hstack first(alignment: firstBaseline, spacing: 8) {\n"
              '        label big(text: "Title", font: largeTitle)\n'
              '        label small(text: "note", font: footnote)\n'
              "    }\n"
              "    hstack last(alignment: lastBaseline, spacing: 8) {\n"
              '        label two(text: "First\\nSecond", lines: 0)\n'
              '        label one(text: "End", font: caption1)\n'
              "    }\n"
              "}\n")
    svg, _ = render(tmp_path, source)
    to_picture, scale = picture(svg, "main", 300)
    ascent = regular.ascent_units / regular.upm
    line = regular.line_units / regular.upm
    # The tallest item of each row sits at the row's top; the others hang from the shared baseline.
    first_y = to_picture(0, third(ascent * 34))[1]
    top_of_last = ceil_pixel(line * 34) + 20
    last_y = to_picture(0, top_of_last + third(ascent * 17) + third(line * 17))[1]
    for row, y, items in [("main.first", first_y, ["main.first.big", "main.first.small"]),
                          ("main.last", last_y, ["main.last.one"])]:
        (group,) = by_class(svg, "g", "baseline", row)
        (drawn,) = group.findall(f"{SVG}line")
        assert float(drawn.get("y1")) == pytest.approx(y, abs=0.02) and drawn.get("y1") == drawn.get("y2")
        x, _, w, _ = frame_rect(svg, row)
        assert (float(drawn.get("x1")), float(drawn.get("x2"))) == pytest.approx((x, x + w), abs=0.02)
        for item in items:
            (text,) = label_texts(svg, item)
            assert float(text.get("y")) == pytest.approx(y, abs=0.02), item
    assert float(label_texts(svg, "main.last.two")[-1].get("y")) == pytest.approx(last_y, abs=0.02)
    # A row aligned otherwise has none.
    assert len(by_class(svg, "g", "baseline")) == 2


def test_right_to_left_lines_start_at_the_right(tmp_path, regular):
    svg, _ = render(tmp_path, 'vstack main(width: 300) {\n    label a(text: "Hello, world")\n}\n', "--direction", "rtl")
    (text,) = label_texts(svg, "main.a")
    x, _, w, _ = frame_rect(svg, "main.a")
    _, scale = picture(svg, "main", 300)
    assert right_end(text) == pytest.approx(x + w, abs=0.02)
    assert float(text.get("textLength")) == pytest.approx(points(regular, "Hello, world", 17) * scale, abs=0.01)


def render_section() -> str:
    readme = (REPO / "README.md").read_text()
    return readme.split("## Layout semantics (`stackc layout`, `stackc render`)\n", 1)[1].split("\nThe solver follows", 1)[0]


def test_readme_render_commands_run(tmp_path):
    commands = [line.strip() for block in re.findall(r"```sh\n(.*?)```", render_section(), re.S)
                for line in block.splitlines() if line.strip().startswith("swift run stackc render")]
    assert len(commands) >= 2
    for command in commands:
        arguments = shlex.split(command)[3:]
        output = tmp_path / arguments[arguments.index("-o") + 1]
        arguments[arguments.index("-o") + 1] = str(output)
        result = subprocess.run([str(find_stackc()), *arguments], cwd=REPO, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        svg = ET.parse(output).getroot()
        warning = "W203" if "truncated-text" in command else "W202"
        assert f"[{warning}]" in result.stderr
        assert by_class(svg, "text", "ellipsis") if warning == "W203" else by_class(svg, "rect", "negative")


@pytest.mark.parametrize("code,sample", [("W202", "negative-frame"), ("W203", "truncated-text")])
def test_explain_names_the_sample_that_shows_the_warning(code, sample):
    explained = subprocess.run([str(find_stackc()), "explain", code], capture_output=True, text=True, timeout=60).stdout
    path = f"Samples/errors/{sample}.stack"
    assert path in explained.replace("\n", " ")
    result = subprocess.run([str(find_stackc()), "check", path], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and f"[{code}]" in result.stderr


@pytest.mark.parametrize("width", ["150", "260", "420"])
@pytest.mark.parametrize("category", ["xSmall", "accessibility3"])
def test_the_items_marked_are_the_items_w203_names(tmp_path, width, category):
    source = ("vstack main(spacing: 8) {\n"
              "    hstack row(spacing: 8, alignment: center) {\n"
              "        image icon(intrinsic: 29 x 29, compression: required)\n"
              '        label title(text: "Notifications and sounds")\n'
              '        button more(text: "Details", horizontalCompression: 760)\n'
              "    }\n"
              '    label note(text: "Allow notifications to show on the lock screen and in the notification centre", lines: 2)\n'
              '    label free(text: "Messages from people you know arrive at once", lines: 0)\n'
              '    label fixed(text: "An explicit size is the author\'s choice", intrinsic: 60 x 20)\n'
              "    hstack pair(spacing: 8) {\n"
              '        label left(text: "Left side text")\n'
              '        label right(text: "Right side text", font: headline)\n'
              "    }\n"
              "}\n")
    svg, stderr = render(tmp_path, source, "--width", width, "--content-size", category)
    messages = dict(re.findall(r"'([\w.]+)' truncates its text: (.*) \[W203\]", stderr))
    named = set(messages)
    outlined = {rect.get("data-item") for rect in by_class(svg, "rect", "truncated")}
    red = {text.get("data-item") for text in by_class(svg, "text", "ellipsis") if text.get("fill") == RED}
    assert outlined == named
    # A red ellipsis where the text is cut: too narrow (but not below zero, where nothing is drawn), or
    # more lines than `lines:` allows. Too short alone shows none.
    cut = {name for name, message in messages.items()
           if re.match(r"\d[\d.]* points wide for text", message) or ", lines: 2)" in message}
    assert red == cut
    if width == "150":
        assert named, "the narrowest layout truncates something"
    # The explicit size is cut but never marked.
    assert "main.fixed" not in named


def test_a_font_file_draws_text_in_that_font(tmp_path):
    bold = Face(INTER / "Inter-Bold.otf")
    svg, _ = render(tmp_path, 'vstack main(width: 300) {\n    label a(text: "Hello, world")\n}\n',
                    "--font-file", str(INTER / "Inter-Bold.otf"))
    (text,) = label_texts(svg, "main.a")
    _, scale = picture(svg, "main", 300)
    assert text.get("font-family").startswith("'Inter Bold', ")
    assert float(text.get("textLength")) == pytest.approx(points(bold, "Hello, world", 17) * scale, abs=0.01)


def test_an_empty_text_shows_the_items_name_and_the_legend_explains_the_marks(tmp_path):
    svg, _ = render(tmp_path, 'hstack main {\n    label empty(text: "", intrinsic: 80 x 40)\n}\n')
    assert not label_texts(svg, "main.empty")
    assert "empty" in [t.text for t in by_class(svg, "text", "name")]
    legend = [t.text for g in by_class(svg, "g", "legend") for t in g.iter(f"{SVG}text")]
    assert {"baseline", "truncated text (W203)", "below zero (W202)"} <= set(legend)
