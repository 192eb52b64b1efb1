"""Readers: every store format yields the same :class:`~soulgraph.models.Memory` list.

``read_store(path)`` sniffs the format and returns a :class:`Store`; one module
per format does the reading. Souls additionally know how to write their graph
back (see :mod:`soulgraph.sources.soul_write`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from soulgraph.errors import SoulgraphError
from soulgraph.models import Memory

if TYPE_CHECKING:
    from soulgraph.sources.limits import Limits

Kind = Literal["soul-zip", "soul-dir", "jsonl", "json", "textdir", "graph"]


class _Fingerprint:
    """``Store.fingerprint``: the value given, or, for a soul ZIP whose bytes the store kept
    (``raw``), their sha256 computed the first time it is asked for: a repair tells the soul
    unchanged by comparing those bytes, so it never needs the hash."""

    def __get__(self, store: Store | None, owner: type | None = None) -> str:
        if store is None:
            return ""  # (the class's view: the dataclass field's default)
        fp = store.__dict__.get("_fingerprint", "")
        if not fp and store.raw is not None:
            fp = store.__dict__["_fingerprint"] = hashlib.sha256(store.raw).hexdigest()
        return fp

    def __set__(self, store: Store, value: str) -> None:
        store.__dict__["_fingerprint"] = value


@dataclass
class Store:
    kind: Kind
    path: Path
    memories: list[Memory] = field(default_factory=list)
    graph_raw: bytes | None = None  # the soul's memory/graph.json as stored, if any
    fingerprint: str = _Fingerprint()  # type: ignore[assignment]  # of the bytes read (see _Fingerprint)
    # ZIP members read whole (so their CRC was checked) when the store was read
    read_whole: frozenset[str] = frozenset()
    # a soul ZIP's bytes as read (up to soul_zip.KEEP_MAX): the writer compares the file with
    # them to tell it unchanged, instead of hashing it again before and after writing
    raw: bytes | None = field(default=None, repr=False, compare=False)

    @property
    def is_soul(self) -> bool:
        return self.kind in ("soul-zip", "soul-dir")

    @property
    def mode_model(self) -> Path | None:
        """The file whose permissions files derived from this store (graph, cache) take."""
        if self.path.is_file():
            return self.path
        soul_json = self.path / "soul.json"
        return soul_json if soul_json.is_file() else None


def shown(name: object) -> str:
    """A file or member name safe to print: control and bidi characters escaped, so a
    hostile name cannot rewrite the terminal or reorder the error message."""
    text = str(name)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def sniff(path: Path) -> Kind:
    path = Path(path)
    if not path.exists():
        raise SoulgraphError(f"{path}: no such file or folder")
    if path.is_dir():
        if (path / "soul.json").is_file() or (path / "memory").is_dir():
            return "soul-dir"
        return "textdir"
    with path.open("rb") as fh:
        head = fh.read(4)
    if head.startswith(b"PK"):
        return "soul-zip"
    if path.suffix == ".soul":
        raise SoulgraphError(f"{path}: not a soul (not a ZIP archive)")
    if path.suffix == ".jsonl":
        return "jsonl"
    if path.suffix == ".json":
        return "json"
    raise SoulgraphError(f"{path}: unknown store format (expected .soul, a soul folder, "
                         ".jsonl, .json or a folder of .txt/.md files)")


def read_store(path: Path, limits: Limits | None = None) -> Store:
    """Read any supported store; ``limits`` (default: from the environment) bound what is read."""
    kind = sniff(path)
    if kind == "soul-zip":
        from soulgraph.sources import soul_zip as reader
    elif kind == "soul-dir":
        from soulgraph.sources import soul_dir as reader
    elif kind in ("jsonl", "json"):
        from soulgraph.sources import jsonl as reader
    else:
        from soulgraph.sources import textdir as reader
    from soulgraph import gcpause

    with gcpause.paused():  # one Memory (and its segments) per record: no cycles, many objects
        return reader.read(Path(path), limits)


def default_graph_path(store: Store) -> Path:
    """Where a memory file's graph goes when ``--out`` is not given."""
    p = store.path
    return p.with_name(p.name.rstrip("/") + ".graph.json")
