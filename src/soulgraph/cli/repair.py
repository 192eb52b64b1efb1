"""``soulgraph repair --rebuild-graph``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from soulgraph.cli.app import ProgressBar, app, err, guarded, out, styled

if TYPE_CHECKING:
    from soulgraph.api import RepairReport


@app.command()
@guarded
def repair(
    source: Path = typer.Argument(..., help="A .soul file, soul folder, .jsonl/.json file or text folder."),
    rebuild_graph: bool = typer.Option(False, "--rebuild-graph", help="Rebuild the knowledge graph."),
    out_path: Path | None = typer.Option(None, "--out", help=(
        "Graph JSON to write (default: inside a soul, or beside a memory file); "
        "a soul given --out is left untouched.")),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what would change; write nothing."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    extractor: str = typer.Option("auto", "--extractor", help="auto | spacy | regex"),
    registry: Path | None = typer.Option(None, "--registry", help="User registry file."),
    workers: int = typer.Option(1, "--workers", min=1, help=(
        "Extraction processes: spaCy, and regex from 400 memories per process (forked shards).")),
) -> None:
    """Rebuild a store's knowledge graph with typed entities, edges and provenance."""
    if not rebuild_graph:
        err.print("soulgraph: error: nothing to do (pass --rebuild-graph)")
        raise typer.Exit(2)
    from soulgraph import api  # here, not at import: other commands don't pay for the pipeline

    with ProgressBar("extracting") as bar:
        report = api.repair(source, out=out_path, dry_run=dry_run, extractor=extractor,
                            registry=registry, workers=workers, progress=bar.advance,
                            on_total=bar.set_total)
    if as_json:
        print(json.dumps(report.model_dump(), indent=2, ensure_ascii=False))
        return
    render(report)


def render(report: RepairReport) -> None:
    from soulgraph.cli.health import render_compare  # the same health summary, before -> after

    out.print(styled("[bold]soulgraph repair[/bold]: {} ({}, {} memories)", report.source, report.kind,
                     report.memories), markup=True)
    render_compare(report.before, report.after)
    out.print(f"{outcome(report.dry_run, report.written, report.out)}  "
              f"(extractor {report.extractor}, {report.seconds:.2f}s)")
    if report.after.get("edges", 0) == 0 and report.memories:
        err.print("warning: the rebuilt graph has no edges")


def outcome(dry_run: bool, written: bool, where: str | None) -> str:
    """What happened to the graph file, in words (repair and update end with it)."""
    if dry_run:
        return f"would write {where}"
    return f"wrote {where}" if written else f"{where} unchanged: it already holds this graph, nothing written"


def _hist(h: dict | None) -> str:
    if not h:
        return "-"
    return ", ".join(f"{k} {v}" for k, v in h.items())
