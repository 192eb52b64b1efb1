"""``soulgraph recall | neighbors | path | entities | memories | timeline | export``.

Thin shells over :class:`soulgraph.query.GraphView`, :mod:`soulgraph.recall` and
:mod:`soulgraph.readwrite.export`: rich tables for people, ``--json`` for programs.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path

import typer
from rich.table import Table

from soulgraph.cli.app import app, guarded, out
from soulgraph.errors import SoulgraphError

SOURCE_HELP = "A graph JSON file, a .soul file or folder, or a memory file with its graph beside it."


def _view(source: Path):
    from soulgraph.query import GraphView

    return GraphView.open(source)


def _dump(obj) -> None:
    print(json.dumps(obj, ensure_ascii=False, indent=2))


def read_questions(path: Path) -> list[str]:
    """Questions from a JSONL file of ``{"question": ...}`` lines (blank lines skipped)."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise SoulgraphError(f"{path}: cannot read questions ({exc.__class__.__name__})") from None
    questions = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            raise SoulgraphError(f"{path}:{n}: not a JSON line") from None
        if not isinstance(row, dict) or not isinstance(row.get("question"), str):
            raise SoulgraphError(f"{path}:{n}: expected an object with a string 'question'")
        questions.append(row["question"])
    return questions


@app.command()
@guarded
def recall(
    source: Path = typer.Argument(..., help=SOURCE_HELP),
    question: str | None = typer.Argument(None, help="The question (omit with --questions)."),
    k: int = typer.Option(10, "-k", "--k", min=1, help="How many memories to return."),
    questions: Path | None = typer.Option(None, "--questions", help="JSONL of {\"question\": ...} lines."),
    as_json: bool = typer.Option(False, "--json", help="JSON output (batch mode always writes JSONL)."),
) -> None:
    """The memories that best answer a question, with why each was picked."""
    if (question is None) == (questions is None):
        raise SoulgraphError("give either a QUESTION or --questions FILE.jsonl")
    batch = read_questions(questions) if questions is not None else None
    view = _view(source)
    if batch is not None:
        write = sys.stdout.write
        for q in batch:
            hits = view.recall(q, k)
            write(json.dumps({"question": q, "memory_ids": [h.id for h in hits],
                              "results": [h.to_dict() for h in hits]}, ensure_ascii=False) + "\n")
        return
    hits = view.recall(question, k)
    if as_json:
        _dump({"question": question, "memory_ids": [h.id for h in hits],
               "results": [h.to_dict() for h in hits]})
        return
    t = Table(title=f"recall: {question}")
    for col in ("#", "memory", "score", "text", "why"):
        t.add_column(col, overflow="fold")
    for i, h in enumerate(hits, 1):
        t.add_row(str(i), h.id, f"{h.score:.3f}", (h.text or "")[:160], h.why)
    out.print(t)
    if not hits:
        out.print("no memory matches that question")


# Walk filters shared by `neighbors` and `path`.
_RELATION = typer.Option(None, "--relation", help="Only walk this relation (repeatable).")
_DIRECTION = typer.Option("both", "--direction", help="out | in | both")
_AS_OF = typer.Option(None, "--as-of", help="Only edges valid at this ISO time.")
_WEAK = typer.Option(False, "--weak", help="Also walk weak co-occurrence links.")


def _filters(types, relations, direction, as_of, weak) -> dict:
    return {"types": types or None, "relations": relations or None, "direction": direction,
            "as_of": as_of, "include_weak": weak}


