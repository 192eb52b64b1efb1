"""Shared fixtures: real files in tmp dirs, the real CLI in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EVAL = ROOT.parent / "shared" / "eval"
DEMO_SOUL = ROOT / "fixtures" / "demo.soul"


def run_cli(*args: str, cwd: Path | None = None, env: dict | None = None,
            timeout: float = 300) -> subprocess.CompletedProcess:
    """Run ``python -m soulgraph ARGS`` for real and capture its output."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "soulgraph", *map(str, args)],
        capture_output=True, text=True, cwd=cwd, env=full_env, timeout=timeout,
    )


@pytest.fixture
def cli():
    return run_cli


def generated_rows(n: int) -> list[dict]:
    """n memories of the benchmarks' synthetic store (``benchmarks/gen_store.py``), as rows."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import gen_store
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return list(gen_store.memories(n))


def needs_eval(corpus: str) -> Path:
    path = EVAL / corpus
    if not (path / "memories.jsonl").exists():
        pytest.skip(f"{path} not available")
    return path


def spacy_mentions(text: str) -> dict[str, list[str]]:
    """Mention text -> cues for one memory run through the real spaCy extractor (each mention
    checked to sit at its own character span)."""
    from soulgraph.extract import spacy_np
    from soulgraph.models import Memory

    (a,) = spacy_np.analyze([Memory(id="m0", content=text)], spacy_np.load_nlp())
    for m in a.mentions:
        assert text[m.start:m.end] == m.text
    return {m.text: m.cues for m in a.mentions}


def graph_facts(*memories, extractor: str = "spacy") -> tuple[dict[str, str], set[tuple[str, str, str]]]:
    """(name -> type, {(source name, relation, target name)}) of the graph the real pipeline
    builds from ``memories`` (texts, or Memory objects as a reader made them)."""
    from soulgraph import Memory, rebuild

    mems = [m if isinstance(m, Memory) else Memory(id=f"p{i}", content=m) for i, m in enumerate(memories)]
    g = rebuild(mems, extractor=extractor).graph
    types = {d["name"]: d["type"] for _, d in g.nodes(data=True)}
    edges = {(g.nodes[u]["name"], d["relation"], g.nodes[v]["name"]) for u, v, d in g.edges(data=True)}
    return types, edges


# The extractors a probe table's row runs with (the relation probe files share them).
REGEX, SPACY, BOTH = ("regex",), ("spacy",), ("spacy", "regex")


def per_extractor(table) -> list:
    """One ``pytest.param`` per row and extractor of a probe table whose rows are ``(rule,
    extractors, *values)``: the test gets ``(extractor, *values)``, its id ``rule-extractor``."""
    return [pytest.param(ex, *values, id=f"{rule}-{ex}") for rule, exs, *values in table for ex in exs]


def chat_edges(turn: str, extractor: str = "spacy") -> set:
    """The edges of one chat turn, its speaker named in two more turns (a speaker, not a word)."""
    speaker = turn.split(":", 1)[0]
    return graph_facts(turn, f"{speaker}: See you soon!", f"{speaker}: Thanks for the chat.",
                       extractor=extractor)[1]
