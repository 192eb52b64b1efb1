"""Optional compiled twins of the modules the regex rebuild spends its time in.

Why: the regex rebuild is bound by the interpreter (no single function stands out; see
BENCHMARKS.md). Compiling the same, unchanged source with Cython at install time removes
about a seventh of its run time. ``setup.py`` builds one extension per module in
:data:`MODULES` when Cython and a C compiler are at hand and records the SHA-256 of each
module's source in ``_speedups/manifest.txt``; without them the install is pure Python.

At import, :func:`install` puts a finder first on ``sys.meta_path`` that serves a compiled
module only while its ``.py`` still has the hash of the bytes it was compiled from. A module
edited after the build (or a checkout of other code into an editable install) falls back to
its source, so a stale build never runs code other than what is on disk; a build that fails
for a module removes that module's old extension and leaves it out of the manifest.
``SOULGRAPH_PURE_PYTHON=1`` turns the compiled modules off (at install time: builds none).
Output is the same either way (the tests rebuild souls both ways and compare the bytes).
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from pathlib import Path

# The modules the regex repair runs through, by cost (callgrind of the LoCoMo soul's repair).
MODULES = (
    "soulgraph.extract.regex_scan", "soulgraph.extract.regex_fallback",
    "soulgraph.extract.regex_patterns", "soulgraph.extract.speakers",
    "soulgraph.classify", "soulgraph.classify.context", "soulgraph.classify.prep",
    "soulgraph.classify.corpus", "soulgraph.classify.shape", "soulgraph.classify.gazetteer",
    "soulgraph.classify.evidence", "soulgraph.classify.cues",
    "soulgraph.relations.patterns", "soulgraph.relations.link",
    "soulgraph.shapes", "soulgraph.resolve", "soulgraph.pipeline", "soulgraph.graph",
    "soulgraph.health", "soulgraph.health_types", "soulgraph.hashing",
    "soulgraph.sources.envelope", "soulgraph.sources.jsonl", "soulgraph.sources.soul_layers",
    "soulgraph.readwrite.nodelink", "soulgraph.readwrite.columns",
)
PURE_ENV = "SOULGRAPH_PURE_PYTHON"
MANIFEST = "manifest.txt"  # one line per built module: "<module> <sha256 of its .py>"
_PACKAGE = Path(__file__).resolve().parent
BUILD_DIR = _PACKAGE / "_speedups"


def pure_requested() -> bool:
    """True when ``SOULGRAPH_PURE_PYTHON`` asks for the source everywhere."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def build_name(module: str) -> str:
    """soulgraph.x.y -> soulgraph._speedups.x.y, where the build puts its twin: apart from
    the .py, so Python's own finders never pick it up and only :class:`CompiledFinder` does."""
    return "soulgraph._speedups." + module.partition(".")[2]


def source_of(module: str, package: Path = _PACKAGE) -> Path:
    """The ``.py`` file of ``module`` (a package's ``__init__.py``) under ``package``."""
    parts = module.split(".")[1:]
    plain = package.joinpath(*parts).with_suffix(".py") if parts else package / "__init__.py"
    return plain if plain.is_file() else package.joinpath(*parts, "__init__.py")


def built_path(module: str, build_dir: Path = BUILD_DIR) -> Path | None:
    """The compiled extension of ``module`` in ``build_dir``, if there is one."""
    stem = build_dir.joinpath(*build_name(module).split(".")[2:])
    for suffix in EXTENSION_SUFFIXES:
        candidate = stem.with_name(stem.name + suffix)
        if candidate.is_file():
            return candidate
    return None


def digest(path: Path) -> str:
    """SHA-256 of a file's bytes: what ties a compiled twin to the source it came from."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fresh_build(module: str, expected: str) -> Path | None:
    """The compiled twin of ``module``, only if its source still hashes to ``expected``."""
    built = built_path(module)
    try:
        return built if built is not None and digest(source_of(module)) == expected else None
    except OSError:
        return None


def read_manifest(build_dir: Path = BUILD_DIR) -> dict[str, str]:
    """module -> source hash it was compiled from (empty when nothing was built)."""
    try:
        text = (build_dir / MANIFEST).read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return {}
    pairs = (line.split() for line in text.splitlines())
    return {p[0]: p[1] for p in pairs if len(p) == 2 and p[0] in MODULES}


class CompiledLoader(ExtensionFileLoader):
    """Loads a compiled twin and hands out its ``.py`` as the module's source, so tracebacks
    printed by the ``traceback`` module (pytest, logging) show the lines it was compiled from."""

    def __init__(self, fullname: str, path: str, source: Path) -> None:
        super().__init__(fullname, path)
        self.source = source

    def get_source(self, fullname: str) -> str:
        return self.source.read_text(encoding="utf-8")


class CompiledFinder:
    """Finds the compiled twin of a listed module, only while its source is unchanged."""

    def __init__(self, manifest: dict[str, str]) -> None:
        self.manifest = manifest

    def find_spec(self, fullname: str, path=None, target=None) -> ModuleSpec | None:
        expected = self.manifest.get(fullname)
        if expected is None:
            return None
        built = fresh_build(fullname, expected)
        if built is None:
            return None  # stale or missing build: the ordinary finders load the .py
        source = source_of(fullname)
        spec = ModuleSpec(fullname, CompiledLoader(fullname, str(built), source), origin=str(built),
                          is_package=source.name == "__init__.py")
        spec.has_location = True
        if spec.submodule_search_locations is not None:
            spec.submodule_search_locations.append(str(source.parent))
        return spec


def install() -> CompiledFinder | None:
    """Put the compiled-module finder first on ``sys.meta_path`` (once; not when turned off)."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder
    if pure_requested():
        return None
    manifest = read_manifest()
    if not manifest:
        return None
    finder = CompiledFinder(manifest)
    sys.meta_path.insert(0, finder)
    return finder


def status() -> str:
    """One line for ``soulgraph --version`` and the benchmarks: what runs compiled."""
    if pure_requested():
        return f"pure Python: {PURE_ENV} is set"
    fresh = sum(fresh_build(m, expected) is not None for m, expected in read_manifest().items())
    if not fresh:
        return "pure Python: no compiled modules were built"
    return f"{fresh} of {len(MODULES)} hot modules compiled with Cython"
