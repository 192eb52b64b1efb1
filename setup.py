"""Build step for soulgraph's optional compiled modules (everything else is in pyproject.toml).

The modules listed in ``soulgraph.speedups.MODULES`` are compiled, unchanged, with Cython
into ``soulgraph/_speedups/``, beside a manifest of the source hashes they came from. Each
extension is optional: with no C compiler (or a module Cython rejects) the install goes on
and that module runs as plain Python. ``SOULGRAPH_PURE_PYTHON=1`` at install skips the step.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "soulgraph"


def _speedups():
    """soulgraph.speedups loaded by path: the build must not import the package itself."""
    spec = importlib.util.spec_from_file_location("_soulgraph_speedups", PACKAGE / "speedups.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SPEEDUPS = _speedups()


def _build_name(module: str) -> str:
    """soulgraph.x.y -> soulgraph._speedups.x.y: the twin lives apart from the .py, so
    Python's own finders never pick it up and only the hash-checking finder serves it."""
    return "soulgraph._speedups." + module.partition(".")[2] if "." in module else module


class OptionalCythonBuild(build_ext):
    """Cythonize with each module's real name, compile in parallel, write the manifest."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self.parallel = os.cpu_count() or 1

    def build_extensions(self) -> None:
        try:
            from Cython.Build import cythonize
        except ImportError:
            self.warn("Cython is not installed: soulgraph stays pure Python")
            self.extensions = []
            return
        kept = []
        for ext in self.extensions:
            try:
                (real,) = cythonize(
                    [Extension(ext.module, ext.sources)],
                    build_dir=os.path.join(self.build_temp, "cython"),
                    compiler_directives={"language_level": 3, "annotation_typing": False},
                    quiet=True,
                )
            except Exception as exc:  # a module Cython cannot compile stays pure Python
                self.warn(f"{ext.module} stays pure Python: {exc}")
                continue
            ext.sources = real.sources
            kept.append(ext)
        self.extensions = kept
        super().build_extensions()

    def copy_extensions_to_source(self) -> None:
        build_py = self.get_finalized_command("build_py")
        for ext in self.extensions:  # _speedups/ and its subfolders are not packages: make them
            self.mkpath(os.path.dirname(self._get_inplace_equivalent(build_py, ext)[0]))
        super().copy_extensions_to_source()

    def run(self) -> None:
        super().run()
        build_dir = Path(self.build_lib) / "soulgraph" / "_speedups"
        targets = [build_dir]
        if self.inplace:  # editable install: the extensions were copied into src/
            targets.append(PACKAGE / "_speedups")
        for target in targets:
            lines = [
                f"{ext.module} {SPEEDUPS.digest(SPEEDUPS.source_of(ext.module, PACKAGE))}\n"
                for ext in self.extensions
                if SPEEDUPS.built_path(ext.module, target) is not None
            ]
            if target.is_dir():
                (target / SPEEDUPS.MANIFEST).write_text("".join(lines), encoding="ascii")


def _extensions() -> list[Extension]:
    if os.environ.get(SPEEDUPS.PURE_ENV, "") not in ("", "0"):
        return []
    extensions = []
    for module in SPEEDUPS.MODULES:
        source = SPEEDUPS.source_of(module, PACKAGE).relative_to(ROOT)
        ext = Extension(_build_name(module), [str(source)], optional=True,
                        extra_compile_args=["-O2", "-g0"])
        ext.module = module
        extensions.append(ext)
    return extensions


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalCythonBuild})
