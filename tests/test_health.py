"""``soulgraph health``: real souls, real graphs, the real CLI."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest
from conftest import DEMO_SOUL, ROOT

from soulgraph import health, health_types
from soulgraph.models import Memory

SOUL_BIN = ROOT / ".venv" / "bin" / "soul"

DEVLOG = [
    "Merged PR #412: TaskSpec now validates HOME_POCKET_PROMPT before the CloudLifecycleHook runs.",
    "CI-green on main after Priya Raman fixed the flaky test in scheduler_test.py. MERGED.",
    "Sarah Chen said the POCKETPAW_POCKET_REFRESH_SCHEDULER_ENABLED flag breaks staging on v2.3.1.",
    "Deployed the Acme Corp dashboard with Docker and Postgres; Marco reviewed the migration.",
    "Talked with Sarah Chen about moving the vector index to Qdrant. SEPARATE plan for Nov-2025.",
    "Fixed the Literal type bug in models.py; the M3 milestone slips to next week.",
    "Lunch with my sister Ana in Lisbon; she wants to visit Porto in the spring.",
    "Priya Raman approved the PR and the CI run passed. Next: wire OpenTelemetry into the worker.",
]


def _soulprotocol_soul(tmp_path: Path) -> Path:
    """A soul whose graph soul-protocol 0.4.0's own ``soul repair --rebuild-graph`` built."""
    dst = tmp_path / "sp.soul"
    if DEMO_SOUL.exists():
        shutil.copyfile(DEMO_SOUL, dst)
        return dst
    from soul_protocol import Soul

    async def make():
        soul = await Soul.birth("Devlog")
        for text in DEVLOG * 3:
            await soul.remember(text, importance=5)
        await soul.export(str(dst))

    asyncio.run(make())
    r = subprocess.run([str(SOUL_BIN), "repair", "--rebuild-graph", str(dst)], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return dst


@pytest.fixture(scope="module")
def sp_soul(tmp_path_factory) -> Path:
    return _soulprotocol_soul(tmp_path_factory.mktemp("sp"))


def test_soul_protocol_rebuild_is_reported_broken(sp_soul, cli):
    before = sp_soul.read_bytes()
    r = cli("health", sp_soul, "--json", "--min-edges", "1")
    assert r.returncode == 1, r.stderr
    rep = json.loads(r.stdout)
    assert rep["nodes"] > 20 and rep["edges"] == 0
    assert rep["nodes_with_provenance"] == 0.0
    assert rep["type_error_rate"] > 0.5
    reasons = {e["name"]: e["reason"] for e in rep["type_errors"]}
    assert len(reasons) > 0.5 * rep["nodes"]
    assert any("code identifier" in why for why in reasons.values())
    assert rep["failed"] == ["edges 0 < 1"]
    assert rep["problems"][0]["severity"] == "error"
    assert "repair --rebuild-graph" in rep["problems"][0]["fix"]
    assert sp_soul.read_bytes() == before  # health never writes


def test_human_view_lists_worst_first_with_fixes(sp_soul, cli):
    r = cli("health", sp_soul)
    assert r.returncode == 0, r.stderr  # no threshold given: report only
    lines = r.stdout.splitlines()
    assert lines[1].startswith("error")
    assert "fix: soulgraph repair --rebuild-graph" in lines[1]
    assert "estimated type errors" in r.stdout


def test_after_soulgraph_repair_the_soul_is_healthy(sp_soul, tmp_path, cli):
    soul = tmp_path / "fixed.soul"
    shutil.copyfile(sp_soul, soul)
    r = cli("repair", "--rebuild-graph", soul)
    assert r.returncode == 0, r.stderr
    r = cli("health", soul, "--json", "--min-edges", "1", "--max-type-error", "0.05")
    rep = json.loads(r.stdout)
    assert rep["edges"] > 0, rep["problems"]
    assert rep["nodes_with_provenance"] == 1.0 and rep["edges_with_provenance"] == 1.0
    assert rep["type_error_rate"] <= 0.05, rep["type_errors"]
    assert rep["dangling_edges"] == [] and rep["stale"]["new"] == []
    assert r.returncode == 0, rep["failed"]


def test_dangling_edge_in_soul_protocol_layout(tmp_path, cli):
    g = tmp_path / "graph.json"
    g.write_text(json.dumps({
        "entities": {"Sarah Chen": "person", "Acme Corp": "org"},
        "edges": [{"source": "Sarah Chen", "target": "Acme Corp", "relation": "works_at",
                   "metadata": {"source_memory_id": "m1"}},
                  {"source": "Sarah Chen", "target": "Ghost Inc", "relation": "works_at"}],
        "provenance": {"Sarah Chen": ["m1"], "Acme Corp": ["m1"]},
    }))
    r = cli("health", g, "--json")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["nodes"] == 2 and rep["edges"] == 2
    assert rep["dangling_edges"] == [{"source": "Sarah Chen", "target": "Ghost Inc",
                                      "relation": "works_at", "missing": ["Ghost Inc"]}]
    assert rep["edges_without_provenance"] == 1
    assert rep["orphans"] == []


def test_stale_graph_says_run_update(tmp_path, cli):
    src = tmp_path / "m.jsonl"
    rows = [{"id": f"m{i}", "content": t, "created_at": f"2026-01-{i + 1:02d}T10:00:00"}
            for i, t in enumerate(DEVLOG)]
    src.write_text("".join(json.dumps(r) + "\n" for r in rows))
    r = cli("repair", "--rebuild-graph", src, "--extractor", "regex")
    assert r.returncode == 0, r.stderr
    rows[0]["content"] += " Then Marco left for Berlin."  # changed
    del rows[1]  # deleted
    rows.append({"id": "m99", "content": "Zoe joined the Berlin team at Acme Corp."})  # new
    src.write_text("".join(json.dumps(r) + "\n" for r in rows))
    r = cli("health", src, "--json")
    rep = json.loads(r.stdout)
    st = rep["stale"]
    assert (st["new"], st["changed"], st["deleted"]) == (["m99"], ["m0"], ["m1"])
    assert "m1" in st["provenance_to_missing"]
    behind = [p for p in rep["problems"] if "behind its store" in p["what"]]
    assert behind and behind[0]["fix"] == f"soulgraph update {src}"


def test_a_graph_file_with_an_odd_memory_record_is_still_checked(tmp_path, cli):
    """A hand-edited graph whose memory list holds a bare string: health reads the rest (the
    record is skipped, as staleness skips it), no traceback."""
    src = tmp_path / "m.jsonl"
    src.write_text("".join(json.dumps({"id": f"m{i}", "content": t}) + "\n" for i, t in enumerate(DEVLOG)))
    out = tmp_path / "g.json"
    r = cli("repair", "--rebuild-graph", src, "--out", out, "--extractor", "regex")
    assert r.returncode == 0, r.stderr
    data = json.loads(out.read_text())
    data["graph"]["memories"][0] = "m0"
    out.write_text(json.dumps(data))
    r = cli("health", out, "--json")
    assert r.returncode in (0, 1) and "Traceback" not in r.stderr, r.stderr
    assert json.loads(r.stdout)["nodes"] > 0


def test_bad_inputs_exit_2(tmp_path, cli):
    r = cli("health", tmp_path / "nope.soul")
    assert r.returncode == 2 and "no such file" in r.stderr
    bad = tmp_path / "g.json"
    bad.write_text("{not json")
    r = cli("health", bad)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    mem = tmp_path / "m.jsonl"
    mem.write_text(json.dumps({"id": "a", "content": "Hello Sarah"}) + "\n")
    r = cli("health", mem)  # a memory file with no graph yet
    assert r.returncode == 2 and "repair --rebuild-graph" in r.stderr


# --------------------------------------------------------------------------- the estimator, unit level


def _corpus(*texts: str) -> health_types.Corpus:
    return health_types.corpus_of(texts, (), {"Marco", "Merged", "Zoe"})


@pytest.mark.parametrize("name, etype, reason", [
    ("POCKETPAW_POCKET_REFRESH_SCHEDULER_ENABLED", "person", "code identifier typed person"),
    ("v2.3.1", "org", "version tag typed org"),
    ("Nov-2025", "person", "date typed person"),
    ("MERGED", "org", "shouted word typed org"),
    ("Merged", "person", "common word typed person"),
    ("TaskSpec", "person", "name shape is not a person's|code identifier typed person"),
    ("Zoe", "person", "person with no person evidence"),
    ("Acme", "widget", "type 'widget' is not in the ontology"),
])
def test_type_problem_flags(name, etype, reason):
    c = _corpus("We merged it. Zoe works at Acme.", "Marco said it was fine.")
    assert health_types.type_problem(name, etype, {}, c, health_types.known_types()) in reason.split("|")


@pytest.mark.parametrize("name, etype", [
    ("Sarah Chen", "person"), ("Marco", "person"), ("NASA", "org"), ("Lisbon", "place"),
    ("TaskSpec", "concept"), ("MERGED", "concept"), ("Docker", "tool"),
])
def test_type_problem_accepts(name, etype):
    c = _corpus("We merged it. Zoe works at Acme.", "Marco said it was fine.")
    assert health_types.type_problem(name, etype, {}, c, health_types.known_types()) is None


def test_person_evidence_from_provenance_sentence():
    c = _corpus("nothing here")
    c.by_id = {"m": "Release notes. Thanks, Zoe! Done."}
    attrs = {"provenance": [{"memory_id": "m", "sentence_start": 15, "sentence_end": 27}]}
    assert health_types.type_problem("Zoe", "person", attrs, c, health_types.known_types()) is None
    attrs = {"provenance": [{"memory_id": "m", "sentence_start": 0, "sentence_end": 14}]}
    assert health_types.type_problem("Zoe", "person", attrs, c, health_types.known_types())


def test_person_evidence_from_a_legacy_sentence_copy():
    """Graphs written before provenance kept sentence offsets carry the sentence itself."""
    c = _corpus("nothing here")
    attrs = {"provenance": [{"memory_id": "m", "sentence": "Thanks, Zoe!"}]}
    assert health_types.type_problem("Zoe", "person", attrs, c, health_types.known_types()) is None


def test_duplicates_weak_edges_hubs_components():
    g = nx.MultiDiGraph()
    for n, t in (("sarah chen", "person"), ("Sarah-Chen", "person"), ("sarah", "person"),
                 ("docker", "tool"), ("dockers", "tool"), ("acme", "org")):
        g.add_node(n, name=n if n != "sarah chen" else "Sarah Chen", type=t,
                   provenance=[{"memory_id": "m"}])
    g.add_edge("sarah chen", "acme", key="works_at", relation="works_at", provenance=[{"memory_id": "m"}])
    g.add_edge("sarah chen", "docker", key="co_occurs", relation="co_occurs", weak=True,
               provenance=[{"memory_id": "m"}])
    rep = health.check(g, [Memory(id="m", content="Sarah Chen at Acme uses docker.")])
    reasons = {d["reason"] for d in rep.duplicates}
    assert {"same normalised name", "plural form"} <= reasons
    assert (rep.semantic_edges, rep.weak_edges) == (1, 1)
    assert rep.weak_relations == {"co_occurs": 1} and rep.relations == {"works_at": 1}
    assert rep.hubs[0] == {"name": "Sarah Chen", "type": "person", "degree": 2}
    assert rep.components == 4 and rep.largest_component == 3
    assert sorted(rep.orphans) == ["Sarah-Chen", "dockers", "sarah"]


def test_edge_and_node_figures_agree_with_networkx_on_an_irregular_graph():
    """Degrees, components and histograms read column by column: the figures networkx's own
    views give, on self-loops, several keys per pair, edges both ways, a lone node, an edge
    to an attr-less node, unnamed relations, lazily loaded and plain provenance."""
    from soulgraph.readwrite import nodelink

    g = nx.MultiDiGraph()
    for i in range(12):
        g.add_node(f"n{i}", name=f"N{i}", type=("person", "tool", None, "unknown")[i % 4],
                   provenance=[{"memory_id": f"m{i % 5}"}] * (i % 3))
    pairs = [(0, 1, "a"), (0, 1, "b"), (1, 0, "a"), (2, 2, "self"), (3, 4, "co_occurs"),
             (4, 5, "x"), (5, 3, "y"), (6, 7, "a"), (8, 8, "a"), (8, 8, "b"), (9, 0, "z")]
    for i, (u, v, key) in enumerate(pairs):
        g.add_edge(f"n{u}", f"n{v}", key=key, relation=None if key == "z" else key,
                   weak=key == "y", provenance=[{"memory_id": f"m{i % 7}"}] * (i % 2))
    g.add_edge("n10", "ghost", key="a", relation="a")  # networkx invents the attr-less node
    loaded = nodelink.loads(nodelink.dumps(g))
    one_key = g.copy()  # no pair with two keys: degrees are neighbour counts
    one_key.remove_edges_from([("n0", "n1", "b"), ("n8", "n8", "b")])
    for graph in (g, loaded, one_key, nodelink.loads(nodelink.dumps(one_key))):
        rep = health.check(graph)
        real = [n for n, d in graph.nodes(data=True) if d]
        sizes = [len(c) for c in nx.weakly_connected_components(graph)]
        assert (rep.components, rep.largest_component) == (len(sizes), max(sizes))
        want_hubs = sorted(((graph.degree(n), n) for n in real if graph.degree(n)),
                           key=lambda x: -x[0])[:5]
        assert [(h["degree"], h["name"]) for h in rep.hubs] == [(k, graph.nodes[n]["name"])
                                                                 for k, n in want_hubs]
        assert sorted(rep.orphans) == sorted(graph.nodes[n]["name"] for n in real
                                             if not graph.degree(n))
        rels = [str(d.get("relation") or "related") for *_, d in graph.edges(data=True)]
        weak = [bool(d.get("weak")) or r == "co_occurs" for r, (*_, d) in
                zip(rels, graph.edges(data=True), strict=True)]
        assert rep.relations == dict(Counter(r for r, w in zip(rels, weak, strict=True)
                                             if not w).most_common())
        assert rep.weak_relations == {"co_occurs": 1, "y": 1}
        assert rep.edges == graph.number_of_edges() == len(pairs) + 1 - 2 * (graph not in (g, loaded))
        assert rep.edges_without_provenance == sum(not d.get("provenance")
                                                   for *_, d in graph.edges(data=True))
        assert rep.nodes_without_provenance == sum(not graph.nodes[n].get("provenance") for n in real)
        assert rep.untyped == [graph.nodes[n]["name"] for n in real
                               if graph.nodes[n]["type"] in (None, "unknown")]
        assert [e["missing"] for e in rep.dangling_edges] == [["ghost"]]
        assert rep.stale.provenance_to_missing == []


def test_one_store_corpus_serves_every_graph_of_the_store():
    """repair's before and after summaries read the store's text once; each graph's own
    second looks (personal names, its sentences) stay its own."""
    mems = [Memory(id="m", content="Zoe said hi. The Stop button is stuck; stop it."),
            Memory(id="n", content="Thanks, Kai! Deploy Stop again.")]
    before, after = nx.MultiDiGraph(), nx.MultiDiGraph()
    for g, names in ((before, ("Stop", "Kai")), (after, ("Zoe", "Stop"))):
        for n in names:
            g.add_node(n.lower(), name=n, type="person", provenance=[{"memory_id": "m"}])
    shared = health.store_corpus(mems)
    for g in (before, after, before):
        assert health.summary(g, mems, corpus=shared) == health.summary(g, mems)
    assert shared.personal == frozenset() and not shared.by_id
    reasons = {e["name"]: e["reason"] for e in health.summary(before, mems, corpus=shared)["type_errors"]}
    assert reasons["Stop"] == "common word typed person"
    empty = health.summary(nx.MultiDiGraph(), mems, corpus=shared)
    assert empty["type_errors"] == [] and empty["type_error_rate"] is None


def test_orphans_of_our_own_graph_do_not_send_the_user_to_a_rebuild(tmp_path, cli):
    """A rebuild would give the same orphans (things named without a relation): the fix says so."""
    store = tmp_path / "m.jsonl"
    store.write_text(json.dumps({"id": "1", "content": "Sarah Chen works at Acme Corp."}) + "\n"
                     + json.dumps({"id": "2", "content": "We watched Inception on Friday."}) + "\n")
    assert cli("repair", "--rebuild-graph", str(store)).returncode == 0
    r = cli("health", str(store), "--json")
    probs = [p for p in json.loads(r.stdout)["problems"] if "orphan" in p["what"]]
    assert probs and "rebuild" not in probs[0]["fix"] and "none needed" in probs[0]["fix"]


def test_speakers_and_lower_words_read_as_a_full_scan_reads_them():
    """``text_speakers`` tries the ``Name:`` pattern at line heads only and ``lower_words``
    skips the regex for plain alphabetic tokens: both must give what a scan of every
    position and a regex test of every token give."""
    import random
    import re

    rng = random.Random(11)
    atoms = ["Bob", "Ana Lu", "User", ":", ": ", "\n", "\r\n", " ", "\t", "x", "\n\n", "O'Neil", "3",
             "\u2028", "\x0b", "A.B", "É", "-", "q", "word", "it's", "(merged)", "über", "Zoë", "—", "_a_",
             "|", "|Kim:", "🧘"]
    lower = re.compile(r"[a-z][a-z'-]*[a-z]")
    for _ in range(20000):
        t = "".join(rng.choice(atoms) for _ in range(rng.randint(0, 14)))
        assert health_types.text_speakers([t]) == set(health_types._SPEAKER.findall(t)), t
        texts = t.split("|")  # (as a store's texts, then joined as corpus_of joins them)
        joined = "\n".join(texts)
        assert health_types.text_speakers(texts) == set(health_types._SPEAKER.findall(joined)), texts
        toks = {tok.strip(health_types._EDGE_PUNCT) for tok in t.replace("—", " ").replace("–", " ").split()}
        assert health_types.lower_words(t) == {w for w in toks if w and lower.fullmatch(w)}, t
    assert health_types.text_speakers(["intro\n  Dana Lee: hi\nnot: this\nBob:x"]) == {"Dana Lee", "Bob"}


def test_lower_words_looked_up_per_word_agree_with_the_whole_text_split():
    """Repair's health looks a word up in the text (``LowerWords``) only when the classifier's
    lowercase tokens have it as a stem: every answer must be the full split's, for words
    that are, are almost and are not lower-case words of random texts full of edge cases."""
    import random
    import re

    from soulgraph.classify import corpus as corpus_mod

    rng = random.Random(7)
    atoms = ["music", "Music", "MUSIC", "it's", "don't", "'", "’", "‘", "\"", "_", "__", "-", "—", "–",
             ".", ",", "(", ")", "«", "»", "…", " ", "\n", "\t", "\u2028", "x=true", "foo.bar", "a/b",
             "--force", "café", "naïve", "Zoë", "3", "mu", "sic", "well-known", "o'", "x’y", "*", "`"]
    for _ in range(3000):
        texts = ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 12)))
                 for _ in range(rng.randint(1, 4))]
        st = corpus_mod.compute({str(i): t for i, t in enumerate(texts)})
        blob = "\n".join(t for t in texts if t)
        full = health_types.lower_words(blob)
        looked_up = health_types.LowerWords(blob, st.lower)
        words = {w.casefold() for w in re.findall(r"[\w'’-]+", blob)} | set(st.lower) | full
        words |= {"music", "sic", "it", "don"}
        words |= {tok.strip(health_types._EDGE_PUNCT) for tok in blob.split()}
        for w in words:
            assert (w in looked_up) == (w in full), (w, texts)
    mems = [Memory(id=f"m{i}", content=t) for i, t in enumerate(DEVLOG)]
    build = pipeline_rebuild(mems)
    fast = health.store_corpus(mems, hashes=build.hashes, stats=build.stats)
    assert isinstance(fast.lower_words, health_types.LowerWords)
    assert health.summary(build.graph, mems, corpus=fast) == health.summary(build.graph, mems)


