"""Red team, issue 32 point 5 (files and the store): each test replays an attack and
names it in its docstring.

- ``kowhist-teach replay /dev/zero`` read 5 GB in 5 s before it looked at the size (the
  file was read whole, then checked); a FIFO made it wait for ever; ``review`` and
  ``explain`` read files the same way. Now a file is refused before it is opened if it
  is not a plain file, and read to the limit plus one byte at most.
- Two ``kowhist-teach class start`` on one store served it side by side without a word.
  Now the second is refused in one line naming the first's process; once that process
  is gone (even by ``kill -9``) a new start takes the store over.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from helpers import one_line, run

from kowhist_teach.classroom.schema import CLASS_DB_ENV
from kowhist_teach.cli import class_ as class_cli
from kowhist_teach.core.errors import RecordError
from kowhist_teach.core.record import MAX_RECORD_BYTES, load_record
from kowhist_teach.i18n import set_language

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from voila_harness import REPO, VoilaServer, _descendants, _stat, two_free_ports  # noqa: E402

#: Memory the command-line probe may map: a command that read /dev/zero whole hits it
#: within a second or two (MemoryError) instead of taking the machine's memory.
PROBE_MEMORY = 1536 * 1024 * 1024
#: Seconds the probe may take in all (it takes one or two): a command waiting on a FIFO
#: would wait for ever.
PROBE_SECONDS = 60

PROBE = textwrap.dedent(
    """\
    import io, json, resource, sys, time
    from contextlib import redirect_stderr, redirect_stdout
    resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
    from kowhist_teach.cli import main
    found = []
    for argv in json.loads(sys.argv[1]):
        out, err = io.StringIO(), io.StringIO()
        start = time.monotonic()
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(argv)
            except BaseException as e:  # noqa: BLE001 - reported to the test
                code = repr(e)
        found.append([argv, code, out.getvalue(), err.getvalue(), time.monotonic() - start])
        print(json.dumps(found[-1]), flush=True)
    """
)


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def _probe(argvs: list[list[str]]) -> list[tuple[list[str], object, str, str, float]]:
    """Each ``kowhist-teach`` command line run in one child process whose memory is
    capped: (argv, exit status, stdout, stderr, seconds)."""
    code = PROBE.format(memory=PROBE_MEMORY)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, json.dumps(argvs)],
            capture_output=True,
            text=True,
            timeout=PROBE_SECONDS,
            env=env,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else e.stdout
        pytest.fail(f"still reading after {PROBE_SECONDS} s; answered so far: {out}")
    assert done.returncode == 0, done.stderr[-2000:]
    return [tuple(json.loads(line)) for line in done.stdout.splitlines()]  # type: ignore[misc]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this OS")
@pytest.mark.skipif(importlib.util.find_spec("resource") is None, reason="no memory cap here")
def test_replay_review_explain_refuse_devices_fifos_and_folders_at_once(tmp_path: Path) -> None:
    """Attack: ``kowhist-teach replay /dev/zero`` (5 GB read in 5 s before the size was
    checked), ``replay`` of a FIFO nobody writes to (waits for ever), and of a folder;
    the same through ``review`` and ``explain``. Now each is exit status 2 and one line
    saying what the file is, at once (the probe's memory is capped and timed)."""
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    kinds = {"/dev/zero": "a device", str(fifo): "a pipe (FIFO)", str(tmp_path): "a folder"}
    argvs = [[command, path] for command in ("replay", "review", "explain") for path in kinds]
    argvs.append(["replay", "--json", "/dev/zero"])
    results = _probe(argvs)
    assert len(results) == len(argvs)
    for argv, code, out, err, seconds in results:
        assert code == 2, (argv, code, err[-500:])
        assert seconds < PROBE_SECONDS / 2, (argv, seconds)
        kind = kinds[argv[-1]]
        if "--json" in argv:
            message = json.loads(out)["error"]["message"]
            assert message == f"cannot read {argv[-1]}: it is {kind}, not a file"
            continue
        line = one_line(err)
        assert f"cannot read {argv[-1]}: it is {kind}, not a file" in line, line
        assert out == ""


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="counts reads in /proc/self/io")
def test_an_oversize_record_is_refused_after_the_limit_and_one_byte(tmp_path: Path) -> None:
    """Attack: a 64 MB record file (sparse: no disk used) handed to ``replay`` /
    ``load_record``: it was read whole (into memory), then its size checked. Now at most
    the limit and one byte are read (the bytes this process reads, from
    ``/proc/self/io``), and the refusal says the file's size in one line."""
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(64 * 1_000_000)

    def read_bytes() -> int:
        fields = dict(line.split(": ") for line in Path("/proc/self/io").read_text().splitlines())
        return int(fields["rchar"])

    before = read_bytes()
    with pytest.raises(RecordError) as info:
        load_record(str(big))
    read = read_bytes() - before
    assert str(info.value) == "file too large: 64000 kB, and a record is at most 1000 kB"
    # Whatever else this process read meanwhile (/proc/self/io itself, a few kB).
    assert MAX_RECORD_BYTES < read < MAX_RECORD_BYTES + 64_000, read
    # At the limit, the file is read (and then found to be no record: {} has no format).
    exact = tmp_path / "exact.json"
    exact.write_bytes(b" " * (MAX_RECORD_BYTES - 2) + b"{}")
    with pytest.raises(RecordError) as info:
        load_record(str(exact))
    assert "too large" not in str(info.value) and "format" in str(info.value)


