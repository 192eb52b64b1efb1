"""The regex fallback through the real CLI, with the spaCy model made unavailable for real.

``SOULGRAPH_DISABLE_SPACY=1`` makes ``spacy_np.load_nlp()`` return None in the
subprocess, exactly as when spaCy or the model is not installed.
"""

from __future__ import annotations

import json

NO_MODEL = {"SOULGRAPH_DISABLE_SPACY": "1"}
CHAT = [
    {"id": "1", "content": "Caroline: Thanks, Melanie! I went to Paris with Riley.", "speaker": "Caroline"},
    {"id": "2", "content": "Melanie: Riley said she loved it. Hey Caroline, PR #12!", "speaker": "Melanie"},
    {"id": "3", "content": "Caroline: We are building soul-protocol v2 now.", "speaker": "Caroline"},
]


def _store(tmp_path):
    src = tmp_path / "chat.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in CHAT), encoding="utf-8")
    return src


def _fallback_lines(stderr: str) -> list[str]:
    return [ln for ln in stderr.splitlines() if "regex fallback" in ln]


def test_auto_falls_back_with_one_warning_line(tmp_path, cli):
    src, out = _store(tmp_path), tmp_path / "graph.json"
    before = src.read_bytes()
    r = cli("repair", "--rebuild-graph", src, "--out", out, "--json", env=NO_MODEL)
    assert r.returncode == 0, r.stderr
    assert len(_fallback_lines(r.stderr)) == 1
    assert "Traceback" not in r.stderr and "warnings.warn" not in r.stderr
    assert json.loads(r.stdout)["extractor"] == "regex"
    graph = json.loads(out.read_text(encoding="utf-8"))
    names = {n.get("name") for n in graph["nodes"]}
    assert {"Caroline", "Melanie", "Riley", "Paris", "soul-protocol", "PR #12"} <= names
    assert src.read_bytes() == before


def test_explicit_regex_extractor_does_not_warn(tmp_path, cli):
    src, out = _store(tmp_path), tmp_path / "graph.json"
    r = cli("repair", "--rebuild-graph", src, "--out", out, "--extractor", "regex")
    assert r.returncode == 0, r.stderr
    assert _fallback_lines(r.stderr) == []
    assert out.exists()


def test_spacy_extractor_without_model_is_a_one_line_error(tmp_path, cli):
    src, out = _store(tmp_path), tmp_path / "graph.json"
    r = cli("repair", "--rebuild-graph", src, "--out", out, "--extractor", "spacy", env=NO_MODEL)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("soulgraph: error:") and "--extractor regex" in lines[0]
    assert not out.exists()