def pipeline_rebuild(mems):
    from soulgraph import pipeline

    return pipeline.rebuild(mems, extractor="regex")


def test_staleness_reads_the_hashes_a_rebuild_made_as_the_texts_themselves():
    """Repair hands health the content hashes its rebuild computed (no text hashed twice):
    the report is the one hashing the texts again gives, a changed memory still shows."""
    from soulgraph import pipeline
    from soulgraph.hashing import content_hash

    mems = [Memory(id=f"m{i}", content=t) for i, t in enumerate(DEVLOG)]
    build = pipeline.rebuild(mems, extractor="regex")
    assert build.hashes == {m.id: content_hash(m.content) for m in mems}
    same = health.summary(build.graph, mems, corpus=health.store_corpus(mems, hashes=build.hashes))
    assert same == health.summary(build.graph, mems, corpus=health.store_corpus(mems))
    assert same["stale"]["changed"] == []
    edited = [Memory(id="m0", content=DEVLOG[0] + " Then Marco left."), *mems[1:]]
    hashes = {m.id: content_hash(m.content) for m in edited}
    stale = health.summary(build.graph, edited, corpus=health.store_corpus(edited, hashes=hashes))["stale"]
    assert stale["changed"] == ["m0"]
    assert stale == health.summary(build.graph, edited)["stale"]


