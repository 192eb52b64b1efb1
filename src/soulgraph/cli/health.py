"""``soulgraph health``: the figures, the worst problems first, and their fixes."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from soulgraph import health as health_mod
from soulgraph.cli.app import app, guarded, out, styled

_SHOW = 8  # flagged names shown per list in the human view (--json has them all)
_STYLE = {"error": "bold red", "warn": "yellow", "info": "cyan"}


@app.command()
@guarded
def health(
    source: Path = typer.Argument(..., help="A soul, a graph JSON, or a memory file with its graph."),
    graph: Path | None = typer.Option(None, "--graph", help="The graph of a memory file, if not beside it."),
    as_json: bool = typer.Option(False, "--json", help="Print every figure and flagged list as JSON."),
    max_type_error: float | None = typer.Option(None, "--max-type-error", min=0.0, max=1.0,
                                                help="Fail (exit 1) above this estimated rate."),
    min_edges: int | None = typer.Option(None, "--min-edges", min=0, help="Fail (exit 1) below this."),
) -> None:
    """Check a knowledge graph: size, types, provenance, orphans, duplicates, staleness."""
    report = health_mod.health(source, graph=graph, max_type_error=max_type_error, min_edges=min_edges)
    if as_json:
        print(json.dumps(report.model_dump(), indent=2, ensure_ascii=False))
    else:
        render(report)
    if not report.ok:
        raise typer.Exit(1)


def render(r: health_mod.HealthReport) -> None:
    """The human view: verdicts first, then figures, then the flagged names."""
    from rich.table import Table

    out.print(styled("[bold]soulgraph health[/bold]: {} ({})", r.source or "graph", r.format), markup=True)
    render_problems(r)
    t = Table(show_header=False, box=None, pad_edge=False)
    t.add_column(style="dim")
    t.add_column()
    for label, value in figures(r):
        t.add_row(label, value)
    out.print(t)
    _list("estimated type errors", [f"{e['name']} ({e['type']}): {e['reason']}" for e in r.type_errors])
    _list("dangling edges", [f"{e['source']} -{e['relation']}-> {e['target']}" for e in r.dangling_edges])
    _list("duplicate candidates", [" / ".join(d["names"]) + f" ({d['reason']})" for d in r.duplicates])
    _list("untyped", r.untyped)
    _list("orphans", r.orphans)
    for f in r.failed:
        out.print(styled("[bold red]FAIL[/bold red] {}", f), markup=True)


def render_problems(r: health_mod.HealthReport) -> None:
    if not r.problems:
        out.print("[green]no problems found[/green]", markup=True)
    for p in r.problems:
        out.print(styled(f"[{_STYLE.get(p.severity, '')}]{{}}[/] {{}}  [dim]fix:[/dim] {{}}",
                         f"{p.severity:5}", p.what, p.fix), markup=True)


def figures(r: health_mod.HealthReport) -> list[tuple[str, str]]:
    s = r.stale
    rows = [
        ("nodes / edges", f"{r.nodes} / {r.edges} ({r.edges_per_node} per node)"),
        ("semantic / weak edges", f"{r.semantic_edges} / {r.weak_edges}"),
        ("types", _hist(r.types)),
        ("relations", _hist(r.relations)),
        ("weak relations", _hist(r.weak_relations)),
        ("provenance nodes / edges", f"{_pct(r.nodes_with_provenance)} / {_pct(r.edges_with_provenance)}"),
        ("est. type-error rate", f"{_pct(r.type_error_rate)} ({len(r.type_errors)} flagged)"),
        ("orphans / dangling", f"{len(r.orphans)} / {len(r.dangling_edges)}"),
        ("duplicate candidates", str(len(r.duplicates))),
        ("components (largest)", f"{r.components} ({r.largest_component})"),
        ("hubs", ", ".join(f"{h['name']} {h['degree']}" for h in r.hubs) or "-"),
    ]
    if s is not None and s.store_memories is not None:
        rows.append(("store vs graph", f"{s.store_memories} memories; new {len(s.new)}, changed "
                     f"{len(s.changed)}, deleted {len(s.deleted)}, provenance to missing "
                     f"{len(s.provenance_to_missing)}, uncovered {len(s.uncovered)}"))
    return rows


def render_compare(before: dict | None, after: dict) -> None:
    """``repair``'s before -> after view of the same report (plain dicts)."""
    from rich.table import Table

    b = health_mod.HealthReport(**before) if before else None
    a = health_mod.HealthReport(**after)
    t = Table(title="health before -> after")
    t.add_column("")
    t.add_column("before", justify="right")
    t.add_column("after", justify="right")
    rows_b = dict(figures(b)) if b else {}
    for label, value in figures(a):
        t.add_row(label, rows_b.get(label, "-"), value)
    out.print(t)
    render_problems(a)


def _list(title: str, items: list[str]) -> None:
    if not items:
        return
    more = f" (+{len(items) - _SHOW} more, see --json)" if len(items) > _SHOW else ""
    out.print(styled("[bold]{}[/bold] {}: {}{}", title, len(items), "; ".join(items[:_SHOW]), more),
              markup=True)


def _hist(h: dict | None) -> str:
    return ", ".join(f"{k} {v}" for k, v in (h or {}).items()) or "-"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"
