"""`stackc check --format sarif`: the log validates against the official SARIF 2.1.0 schema (a copy is kept
beside this file so the test never depends on a path outside the repository) and says what the JSON form says."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from conftest import EDITOR_TESTS, REPO, samples

SCHEMA = json.loads((EDITOR_TESTS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.FormatChecker())
ERROR_SAMPLES = samples("Samples/errors")


def sarif(run_stackc, *files) -> dict:
    result = run_stackc("check", "--format", "sarif", *map(str, files))
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def json_diagnostics(run_stackc, *files) -> list:
    result = run_stackc("check", "--format", "json", *map(str, files))
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def schema_errors(log: dict) -> list[str]:
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message}" for error in VALIDATOR.iter_errors(log)]


def test_the_schema_copy_is_the_official_one():
    assert SCHEMA["id"].endswith("sarif-schema-2.1.0.json")
    assert SCHEMA["properties"]["version"]["enum"] == ["2.1.0"]
    shared = REPO.parent / "shared" / "schemas" / "sarif-schema-2.1.0.json"
    if shared.is_file():  # CI has ../shared/schemas beside the clone; the copy must not drift from it
        assert json.loads(shared.read_text(encoding="utf-8")) == SCHEMA


@pytest.mark.parametrize("sample", ERROR_SAMPLES, ids=lambda path: path.stem)
def test_each_error_sample_gives_a_valid_log(run_stackc, sample):
    log = sarif(run_stackc, sample)
    assert schema_errors(log) == []
    results = log["runs"][0]["results"]
    assert results, "an error sample must produce a result"
    assert all(result["level"] in ("error", "warning") for result in results)


def test_all_samples_at_once_give_one_valid_run(run_stackc):
    files = samples() + ERROR_SAMPLES
    log = sarif(run_stackc, *files)
    assert schema_errors(log) == []
    assert log["version"] == "2.1.0"
    assert len(log["runs"]) == 1
    run = log["runs"][0]
    assert [artifact["location"]["uri"] for artifact in run["artifacts"]] == [str(path) for path in files]
    # Clean samples have no results; every error sample has some.
    uris = {result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for result in run["results"]}
    assert uris == {str(path) for path in ERROR_SAMPLES}


def test_rules_are_every_diagnostic_id_with_title_and_help(run_stackc):
    listed = run_stackc("explain", "--list").stdout.splitlines()
    ids = [line.split()[0] for line in listed]
    titles = {line.split()[0]: line.split(None, 1)[1] for line in listed}
    rules = sarif(run_stackc, samples()[0])["runs"][0]["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == ids
    for rule in rules:
        assert rule["shortDescription"]["text"] == titles[rule["id"]]
        assert len(rule["help"]["text"]) > 200, rule["id"]
        assert rule["defaultConfiguration"]["level"] == ("warning" if rule["id"].startswith("W") else "error")


def test_results_say_what_the_json_form_says(run_stackc):
    """Same diagnostics, same order; on these ASCII files the columns agree with JSON's character columns."""
    files = ERROR_SAMPLES
    log = sarif(run_stackc, *files)
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    expected = [(report["file"], diagnostic) for report in json_diagnostics(run_stackc, *files) for diagnostic in report["diagnostics"]]
    assert len(run["results"]) == len(expected)
    for result, (file, diagnostic) in zip(run["results"], expected):
        assert result["ruleId"] == diagnostic["id"]
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] == diagnostic["severity"]
        assert result["message"]["text"] == diagnostic["message"]
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"] == file
        region, range_ = location["region"], diagnostic["range"]
        text = (REPO / file).read_bytes()
        if text.isascii():
            assert (region["startLine"], region["startColumn"]) == (range_["start"]["line"], range_["start"]["column"])
            assert (region["endLine"], region["endColumn"]) == (range_["end"]["line"], range_["end"]["column"])
        assert [related["message"]["text"] for related in result.get("relatedLocations", [])] == [note["message"] for note in diagnostic["notes"]]
        assert [fix["description"]["text"] for fix in result.get("fixes", [])] == [fix["message"] for fix in diagnostic["fixIts"]]


def test_notes_are_related_locations(run_stackc):
    result = sarif(run_stackc, "Samples/errors/missing-brace.stack")["runs"][0]["results"][0]
    related = result["relatedLocations"][0]
    assert related["message"]["text"] == "to match this '{'"
    assert related["physicalLocation"]["region"]["startLine"] == 2


