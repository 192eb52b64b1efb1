"""``soulgraph update``: bring a graph up to date with its store, re-reading only what changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from soulgraph.cli.app import app, err, guarded, out, styled

if TYPE_CHECKING:
    from soulgraph.update import UpdateReport

_SHOW = 8


@app.command()
@guarded
def update(
    source: Path = typer.Argument(..., help="A .soul file, soul folder, .jsonl/.json file or text folder."),
    out_path: Path | None = typer.Option(None, "--out", help=(
        "Graph JSON to update (default: inside a soul, or beside a memory file); "
        "a soul given --out is left untouched.")),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what would change; write nothing."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    extractor: str = typer.Option("auto", "--extractor",
                                  help="auto (the graph's own) | spacy | regex"),
    registry: Path | None = typer.Option(None, "--registry", help="User registry file."),
    workers: int = typer.Option(1, "--workers", min=1, help=(
        "Extraction processes: spaCy, and regex from 400 memories per process (forked shards).")),
) -> None:
    """Process new and changed memories, forget deleted ones; the result equals a rebuild."""
    from soulgraph import update as update_mod  # the pipeline, loaded only for this command

    report = update_mod.update(source, out=out_path, dry_run=dry_run, extractor=extractor,
                               registry=registry, workers=workers, with_health=not as_json)
    if as_json:
        print(json.dumps(report.model_dump(), indent=2, ensure_ascii=False))
        return
    render(report)


def render(r: UpdateReport) -> None:
    s = r.stats
    out.print(styled("[bold]soulgraph update[/bold]: {} ({}, {} memories, extractor {})", r.source,
                     r.kind, s.memories, r.extractor), markup=True)
    out.print(f"memories: {len(s.new)} new, {len(s.changed)} changed, {len(s.deleted)} deleted; "
              f"extracted {s.extracted}, reused {s.reused}" + ("  (no usable cache)" if r.cold else ""))
    out.print(f"graph: +{len(s.nodes_added)} / -{len(s.nodes_removed)} nodes, "
              f"+{s.edges_added} / -{s.edges_removed} edges, {len(s.retyped)} retyped")
    for label, items in (("added", s.nodes_added), ("removed", s.nodes_removed),
                         ("retyped", [f"{x['node']} {x['from']}->{x['to']}" for x in s.retyped])):
        if items:
            more = f" (+{len(items) - _SHOW} more)" if len(items) > _SHOW else ""
            out.print(f"  {label}: " + ", ".join(items[:_SHOW]) + more)
    if r.after is not None:
        from soulgraph.cli.health import render_compare

        render_compare(r.before, r.after)
    from soulgraph.cli.repair import outcome

    out.print(f"{outcome(r.dry_run, r.written, r.out)}  ({r.seconds:.2f}s)")
    if r.after is not None and r.after.get("edges", 0) == 0 and r.after.get("nodes", 0):
        err.print("warning: the updated graph has no edges")
