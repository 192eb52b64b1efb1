"""The model-preloading child of ``update``: same analyses as in process, and it never lingers."""

from __future__ import annotations

import dataclasses
import os

import pytest

from soulgraph import extract
from soulgraph.extract import preload, spacy_np
from soulgraph.models import Memory

pytestmark = pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(),
                                reason="needs fork")

MEMS = [Memory(id="a", content="Sarah Chen moved the Acme Corp dashboard to Postgres in Lisbon."),
        Memory(id="b", content="User: ask Priya Raman about Claude Code.\nAgent: Will do, Priya.")]


def _rows(analyses) -> list:
    return [dataclasses.asdict(a) for a in analyses]


def test_child_analyses_equal_in_process_ones_and_child_exits():
    pre = preload.ModelPreload()
    ticks: list[int] = []
    try:
        got = pre.analyze(MEMS, progress=ticks.append)
    finally:
        pre.close()
    want, used = extract.analyze(MEMS, "spacy")
    assert used == "spacy" and got is not None
    assert _rows(got) == _rows(want)
    assert sum(ticks) == len(MEMS)
    assert not pre._proc.is_alive() and pre._proc.exitcode == 0


def test_unused_child_is_stopped_on_close():
    pre = preload.ModelPreload()
    pre.close()
    assert not pre._proc.is_alive()


def test_child_without_model_says_so_and_caller_falls_back(monkeypatch):
    """A child that cannot load the model answers None (the caller then extracts itself)."""
    monkeypatch.setenv("SOULGRAPH_DISABLE_SPACY", "1")
    spacy_np.load_nlp.cache_clear()  # the child must really try to load
    try:
        assert preload.start() is None  # start() does not even fork then
        pre = preload.ModelPreload()
        try:
            assert pre.analyze(MEMS) is None
        finally:
            pre.close()
    finally:
        monkeypatch.delenv("SOULGRAPH_DISABLE_SPACY")
        spacy_np.load_nlp.cache_clear()
    assert os.environ.get("SOULGRAPH_DISABLE_SPACY") is None


def test_fresh_process_child_matches_in_process_extraction():
    """In a fresh interpreter the child imports spaCy without its command line; its analyses
    must still equal a normal in-process extraction (which imports spaCy whole)."""
    import json
    import subprocess
    import sys

    script = """
import dataclasses, json, sys
from soulgraph.extract import preload
from soulgraph.models import Memory
mems = [Memory(id=str(i), content=t) for i, t in enumerate(json.loads(sys.argv[1]))]
pre = preload.ModelPreload()
got = pre.analyze(mems)
pre.close()
assert "spacy" not in sys.modules  # the parent never imported it
from soulgraph import extract
want, _ = extract.analyze(mems, "spacy")
print(json.dumps([[dataclasses.asdict(a) for a in got], [dataclasses.asdict(a) for a in want]]))
"""
    texts = [m.content for m in MEMS]
    r = subprocess.run([sys.executable, "-c", script, json.dumps(texts)], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    got, want = json.loads(r.stdout)
    assert got == want and any(a["mentions"] for a in got)


def test_child_exits_when_its_parent_is_killed(tmp_path):
    """A parent killed without cleanup (SIGKILL, OOM killer) leaves no model child behind."""
    import signal
    import subprocess
    import sys
    import time

    script = """
import os, sys, time
from soulgraph.extract import preload
pre = preload.ModelPreload()
print(pre._proc.pid, flush=True)
time.sleep(60)
"""
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 20  # the child may first finish loading the model
    while time.monotonic() < deadline:
        if not _running(child):
            return
        time.sleep(0.2)
    os.kill(child, signal.SIGKILL)
    raise AssertionError("the model child outlived its killed parent")


def test_early_start_skips_regex_and_help():
    for args in (["x.jsonl", "--extractor", "regex"], ["--extractor=regex", "x"], ["--help"]):
        preload.start_early(args)
        assert preload._early is None, args


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting for init to reap it."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def test_child_whose_parent_stops_listening_exits_quietly():
    """Ctrl-C during `update`: the parent drops its end while the child is still sending
    progress; the child used to die on BrokenPipeError with a traceback (exit code 1)."""
    pre = preload.ModelPreload()
    many = [Memory(id=f"m{i}", content=f"Priya Raman met Sam Lee in Lisbon on day {i}.") for i in range(3000)]
    try:
        pre._conn.send((many, 1))
        kind = None
        while kind != "tick":
            kind, _ = pre._conn.recv()
        pre._conn.close()  # the parent is gone: every later send of the child fails
        pre._proc.join(timeout=120)
        assert not pre._proc.is_alive() and pre._proc.exitcode == 0
    finally:
        pre.close()
