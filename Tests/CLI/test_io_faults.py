"""I/O faults as they happen to users: closed and full standard streams, a reader that goes away, a disk that
fills up half way through a write, unreadable and unwritable paths, inputs that are not regular files.

Every I/O error is exit 2 with a message (silently when standard error itself is what failed); a closed pipe
ends quietly; and a write that fails leaves the file it was replacing byte-identical, with no temporary file
left beside it.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stackc_process import REPO, closed_stream_preexec, find_stackc, run  # noqa: E402

UNFORMATTED = "hstack bar(spacing:8){view a(intrinsic:10x10)\nlabel b(text:\"x\",intrinsic: 40 x 20)}\n"
CONFLICT = REPO / "Samples/errors/conflict.stack"
SAMPLE = REPO / "Samples/springboard.stack"


# Standard input.

def test_closed_standard_input_is_an_io_error():
    result = run(["check", "-"], preexec=closed_stream_preexec(0))
    assert result.returncode == 2, result.describe()
    assert "stackc: error: cannot read standard input" in result.err


def test_a_directory_as_standard_input_is_an_io_error(tmp_path):
    folder = os.open(tmp_path, os.O_RDONLY)
    try:
        result = run(["check", "-"], stdin=folder)
    finally:
        os.close(folder)
    assert result.returncode == 2, result.describe()
    assert "cannot read standard input: is a directory" in result.err


def test_a_directory_as_a_file_is_an_io_error(tmp_path):
    # `check` takes directories (Tests/Editor/test_check_conventions.py); a command of one file does not.
    result = run(["layout", str(tmp_path)])
    assert result.returncode == 2, result.describe()
    assert f"cannot read '{tmp_path}': is a directory" in result.err


def test_a_missing_file_says_so():
    result = run(["check", "no/such/file.stack"])
    assert (result.returncode, result.err) == (2, "stackc: error: cannot read 'no/such/file.stack': no such file or directory\n")


# Standard output and error.

def test_full_standard_output_is_exit_2_with_a_message():
    with open("/dev/full", "wb") as full:
        result = run(["ir", str(SAMPLE)], stdout=full)
    assert result.returncode == 2, result.describe()
    assert "stackc: error: cannot write to standard output: no space left on device" in result.err


def test_closed_standard_output_is_exit_2_with_a_message():
    result = run(["ir", str(SAMPLE)], stdout=None, preexec=closed_stream_preexec(1))
    assert result.returncode == 2, result.describe()
    assert "stackc: error: cannot write to standard output" in result.err


def test_full_standard_error_is_exit_2_silently():
    with open("/dev/full", "wb") as full:
        result = run(["check", str(CONFLICT)], stderr=full)
    assert result.returncode == 2, result.describe()


def test_closed_standard_error_is_exit_2_silently():
    result = run(["check", str(CONFLICT)], stderr=None, preexec=closed_stream_preexec(2))
    assert result.returncode == 2, result.describe()


@pytest.mark.parametrize("arguments", [["ir", str(SAMPLE)], ["ast", "--format", "json", str(SAMPLE)],
                                       ["layout", "--width", "320,375,414", str(SAMPLE)]])
def test_a_closed_pipe_ends_quietly(arguments):
    # `stackc ir x | head -1`: the reader leaves after one line; stackc stops without a word.
    stackc = find_stackc()
    pipeline = subprocess.run(f"'{stackc}' {' '.join(arguments)} | head -c 10; echo \" ${{PIPESTATUS[0]}}\"",
                              shell=True, executable="/bin/bash", capture_output=True, text=True, cwd=REPO, timeout=60)
    status = pipeline.stdout.rsplit(" ", 1)[-1].strip()
    assert status == "0", (pipeline.stdout, pipeline.stderr)
    assert pipeline.stderr == ""


# Inputs that are streams, not regular files.

def test_a_fifo_is_read_as_a_stream(tmp_path):
    fifo = tmp_path / "layout.stack"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["/bin/sh", "-c", f"cat '{SAMPLE}' > '{fifo}'"])
    result = run(["check", str(fifo)])
    writer.wait(timeout=30)
    assert result.returncode == 0, result.describe()


def test_an_endless_stream_is_refused_not_read_forever():
    result = run(["check", "/dev/zero"], timeout=60)
    assert result.returncode == 2, result.describe()
    assert result.err == "stackc: error: cannot read '/dev/zero': larger than 512 MiB, the most stackc reads\n"
    assert result.peak_kb < 2 * 1024 * 1024, result.describe()


def test_process_substitution_and_dev_null_are_read():
    read, write = os.pipe()
    os.write(write, SAMPLE.read_bytes())
    os.close(write)
    try:
        result = run(["check", f"/dev/fd/{read}"], pass_fds=(read,))
    finally:
        os.close(read)
    assert result.returncode == 0, result.describe()
    empty = run(["check", "/dev/null"])
    assert (empty.returncode, empty.err) == (0, "")


# Writes that fail: the file being replaced is left as it was.

def _leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name not in keep)


def _limit_file_size(limit: int):
    def preexec():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return preexec


def _targets(folder: Path):
    """Each command that replaces a file, its arguments and the file it replaces."""
    source = folder / "a.stack"
    return [
        ("fmt -w", ["fmt", "-w", str(source)], source),
        ("build -o", ["build", str(SAMPLE), "-o", str(folder / "Springboard.swift")], folder / "Springboard.swift"),
        ("render -o", ["render", str(SAMPLE), "-o", str(folder / "springboard.svg")], folder / "springboard.svg"),
    ]


def _prepare(folder: Path):
    (folder / "a.stack").write_text(UNFORMATTED, encoding="utf-8")
    (folder / "Springboard.swift").write_text("// an older build\n", encoding="utf-8")
    (folder / "springboard.svg").write_text("<svg/>\n", encoding="utf-8")


def test_a_write_cut_short_by_a_file_size_limit_leaves_the_original(tmp_path):
    # An injected failure that needs no privileges: writes past 40 bytes fail with EFBIG half way through.
    _prepare(tmp_path)
    for name, arguments, target in _targets(tmp_path):
        before = target.read_bytes()
        result = run(arguments, preexec=_limit_file_size(40))
        assert result.returncode == 2, f"{name}: {result.describe()}"
        assert f"cannot write '{target}'" in result.err and "the file is unchanged" in result.err, name
        assert "NSCocoaErrorDomain" not in result.err
        assert target.read_bytes() == before, name
        assert _leftovers(tmp_path, {"a.stack", "Springboard.swift", "springboard.svg"}) == [], name


def _mount_small_tmpfs(folder: Path) -> bool:
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k,nr_inodes=64", "tmpfs", str(folder)], capture_output=True)
    return mounted.returncode == 0


def test_a_full_file_system_leaves_the_original(tmp_path):
    disk = tmp_path / "disk"
    if not _mount_small_tmpfs(disk):
        pytest.skip("mounting a small file system is not allowed here; the file size limit test injects the failure")
    try:
        _prepare(disk)
        # Fill what is left, so the next block anyone asks for is refused.
        with open(disk / "filler", "wb", buffering=0) as filler:
            try:
                while True:
                    filler.write(b"x" * 512)
            except OSError:
                pass
        for name, arguments, target in _targets(disk):
            before = target.read_bytes()
            result = run(arguments)
            assert result.returncode == 2, f"{name}: {result.describe()}"
            assert "no space left on device" in result.err, name
            assert target.read_bytes() == before, name
            assert _leftovers(disk, {"a.stack", "Springboard.swift", "springboard.svg", "filler"}) == [], name
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


def test_an_unwritable_output_path_says_what_went_wrong(tmp_path):
    result = run(["build", str(SAMPLE), "-o", str(tmp_path / "missing" / "Out.swift")])
    assert result.returncode == 2, result.describe()
    assert result.err == f"stackc: error: cannot write '{tmp_path}/missing/Out.swift': no such file or directory; the file is unchanged\n"


# Successful writes keep what users set up.

def test_fmt_keeps_the_files_permissions(tmp_path):
    source = tmp_path / "a.stack"
    source.write_text(UNFORMATTED, encoding="utf-8")
    source.chmod(0o640)
    result = run(["fmt", "-w", str(source)])
    assert result.returncode == 0, result.describe()
    assert stat.S_IMODE(source.stat().st_mode) == 0o640
    assert source.read_text(encoding="utf-8") != UNFORMATTED


def test_fmt_through_a_symbolic_link_rewrites_the_target(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "a.stack"
    target.write_text(UNFORMATTED, encoding="utf-8")
    link = tmp_path / "link.stack"
    link.symlink_to(Path("real") / "a.stack")
    result = run(["fmt", "-w", str(link)])
    assert result.returncode == 0, result.describe()
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8").startswith("hstack bar(spacing: 8) {\n")
    assert sorted(os.listdir(tmp_path / "real")) == ["a.stack"]


def test_a_new_output_file_gets_the_usual_permissions(tmp_path):
    output = tmp_path / "Out.swift"
    old = os.umask(0o022)
    try:
        result = run(["build", str(SAMPLE), "-o", str(output)])
    finally:
        os.umask(old)
    assert result.returncode == 0, result.describe()
    assert stat.S_IMODE(output.stat().st_mode) == 0o644


def test_unchanged_build_output_is_not_rewritten(tmp_path):
    output = tmp_path / "Springboard.swift"
    assert run(["build", str(SAMPLE), "-o", str(output)]).returncode == 0
    before = output.stat()
    result = run(["build", str(SAMPLE), "-o", str(output)])
    assert result.returncode == 0, result.describe()
    after = output.stat()
    # The same inode and modification time: a build system sees nothing new to compile.
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert sorted(os.listdir(tmp_path)) == ["Springboard.swift"]
    # A longer or shorter old file is replaced.
    output.write_bytes(output.read_bytes() + b"// more\n")
    assert run(["build", str(SAMPLE), "-o", str(output)]).returncode == 0
    assert not output.read_bytes().endswith(b"// more\n")


def test_output_to_a_device_or_fifo_goes_straight_to_it(tmp_path):
    # `-o /dev/stdout` is standard output; a device is never replaced by a file, even for root.
    to_stdout = run(["build", str(SAMPLE), "-o", "/dev/stdout"])
    assert to_stdout.returncode == 0, to_stdout.describe()
    assert to_stdout.out.startswith("// Generated by stackc from springboard.stack.")
    full = run(["render", str(SAMPLE), "-o", "/dev/full"])
    assert (full.returncode, full.err) == (2, "stackc: error: cannot write '/dev/full': no space left on device\n")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
    fifo = tmp_path / "out.svg"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    result = run(["render", str(SAMPLE), "-o", str(fifo)])
    svg = reader.communicate(timeout=30)[0]
    assert result.returncode == 0, result.describe()
    assert svg.startswith(b"<svg") and stat.S_ISFIFO(os.stat(fifo).st_mode)


# Signals.

def toggled_columns(sections: int) -> str:
    """Columns of ten labels, one of which writes `hidden:`: a thousand toggles keep `build` writing for a while."""
    lines = ["vstack main(spacing: 4) {"]
    for section in range(sections):
        lines.append(f"    hstack s{section}(spacing: 8) {{")
        for column in range(10):
            lines.append(f"        vstack c{section}x{column}(spacing: 2) {{")
            for row in range(10):
                hidden = ", hidden: false" if row == 3 else ""
                lines.append(f"            label v{section}x{column}x{row}(intrinsic: {10 + row} x {12 + column}{hidden})")
            lines.append("        }")
        lines.append("    }")
    return "\n".join(lines + ["}"]) + "\n"


def wait_for_temporary_file(process, folder):
    """Returns once `process` has created its temporary file in `folder`."""
    deadline = time.monotonic() + 120
    while not any(path.name.startswith(".stackc-") for path in folder.iterdir()):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail("build finished before its temporary file was seen")
        time.sleep(0.001)


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_during_a_write_removes_the_temporary_file(tmp_path, signal_number):
    source = tmp_path / "toggles.stack"
    source.write_text(toggled_columns(100))
    target = tmp_path / "out.swift"
    target.write_text("original\n")
    process = subprocess.Popen([str(find_stackc()), "build", str(source), "-o", str(target)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_temporary_file(process, tmp_path)
    process.send_signal(signal_number)
    # Ended by the signal itself, as a shell expects, after the temporary file is gone.
    assert process.wait(timeout=60) == -signal_number
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out.swift", "toggles.stack"]
    assert target.read_text() == "original\n"


# Holds every mkstemp a quarter of a second after it creates its file: a signal sent then arrives
# between creating the temporary file and recording it for the signal handler.
SLOW_MKSTEMP = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <unistd.h>
int mkstemp(char *template) {
    int (*real)(char *) = (int (*)(char *))dlsym(RTLD_NEXT, "mkstemp");
    int descriptor = real(template);
    usleep(250000);
    return descriptor;
}
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="LD_PRELOAD interposition is Linux's")
def test_a_signal_as_the_temporary_file_is_created_removes_it(tmp_path):
    shim_source = tmp_path / "slow_mkstemp.c"
    shim_source.write_text(SLOW_MKSTEMP)
    shim = tmp_path / "slow_mkstemp.so"
    compiler = next((c for c in ("cc", "clang", "gcc") if shutil.which(c)), None)
    if compiler is None:
        pytest.skip("no C compiler for the mkstemp shim")
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(shim), str(shim_source), "-ldl"], check=True)
    work = tmp_path / "work"
    work.mkdir()
    target = work / "out.swift"
    target.write_text("original\n")
    process = subprocess.Popen([str(find_stackc()), "build", str(SAMPLE), "-o", str(target)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ, "LD_PRELOAD": str(shim)})
    wait_for_temporary_file(process, work)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == -signal.SIGTERM
    assert sorted(path.name for path in work.iterdir()) == ["out.swift"]
    assert target.read_text() == "original\n"

