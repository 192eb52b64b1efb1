"""The query commands for real, in a subprocess, on a graph file in tmp_path."""

from __future__ import annotations

import json

import networkx as nx
import pytest
from graphs_recall import build

from soulgraph.readwrite import nodelink


@pytest.fixture(scope="module")
def graph_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("q") / "g.json"
    nodelink.save(build(), path)
    return path


def test_recall_single_and_batch(cli, graph_file, tmp_path):
    r = cli("recall", graph_file, "Who painted a sunrise?", "-k", "2", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["memory_ids"][0] == "c:S2:1" and data["results"][0]["why"]
    qs = tmp_path / "q.jsonl"
    qs.write_text('{"question": "Who painted a sunrise?"}\n\n{"question": "data pipelines"}\n')
    r = cli("recall", graph_file, "--questions", qs, "-k", "3", "--json")
    assert r.returncode == 0, r.stderr
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert [row["question"] for row in rows] == ["Who painted a sunrise?", "data pipelines"]
    assert rows[1]["memory_ids"][0] == "c:S1:3" and len(rows[1]["results"]) == len(rows[1]["memory_ids"])


def test_bad_questions_file_is_one_line_error_and_untouched(cli, graph_file, tmp_path):
    qs = tmp_path / "bad.jsonl"
    qs.write_text('{"question": "ok"}\nnot json\n')
    before = qs.read_bytes()
    r = cli("recall", graph_file, "--questions", qs)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "bad.jsonl:2" in r.stderr
    assert qs.read_bytes() == before


def test_neighbors_and_path(cli, graph_file):
    r = cli("neighbors", graph_file, "alice", "--relation", "works_at", "--as-of", "2021-01-01", "--json")
    assert r.returncode == 0, r.stderr
    assert [h["node"] for h in json.loads(r.stdout)["neighbors"]] == ["acme"]
    r = cli("path", graph_file, "Lisbon", "Bob", "--direction", "out")
    assert r.returncode == 1 and "no path" in r.stdout


def test_export_to_file_loads_in_networkx(cli, graph_file, tmp_path):
    out = tmp_path / "g.gexf"
    r = cli("export", graph_file, "--format", "gexf", "--out", out)
    assert r.returncode == 0, r.stderr
    assert nx.read_gexf(out).number_of_nodes() == 8


@pytest.mark.parametrize("args,expect", [
    (["entities", "--match", "acme"], "Acme Corp"),
    (["entities", "--type", "org", "--json"], '"Globex"'),
    (["memories", "Alice", "--limit", "2"], "c:S2:9"),
    (["memories", "Alice", "--json"], '"c:S1:1"'),
    (["timeline", "Alice"], "relation_end"),
    (["timeline", "Alice", "--json"], '"works_at"'),
    (["neighbors", "Bob", "--depth", "3", "--type", "place", "--direction", "out"], "Lisbon"),
    (["path", "Alice", "Lisbon"], "Acme Corp -located_in-> Lisbon"),
    (["recall", "Who painted a sunrise?"], "c:S2:1"),
    (["export", "--format", "dot"], "digraph soulgraph"),
])
def test_human_and_json_output_in_process(graph_file, args, expect):
    """The same commands through typer in-process: every renderer runs, cheaply."""
    from typer.testing import CliRunner

    from soulgraph.cli import app

    r = CliRunner().invoke(app, [args[0], str(graph_file), *args[1:]], terminal_width=200)
    assert r.exit_code == 0, r.output
    assert expect in r.output


@pytest.mark.parametrize("args,what", [
    (["entities", "--type", "people"], ("type 'people'", "person")),
    (["neighbors", "Alice", "--type", "persn"], ("type 'persn'", "person")),
    (["neighbors", "Alice", "--relation", "work_at"], ("relation 'work_at'", "works_at")),
    (["path", "Alice", "Lisbon", "--relation", "located"], ("relation 'located'", "located_in")),
])
def test_unknown_type_or_relation_is_an_error_not_an_empty_table(cli, graph_file, args, what):
    """A misspelt filter used to print an empty table with exit 0, as if nothing matched."""
    r = cli(args[0], graph_file, *args[1:])
    assert r.returncode == 2, r.stdout
    assert r.stderr.count("\n") == 1 and all(w in r.stderr for w in what), r.stderr


def test_type_filter_ignores_case(cli, graph_file):
    r = cli("entities", graph_file, "--type", "Org", "--json")
    assert r.returncode == 0, r.stderr
    assert sorted(row["name"] for row in json.loads(r.stdout)) == ["Acme Corp", "Globex"]



def test_neighbors_says_when_only_weak_links_were_hidden(cli, graph_file):
    """Berlin's one link is a weak co-occurrence: the table was empty with no word why."""
    r = cli("neighbors", graph_file, "Berlin")
    assert r.returncode == 0, r.stderr
    assert "1 weak co-occurrence link hidden" in r.stdout and "--weak" in r.stdout
    r = cli("neighbors", graph_file, "Berlin", "--weak")
    assert "Alice" in r.stdout and "hidden" not in r.stdout


def test_memory_file_without_graph_points_to_options_the_command_has(cli, tmp_path):
    """`entities m.jsonl` with no graph beside it said 'or pass --graph', an option the query
    commands do not have (they take the graph file itself as SOURCE)."""
    store = tmp_path / "m.jsonl"
    store.write_text(json.dumps({"id": "1", "content": "Sarah Chen works at Acme Corp."}) + "\n")
    for command in ("entities", "health"):
        r = cli(command, store)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
        assert "--graph" not in r.stderr and f"soulgraph repair --rebuild-graph {store}" in r.stderr
        assert "graph file" in r.stderr


def test_recall_why_shows_the_question_words_not_stems(cli, tmp_path):
    """'Where does my sister live?' was explained as 'words: sister, liv': the index's
    stem, a word the user never typed."""
    store = tmp_path / "m.jsonl"
    store.write_text(json.dumps({"id": "1", "content": "My sister Ana lives in Lisbon."}) + "\n"
                     + json.dumps({"id": "2", "content": "We watched Inception on Friday."}) + "\n")
    assert cli("repair", "--rebuild-graph", store).returncode == 0
    r = cli("recall", store, "Where does my sister live?", "-k", "1", "--json")
    assert r.returncode == 0, r.stderr
    (hit,) = json.loads(r.stdout)["results"]
    assert hit["id"] == "1" and "words: sister, live" in hit["why"], hit["why"]


def test_memory_text_with_square_brackets_prints_as_written(cli, tmp_path):
    """Memory text such as '[INST] ... [/INST]' (a prompt an agent saved) crashed `memories`,
    `timeline` and `recall` with a rich MarkupError traceback, and '[bold]x[/bold]' lost its
    brackets: text from the store was read as console markup."""
    store = tmp_path / "m.jsonl"
    rows = [{"id": "1", "content": "[INST] Maya Lopez works at Acme Corp. [/INST]"},
            {"id": "2", "content": "Maya Lopez wrote [bold]hello[/bold] in the Acme Corp wiki."}]
    store.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert cli("repair", "--rebuild-graph", store).returncode == 0
    for args in (["memories", "Maya Lopez"], ["timeline", "Maya Lopez"],
                 ["recall", "What did Maya write?"], ["entities"], ["health"]):
        r = cli(args[0], store, *args[1:], env={"COLUMNS": "300"})
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        if args[0] != "entities" and args[0] != "health":
            assert "[/INST]" in r.stdout and "[bold]hello[/bold]" in r.stdout, r.stdout
