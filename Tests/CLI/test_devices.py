"""`--device` (and `--safe-area`) on layout, render and check; the worst case per item across devices and
content sizes. Screen sizes are Apple's published points for each model."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from stackc_process import find_stackc

REPO = Path(__file__).resolve().parents[2]
SCREENS = {"iphone-se": (375, 667), "iphone": (393, 852), "iphone-pro": (402, 874), "iphone-pro-max": (440, 956),
           "ipad-11": (834, 1210), "ipad-13": (1032, 1376)}


def stackc(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(find_stackc()), *arguments], cwd=REPO, capture_output=True, text=True, timeout=300)


def layouts(*arguments: str) -> list[dict]:
    result = stackc("layout", "--format", "json", *arguments)
    assert result.returncode in (0, 1), result.stderr
    value = json.loads(result.stdout)
    return value if isinstance(value, list) else [value]


def test_every_preset_in_both_orientations():
    found = {layout["device"]: (layout["width"], layout["height"]) for layout in layouts("--device", "all", "Samples/toolbar.stack")}
    expected = {name: size for name, size in SCREENS.items()}
    expected.update({name + "-landscape": (height, width) for name, (width, height) in SCREENS.items()})
    assert found == expected


def test_safe_area_insets_shrink_the_container():
    (layout,) = layouts("--device", "iphone", "--safe-area", "Samples/toolbar.stack")
    # iPhone 16: 59 points of sensor housing and status bar, 34 of home indicator.
    assert (layout["device"], layout["width"], layout["height"]) == ("iphone safe area", 393, 852 - 59 - 34)


@pytest.mark.parametrize("arguments,message", [
    (["--device", "iphone-17"], "--device takes iphone-se"),
    (["--device", "iphone", "--width", "300"], "--device gives the width and height"),
    (["--safe-area"], "--safe-area needs --device"),
])
def test_device_usage_errors(arguments, message):
    result = stackc("layout", *arguments, "Samples/toolbar.stack")
    assert result.returncode == 2 and message in result.stderr, result.stderr


def test_render_draws_a_panel_per_device(tmp_path):
    output = tmp_path / "devices.svg"
    result = stackc("render", "--device", "iphone-se,ipad-13-landscape", "-o", str(output), "Samples/toolbar.stack")
    assert result.returncode == 0, result.stderr
    svg = output.read_text()
    assert "375 × 667, iphone-se" in svg and "1376 × 1032, ipad-13-landscape" in svg


def test_check_reports_the_worst_case_of_each_item():
    result = stackc("check", "--device", "all", "--content-size", "all", "Samples/profile.stack")
    assert result.returncode == 0, result.stderr
    reports = re.findall(r"warning: 'card\.follow' is (-[\d.]+) points wide: .* \(on ([\w-]+), content size (\w+)\) \[W202\]", result.stderr)
    assert len(reports) == 1, result.stderr
    worst, device, size = float(reports[0][0]), reports[0][1], reports[0][2]
    # The same layouts one by one: the button's narrowest width is the one reported, where it is reported.
    narrowest = None
    for layout in layouts("--device", "all", "--content-size", "all", "Samples/profile.stack"):
        frame = next(f for f in layout["frames"] if f["item"] == "card.follow")
        if narrowest is None or frame["width"] < narrowest[0]:
            narrowest = (frame["width"], layout["device"], layout["contentSize"])
    assert narrowest is not None and round(narrowest[0], 3) == worst and narrowest[1:] == (device, size)


def test_readme_devices_example():
    readme = (REPO / "README.md").read_text()
    section = readme.split("### Devices\n", 1)[1].split("\n## ", 1)[0]
    command = section.split("```sh\n", 1)[1].split("```", 1)[0].strip()
    shown = section.split("```\n", 2)[2].split("```", 1)[0].strip()
    assert command.startswith("swift run stackc check ")
    result = stackc(*command.split()[3:])
    assert result.returncode == 0
    assert shown in result.stderr.splitlines()
