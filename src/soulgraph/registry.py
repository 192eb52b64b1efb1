"""The user registry: facts a user pins, which always win and survive rebuilds.

A small JSON file beside the store (``<source>.soulgraph.json`` by default, or
``--registry PATH``)::

    {"version": 1,
     "entities": {"Riley": {"type": "person", "aliases": ["Ri"]},
                  "MERGED": {"ignore": true}},
     "merges":   [["Sarah", "Sarah Chen"]],
     "unmerges": [["Max", "Max Planck"]],
     "custom_types": ["recipe"]}

The functions below are the API twins of ``soulgraph pin / unpin / alias /
ignore``: each loads the registry, changes one fact and writes the file
atomically, so a crash never leaves a half-written registry.
"""

from __future__ import annotations

from pathlib import Path

import orjson
from pydantic import BaseModel, Field, ValidationError, model_validator

from soulgraph.errors import SoulgraphError
from soulgraph.ontology import ENTITY_TYPES


class Pin(BaseModel):
    type: str | None = None
    aliases: list[str] = Field(default_factory=list)
    ignore: bool = False  # "not an entity"


class Registry(BaseModel):
    version: int = 1
    entities: dict[str, Pin] = Field(default_factory=dict)
    merges: list[tuple[str, str]] = Field(default_factory=list)
    unmerges: list[tuple[str, str]] = Field(default_factory=list)
    custom_types: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _known_types(self) -> Registry:
        allowed = set(ENTITY_TYPES) | set(self.custom_types)
        for name, pin in self.entities.items():
            if pin.type is not None and pin.type not in allowed:
                raise ValueError(f"entity {name!r} is pinned to unknown type {pin.type!r} "
                                 "(add it to custom_types)")
        return self

    def types(self) -> list[str]:
        """Every type a pin may use: the ontology, then the user's own."""
        return [*ENTITY_TYPES, *(t for t in self.custom_types if t not in ENTITY_TYPES)]


def default_path(source: Path) -> Path:
    source = Path(source)
    return source.with_name(source.name.rstrip("/") + ".soulgraph.json")


def path_for(source: Path, registry: Path | None = None) -> Path:
    """The registry file used for ``source``: ``registry`` when given, else the default."""
    return Path(registry) if registry is not None else default_path(source)


def load(path: Path | None) -> Registry:
    """An empty registry when the file is absent; a clear error when it is malformed."""
    if path is None or not Path(path).exists():
        return Registry()
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise SoulgraphError(f"{path}: cannot read registry ({exc.strerror})") from None
    try:
        return Registry.model_validate(orjson.loads(raw))
    except orjson.JSONDecodeError as exc:
        raise SoulgraphError(f"{path}: registry is not valid JSON ({exc.args[0]})") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        msg = err["msg"].removeprefix("Value error, ")
        raise SoulgraphError(f"{path}: registry has wrong fields ({where + ': ' if where else ''}{msg})") \
            from None


def save(reg: Registry, path: Path) -> None:
    from soulgraph.safety import atomic_write_bytes, refuse_read_only

    refuse_read_only(Path(path), "give another file with --registry")  # the user's own decisions
    data = reg.model_dump()
    data["entities"] = {k: _compact(v) for k, v in sorted(reg.entities.items())}
    atomic_write_bytes(Path(path), orjson.dumps(data, option=orjson.OPT_INDENT_2) + b"\n")


def _compact(pin: Pin) -> dict:
    d = pin.model_dump()
    return {k: v for k, v in d.items() if v not in (None, [], False)}


# --------------------------------------------------------------------------- edits (API twins of the CLI)


def _key(reg: Registry, name: str) -> str:
    """The existing entry for ``name`` (case / spacing variants match), or ``name`` itself."""
    from soulgraph.resolve import normalize

    name = name.strip()
    if not name:
        raise SoulgraphError("a name is required (got an empty string)")
    if name in reg.entities:
        return name
    k = normalize(name)
    for existing in sorted(reg.entities):
        if normalize(existing) == k:
            return existing
    return name


def _edit(source: Path, registry: Path | None, change) -> tuple[Registry, Path]:
    path = path_for(source, registry)
    reg = load(path)
    change(reg)
    reg = Registry.model_validate(reg.model_dump())  # re-check the whole file before writing
    save(reg, path)
    return reg, path


def pin(source: Path, name: str, etype: str, *, registry: Path | None = None,
        custom: bool = False) -> Path:
    """Pin ``name`` to ``etype`` (``custom=True`` first declares a new type)."""
    etype = etype.strip()

    def change(reg: Registry) -> None:
        if custom and etype not in reg.types():
            reg.custom_types.append(etype)
        if etype not in reg.types():
            raise SoulgraphError(f"unknown type {etype!r}; use one of {', '.join(reg.types())} "
                                 "(or --custom to add it)")
        k = _key(reg, name)
        p = reg.entities.get(k, Pin())
        reg.entities[k] = p.model_copy(update={"type": etype, "ignore": False})

    return _edit(source, registry, change)[1]


def unpin(source: Path, name: str, *, registry: Path | None = None) -> Path:
    """Forget every fact pinned about ``name`` (type, aliases, ignore)."""

    def change(reg: Registry) -> None:
        k = _key(reg, name)
        if k not in reg.entities:
            raise SoulgraphError(f"{path_for(source, registry)}: nothing is pinned for {name!r}")
        del reg.entities[k]

    return _edit(source, registry, change)[1]


def add_alias(source: Path, name: str, alias: str, *, registry: Path | None = None) -> Path:
    """Say that ``alias`` names the same thing as ``name``."""
    alias = alias.strip()
    if not alias:
        raise SoulgraphError("an alias is required (got an empty string)")

    def change(reg: Registry) -> None:
        k = _key(reg, name)
        p = reg.entities.get(k, Pin())
        if alias not in p.aliases and alias != k:
            p = p.model_copy(update={"aliases": sorted([*p.aliases, alias])})
        reg.entities[k] = p

    return _edit(source, registry, change)[1]


def ignore(source: Path, name: str, *, registry: Path | None = None) -> Path:
    """Mark ``name`` as not an entity: it never becomes a node."""

    def change(reg: Registry) -> None:
        k = _key(reg, name)
        p = reg.entities.get(k, Pin())
        reg.entities[k] = p.model_copy(update={"ignore": True, "type": None})

    return _edit(source, registry, change)[1]


def show(source: Path, *, registry: Path | None = None) -> tuple[Registry, Path]:
    path = path_for(source, registry)
    return load(path), path
