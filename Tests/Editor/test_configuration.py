"""`.stackc.json`: found by walking up from each file, the nearest one used whole; `fmt` settings, disabled
warnings, warningsAsErrors; broken files reported at their line and column; `--config` and `--no-config`;
the language server reads the same file for documents on disk."""

from __future__ import annotations

import json
import os
import subprocess

WARNING = "let unused = 1\n\nhstack bar {\n    view a(intrinsic: 10 x 10)\n}\n"
AMBIGUOUS = "hstack bar {\n    view a\n}\n"
LONG = "hstack bar(spacing: 8, alignment: center, distribution: fillEqually) {\n    view a(intrinsic: 10 x 10)\n}\n"


def tree(root, files: dict[str, str]):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def run_in(stackc, folder, *arguments, stdin=None):
    return subprocess.run([str(stackc), *arguments], cwd=folder, input=stdin, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "NO_COLOR": "1"})


def test_no_configuration_reports_every_warning(stackc, tmp_path):
    tree(tmp_path, {"a/w.stack": WARNING})
    result = run_in(stackc, tmp_path, "check", "a/w.stack")
    assert (result.returncode, result.stderr.splitlines()[0]) == (0, "a/w.stack:1:5: warning: constant 'unused' is never used [W101]")


def test_a_configuration_in_a_parent_folder_disables_a_warning_in_text_json_and_sarif(stackc, tmp_path):
    tree(tmp_path, {".stackc.json": '{"disabled": ["W101"]}\n', "a/b/w.stack": WARNING})
    text = run_in(stackc, tmp_path / "a", "check", "b/w.stack")
    assert (text.returncode, text.stderr) == (0, "")
    as_json = run_in(stackc, tmp_path, "check", "--format", "json", "a/b/w.stack")
    assert json.loads(as_json.stdout) == [{"file": "a/b/w.stack", "diagnostics": []}]
    sarif = run_in(stackc, tmp_path, "check", "--format", "sarif", "a/b/w.stack")
    assert json.loads(sarif.stdout)["runs"][0]["results"] == []


def test_the_nearest_configuration_wins_whole(stackc, tmp_path):
    # The parent disables W101; the nested file says nothing about warnings, and files are not merged.
    tree(tmp_path, {
        ".stackc.json": '{"disabled": ["W101"]}',
        "inner/.stackc.json": '{"fmt": {"indentWidth": 2}}',
        "inner/w.stack": WARNING,
        "outer.stack": WARNING,
    })
    result = run_in(stackc, tmp_path, "check", "outer.stack", "inner/w.stack")
    assert "outer.stack" not in result.stderr
    assert result.stderr.startswith("inner/w.stack:1:5: warning: constant 'unused' is never used [W101]\n")


def test_warnings_as_errors_and_disabled_layout_warnings(stackc, tmp_path):
    tree(tmp_path, {"strict/.stackc.json": '{"warningsAsErrors": true}', "strict/w.stack": WARNING,
                    "quiet/.stackc.json": '{"disabled": ["W201"]}', "quiet/a.stack": AMBIGUOUS})
    strict = run_in(stackc, tmp_path, "check", "strict/w.stack")
    assert strict.returncode == 1 and "error: constant 'unused' is never used [W101]" in strict.stderr
    # Code generation goes on past a warning that the project makes an error only for `check`.
    assert run_in(stackc, tmp_path, "build", "strict/w.stack").returncode == 0
    assert "W201" in run_in(stackc, tmp_path, "layout", "--no-config", "quiet/a.stack").stderr
    quiet = run_in(stackc, tmp_path, "layout", "quiet/a.stack")
    assert (quiet.returncode, quiet.stderr) == (0, "")


def test_fmt_takes_indentation_and_line_width(stackc, tmp_path):
    tree(tmp_path, {".stackc.json": '{"fmt": {"indentWidth": 2, "lineWidth": 40}}', "long.stack": LONG})
    result = run_in(stackc, tmp_path, "fmt", "long.stack")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "hstack bar(\n"
        "  spacing: 8,\n"
        "  alignment: center,\n"
        "  distribution: fillEqually\n"
        ") {\n"
        "  view a(intrinsic: 10 x 10)\n"
        "}\n"
    )
    # The default style keeps the list on one line (76 columns) and indents by 4.
    assert run_in(stackc, tmp_path, "fmt", "--no-config", "long.stack").stdout == LONG
    # A formatted file stays formatted: `fmt --check` agrees with the configured style.
    (tmp_path / "long.stack").write_text(result.stdout, encoding="utf-8")
    assert run_in(stackc, tmp_path, "fmt", "--check", "long.stack").returncode == 0
    assert run_in(stackc, tmp_path, "fmt", "--check", "--no-config", "long.stack").returncode == 1


def test_a_broken_configuration_is_located_and_its_files_are_skipped(stackc, tmp_path):
    tree(tmp_path, {
        "bad/.stackc.json": '{\n  "fmt": {"indent": 2, "lineWidth": 0},\n  "disabled": ["E104", "W999"],\n  "colour": true\n}\n',
        "bad/w.stack": WARNING,
        "good/w.stack": WARNING,
    })
    result = run_in(stackc, tmp_path, "check", "bad/w.stack", "good/w.stack")
    assert result.returncode == 2
    lines = [line for line in result.stderr.splitlines() if ": error:" in line or line.startswith("stackc:")]
    assert lines == [
        "bad/.stackc.json:2:11: error: unknown key 'indent' in 'fmt'; did you mean 'indentWidth'?",
        "bad/.stackc.json:2:37: error: 'fmt.lineWidth' takes a whole number from 1 to 10000, not 0",
        "bad/.stackc.json:3:16: error: 'E104' is an error; only warnings can be disabled",
        "bad/.stackc.json:3:24: error: unknown diagnostic ID 'W999'; the warnings are W101, W102, W103, W104, W201, W202, W203",
        "bad/.stackc.json:4:3: error: unknown key 'colour' (known keys: fmt, disabled, warningsAsErrors, uikit)",
        "stackc: error: 'bad/.stackc.json' is not a valid configuration; the files it governs are not processed"
        " (fix it, or use --no-config)",
    ]
    # The file under the broken configuration is not checked; the other one is.
    assert "bad/w.stack:" not in result.stderr and "good/w.stack:1:5: warning:" in result.stderr