def test_personal_names_by_find_agree_with_the_regex_scan():
    """Few doubtful names are looked up with ``str.find`` (the regex tried every position of
    the store's text); many go through the regex. Both must find the same names."""
    import random

    rng = random.Random(5)
    names = ["Ann", "Anna", "Jo", "Joé", "Zoë", "Marco", "Al", "Ali"]
    atoms = [*names, " ", "  ", "with ", "Mr ", "met ", "'s ", ", ", "!", "?", ".", "_", "3", "é",
             "said", " said ", "\n", ":", "x", "-", "thanks ", "(", "Anna's", "b"]
    never = {f"Zzq{a}{b}" for a in "abcdefgh" for b in "abcdefgh"}  # absent: the regex path, same result
    for _ in range(20000):
        blob = "".join(rng.choice(atoms) for _ in range(rng.randint(0, 16)))
        want = set(rng.sample(names, rng.randint(1, 4)))
        assert health_types.personal_names(blob, want) == health_types.personal_names(blob, want | never), \
            (blob, want)
    assert health_types.personal_names("I met Anna today, Annabel too", {"Anna", "Ann"}) == {"Anna"}


def test_an_empty_store_is_not_sent_to_the_command_it_just_ran(tmp_path, cli):
    """Repairing an empty memory file said 'error the graph is empty  fix: soulgraph repair
    --rebuild-graph m.jsonl' (the very command) and warned of no edges: the store is empty."""
    store = tmp_path / "m.jsonl"
    store.write_text("\n")
    r = cli("repair", "--rebuild-graph", str(store))
    assert r.returncode == 0, r.stderr
    assert "the store has no memories" in r.stdout and "no edges" not in r.stderr
    assert "fix: soulgraph repair" not in r.stdout and "error the graph is empty" not in r.stdout
    r = cli("health", str(store), "--json")
    (prob,) = json.loads(r.stdout)["problems"]
    assert prob["severity"] == "info" and "update" in prob["fix"] and "repair" not in prob["fix"]
    assert cli("health", str(store), "--min-edges", "1").returncode == 1


