"""User corrections to entity resolution, recorded in the registry so rebuilds keep them.

``merge(source, a, b)`` says "a and b are one thing, named as b";
``unmerge(source, a, b)`` says "a and b are different things", which vetoes every
automatic rule (short forms, fuzzy matching, compact forms, aliases) at the next
build. Each undoes the other for the same pair; the CLI commands are twins.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from soulgraph import registry as registry_mod
from soulgraph.errors import SoulgraphError
from soulgraph.resolve import normalize


class CorrectionReport(BaseModel):
    action: str  # "merge" | "unmerge"
    a: str
    b: str
    registry: str
    changed: bool
    merges: int
    unmerges: int


def merge(source: Path, a: str, b: str, *, registry: Path | None = None) -> CorrectionReport:
    """Record that ``a`` and ``b`` name one entity (``b`` is the canonical name)."""
    return _record("merge", source, a, b, registry)


def unmerge(source: Path, a: str, b: str, *, registry: Path | None = None) -> CorrectionReport:
    """Record that ``a`` and ``b`` are different entities; no rule may join them again."""
    return _record("unmerge", source, a, b, registry)


def _same(pair, ka: str, kb: str) -> bool:
    return {normalize(pair[0]), normalize(pair[1])} == {ka, kb}


def _record(action: str, source: Path, a: str, b: str, registry: Path | None) -> CorrectionReport:
    source = Path(source)
    if not source.exists():
        raise SoulgraphError(f"{source}: no such file or folder")
    a, b = a.strip(), b.strip()
    ka, kb = normalize(a), normalize(b)
    if not ka or not kb:
        raise SoulgraphError(f"{source}: entity names must not be empty")
    if ka == kb:
        raise SoulgraphError(
            f"{source}: {a!r} and {b!r} have the same normalised name, so they are always one entity")
    path = Path(registry) if registry else registry_mod.default_path(source)
    reg = registry_mod.load(path)
    before = (list(reg.merges), list(reg.unmerges))
    keep, drop = (reg.merges, reg.unmerges) if action == "merge" else (reg.unmerges, reg.merges)
    drop[:] = [p for p in drop if not _same(p, ka, kb)]
    if action == "merge":  # the newest merge of a pair decides its canonical name
        keep[:] = [p for p in keep if not _same(p, ka, kb)]
        keep.append((a, b))
    elif not any(_same(p, ka, kb) for p in keep):
        keep.append((a, b))
    changed = (list(reg.merges), list(reg.unmerges)) != before
    if changed:
        registry_mod.save(reg, path)
    return CorrectionReport(action=action, a=a, b=b, registry=str(path), changed=changed,
                            merges=len(reg.merges), unmerges=len(reg.unmerges))
