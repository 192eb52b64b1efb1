from __future__ import annotations

import json

import orjson
import pytest

from soulgraph.readwrite import nodelink


def test_repair_jsonl_writes_graph_with_provenance(tmp_path, cli):
    src = tmp_path / "m.jsonl"
    rows = [
        {"id": "a1", "content": "Maya is building Soul Protocol with Claude Code at Acme Corp.",
         "created_at": "2026-01-02T10:00:00"},
        {"id": "a2", "content": "Riley said she moved to New York last spring.",
         "created_at": "2026-01-03T10:00:00"},
    ]
    src.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    before = src.read_bytes()
    out = tmp_path / "g.json"
    r = cli("repair", "--rebuild-graph", src, "--out", out, "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["after"]["nodes"] > 0
    data = orjson.loads(out.read_bytes())
    names = {n["name"] for n in data["nodes"]}
    assert "Soul Protocol" in names
    # in the file, provenance is the memory ids (what node-link readers such as the eval's
    # score.py take) plus columns; loaded, every entry is a dict with its span again
    assert all(set(n["provenance"]) <= {"a1", "a2"} and n["provenance"] for n in data["nodes"])
    g = nodelink.load(out)
    for _, n in g.nodes(data=True):
        for p in n["provenance"]:
            text = next(r["content"] for r in rows if r["id"] == p["memory_id"])
            assert text[p["start"]:p["end"]] in (n["name"], *n["aliases"])
            assert p["time"] == next(r["created_at"] for r in rows if r["id"] == p["memory_id"])
    assert src.read_bytes() == before


def test_missing_path_is_one_line_exit_2(tmp_path, cli):
    r = cli("repair", "--rebuild-graph", tmp_path / "nope.jsonl")
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0
    assert "no such file" in r.stderr


def test_api_rebuild_splits_envelopes_of_memories_built_in_code():
    """Memories made in code (no reader) still get speaker segments: first person is the speaker."""
    from soulgraph import Memory, rebuild

    mem = Memory(id="m1", content="User: I work at Acme Corp.\nAgent: Noted, Acme Corp it is.")
    assert [s.speaker for s in mem.segments] == ["User", "Agent"]  # split when the model is built
    before = mem.model_dump()
    build = rebuild([mem])
    edges = {(build.graph.nodes[u]["name"], d["relation"], build.graph.nodes[v]["name"])
             for u, v, d in build.graph.edges(data=True)}
    assert ("User", "works_at", "Acme Corp") in edges
    assert mem.model_dump() == before  # the caller's object is not mutated


def test_every_command_is_mapped_to_the_module_that_registers_it():
    """``soulgraph COMMAND`` imports only COMMANDS[COMMAND]'s module: a command missing from
    the map would still run (everything is loaded for unknown names), but slower."""
    from soulgraph import cli

    app = cli.app  # every command module loaded
    registered = {c.name or c.callback.__name__: c.callback.__module__ for c in app.registered_commands}
    assert {n: f"soulgraph.cli.{m}" for n, m in cli.COMMANDS.items()} == registered


def test_health_command_runs_with_its_own_module_only(tmp_path):
    """``soulgraph health`` imports only its own CLI module (and never spaCy), and ends the
    process without tearing down the graph (exitfast): the modules are listed just before the
    process ends, from a hook on ``os._exit``."""
    import subprocess
    import sys

    graph = tmp_path / "g.json"
    from soulgraph import Memory, rebuild

    nodelink.save(rebuild([Memory(id="1", content="Arjun uses Python at Acme Corp.")],
                          extractor="regex").graph, graph)
    code = ("import os, sys; sys.argv = ['soulgraph', 'health', sys.argv[1], '--json']\n"
            "real_exit = os._exit\n"
            "def listing_exit(code):\n"
            "    mods = sorted(m for m in sys.modules if m.startswith('soulgraph.cli.') or m == 'spacy')\n"
            "    print(mods, file=sys.stderr, flush=True)\n"
            "    real_exit(code)\n"
            "os._exit = listing_exit\n"
            "from soulgraph.launch import main\n"
            "main()\n"
            "print('returned', file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code, str(graph)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-500:]
    assert json.loads(r.stdout)["nodes"] >= 2
    # the last line comes from the exit hook: main() never returned
    assert r.stderr.strip().splitlines()[-1] == "['soulgraph.cli.app', 'soulgraph.cli.health']"


@pytest.mark.parametrize("body, code, out", [
    ("print('done', end='')", 0, "done"),
    ("print('half', end=''); raise SystemExit(3)", 3, "half"),
])
def test_exitfast_flushes_output_and_keeps_the_exit_code(body, code, out):
    """The update command's fast exit (no teardown of what it built) still flushes what it
    printed and exits with the command's own code."""
    import subprocess
    import sys

    prog = ("from soulgraph import exitfast\n"
            f"def run():\n    {body}\n"
            "exitfast.keep(list(range(10)))\n"
            "exitfast.run_and_exit(run)\n")
    r = subprocess.run([sys.executable, "-c", prog], capture_output=True, text=True, timeout=60)
    assert r.returncode == code and r.stdout == out, (r.returncode, r.stdout, r.stderr)


@pytest.mark.parametrize("command", [["repair", "--rebuild-graph"], ["update"]])
def test_out_naming_the_memory_file_itself_is_refused_plainly(tmp_path, cli, command):
    """`--out m.jsonl` on m.jsonl failed with 'm.jsonl: invalid JSON (unexpected content after
    document ...)', as if the memories were broken; the real mistake is the target."""
    src = tmp_path / "m.jsonl"
    src.write_text(json.dumps({"id": "1", "content": "Maya works at Acme Corp."}) + "\n")
    before = src.read_bytes()
    r = cli(*command, src, "--out", src)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "is the memory store itself" in r.stderr and "invalid JSON" not in r.stderr
    assert src.read_bytes() == before


@pytest.mark.parametrize("command", [["repair", "--rebuild-graph"], ["update"]])
def test_out_naming_a_folder_says_so(tmp_path, cli, command):
    """`--out some/folder` said 'cannot read (Is a directory)', though --out is written."""
    src = tmp_path / "m.jsonl"
    src.write_text(json.dumps({"id": "1", "content": "Maya works at Acme Corp."}) + "\n")
    r = cli(*command, src, "--out", tmp_path)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "is a folder" in r.stderr and "cannot read" not in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.jsonl"]


@pytest.mark.parametrize("args, needle", [
    (["health", "{src}", "--bogus"], "No such option: --bogus; see 'soulgraph health --help'"),
    (["health", "{src}", "--jsn"], "(Possible options: --json)"),
    (["health"], "Missing argument 'source'"),
    (["repair", "--rebuild-graph", "{src}", "--workers", "0"], "Invalid value for '--workers'"),
    (["entities", "{src}", "--limit", "many"], "Invalid value for '--limit'"),
    (["bogus"], "No such command 'bogus'; see 'soulgraph --help'"),
])
def test_usage_errors_are_one_line_exit_2_and_touch_nothing(tmp_path, args, needle):
    """A mistyped option or a missing argument is bad input like any other: one plain line on
    stderr (typer drew a seven-line box around it), exit 2, the store untouched."""
    import subprocess
    import sys

    src = tmp_path / "m.jsonl"
    src.write_text(json.dumps({"id": "1", "content": "Maya works at Acme Corp."}) + "\n")
    before = src.read_bytes()
    r = subprocess.run([sys.executable, "-c", "import sys; from soulgraph.cli import run; "
                        "sys.argv[0] = 'soulgraph'; run()", *(a.format(src=src) for a in args)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == "", r.stdout
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("soulgraph: error: "), r.stderr
    assert needle in r.stderr and "╭" not in r.stderr
    assert src.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["m.jsonl"]


def test_bare_command_still_shows_help(cli):
    r = cli()
    assert r.returncode == 2 and "repair" in r.stdout + r.stderr and "Usage" in r.stdout + r.stderr