def test_fixes_name_the_graph_given_with_graph_or_out(tmp_path, cli):
    """With the graph elsewhere (--graph / --out), the fixes named the memory file alone:
    `soulgraph update m.jsonl` would write a second graph beside it, and `soulgraph memories
    m.jsonl NAME` failed with 'no graph at m.jsonl.graph.json'."""
    store, graph = tmp_path / "m.jsonl", tmp_path / "g.json"
    rows = [{"id": "1", "content": "Sarah Chen works at Acme Corp."},
            {"id": "2", "content": "We watched Inception on Friday."}]
    store.write_text("".join(json.dumps(r) + "\n" for r in rows))
    r = cli("repair", "--rebuild-graph", str(store), "--out", str(graph))
    assert r.returncode == 0, r.stderr
    assert f"soulgraph memories {graph} NAME" in r.stdout
    store.write_text("".join(json.dumps(r) + "\n" for r in rows[:1]))
    r = cli("health", str(store), "--graph", str(graph), "--json")
    fixes = {p["what"].split(":")[0]: p["fix"] for p in json.loads(r.stdout)["problems"]}
    assert fixes["graph is behind its store"] == f"soulgraph update {store} --out {graph}"
    orphan_fix = cli("memories", str(graph), "Inception")
    assert orphan_fix.returncode == 0 and "Inception" in orphan_fix.stdout


