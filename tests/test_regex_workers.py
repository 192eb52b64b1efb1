"""``--workers N`` in regex mode: forked shards of the two passes, the same output as one process.

Real stores (``benchmarks/gen_store.py``, the LoCoMo soul when ``../shared`` is there), the real
CLI in a subprocess, real ``fork``; nothing mocked but the two ways of killing a child.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import zipfile

import pytest

from soulgraph import extract
from soulgraph.extract import regex_fallback, shards
from soulgraph.sources import read_store
from tests.conftest import ROOT, generated_rows, needs_eval

MIN = regex_fallback.MIN_MEMORIES_PER_PROCESS
# Lowercase package names learned at install sites and met again elsewhere: the second scan of
# pass 1 (_rescan), whose counts the shards must add up like one process does.
EXTRA = [
    "Ran pip install quokkadb and it worked on the first try.",
    "The quokkadb index is slow; Priya Raman thinks quokkadb needs a cache.",
    "import wombatkit as wk, then Dana said wombatkit is fine.",
    "We moved wombatkit and quokkadb behind one interface, said Dana.",
]


def _store(tmp_path, n: int, name: str = "store.jsonl"):
    """n memories of the synthetic store, with EXTRA spread over the whole range."""
    rows = generated_rows(n)
    for k, text in enumerate(EXTRA * 3):
        rows[(k * 97 + 13) % n]["content"] = text
    # one key, two spellings in different shards: the first one met stays the candidate's
    rows[5]["content"] = "We met Tessaly at the market, and Tessaly said hi."
    for i in (n // 2, n - 5):
        rows[i]["content"] = "Then TESSALY called about the market."
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _forks(monkeypatch) -> list[int]:
    """Count the real forks made (the fork still happens)."""
    made: list[int] = []
    real = os.fork

    def counted():
        pid = real()
        if pid:
            made.append(pid)
        return pid
    monkeypatch.setattr(os, "fork", counted)
    return made


def test_bounds_cover_the_store_in_order():
    assert shards.bounds(10, 3) == [(0, 4), (4, 7), (7, 10)]
    assert shards.bounds(1000, 2) == [(0, 500), (500, 1000)]


def test_below_the_threshold_stays_in_process(tmp_path, monkeypatch):
    mems = read_store(_store(tmp_path, 2 * MIN - 1)).memories
    made = _forks(monkeypatch)
    one, _ = extract.analyze(mems, "regex", workers=1)
    two, _ = extract.analyze(mems, "regex", workers=2)
    assert made == []
    assert two == one


@pytest.mark.parametrize("workers", [2, 3])
def test_shards_equal_one_process(tmp_path, monkeypatch, workers):
    monkeypatch.setattr(regex_fallback, "MIN_MEMORIES_PER_PROCESS", 150)
    mems = read_store(_store(tmp_path, 600)).memories
    one, _ = extract.analyze(mems, "regex", workers=1)
    made = _forks(monkeypatch)
    ticks: list[int] = []
    many, _ = extract.analyze(mems, "regex", workers=workers, progress=ticks.append)
    assert len(made) == workers - 1
    assert many == one  # mentions, cues, evidence, relation candidates, facts
    assert sum(ticks) == len(mems)
    names = {m.text for a in many for m in a.mentions}
    assert {"quokkadb", "wombatkit"} <= names  # learned in one shard, found in the others


@pytest.mark.parametrize("where", ["_pack_cands", "_pack"])
def test_a_child_that_dies_falls_back_in_process(tmp_path, monkeypatch, where):
    """A child killed at its first message or at its last: no hang, the same result, and the
    progress bar still counts every memory once."""
    monkeypatch.setattr(regex_fallback, "MIN_MEMORIES_PER_PROCESS", 150)
    mems = read_store(_store(tmp_path, 450)).memories
    one, _ = extract.analyze(mems, "regex", workers=1)
    pid = os.getpid()
    real = getattr(regex_fallback, where)

    def dies(*args):
        if os.getpid() != pid:  # only in the child
            os._exit(3)
        return real(*args)
    monkeypatch.setattr(regex_fallback, where, dies)
    ticks: list[int] = []
    got, _ = extract.analyze(mems, "regex", workers=3, progress=ticks.append)
    assert got == one
    assert sum(ticks) == len(mems)


def test_without_fork_it_runs_in_process(tmp_path, monkeypatch):
    monkeypatch.setattr(regex_fallback, "MIN_MEMORIES_PER_PROCESS", 150)
    mems = read_store(_store(tmp_path, 400)).memories
    one, _ = extract.analyze(mems, "regex", workers=1)
    monkeypatch.setattr(shards, "can_fork", lambda: False)
    made = _forks(monkeypatch)
    assert extract.analyze(mems, "regex", workers=2)[0] == one
    assert made == []


def _report(stdout: str, tmp_path) -> dict:
    rep = json.loads(stdout.replace(str(tmp_path), "TMP"))
    for k in ("seconds", "timings", "out"):
        rep.pop(k)
    return rep


def test_cli_workers_2_writes_the_same_graph_and_report(tmp_path, cli):
    src = _store(tmp_path, 2 * MIN + 200)
    outs, out = {}, tmp_path / "g.json"
    for w in (1, 2):
        out.unlink(missing_ok=True)  # the same path both times (the report names it)
        r = cli("repair", "--rebuild-graph", src, "--out", out, "--extractor", "regex", "--json",
                "--workers", w)
        assert r.returncode == 0, r.stderr
        outs[w] = (out.read_bytes(), _report(r.stdout, tmp_path))
    assert outs[2] == outs[1]
    assert json.loads(outs[1][0])["nodes"]


def test_cli_workers_2_repairs_a_soul_identically(tmp_path, cli):
    src = needs_eval("locomo-dev") / "memories.jsonl"
    base = tmp_path / "base.soul"
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "_speed_worker.py"), "make-soul",
                        str(src), str(base)], capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        pytest.skip(f"soul-protocol cannot make a soul here: {r.stderr[-200:]}")
    members = {}
    for w in (1, 2):
        soul = tmp_path / f"w{w}.soul"
        shutil.copyfile(base, soul)
        r = cli("repair", "--rebuild-graph", soul, "--extractor", "regex", "--workers", w)
        assert r.returncode == 0, r.stderr
        with zipfile.ZipFile(soul) as zf:
            members[w] = [(i.filename, zf.read(i)) for i in zf.infolist()]
    assert members[2] == members[1]


def test_cli_rejects_bad_input_the_same_way_with_workers_2(tmp_path, cli):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "1", "content": "Ana met Bob."}\n{"id": "1", "content": "again"}\n',
                   encoding="utf-8")
    cases = [
        [tmp_path / "missing.jsonl"],
        [bad],
        [bad, "--extractor", "nonsense"],
    ]
    for args in cases:
        got = []
        for w in (1, 2):
            r = cli("repair", "--rebuild-graph", *args, "--out", tmp_path / "g.json",
                    "--extractor", "regex", "--workers", w) if "--extractor" not in args else \
                cli("repair", "--rebuild-graph", *args, "--out", tmp_path / "g.json", "--workers", w)
            got.append((r.returncode, r.stdout, r.stderr))
        assert got[0] == got[1], args
        assert got[0][0] != 0 and "Traceback" not in got[0][2]
    assert not (tmp_path / "g.json").exists()
    r = cli("repair", "--rebuild-graph", bad, "--extractor", "regex", "--workers", "0")
    assert r.returncode == 2 and "--workers" in r.stderr


def test_a_child_that_hangs_is_killed_and_the_work_redone(tmp_path, monkeypatch):
    """A child that never answers (a deadlock on a lock it inherited held) costs the wait, not
    the run: the parent kills it, reaps it, and computes in process."""
    monkeypatch.setattr(regex_fallback, "MIN_MEMORIES_PER_PROCESS", 150)
    monkeypatch.setattr(shards, "WAIT_SECONDS", 1.0)
    mems = read_store(_store(tmp_path, 450)).memories
    one, _ = extract.analyze(mems, "regex", workers=1)
    pid, real = os.getpid(), regex_fallback._pack

    def hangs(*args):
        if os.getpid() != pid:
            time.sleep(600)
        return real(*args)
    monkeypatch.setattr(regex_fallback, "_pack", hangs)
    made = _forks(monkeypatch)
    got, _ = extract.analyze(mems, "regex", workers=2)
    assert got == one
    assert len(made) == 1
    with pytest.raises(ChildProcessError):  # reaped: no zombie, no orphan
        os.waitpid(made[0], os.WNOHANG)


_SCRIPT = """
import json, os, signal, sys, time
from soulgraph.extract import shards