def test_replay_of_an_oversize_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack: ``kowhist-teach replay`` of a file one byte over the limit: exit 2, one
    line, no traceback."""
    over = tmp_path / "over.json"
    over.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    code, out, err = run(capsys, "replay", str(over))
    assert code == 2 and out == ""
    assert one_line(err).endswith("file too large: 1000 kB, and a record is at most 1000 kB")


# ------------------------------------------------------------------ one start per store
def _start_command(store: str, port: int) -> list[str]:
    return [
        sys.executable, "-c", "import sys; from kowhist_teach.cli import main; sys.exit(main())",
        "class", "start", "--db", store, "--port", str(port), "--no-browser",
        "--address", "127.0.0.1", "--pool-size", "0",
    ]  # fmt: skip


def _kill_family(server: VoilaServer) -> None:
    """``kill -9`` the class start and everything it started (a crash, the OOM killer)."""
    assert server.proc is not None
    family = _descendants(server.proc.pid)
    os.kill(server.proc.pid, signal.SIGKILL)
    server.proc.wait(timeout=30)
    for pid, started in family:
        st = _stat(pid)
        if st is not None and st[1] == started:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="Voilà is not installed")
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="stops the class's processes via /proc")
def test_a_second_class_start_on_a_store_in_use_is_refused_naming_its_holder(
    class_store_url: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Attack: two ``kowhist-teach class start`` on one store (another port, the same
    folder or database): both served it without a word. Now the second is refused in one
    line naming the first's process id; after the first is killed with ``kill -9`` (no
    chance to clean up), a new start takes the store over."""
    first = VoilaServer(_start_command(class_store_url, two_free_ports()), tmp_path, 0)
    first.start()
    try:
        deadline = time.monotonic() + 120
        while "The class is open" not in first.log_tail():
            assert first.proc is not None and first.proc.poll() is None, first.log_tail()
            assert time.monotonic() < deadline, first.log_tail()
            time.sleep(0.05)
        assert first.proc is not None
        pid = first.proc.pid
        try:
            second = subprocess.run(
                _start_command(class_store_url, two_free_ports()),
                capture_output=True,
                text=True,
                timeout=60,
                env={**os.environ, "PYTHONPATH": str(REPO)},
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        except subprocess.TimeoutExpired as e:
            pytest.fail(f"the second start served the store: {e.stdout!r}")
        assert second.returncode == 2 and second.stdout == "", second
        line = one_line(second.stderr)
        assert line.startswith("kowhist-teach: the class store ") and " is in use" in line, line
        assert f"process {pid} serves it" in line, line
        _kill_family(first)
    finally:
        first.stop()
    started: list[int] = []
    monkeypatch.setenv(CLASS_DB_ENV, "left over")  # the start sets it; restored after
    monkeypatch.setattr(class_cli, "run_class", lambda *a, **k: started.append(1) or 0)
    monkeypatch.setattr(class_cli, "port_taken", lambda port: False)
    code, out, err = run(capsys, "class", "start", "--db", class_store_url, "--no-browser")
    assert (code, err, started) == (0, "", [1]), err
    assert out.startswith("The class is open")