def test_has_name_matches_the_one_pattern_it_splits():
    """Staleness's 'names something' test runs its four branches as separate searches that
    open on a blank, a capital or an underscore; it must say yes exactly where the single
    alternation finds a match (Unicode blanks and letters, line feeds, sentence ends)."""
    import random
    import re

    from soulgraph.health import _has_name

    spec = re.compile(r"[^.!?\n]\s+[A-Z][\w-]+|[a-z][A-Z]|\b[A-Z]{2,}\b|\w_\w").search
    rng = random.Random(1)
    atoms = list("aZbQ_-.!?\n \t\r\x0b\u2028\xa0'é1É:,²Ⅻ\u3000")
    atoms += ["Ab", "AB", "I'm", " I ", "x_y", "ÀB", "ǅ", " A-", " A_", " A²", " AⅫ", "x A", ". Ab", "aB"]
    texts = ["Tim: Hey John!", "Tim: I'm fine. Ok", "fooBar", "the API is", "a_b", "end. New", "x\n  Bob"]
    texts += ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 12))) for _ in range(100000)]
    for t in texts:
        assert _has_name(t) == bool(spec(t)), repr(t)


def test_staleness_sees_a_memory_superseded_since_the_build(tmp_path):
    from soulgraph import health, pipeline
    from soulgraph.models import Memory

    mems = [Memory(id=f"m{i}", content=f"Dana Lee met Marco in Lisbon, day {i}.") for i in range(4)]
    g = pipeline.rebuild(mems, extractor="regex").graph
    later = [m.model_copy(update={"superseded": m.id == "m2"}) for m in mems]
    later.append(Memory(id="m9", content="Marco moved to Porto."))
    st = health.staleness(g, later)
    assert (st.new, st.changed, st.deleted) == (["m9"], ["m2"], [])
    st = health.staleness(g, [m for m in later if m.id != "m1"], hashes={})
    assert (st.new, st.changed, st.deleted) == (["m9"], ["m2"], ["m1"])


