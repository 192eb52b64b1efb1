"""Incremental update: equals a full rebuild after any sequence of adds, edits and deletes."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from conftest import DEMO_SOUL, EVAL

from soulgraph import health, pipeline, update
from soulgraph.models import Memory
from soulgraph.readwrite import nodelink
from soulgraph.sources import read_store

DEVLOG = [
    "Merged PR #412: TaskSpec now validates HOME_POCKET_PROMPT before the CloudLifecycleHook runs.",
    "CI-green on main after Priya Raman fixed the flaky test in scheduler_test.py.",
    "Sarah Chen said the REFRESH_SCHEDULER flag breaks staging on v2.3.1 at Acme Corp.",
    "Deployed the Acme Corp dashboard with Docker and Postgres; Marco reviewed the migration.",
    "Talked with Sarah Chen about moving the vector index to Qdrant next sprint.",
    "Fixed the Literal type bug in models.py; the M3 milestone slips to next week.",
    "Lunch with my sister Ana in Lisbon; she wants to visit Porto in the spring.",
    "Priya Raman approved the PR and the CI run passed. Next: wire OpenTelemetry into the worker.",
    "Marco moved to Berlin and now works at Globex with Tomás Ferreira.",
    "User: I use Neovim with the Pyright language server.\nAgent: Noted, Neovim and Pyright.",
    "Booked flights to Tokyo for the PyCon JP talk; Dana Whitfield will cover on-call.",
    "Ana said the Lisbon flat needs a new boiler before winter.",
]
EXTRA = [" Then Sarah Chen joined Initech.", " Marco said Qdrant beats Postgres here.",
         " We met Dana Whitfield in Porto.", " Priya Raman ships the Docker image on Friday."]


def _mem(i: int, text: str) -> Memory:
    return Memory(id=f"s{i:03d}", content=text, created_at=f"2026-02-{i % 27 + 1:02d}T09:00:00")


def _pool(name: str) -> list[Memory]:
    if name == "synthetic":
        return [_mem(i, t) for i, t in enumerate(DEVLOG * 2)]
    if name == "demo":
        if not DEMO_SOUL.exists():
            pytest.skip("fixtures/demo.soul not built yet")
        return read_store(DEMO_SOUL).memories
    path = EVAL / name / "memories.jsonl"
    if not path.exists():
        pytest.skip(f"{path} not available")
    return read_store(path).memories


def _edited(m: Memory, rng: random.Random) -> Memory:
    text = m.content + rng.choice(EXTRA) if rng.random() < 0.7 else m.content[: len(m.content) // 2]
    return Memory(**{**m.model_dump(), "content": text, "segments": []})


def _roundtrip(cache: update.AnalysisCache | None) -> update.AnalysisCache | None:
    """What the next process would read back from the sidecar file."""
    return None if cache is None else update.loads_cache(cache.dumps())


def _check_sequence(pool: list[Memory], seed: int, extractor: str, start: int, steps: int) -> None:
    rng = random.Random(seed)
    reserve = list(pool)
    rng.shuffle(reserve)
    store = {m.id: m for m in reserve[:start]}
    reserve = reserve[start:]
    cur = update.update_memories(list(store.values()), extractor=extractor)
    reused = 0
    for _ in range(steps):
        for _ in range(rng.randint(0, 3)):  # adds
            if reserve:
                m = reserve.pop()
                store[m.id] = m
        for mid in rng.sample(sorted(store), min(len(store), rng.randint(0, 2))):  # edits
            store[mid] = _edited(store[mid], rng)
        for mid in rng.sample(sorted(store), min(len(store) - 1, rng.randint(0, 2))):  # deletes
            del store[mid]
        mems = list(store.values())
        rng.shuffle(mems)
        res = update.update_memories(mems, cur.graph, _roundtrip(cur.cache), extractor=extractor)
        ref = pipeline.rebuild(mems, extractor=extractor)
        assert nodelink.dumps(res.graph) == nodelink.dumps(ref.graph), f"seed {seed}"
        if extractor == "spacy":
            assert res.stats.extracted == len(res.stats.new) + len(res.stats.changed)
            reused += res.stats.typing_reused
        cur = res
    if extractor == "spacy":  # the decision memo was exercised, not bypassed
        assert reused > 0, f"seed {seed}"


SEQUENCES = [("synthetic", s, "regex") for s in range(4)] + \
    [("demo", s, "regex") for s in range(8)] + [("devlog-dev", s, "regex") for s in range(8)] + \
    [("synthetic", 100, "spacy")] + [("demo", s, "spacy") for s in range(101, 111)] + \
    [("devlog-dev", s, "spacy") for s in range(111, 121)]


@pytest.mark.parametrize("pool_name, seed, extractor", SEQUENCES)
def test_update_equals_rebuild(pool_name, seed, extractor):
    pool = _pool(pool_name)
    if extractor == "spacy":  # a small slice keeps the rebuild reference cheap
        pool = random.Random(seed).sample(pool, min(len(pool), 24))
        _check_sequence(pool, seed, extractor, start=len(pool) - 6, steps=3)
    else:
        _check_sequence(pool, seed, extractor, start=max(1, len(pool) * 3 // 4), steps=4)


def test_unchanged_store_extracts_nothing_and_edits_extract_only_themselves():
    mems = _pool("synthetic")[:12]
    first = update.update_memories(mems, extractor="spacy")
    assert first.stats.extracted == 12 and first.cache is not None
    again = update.update_memories(mems, first.graph, _roundtrip(first.cache), extractor="spacy")
    assert again.stats.extracted == 0 and again.stats.reused == 12
    assert again.stats.nodes_added == again.stats.nodes_removed == []
    mems[3] = Memory(**{**mems[3].model_dump(), "content": mems[3].content + EXTRA[0]})
    third = update.update_memories(mems, again.graph, _roundtrip(again.cache), extractor="spacy")
    assert third.stats.changed == [mems[3].id] and third.stats.extracted == 1
    assert "initech" in third.stats.nodes_added


def _update_equals_rebuild(base: list[Memory], added: list[Memory]):
    """Build ``base``, update with ``added`` through a round-tripped cache, check the result
    equals a rebuild of the grown store; (first, updated, rebuilt)."""
    first = update.update_memories(base, extractor="spacy")
    grown = base + added
    res = update.update_memories(grown, first.graph, _roundtrip(first.cache), extractor="spacy")
    ref = pipeline.rebuild(grown, extractor="spacy")
    assert nodelink.dumps(res.graph) == nodelink.dumps(ref.graph)
    return first, res, ref.graph


def test_type_decision_is_not_reused_when_only_store_wide_counts_change():
    """A name's type also depends on how the rest of the store writes the word (lowercase
    "pepper" elsewhere makes "Pepper" an ordinary word): new memories that never mention the
    entity must still re-decide it, not reuse the cached decision."""
    base = [_mem(1, "Pepper said the deploy is blocked on the staging database."),
            _mem(2, "Lunch with Pepper on Friday to plan the offsite.")]
    first, res, _ = _update_equals_rebuild(base, [
        _mem(3, "Add more pepper to the soup, and black pepper on the eggs."),
        _mem(4, "The pepper plants need water; pepper seeds are cheap.")])
    before = first.graph.nodes["pepper"]
    after = res.graph.nodes.get("pepper")
    assert after is None or (after["type"], after["reasons"]) != (before["type"], before["reasons"])
    assert res.stats.typed >= 1


def test_unchanged_store_reuses_every_type_decision():
    mems = _pool("synthetic")[:12]
    first = update.update_memories(mems, extractor="spacy")
    again = update.update_memories(mems, first.graph, _roundtrip(first.cache), extractor="spacy")
    assert again.stats.typed == 0 and again.stats.typing_reused >= first.graph.number_of_nodes()
    assert nodelink.dumps(again.graph) == nodelink.dumps(first.graph)


def test_stale_cache_from_other_code_is_ignored():
    mems = _pool("synthetic")[:4]
    res = update.update_memories(mems, extractor="spacy")
    raw = json.loads(res.cache.dumps())
    raw["code"] = "someone-else"
    assert update.loads_cache(json.dumps(raw).encode()) is None
    assert update.loads_cache(b"{broken") is None
    assert update.loads_cache(res.cache.dumps(), "regex") is None  # other extractor


@pytest.mark.parametrize("extractor", ["regex", "spacy"])
def test_deleting_every_mention_removes_entity_and_its_edges(extractor):
    mems = _pool("synthetic")[:12]
    g = update.update_memories(mems, extractor=extractor)
    key = next((n for n, d in g.graph.nodes(data=True) if "sarah" in n), None)
    assert key is not None, sorted(g.graph.nodes)
    gone = {p["memory_id"] for p in g.graph.nodes[key]["provenance"]}
    kept = [m for m in mems if m.id not in gone]
    res = update.update_memories(kept, g.graph, _roundtrip(g.cache), extractor=extractor)
    assert key not in res.graph
    assert key in res.stats.nodes_removed
    assert set(res.stats.deleted) == gone
    rep = health.check(res.graph, kept)
    assert rep.dangling_edges == [] and rep.stale.provenance_to_missing == []
    assert not rep.stale.behind
    assert rep.orphans == health.check(pipeline.rebuild(kept, extractor=extractor).graph, kept).orphans
    for _, _, d in res.graph.edges(data=True):
        assert d["provenance"] and not {p["memory_id"] for p in d["provenance"]} & gone
    for _, d in res.graph.nodes(data=True):
        assert d["provenance"] and not {p["memory_id"] for p in d["provenance"]} & gone


# --------------------------------------------------------------------------- the CLI, on real files


def _write_jsonl(path: Path, mems: list[Memory]) -> None:
    path.write_text("".join(json.dumps({"id": m.id, "content": m.content, "created_at": m.created_at})
                            + "\n" for m in mems))


def test_cli_update_jsonl_matches_rebuild_and_reuses_cache(tmp_path, cli):
    mems = _pool("synthetic")
    src = tmp_path / "m.jsonl"
    _write_jsonl(src, mems[:14])
    r = cli("repair", "--rebuild-graph", src)
    assert r.returncode == 0, r.stderr
    graph = tmp_path / "m.jsonl.graph.json"
    assert (tmp_path / "m.jsonl.graph.json.cache").exists()  # repair leaves the cache warm
    _write_jsonl(src, mems[2:18])  # 2 deleted, 4 new
    before = graph.read_bytes()
    r = cli("update", src, "--dry-run", "--json")
    assert r.returncode == 0, r.stderr
    dry = json.loads(r.stdout)
    assert graph.read_bytes() == before
    assert len(dry["stats"]["new"]) == 4 and len(dry["stats"]["deleted"]) == 2
    r = cli("update", src, "--json")
    rep = json.loads(r.stdout)
    assert rep["stats"]["extracted"] == 4 and rep["stats"]["reused"] == 12 and not rep["cold"]
    ref = tmp_path / "ref.json"
    assert cli("repair", "--rebuild-graph", src, "--out", ref).returncode == 0
    assert graph.read_bytes() == ref.read_bytes()
    r = cli("update", src)  # human view, with health before -> after
    assert r.returncode == 0 and "0 new, 0 changed, 0 deleted" in r.stdout
    assert "provenance to missing 0" in r.stdout


def test_cli_update_soul_after_soul_protocol_adds_a_memory(tmp_path, cli):
    if not DEMO_SOUL.exists():
        pytest.skip("fixtures/demo.soul not built yet")
    soul = tmp_path / "demo.soul"
    shutil.copyfile(DEMO_SOUL, soul)
    assert cli("repair", "--rebuild-graph", soul).returncode == 0  # leaves the cache warm
    import subprocess

    from conftest import ROOT

    r = subprocess.run([str(ROOT / ".venv" / "bin" / "soul"), "remember", str(soul),
                        "Sarah Chen moved the billing service to Kubernetes at Initech."],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    # soul-protocol's save keeps only its own layout (entities, edges): health sees a graph
    # without provenance, and points at the cheap fix since the analysis cache is there.
    h = json.loads(cli("health", soul, "--json").stdout)
    assert h["update_cache"] and h["problems"][0]["fix"] == f"soulgraph update {soul}"
    r = cli("update", soul, "--json")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    # soul-protocol rewrote graph.json in its own layout on save; the cache still knows
    # every memory but the new one.
    assert rep["stats"]["extracted"] == 1 and rep["stats"]["reused"] == rep["stats"]["memories"] - 1
    ref = tmp_path / "ref.soul"
    shutil.copyfile(soul, ref)
    assert cli("repair", "--rebuild-graph", ref).returncode == 0
    from soulgraph import locate

    a = locate.soul_graph(read_store(soul))
    b = locate.soul_graph(read_store(ref))
    assert nodelink.dumps(a) == nodelink.dumps(b)
    h = json.loads(cli("health", soul, "--json").stdout)
    assert h["stale"]["new"] == [] and h["dangling_edges"] == []


def test_superseded_memory_edges_get_valid_to_not_deleted():
    old = Memory(id="m1", content="Priya Raman lives in Lisbon.", created_at="2026-01-01T10:00:00")
    new = Memory(id="m2", content="Priya Raman lives in Porto.", created_at="2026-03-01T10:00:00")
    first = update.update_memories([old], extractor="spacy")
    assert first.graph.number_of_edges() == 1
    old_sup = Memory(**{**old.model_dump(), "superseded": True, "extra": {"superseded_by": "m2"}})
    res = update.update_memories([old_sup, new], first.graph, _roundtrip(first.cache), extractor="spacy")
    edges = {v: d for _, v, d in res.graph.edges(data=True)}
    assert edges["lisbon"]["valid_to"] == "2026-03-01T10:00:00"  # history, kept
    assert edges["porto"].get("valid_to") is None
    assert res.stats.extracted == 1  # the flag changed, not the text: m1's analysis is reused
    ref = pipeline.rebuild([new, old_sup], extractor="spacy")
    assert nodelink.dumps(res.graph) == nodelink.dumps(ref.graph)


def test_progress_counts_each_memory_once_when_the_model_child_fails_midway():
    """The child reported some memories, then died: the in-process fallback extracts them all
    again, and the bar must still end at the number of memories, not beyond."""

    class DiesAfterTwo:  # what a child that crashed after two memories looks like to the parent
        def analyze(self, memories, *, workers=1, progress=None):
            progress(2)
            return None

    mems = _pool("synthetic")[:5]
    ticks: list[int] = []
    res = update.update_memories(mems, extractor="spacy", preload=DiesAfterTwo(), progress=ticks.append)
    assert res.stats.extracted == 5 and sum(ticks) == 5


def test_type_decision_is_not_reused_when_only_the_package_count_changes():
    """New memories that cite "QuillStack/<file>.py" paths (never the bare name) make
    "QuillStack" the package of the store's code: the cached decision must not be reused.
    (CamelCase, so the lowercase / capitalised word counts do not change with it.)"""
    base = [_mem(1, "fix(cli): the QuillStack sync crashed when the index was empty (#41)"),
            _mem(2, "Ran QuillStack sync again; pytest passes on `tests/test_cli.py` (#42)")]
    first, _, ref = _update_equals_rebuild(base, [
        _mem(3, "refactor: split QuillStack/store.py and QuillStack/db.py (#43)"),
        _mem(4, "docs: describe QuillStack/cli.py options in the README (#44)")])
    assert ref.nodes["quillstack"]["type"] == "project"
    assert first.graph.nodes["quillstack"]["type"] != "project"