def target(ch, *args):
    opened = []
    for f in os.listdir("/proc/self/fd"):
        try:
            opened.append(os.readlink(f"/proc/self/fd/{f}"))
        except OSError:  # listdir's own, closed by now
            pass
    ch.send(opened)
    ch.recv()

lock = open(sys.argv[1], "w")  # a descriptor the child must not keep (the store lock's kind)
signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a host that wants SIGPIPE: no write may raise it
kid = shards.fork(target)
print(kid.pid, json.dumps(kid.recv()), flush=True)
if sys.argv[2] == "die":
    os.kill(os.getpid(), signal.SIGKILL)
os.kill(kid.pid, signal.SIGKILL)
time.sleep(0.2)
try:
    kid.send("more")  # to a dead child: ShardFailed, not a SIGPIPE death
except shards.ShardFailed:
    print("failed cleanly", flush=True)
kid.close()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc and PR_SET_PDEATHSIG")
def test_a_child_holds_no_other_descriptor_and_dies_with_its_parent(tmp_path):
    script = tmp_path / "host.py"
    script.write_text(_SCRIPT, encoding="utf-8")
    r = subprocess.run([sys.executable, str(script), str(tmp_path / "lock"), "live"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    first, last = r.stdout.splitlines()
    opened = json.loads(first.split(" ", 1)[1])
    assert str(tmp_path / "lock") not in opened
    assert len(opened) == 4 and opened[-1].startswith("socket:")  # stdin, stdout, stderr, socket
    assert last == "failed cleanly"

    r = subprocess.run([sys.executable, str(script), str(tmp_path / "lock"), "die"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == -9
    child = int(r.stdout.split()[0])
    for _ in range(100):  # the kernel kills the orphan (its parent died while it waited)
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        with open(f"/proc/{child}/stat") as fh:  # a zombie awaiting init's reaping is dead too
            if fh.read().split(") ", 1)[1].startswith("Z"):
                break
        time.sleep(0.05)
    else:
        pytest.fail(f"shard child {child} outlived its parent")