def test_json_syntax_errors_are_located(stackc, tmp_path):
    tree(tmp_path, {".stackc.json": '{"disabled": ["W101",]}', "w.stack": WARNING})
    result = run_in(stackc, tmp_path, "fmt", "w.stack")
    assert result.returncode == 2
    assert result.stderr.startswith(".stackc.json:1:22: error: expected a JSON value, found ']'\n")


def test_config_option_overrides_discovery_and_no_config_ignores_it(stackc, tmp_path):
    tree(tmp_path, {".stackc.json": '{"disabled": ["W101"]}', "other.json": '{"warningsAsErrors": true}', "w.stack": WARNING})
    assert run_in(stackc, tmp_path, "check", "--config", "other.json", "w.stack").returncode == 1
    assert "warning: constant 'unused'" in run_in(stackc, tmp_path, "check", "--no-config", "w.stack").stderr
    both = run_in(stackc, tmp_path, "check", "--config", "other.json", "--no-config", "w.stack")
    assert both.returncode == 2 and "'--config' and '--no-config' cannot be used together" in both.stderr
    missing = run_in(stackc, tmp_path, "check", "--config", "missing.json", "w.stack")
    assert (missing.returncode, missing.stderr) == (2, "stackc: error: cannot read configuration 'missing.json': no such file or directory\n")


def test_standard_input_takes_the_current_directorys_configuration(stackc, tmp_path):
    tree(tmp_path, {".stackc.json": '{"fmt": {"indentWidth": 3}}'})
    result = run_in(stackc, tmp_path, "fmt", "-", stdin="vstack{view(intrinsic:1x1)}\n")
    assert result.stdout == "vstack {\n   view(intrinsic: 1 x 1)\n}\n"


def test_readme_configuration_example(stackc, tmp_path, repo):
    """README "Configuration": the example file is valid and does what the text says."""
    readme = (repo / "README.md").read_text(encoding="utf-8")
    start = readme.index("```json\n", readme.index("### Configuration")) + len("```json\n")
    example = readme[start:readme.index("```", start)]
    longer = LONG.replace("fillEqually", "fillEqually, layoutMarginsRelative: true")  # 100 columns
    tree(tmp_path, {".stackc.json": example, "w.stack": WARNING, "long.stack": LONG, "longer.stack": longer})
    assert run_in(stackc, tmp_path, "check", "w.stack").stderr == ""  # W101 is disabled
    # 2 spaces of indentation; 80 columns hold the 76 of LONG, not the 100 of the longer one.
    assert run_in(stackc, tmp_path, "fmt", "long.stack").stdout == LONG.replace("    view", "  view")
    assert run_in(stackc, tmp_path, "fmt", "longer.stack").stdout.startswith("hstack bar(\n  spacing: 8,\n")


def lsp_exchange(stackc, messages: list[dict], until) -> list[dict]:
    """Sends LSP messages to `stackc lsp` and reads replies until `until(replies)` holds."""
    process = subprocess.Popen([str(stackc), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        for message in messages:
            body = json.dumps({"jsonrpc": "2.0", **message}).encode()
            process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        process.stdin.flush()
        replies: list[dict] = []
        while not until(replies):
            length = 0
            while (line := process.stdout.readline().strip()):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            assert length, "the server closed its output"
            replies.append(json.loads(process.stdout.read(length)))
        return replies
    finally:
        process.kill()
        process.wait()


def test_the_language_server_reads_the_documents_configuration(stackc, tmp_path):
    tree(tmp_path, {".stackc.json": '{"disabled": ["W101"], "fmt": {"indentWidth": 2}}', "w.stack": WARNING})
    uri = (tmp_path / "w.stack").as_uri()
    text = WARNING.replace("    view", "view")
    replies = lsp_exchange(stackc, [
        {"id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": tmp_path.as_uri()}},
        {"method": "initialized", "params": {}},
        {"method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "stack", "version": 1, "text": text}}},
        {"id": 2, "method": "textDocument/formatting", "params": {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}}},
    ], until=lambda replies: any(r.get("id") == 2 for r in replies)
        and any(r.get("method") == "textDocument/publishDiagnostics" for r in replies))
    published = next(r for r in replies if r.get("method") == "textDocument/publishDiagnostics")
    assert published["params"]["diagnostics"] == []
    edits = next(r for r in replies if r.get("id") == 2)["result"]
    assert [edit["newText"] for edit in edits] == [WARNING.replace("    view", "  view")]
    # An unsaved buffer (no file on disk) has no configuration: the warning is there.
    untitled = lsp_exchange(stackc, [
        {"id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"method": "initialized", "params": {}},
        {"method": "textDocument/didOpen", "params": {"textDocument": {"uri": "untitled:Untitled-1", "languageId": "stack", "version": 1, "text": WARNING}}},
    ], until=lambda replies: any(r.get("method") == "textDocument/publishDiagnostics" for r in replies))
    diagnostics = next(r for r in untitled if r.get("method") == "textDocument/publishDiagnostics")["params"]["diagnostics"]
    assert [d["code"] for d in diagnostics] == ["W101"]