@app.command()
@guarded
def neighbors(
    source: Path = typer.Argument(..., help=SOURCE_HELP),
    entity: str = typer.Argument(..., help="Entity name or alias."),
    depth: int = typer.Option(1, "--depth", min=1, help="How many edges away."),
    types: list[str] = typer.Option(None, "--type", help="Only return nodes of this type (repeatable)."),
    relations: list[str] = _RELATION,
    direction: str = _DIRECTION,
    as_of: str | None = _AS_OF,
    weak: bool = _WEAK,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Entities within DEPTH edges of ENTITY."""
    view = _view(source)
    hops = view.neighbors(entity, depth, **_filters(types, relations, direction, as_of, weak))
    if as_json:
        _dump({"entity": view.resolve(entity), "neighbors": [asdict(h) for h in hops]})
        return
    t = Table(title=f"neighbors of {view.name(view.resolve(entity))} (depth {depth})")
    for col in ("depth", "name", "type", "via"):
        t.add_column(col)
    for h in hops:
        via = f"{view.name(h.source)} -{h.relation}-> {view.name(h.target)}"
        t.add_row(str(h.depth), h.name, h.type, via + (" (weak)" if h.weak else ""))
    out.print(t)
    if not hops:
        out.print(_no_neighbors(view, entity, depth, direction, as_of, weak))


def _no_neighbors(view, entity: str, depth: int, direction: str, as_of, weak: bool) -> str:
    """Why the table is empty: by default weak co-occurrence links are not walked."""
    from soulgraph.query import is_weak

    hidden = 0 if weak else sum(is_weak(rel, d) for _, _, rel, d, _ in view.edges(
        view.resolve(entity), direction=direction, as_of=as_of, include_weak=True))
    if hidden:
        return (f"no neighbours; {hidden} weak co-occurrence link{'s' if hidden > 1 else ''} "
                "hidden (add --weak to walk them)")
    return f"no neighbours within {depth} edge{'s' if depth > 1 else ''}"


@app.command()
@guarded
def path(
    source: Path = typer.Argument(..., help=SOURCE_HELP),
    a: str = typer.Argument(..., help="From this entity."),
    b: str = typer.Argument(..., help="To this entity."),
    max_depth: int = typer.Option(4, "--max-depth", min=1),
    relations: list[str] = _RELATION,
    direction: str = _DIRECTION,
    as_of: str | None = _AS_OF,
    weak: bool = _WEAK,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """A shortest chain of relations from A to B (exit 1 when there is none)."""
    view = _view(source)
    steps = view.path(a, b, max_depth, relations=relations or None, direction=direction,
                      as_of=as_of, include_weak=weak)
    if as_json:
        _dump({"from": view.resolve(a), "to": view.resolve(b),
               "path": None if steps is None else [asdict(s) for s in steps]})
    elif steps is None:
        out.print(f"no path within {max_depth} edges")
    else:
        for s in steps:
            out.print(f"{view.name(s.source)} -{s.relation}-> {view.name(s.target)}")
    if steps is None:
        raise typer.Exit(1)


@app.command()
@guarded
def entities(
    source: Path = typer.Argument(..., help=SOURCE_HELP),
    type_: str | None = typer.Option(None, "--type", help="Only this entity type."),
    match: str | None = typer.Option(None, "--match", help="Name or alias contains this (normalised)."),
    limit: int = typer.Option(50, "--limit", min=0, help="Rows to show (0 = all)."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """List and search entities with mention counts, first and last seen."""
    rows = _view(source).entities(type=type_, match=match)
    rows = rows[:limit] if limit else rows
    if as_json:
        _dump(rows)
        return
    t = Table(title=f"entities ({len(rows)} shown)")
    for col in ("name", "type", "mentions", "first seen", "last seen", "edges", "aliases"):
        t.add_column(col, overflow="fold")
    for r in rows:
        t.add_row(r["name"], r["type"], str(r["mentions"]), r["first_seen"] or "-",
                  r["last_seen"] or "-", str(r["degree"]), ", ".join(r["aliases"][:4]))
    out.print(t)


@app.command()
@guarded
def memories(
    source: Path = typer.Argument(..., help=SOURCE_HELP),
    entity: str = typer.Argument(..., help="Entity name or alias."),
    limit: int = typer.Option(20, "--limit", min=0, help="Rows to show (0 = all)."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """The memories that mention ENTITY, newest first."""
    view = _view(source)
    refs = view.memories(entity, limit or None)
    if as_json:
        _dump([asdict(r) for r in refs])
        return
    t = Table(title=f"memories mentioning {view.name(view.resolve(entity))}")
    for col in ("memory", "time", "text"):
        t.add_column(col, overflow="fold")
    for r in refs:
        t.add_row(r.id, r.created_at or "-", (r.text or "")[:160])
    out.print(t)


@app.command()
@guarded
def timeline(
    source: Path = typer.Argument(..., help=SOURCE_HELP),
    entity: str = typer.Argument(..., help="Entity name or alias."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """What the store says about ENTITY, oldest first: mentions and relations."""
    view = _view(source)
    events = view.timeline(entity)
    if as_json:
        _dump([asdict(e) for e in events])
        return
    t = Table(title=f"timeline of {view.name(view.resolve(entity))}")
    for col in ("time", "kind", "memory", "text"):
        t.add_column(col, overflow="fold")
    for e in events:
        t.add_row(e.time or "-", e.kind, e.memory_id or "-", (e.text or "")[:160])
    out.print(t)


@app.command()
@guarded
def export(
    source: Path = typer.Argument(..., help=SOURCE_HELP),
    fmt: str = typer.Option("node-link", "--format", help="node-link | graphml | gexf | mermaid | dot"),
    out_path: Path | None = typer.Option(None, "--out", help="Write here (default: standard output)."),
    no_weak: bool = typer.Option(False, "--no-weak", help="Leave weak co-occurrence links out."),
) -> None:
    """Export the graph for Gephi, yEd, Graphviz, Mermaid or networkx."""
    from soulgraph.readwrite.export import export_to

    raw = export_to(source, fmt, out_path, include_weak=not no_weak)
    if out_path is None:
        sys.stdout.buffer.write(raw)
        sys.stdout.flush()
    else:
        print(f"wrote {out_path} ({len(raw)} bytes, {fmt})", file=sys.stderr)
