"""Running the stackc binary as a child process with limits, for the command-line robustness tests.

The binary comes from the STACKC environment variable (.ci/run sets it after `swift build --product stackc`),
else from the usual build folders, as in Tests/Editor. Every run has a time limit, and its peak memory is measured,
so a test can bound both.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from stackc_binary import REPO  # noqa: E402
from stackc_binary import find_stackc as find_configured_stackc  # noqa: E402

# A located diagnostic, as swiftc prints it: `path:line:col: error: message`.
LOCATED_ERROR = re.compile(r"^[^\n]*:\d+:\d+: error: .+", re.MULTILINE)


def find_stackc() -> Path:
    binary = find_configured_stackc()
    if binary is None or not binary.is_file():
        raise RuntimeError("stackc binary not found: set STACKC or run `swift build --product stackc` first")
    return binary


@dataclass
class Run:
    arguments: list[str]
    returncode: int  # negative: killed by that signal
    stdout: bytes
    stderr: bytes
    seconds: float
    peak_kb: int
    timed_out: bool

    @property
    def err(self) -> str:
        return self.stderr.decode("utf-8", "replace")

    @property
    def out(self) -> str:
        return self.stdout.decode("utf-8", "replace")

    def describe(self) -> str:
        return (f"stackc {' '.join(self.arguments)[:200]}: exit {self.returncode}, {self.seconds:.2f} s, "
                f"{self.peak_kb // 1024} MB, timed out: {self.timed_out}\nstderr: {self.err[:1500]}")


def run(arguments: list[str], *, stdin=None, input_bytes: bytes | None = None, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, timeout: float = 60, cwd: Path = REPO, preexec=None, pass_fds=()) -> Run:
    """Runs stackc; `stdin`/`stdout`/`stderr` may be file objects or descriptors (stdin defaults to /dev/null)."""
    command = [str(find_stackc()), *arguments]
    environment = {**os.environ, "NO_COLOR": "1"}
    started = time.monotonic()
    process = subprocess.Popen(
        command, cwd=cwd, env=environment, preexec_fn=preexec, pass_fds=pass_fds,
        stdin=subprocess.PIPE if input_bytes is not None else (stdin if stdin is not None else subprocess.DEVNULL),
        stdout=stdout, stderr=stderr)
    collected: dict[str, bytes] = {"stdout": b"", "stderr": b""}
    threads = []
    for name in ("stdout", "stderr"):
        stream = getattr(process, name)
        if stream is not None:
            thread = threading.Thread(target=lambda n=name, s=stream: collected.__setitem__(n, s.read()), daemon=True)
            thread.start()
            threads.append(thread)
    if input_bytes is not None:
        def feed():
            try:
                process.stdin.write(input_bytes)
                process.stdin.close()
            except (BrokenPipeError, OSError):
                pass
        threads.append(threading.Thread(target=feed, daemon=True))
        threads[-1].start()
    # The peak resident size is the child's own high-water mark (VmHWM), read while it runs: the kernel's
    # ru_maxrss would also count this Python process, whose memory the child borrows until its exec.
    timed_out = False
    deadline = started + timeout
    peak_kb = 0
    while True:
        peak_kb = max(peak_kb, _high_water_kb(process.pid))
        pid, status, _ = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            timed_out = True
            process.kill()
            pid, status, _ = os.wait4(process.pid, 0)
            break
        time.sleep(0.002)
    seconds = time.monotonic() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    for thread in threads:
        thread.join(timeout=10)
    return Run(arguments, process.returncode, collected["stdout"], collected["stderr"], seconds, peak_kb, timed_out)


def _high_water_kb(pid: int) -> int:
    """The process's peak resident size so far, in KB, or 0 once it has ended."""
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            for line in status:
                if line.startswith(b"VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def closed_stream_preexec(*descriptors: int):
    """A preexec function closing the given standard streams in the child."""

    def close():
        for descriptor in descriptors:
            os.close(descriptor)

    return close


def render_picture(tmp_path: Path, source: Path | str, *arguments: str) -> tuple[ET.Element | None, Run]:
    """`stackc render` of a file, or of `source` text written to `tmp_path`: the picture's root element
    (None when no picture was written) and the run."""
    if isinstance(source, str):
        path = tmp_path / "input.stack"
        path.write_text(source, encoding="utf-8")
    else:
        path = source
    out = tmp_path / "out.svg"
    result = run(["render", str(path), *arguments, "-o", str(out)])
    return (ET.parse(out).getroot() if out.exists() else None), result
