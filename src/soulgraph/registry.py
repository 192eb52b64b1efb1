"""The user registry: facts a user pins, which always win and survive rebuilds.

A small JSON file beside the store (``<source>.soulgraph.json`` by default, or
``--registry PATH``)::

    {"version": 1,
     "entities": {"Riley": {"type": "person", "aliases": ["Ri"]},
                  "MERGED": {"ignore": true}},
     "merges":   [["Sarah", "Sarah Chen"]],
     "unmerges": [["Max", "Max Planck"]]}
"""

from __future__ import annotations

from pathlib import Path

import orjson
from pydantic import BaseModel, Field, ValidationError

from soulgraph.errors import SoulgraphError


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


def default_path(source: Path) -> Path:
    source = Path(source)
    return source.with_name(source.name.rstrip("/") + ".soulgraph.json")


def load(path: Path | None) -> Registry:
    """An empty registry when the file is absent; a clear error when it is malformed."""
    if path is None or not Path(path).exists():
        return Registry()
    try:
        return Registry.model_validate(orjson.loads(Path(path).read_bytes()))
    except orjson.JSONDecodeError as exc:
        raise SoulgraphError(f"{path}: registry is not valid JSON ({exc.args[0]})") from None
    except ValidationError as exc:
        raise SoulgraphError(f"{path}: registry has wrong fields ({exc.errors()[0]['msg']})") from None


def save(reg: Registry, path: Path) -> None:
    from soulgraph.safety import atomic_write_bytes

    atomic_write_bytes(Path(path), orjson.dumps(reg.model_dump(), option=orjson.OPT_INDENT_2))