def apply_fix(text: str, fix: dict) -> str:
    """Applies a SARIF fix's replacements (1-based lines, UTF-16 columns) to a text."""
    lines = text.splitlines(keepends=True)

    def offset(line: int, column: int) -> int:
        before = sum(len(l) for l in lines[: line - 1])
        current = lines[line - 1] if line - 1 < len(lines) else ""
        units = 0
        for index, character in enumerate(current):
            if units >= column - 1:
                return before + index
            units += len(character.encode("utf-16-le")) // 2
        return before + len(current)

    edits = []
    for change in fix["artifactChanges"]:
        for replacement in change["replacements"]:
            region = replacement["deletedRegion"]
            start = offset(region["startLine"], region["startColumn"])
            end = offset(region["endLine"], region["endColumn"])
            edits.append((start, end, replacement.get("insertedContent", {}).get("text", "")))
    for start, end, inserted in sorted(edits, reverse=True):
        text = text[:start] + inserted + text[end:]
    return text


def test_fixes_fix_the_diagnostic(run_stackc, tmp_path):
    """Applying each fix of the unknown-enum-case sample removes the diagnostic it belongs to."""
    source = (REPO / "Samples/errors/unknown-enum-case.stack").read_text(encoding="utf-8")
    results = sarif(run_stackc, "Samples/errors/unknown-enum-case.stack")["runs"][0]["results"]
    fixed = [result for result in results if result.get("fixes")]
    assert fixed, "the sample has fix-its"
    text = source
    for result in reversed(fixed):  # later regions first, so earlier ones stay valid
        text = apply_fix(text, result["fixes"][0])
    path = tmp_path / "fixed.stack"
    path.write_text(text, encoding="utf-8")
    remaining = json_diagnostics(run_stackc, path)[0]["diagnostics"]
    assert len(remaining) == len(results) - len(fixed), text


def test_insertion_fixes_have_empty_deleted_regions(run_stackc):
    result = sarif(run_stackc, "Samples/errors/missing-brace.stack")["runs"][0]["results"][0]
    region = result["fixes"][0]["artifactChanges"][0]["replacements"][0]["deletedRegion"]
    assert (region["startLine"], region["startColumn"]) == (region["endLine"], region["endColumn"])
    assert result["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == "}"


def test_paths_become_uri_references(run_stackc, tmp_path):
    odd = tmp_path / "a folder" / "ünïcode #1.stack"
    odd.parent.mkdir()
    odd.write_text("vstack(spacing: \"8\") {}\n", encoding="utf-8")
    log = sarif(run_stackc, odd)
    assert schema_errors(log) == []
    uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri.startswith("file:///") and " " not in uri and "#" not in uri and "%20" in uri


def test_utf16_columns(run_stackc, tmp_path):
    path = tmp_path / "emoji.stack"
    path.write_text('vstack { label(text: "🙂🙂", bogus: 1) }\n', encoding="utf-8")
    result = sarif(run_stackc, path)["runs"][0]["results"][0]
    region = result["locations"][0]["physicalLocation"]["region"]
    # "bogus" starts after 28 characters, two of which take two UTF-16 code units each.
    assert region["startColumn"] == 'vstack { label(text: "🙂🙂", '.encode("utf-16-le").__len__() // 2 + 1
    assert log_column_kind(run_stackc, path) == "utf16CodeUnits"


def log_column_kind(run_stackc, path) -> str:
    return sarif(run_stackc, path)["runs"][0]["columnKind"]


def test_validation_can_fail(run_stackc):
    """The schema check is real: a log with a wrong level or a missing message is rejected."""
    log = sarif(run_stackc, "Samples/errors/unknown-enum-case.stack")
    broken = copy.deepcopy(log)
    broken["runs"][0]["results"][0]["level"] = "fatal"
    assert schema_errors(broken)
    broken = copy.deepcopy(log)
    del broken["runs"][0]["results"][0]["message"]
    assert schema_errors(broken)


def test_check_jsonschema_cli_agrees(run_stackc, tmp_path):
    """The same validation with the check-jsonschema command, as CI systems run it."""
    import shutil
    import subprocess
    import sys

    executable = shutil.which("check-jsonschema") or str(Path(sys.executable).parent / "check-jsonschema")
    if not Path(executable).exists():
        pytest.fail("check-jsonschema is not installed (Tests/Editor/requirements.txt)")
    log_path = tmp_path / "log.sarif"
    log_path.write_text(run_stackc("check", "--format", "sarif", *map(str, ERROR_SAMPLES)).stdout, encoding="utf-8")
    result = subprocess.run(
        [executable, "--schemafile", str(EDITOR_TESTS / "sarif-schema-2.1.0.json"), str(log_path)],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
