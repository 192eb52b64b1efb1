"""What ZIP souls and soul folders share: which members hold memories, and how entries become memories.

A soul keeps its memories in layer files: flat ``memory/<layer>.json`` (a list
of entries), ``memory/custom_layers.json`` (``{layer: [entries]}``) and, in the
nested layout, ``memory/<layer>/<domain>/entries.json``. We read every one that
is present (a soul that moved from flat to nested may hold both; duplicates are
dropped by id), with no significance gate: superseded and low-significance
memories are memories too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import compress, repeat
from operator import attrgetter, is_

import orjson

from soulgraph.errors import SoulgraphError
from soulgraph.models import Memory
from soulgraph.sources import shown
from soulgraph.sources.jsonl import checked_memories, checked_memory, to_memory

LAYERS = ("episodic", "semantic", "procedural", "social")
GRAPH = "memory/graph.json"
LAYOUT = "memory/_layout.json"
CUSTOM = "memory/custom_layers.json"
FLAT = {f"memory/{layer}.json": layer for layer in LAYERS}
NESTED = re.compile(r"^memory/(?P<layer>[^/]+)/(?P<domain>[^/]+)/entries\.json$")
COMPANIONS = frozenset({"core", "graph", "self_model", "general_events", "archives"})
_ID = attrgetter("id")


def memory_members(names: Iterable[str]) -> list[tuple[str, str | None, str | None]]:
    """``(member, layer, domain)`` for every member holding memory entries, in a stable order.

    ``layer`` is None for ``custom_layers.json`` (its keys name the layers).
    """
    found: list[tuple[str, str | None, str | None]] = []
    for name in sorted(set(names)):
        if name in FLAT:
            found.append((name, FLAT[name], None))
        elif name == CUSTOM:
            found.append((name, None, None))
        else:
            m = NESTED.match(name)
            if m and m["layer"] not in COMPANIONS and not m["layer"].startswith("."):
                found.append((name, m["layer"], m["domain"]))
    return found


def parse_json(raw: bytes, where: str) -> object:
    """JSON from bytes; errors name the member, never its content."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        msg = str(exc.args[0]) if exc.args else "parse error"
        if "utf-8" in msg.lower() or "surrogate" in msg.lower():
            raise SoulgraphError(f"{where}: text is not valid UTF-8") from None
        line = getattr(exc, "lineno", None)
        at = f" at line {line}" if line else ""
        raise SoulgraphError(f"{where}: invalid JSON{at} ({_short(msg)})") from None


def _short(msg: str) -> str:
    """orjson's message without any quoted input (it never includes content, but be sure)."""
    return msg.split(":", 1)[0][:80]


def entries_to_memories(
    raw: bytes, member: str, layer: str | None, domain: str | None, where: str
) -> Iterator[Memory]:
    """Memories of one layer member; ``where`` names the soul in errors."""
    member = shown(member)
    data = parse_json(raw, f"{where}: {member}")
    if layer is None:  # custom_layers.json
        if not isinstance(data, dict):
            raise SoulgraphError(f"{where}: {member}: expected an object of layer -> entries")
        for name in sorted(data):
            yield from _entries(data[name], f"{where}: {member}: layer {shown(repr(name))}", str(name), None)
        return
    yield from _entries(data, f"{where}: {member}", layer, domain)


def _entries(data: object, where: str, layer: str, domain: str | None) -> Iterator[Memory]:
    if data is None:
        return
    if not isinstance(data, list):
        raise SoulgraphError(f"{where}: expected a list of memory entries")
    mems = checked_memories(data, layer, domain)  # (the usual layer file: no entry to word an error for)
    if mems is None:  # each entry checked by one C-level pass, the others in order
        mems = list(map(checked_memory, data, repeat(layer), repeat(domain)))
        for i in compress(range(len(mems)), map(is_, mems, repeat(None))):
            mems[i] = to_memory(data[i], f"{where}: entry {i + 1}", layer, domain)
    yield from mems


def dedupe(memories: Iterable[Memory]) -> list[Memory]:
    """Drop repeats of one id (flat + nested copies); a clashing id with other text gets a suffix."""
    memories = list(memories)
    if len(set(map(_ID, memories))) == len(memories):
        return memories  # (no id twice: the usual soul, told at C level)
    out: list[Memory] = []
    seen: dict[str, Memory] = {}
    for m in memories:
        prev = seen.get(m.id)
        if prev is None:
            seen[m.id] = m
            out.append(m)
            continue
        if prev.content == m.content:
            continue
        n = 2
        while f"{m.id}#{n}" in seen:
            n += 1
        m.id = f"{m.id}#{n}"
        seen[m.id] = m
        out.append(m)
    return out


def is_nested(layout_raw: bytes | None, names: Iterable[str]) -> bool:
    """soul-protocol's rule: ``_layout.json`` says nested, or a built-in layer is a folder."""
    if layout_raw:
        try:
            data = orjson.loads(layout_raw)
            if isinstance(data, dict) and data.get("layout") == "nested":
                return True
        except orjson.JSONDecodeError:
            pass
    return any(n.startswith(tuple(f"memory/{layer}/" for layer in LAYERS)) for n in names)


def manifest_encrypted(raw: bytes | None, where: str) -> bool:
    if not raw:
        return False
    data = parse_json(raw, f"{where}: manifest.json")
    return isinstance(data, dict) and data.get("encrypted") is True


ENCRYPTED_MSG = ("is encrypted (password-protected soul); soulgraph does not decrypt souls: "
                 "export an unencrypted copy with soul-protocol and repair that")
