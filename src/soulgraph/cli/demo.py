"""``soulgraph demo``: the main job on the shipped demo soul, without touching it."""

from __future__ import annotations

import shutil
from pathlib import Path

import typer

from soulgraph.cli.app import app, guarded, out
from soulgraph.cli.repair import render
from soulgraph.errors import SoulgraphError


def demo_soul() -> Path:
    """The demo soul: ``fixtures/demo.soul`` in a checkout (editable install)."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        cand = parent / "fixtures" / "demo.soul"
        if cand.is_file():
            return cand
    raise SoulgraphError("the demo soul (fixtures/demo.soul) is not in this installation")


@app.command()
@guarded
def demo(
    workdir: Path = typer.Option(Path("demo-out"), "--workdir", help="Where the copy is repaired."),
    extractor: str = typer.Option("auto", "--extractor", help="auto | spacy | regex"),
) -> None:
    """Copy fixtures/demo.soul to WORKDIR and run `repair --rebuild-graph` on the copy."""
    workdir.mkdir(parents=True, exist_ok=True)
    target = workdir / "demo.soul"
    shutil.copyfile(demo_soul(), target)
    out.print(f"repairing a copy of the demo soul: {target}")
    from soulgraph import api

    render(api.repair(target, extractor=extractor))
