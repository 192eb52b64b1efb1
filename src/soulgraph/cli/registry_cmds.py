"""``soulgraph explain / pin / unpin / alias / ignore / registry``: see and correct entity types.

Each command is a thin shell over one function (``soulgraph.classify.explain``
and ``soulgraph.registry``). Corrections go to the user registry and apply at
the next ``soulgraph repair --rebuild-graph``; pinned facts always win.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from soulgraph import registry as reg_mod
from soulgraph.cli.app import app, guarded, out, styled

_SOURCE = typer.Argument(..., help="A .soul file or folder, a graph JSON, or a memory file with its graph.")
_REGISTRY = typer.Option(None, "--registry", help="Registry file (default: <source>.soulgraph.json).")


@app.command()
@guarded
def explain(
    source: Path = _SOURCE,
    name: str = typer.Argument(..., help="The entity's name or one of its aliases."),
    as_json: bool = typer.Option(False, "--json", help="Print the explanation as JSON."),
    sentences: int = typer.Option(3, "--sentences", min=0, help="Provenance sentences to show."),
) -> None:
    """Show a node's type, confidence, reasons, aliases and where it was mentioned."""
    from soulgraph.classify.explain import explain as explain_fn

    e = explain_fn(name, source, limit=sentences)
    if as_json:
        print(json.dumps(e.model_dump(), indent=2, ensure_ascii=False))
        return
    conf = f"{e.confidence:.2f}" if isinstance(e.confidence, int | float) else "-"
    out.print(styled("[bold]{}[/bold]  type [bold]{}[/bold]  confidence {}{}", e.name, e.type, conf,
                     "  (pinned)" if e.pinned else ""), markup=True)
    out.print(f"reasons: {', '.join(e.reasons) or '-'}")
    out.print(f"aliases: {', '.join(e.aliases) or '-'}")
    out.print(f"mentions: {e.mention_count} in {e.memories} memories")
    for s in e.sentences:
        out.print(f"  [{s['memory_id']}] {s['sentence']}", markup=False)


@app.command()
@guarded
def pin(
    source: Path = typer.Argument(..., help="The store the registry belongs to."),
    name: str = typer.Argument(..., help="Entity name."),
    etype: str = typer.Option(..., "--type", "-t", help="Type to pin (person, org, place, ...)."),
    custom: bool = typer.Option(False, "--custom", help="Declare TYPE as a new custom type."),
    registry: Path | None = _REGISTRY,
) -> None:
    """Pin an entity's type; it wins over the classifier at every rebuild."""
    path = reg_mod.pin(source, name, etype, registry=registry, custom=custom)
    out.print(f"pinned {name!r} as {etype} in {path}", markup=False)


@app.command()
@guarded
def unpin(
    source: Path = typer.Argument(..., help="The store the registry belongs to."),
    name: str = typer.Argument(..., help="Entity name."),
    registry: Path | None = _REGISTRY,
) -> None:
    """Forget what was pinned about an entity (type, aliases, ignore)."""
    path = reg_mod.unpin(source, name, registry=registry)
    out.print(f"unpinned {name!r} in {path}", markup=False)


@app.command()
@guarded
def alias(
    source: Path = typer.Argument(..., help="The store the registry belongs to."),
    name: str = typer.Argument(..., help="Entity name."),
    other: str = typer.Argument(..., help="Another name for the same thing."),
    registry: Path | None = _REGISTRY,
) -> None:
    """Record that OTHER names the same entity as NAME (merged at the next rebuild)."""
    path = reg_mod.add_alias(source, name, other, registry=registry)
    out.print(f"{other!r} is now an alias of {name!r} in {path}", markup=False)


@app.command()
@guarded
def ignore(
    source: Path = typer.Argument(..., help="The store the registry belongs to."),
    name: str = typer.Argument(..., help="The name that is not an entity."),
    registry: Path | None = _REGISTRY,
) -> None:
    """Mark a name as not an entity: it never becomes a node."""
    path = reg_mod.ignore(source, name, registry=registry)
    out.print(f"{name!r} is ignored in {path}", markup=False)


@app.command("registry")
@guarded
def show_registry(
    source: Path = typer.Argument(..., help="The store the registry belongs to."),
    registry: Path | None = _REGISTRY,
    as_json: bool = typer.Option(False, "--json", help="Print the registry as JSON."),
) -> None:
    """List the pinned types, aliases, ignored names, merges and unmerges."""
    reg, path = reg_mod.show(source, registry=registry)
    if as_json:
        print(json.dumps({"path": str(path), **reg.model_dump()}, indent=2, ensure_ascii=False))
        return
    t = Table(title=f"registry {path}")
    for col in ("name", "type", "aliases", "ignored"):
        t.add_column(col)
    for name, p in sorted(reg.entities.items()):
        t.add_row(name, p.type or "-", ", ".join(p.aliases) or "-", "yes" if p.ignore else "")
    out.print(t)
    for a, b in reg.merges:
        out.print(f"merged: {a} -> {b}", markup=False)
    for a, b in reg.unmerges:
        out.print(f"kept apart: {a} / {b}", markup=False)
    if reg.custom_types:
        out.print(f"custom types: {', '.join(reg.custom_types)}")
