"""The user registry through the real CLI: pins win and survive rebuilds; bad files fail cleanly."""

from __future__ import annotations

import json

import orjson
import pytest

from soulgraph import api, registry
from soulgraph.errors import SoulgraphError

_TEXTS = [
    "Riley said she moved to Lisbon last spring.",
    "I asked Riley about Zorbly. Riley laughed and said Zorbly is slow.",
    "We are building Zorbly with Python at Acme Corp.",
    "Rilo, the nickname, stuck. Rilo said thanks.",
]
ROWS = [{"id": f"a{i}", "content": t, "created_at": f"2026-01-0{i}T10:00:00"}
        for i, t in enumerate(_TEXTS, 1)]


@pytest.fixture
def store(tmp_path):
    src = tmp_path / "m.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in ROWS) + "\n")
    return src


def build(cli, src, *extra):
    """Rebuild through the real CLI (``cli``) or in-process through the API twin (``cli=None``)."""
    out = src.with_suffix(".graph.json")
    if cli is None:
        reg = extra[1] if extra[:1] == ("--registry",) else None
        api.repair(src, out=out, registry=reg)
    else:
        r = cli("repair", "--rebuild-graph", src, "--out", out, "--json", *extra)
        assert r.returncode == 0, r.stderr
    data = orjson.loads(out.read_bytes())
    return {n["id"]: n for n in data["nodes"]}  # ids are normalised names


def test_pin_alias_ignore_survive_rebuilds(store, cli):
    before = build(None, store)
    assert "zorbly" in before and "acme corp" in before
    assert cli("pin", store, "Zorbly", "--type", "tool").returncode == 0
    assert cli("ignore", store, "Acme Corp").returncode == 0
    assert cli("alias", store, "Riley", "Rilo").returncode == 0
    reg_file = registry.default_path(store)
    assert reg_file.exists()
    for runner in (cli, None):  # pinned facts hold at every rebuild, CLI or API
        nodes = build(runner, store)
        assert nodes["zorbly"]["type"] == "tool" and nodes["zorbly"]["pinned"]
        assert nodes["zorbly"]["reasons"][0] == "pinned in registry"
        assert "acme corp" not in nodes
        riley = nodes["riley"]
        assert "Rilo" in riley["aliases"] and "rilo" not in nodes
    assert cli("unpin", store, "zorbly").returncode == 0  # case-insensitive match of the entry
    nodes = build(None, store)
    assert not nodes["zorbly"].get("pinned")
    assert "Zorbly" not in registry.load(reg_file).entities


def test_pinned_type_wins_over_strong_evidence(store, cli):
    registry.pin(store, "Riley", "project")
    nodes = build(None, store)
    assert nodes["riley"]["type"] == "project"


def test_custom_type_needs_declaring(store, cli):
    r = cli("pin", store, "Zorbly", "--type", "recipe")
    assert r.returncode == 2 and "unknown type 'recipe'" in r.stderr
    assert not registry.default_path(store).exists()  # a refused edit writes nothing
    assert cli("pin", store, "Zorbly", "--type", "recipe", "--custom").returncode == 0
    reg = registry.load(registry.default_path(store))
    assert reg.custom_types == ["recipe"]
    nodes = build(None, store)
    assert nodes["zorbly"]["type"] == "recipe"


def test_registry_option_and_listing(store, cli, tmp_path):
    reg_file = tmp_path / "elsewhere.json"
    assert cli("pin", store, "Lisbon", "--type", "place", "--registry", reg_file).returncode == 0
    assert reg_file.exists() and not registry.default_path(store).exists()
    r = cli("registry", store, "--registry", reg_file, "--json")
    assert r.returncode == 0
    assert json.loads(r.stdout)["entities"]["Lisbon"]["type"] == "place"
    nodes = build(None, store, "--registry", reg_file)
    assert nodes["lisbon"]["pinned"]


def test_registry_listing_shows_merges_and_unmerges(store, cli):
    """`soulgraph registry` listed pins, aliases and ignores only: a merge or unmerge the
    user had recorded (and that changes every rebuild) was nowhere in the listing."""
    assert cli("merge", store, "Rilo", "Riley").returncode == 0
    assert cli("unmerge", store, "Zorbly", "Acme Corp").returncode == 0
    r = cli("registry", store)
    assert r.returncode == 0, r.stderr
    assert "merged: Rilo -> Riley" in r.stdout and "kept apart: Zorbly / Acme Corp" in r.stdout


@pytest.mark.parametrize("content,fragment", [
    (b"{not json", "not valid JSON"),
    (b'{"entities": {"Riley": {"type": "wizard"}}}', "unknown type 'wizard'"),
    (b'{"entities": []}', "wrong fields"),
])
def test_malformed_registry_is_one_line_exit_2_and_untouched(store, cli, content, fragment):
    reg_file = registry.default_path(store)
    reg_file.write_bytes(content)
    before_store = store.read_bytes()
    runs = [("pin", store, "Riley", "--type", "person")]
    if "JSON" in fragment:  # one full rebuild is enough to show repair refuses it too
        runs.append(("repair", "--rebuild-graph", store, "--out", store.with_suffix(".g.json")))
    for args in runs:
        r = cli(*args)
        assert r.returncode == 2, r.stdout
        assert fragment in r.stderr and r.stderr.strip().count("\n") == 0
        assert str(reg_file) in r.stderr
    assert reg_file.read_bytes() == content
    assert store.read_bytes() == before_store


def test_unpin_of_unknown_name_is_an_error(store, cli):
    r = cli("unpin", store, "Nobody")
    assert r.returncode == 2 and "nothing is pinned" in r.stderr


def test_api_twins_write_atomically(tmp_path):
    src = tmp_path / "s.jsonl"
    path = registry.pin(src, "Riley", "person")
    registry.add_alias(src, "riley", "Ri")  # the existing entry, whatever the case
    registry.ignore(src, "MERGED")
    reg = registry.load(path)
    assert reg.entities["Riley"].type == "person" and reg.entities["Riley"].aliases == ["Ri"]
    assert reg.entities["MERGED"].ignore
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temp files left behind
    with pytest.raises(SoulgraphError):
        registry.pin(src, "", "person")


def test_alias_help_names_its_own_arguments():
    """`alias --help` said 'Record that ALIAS names ...' over arguments called NAME and OTHER."""
    from typer.testing import CliRunner

    from soulgraph.cli import app

    r = CliRunner().invoke(app, ["alias", "--help"], terminal_width=200)
    assert r.exit_code == 0 and "ALIAS" not in r.output and "OTHER names the same entity" in r.output