def test_staleness_of_a_just_built_graph_is_what_the_comparison_finds():
    """A rebuild's graph, measured against the memories it was built from (``built``: the store's
    texts and hashes stand in for its records'), reports what comparing its memory records
    would: nothing new, changed, deleted or uncovered, the same counts and the same type
    errors; superseded, undated and nameless memories included."""
    from soulgraph import health, pipeline
    from soulgraph.models import Memory

    mems = [Memory(id="a", content="Dana Lee met Marco in Lisbon.", created_at="2026-01-02T10:00:00"),
            Memory(id="b", content="Marco moved to Porto.", superseded=True),
            Memory(id="c", content="no names at all here"),
            Memory(id="p", content="We talked to Quill about it."),
            Memory(id="d", content="User: I use Docker\nAgent: ok", created_at="2025-12-01T09:00:00")]
    build = pipeline.rebuild(mems, extractor="regex")
    corpus = health.store_corpus(mems, hashes=build.hashes, stats=build.stats, texts=build.texts)
    assert corpus.by_id == {m.id: m.content for m in mems}
    fast = health.staleness(build.graph, mems, hashes=corpus.hashes, built=True)
    assert fast == health.staleness(build.graph, mems, hashes=corpus.hashes)
    assert fast.store_memories == fast.graph_memories == 5 and not fast.behind
    assert health.summary(build.graph, mems, source="s", corpus=corpus, built=True) == \
        health.summary(build.graph, mems, source="s", corpus=corpus)
    # memories it was not built from are compared as usual
    other = [*mems[:4], Memory(id="e", content="Ana joined Acme.")]
    st = health.staleness(build.graph, other, hashes={}, built=True)
    assert (st.new, st.deleted) == (["e"], ["d"])
    # ... even when a caller says ``built`` of a graph of the same size: the ids must be its records'
    from soulgraph.hashing import content_hash
    hashes = {m.id: content_hash(m.content) for m in other}
    st = health.staleness(build.graph, other, hashes=hashes, built=True)
    assert (st.new, st.deleted) == (["e"], ["d"])


def test_uncovered_lists_the_memories_with_names_no_record_or_entry_cites_in_store_order():
    """A memory is uncovered when it names something (a capitalised word inside a sentence,
    camelCase, an acronym, snake_case) and the graph neither keeps its record nor cites it;
    a soul-protocol graph keeps no records, so only what its entries cite is covered."""
    import networkx as nx

    from soulgraph import health
    from soulgraph.models import Memory

    mems = [Memory(id="z1", content="we flew to Quito on friday"),  # a name: uncovered
            Memory(id="a2", content="nothing to see here."),  # no name
            Memory(id="m3", content="the parseConfig helper broke"),  # camelCase, but cited
            Memory(id="b4", content="ask the QA folks"),  # an acronym: uncovered
            Memory(id="c5", content="Done. Then lunch"),  # a capital after a sentence end only
            Memory(id="d6", content="set max_retries higher")]  # snake_case: uncovered
    g = nx.MultiDiGraph(format="soul-protocol")
    g.add_node("x", name="parseConfig", type="concept", provenance=[{"memory_id": "m3"}])
    st = health.staleness(g, mems)
    assert st.uncovered == ["z1", "b4", "d6"]
