"""`stackc render`'s pictures, read back with an XML parser and checked for what a person needs to read them:
no name tag overlaps another, keys and labels show their text, every root has a titled panel, zero-size,
ambiguous and hidden items can be seen, and titles say where the size comes from.

Tag boxes are computed here from what the SVG says (position, font size, character count) and the
advance of the monospace face the tags are set in (0.6 em in DejaVu Sans Mono, Menlo and Consolas),
not taken from the renderer's own rectangles.
"""

from __future__ import annotations

import itertools
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from stackc_process import REPO, render_picture, run

SVG = "{http://www.w3.org/2000/svg}"
MONOSPACE_ADVANCE = 0.6
SAMPLES = sorted((REPO / "Samples").glob("*.stack")) + sorted((REPO / "Samples" / "PluginDemo" / "Sources").rglob("*.stack"))


def render(tmp_path: Path, source: Path | str, *arguments: str) -> ET.Element:
    svg, result = render_picture(tmp_path, source, *arguments)
    assert result.returncode in (0, 1), result.describe()
    return svg


def panels(svg: ET.Element) -> list[ET.Element]:
    return [g for g in svg.iter(f"{SVG}g") if g.get("class") == "panel"]


def by_class(element: ET.Element, tag: str, name: str) -> list[ET.Element]:
    return [e for e in element.iter(f"{SVG}{tag}") if name in (e.get("class") or "").split()]


def title(panel: ET.Element) -> str:
    (text,) = by_class(panel, "text", "title")
    return text.text


def tags(panel: ET.Element) -> list[tuple[str, ET.Element, ET.Element]]:
    """(item, text, rect) of every tag of a panel."""
    return [(g.get("data-item"), g.find(f"{SVG}text"), g.find(f"{SVG}rect")) for g in by_class(panel, "g", "tag")]


