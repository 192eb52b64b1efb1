"""``soulgraph merge`` / ``soulgraph unmerge``: record resolution corrections in the registry."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from soulgraph import corrections
from soulgraph.cli.app import app, guarded, out

_SOURCE = typer.Argument(..., help="The store (.soul, folder, .jsonl) whose registry to change.")
_REGISTRY = typer.Option(None, "--registry", help="Registry file (default: beside the store).")
_JSON = typer.Option(False, "--json", help="Print the result as JSON.")


@app.command()
@guarded
def merge(
    source: Path = _SOURCE,
    a: str = typer.Argument(..., help="A name to fold into B."),
    b: str = typer.Argument(..., help="The name the merged entity keeps."),
    registry: Path | None = _REGISTRY,
    as_json: bool = _JSON,
) -> None:
    """Record that A and B are one entity; rebuilds keep it (undo with unmerge)."""
    _show(corrections.merge(source, a, b, registry=registry), as_json)


@app.command()
@guarded
def unmerge(
    source: Path = _SOURCE,
    a: str = typer.Argument(..., help="One name."),
    b: str = typer.Argument(..., help="The other name."),
    registry: Path | None = _REGISTRY,
    as_json: bool = _JSON,
) -> None:
    """Record that A and B are different entities; no automatic rule joins them again."""
    _show(corrections.unmerge(source, a, b, registry=registry), as_json)


def _show(report: corrections.CorrectionReport, as_json: bool) -> None:
    if as_json:
        print(json.dumps(report.model_dump(), indent=2, ensure_ascii=False))
        return
    verb = {"merge": "merged", "unmerge": "separated"}[report.action]
    what = f"{verb} {report.a!r} and {report.b!r}" if report.changed else "already recorded"
    out.print(f"{what} in {report.registry}; run `soulgraph repair --rebuild-graph` to apply")