def text_box(text: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a start-anchored line of monospace text: ascent 0.8 em, descent 0.2 em."""
    x, y, size = float(text.get("x")), float(text.get("y")), float(text.get("font-size"))
    return (x, y - 0.8 * size, x + len(text.text) * size * MONOSPACE_ADVANCE, y + 0.2 * size)


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def frames(path: Path) -> list[dict]:
    result = run(["layout", str(path), "--format", "json"])
    layouts = json.loads(result.out)
    return layouts if isinstance(layouts, list) else [layouts]


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
@pytest.mark.parametrize("widths", [[], ["--width", "200,320"]], ids=["own-size", "200-and-320"])
def test_no_tag_overlaps_another(tmp_path, sample, widths):
    svg = render(tmp_path, sample, *widths)
    for panel in panels(svg):
        found = tags(panel)
        assert found, f"{sample.name}: a panel without tags"
        for item, text, rect in found:
            assert text.get("font-family", "").startswith("'DejaVu Sans Mono'"), item
            left, top, right, bottom = text_box(text)
            x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
            assert x <= left and right <= x + w + 0.01 and y <= top and bottom <= y + h, f"{item}: text outside its tag"
        for (a, ta, _), (b, tb, _) in itertools.combinations(found, 2):
            assert not overlap(text_box(ta), text_box(tb)), f"{sample.name}: tags of {a} and {b} overlap"


def test_every_stack_of_the_springboard_is_named(tmp_path):
    """Every stack, the four that share a corner with another (firstColumn, calendar, photos, safari) included:
    by a tag that starts with its name, or by a numbered key that the lines under the panel explain."""
    sample = REPO / "Samples" / "springboard.stack"
    (panel,) = panels(render(tmp_path, sample))
    legend = " ".join(t.text for t in by_class(panel, "text", "keys"))
    tagged = {item: text.text for item, text, _ in tags(panel)}
    stacks = [f for f in frames(sample)[0]["frames"] if f["kind"] in ("hstack", "vstack")]
    assert len(stacks) == 13
    for stack in stacks:
        name = stack["item"]
        local = name.split(".")[-1]
        label = tagged.get(name)
        assert label is not None, f"{name} has no tag"
        if label.isdigit():
            assert f"{label} = {local} · {stack['kind']}" in legend, (name, legend)
        else:
            assert local.startswith(label.split(" ")[0].rstrip("…")), (name, label)
    for name in ("firstColumn", "calendar", "photos", "safari"):
        assert any(item.endswith("." + name) for item in tagged)


def test_keys_and_labels_show_their_text(tmp_path):
    (panel,) = panels(render(tmp_path, REPO / "Samples" / "calculator.stack"))
    contents = [t.text for t in by_class(panel, "text", "content")]
    for key in ["0", "AC", "±", "%", "÷", "7", "8", "9", "×", "4", "5", "6", "−", "1", "2", "3", "+", ".", "="]:
        assert key in contents, key
    assert not any(t.text == "button0" for t in panel.iter(f"{SVG}text"))
    # A button that shows an image has the image's name, in italics; images too.
    (panel,) = panels(render(tmp_path, REPO / "Samples" / "tabbar.stack"))
    images = {t.text for t in by_class(panel, "text", "image-name")}
    assert {"house", "magnifyingglass", "books", "person"} <= images
    assert all(t.get("font-style") == "italic" for t in by_class(panel, "text", "image-name"))
    assert "12.50" in [t.text for t in by_class(panel, "text", "content")]


def test_text_too_long_for_its_item_is_shortened(tmp_path):
    svg = render(tmp_path, 'hstack row { label note(text: "Remember to water the plants on Sunday", intrinsic: 60 x 40) }\n')
    (text,) = by_class(svg, "text", "content")
    assert text.text.endswith("…")
    assert "Remember to water the plants on Sunday".startswith(text.text[:-1])


def test_every_root_has_a_titled_panel(tmp_path):
    sample = REPO / "Samples" / "seed003.stack"
    found = panels(render(tmp_path, sample))
    assert [p.get("data-root") for p in found] == ["fixed", "natural"]
    # fillEqually gives the three views of `natural` the height of the tallest: 3 x 200.
    assert [title(p) for p in found] == ["fixed — own size: 375 × 600", "natural — natural size: 200 × 600"]
    found = panels(render(tmp_path, sample, "--width", "320,390"))
    assert [title(p) for p in found] == [
        "fixed — width 320 (given), own height 600: 320 × 600",
        "fixed — width 390 (given), own height 600: 390 × 600",
        "natural — width 320 (given), natural height: 320 × 600",
        "natural — width 390 (given), natural height: 390 × 600",
    ]
    (only,) = panels(render(tmp_path, sample, "--root", "natural", "--height", "400"))
    assert title(only) == "natural — natural width, height 400 (given): 200 × 400"
    # A root with its own width only: the height is natural, and the title says so.
    (settings,) = panels(render(tmp_path, REPO / "Samples" / "settings.stack"))
    assert title(settings) == "settings — own width 375, natural height: 375 × 224"


def line_length(line: ET.Element) -> float:
    x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
    return ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5


def test_zero_size_and_ambiguous_items_are_visible(tmp_path):
    # bar.badge has no width (ambiguous): 0 x 20.
    (panel,) = panels(render(tmp_path, REPO / "Samples" / "errors" / "ambiguous-no-size.stack"))
    (mark,) = [g for g in by_class(panel, "g", "zero-size") if g.get("data-item") == "bar.badge"]
    lines = mark.findall(f"{SVG}line")
    assert lines and max(map(line_length, lines)) >= 20
    assert "#dc2626" in {line.get("stroke") for line in lines}
    (outline,) = by_class(panel, "rect", "ambiguous")
    assert outline.get("data-item") == "bar.badge"
    assert float(outline.get("width")) >= 6 and float(outline.get("height")) >= 20
    assert outline.get("stroke") == "#dc2626" and outline.get("fill") == "none"
    assert "bar.badge" in {item for item, _, _ in tags(panel)}
    # A point: a cross of two lines, and a tag.
    (panel,) = panels(render(tmp_path, "vstack box(alignment: center) {\n    view dot(width: 0, height: 0)\n"
                                       '    label(text: "x", intrinsic: 40 x 20)\n}\n'))
    (mark,) = [g for g in by_class(panel, "g", "zero-size") if g.get("data-item") == "box.dot"]
    lines = mark.findall(f"{SVG}line")
    assert len(lines) == 2 and min(map(line_length, lines)) >= 10
    assert "box.dot" in {item for item, _, _ in tags(panel)}


def test_hidden_items_are_ghosts(tmp_path):
    (panel,) = panels(render(tmp_path, REPO / "Samples" / "settings.stack"))
    (ghost,) = by_class(panel, "rect", "ghost")
    assert ghost.get("data-item") == "settings.cellular"
    assert float(ghost.get("height")) >= 4 and float(ghost.get("width")) > 100
    assert float(ghost.get("fill-opacity")) < 0.5 and ghost.get("stroke-dasharray")
    labels = {item: text.text for item, text, _ in tags(panel)}
    assert labels["settings.cellular"] in ("cellular · hidden", "cellular")
    # What the hidden row contains (collapsed to negative heights) is not drawn.
    hovers = [t.text for t in panel.iter(f"{SVG}title")]
    assert not any(h.startswith("settings.cellular.") for h in hovers)
    assert any(h.startswith("settings.hotspot.label1 ") for h in hovers)


@pytest.mark.parametrize("direction", ["ltr", "rtl"])
def test_spacing_bands_lie_between_the_items_in_both_directions(tmp_path, direction):
    # a is 10 wide, b 20, spacing 5, the row 100 wide; a, the first item, takes the 65 extra points (the
    # tie rule): left to right a is 0...75, the band 75...80, b 80...100; right to left the row is mirrored:
    # b 0...20, the band 20...25, a 25...100. Either way the band is 5 points, never -5.
    svg = render(tmp_path, "hstack row(width: 100, spacing: 5) {\n    view a(intrinsic: 10 x 10)\n"
                           "    view b(intrinsic: 20 x 10)\n}\n", "--direction", direction)
    titles = [t.text for t in svg.iter(f"{SVG}title")]
    assert "spacing 5" in titles
    assert not any(t.startswith("spacing -") for t in titles if t)
