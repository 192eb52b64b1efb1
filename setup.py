"""Build step for soulgraph's optional compiled modules (everything else is in pyproject.toml).

The modules listed in ``soulgraph.speedups.MODULES`` are compiled, unchanged, with Cython
into ``soulgraph/_speedups/``, beside a manifest of the SHA-256 of the exact bytes each was
compiled from. Each extension is optional: with no C compiler (or a module Cython rejects)
the install goes on and that module runs as plain Python. ``SOULGRAPH_PURE_PYTHON=1`` at
install builds nothing and retires an earlier build (its extensions removed, its manifest
emptied).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
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


class OptionalCythonBuild(build_ext):
    """Cythonize a snapshot of each module under its real name, compile them in parallel,
    and record in the manifest only what this run built."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self.parallel = os.cpu_count() or 1
        self.built: dict[str, str] = {}  # module -> SHA-256 of the source bytes compiled

    def build_extensions(self) -> None:
        if SPEEDUPS.pure_requested():
            self.warn(f"{SPEEDUPS.PURE_ENV} is set: soulgraph stays pure Python")
            self.extensions = []
            return
        try:
            from Cython.Build import cythonize
        except ImportError:
            self.warn("Cython is not installed: soulgraph stays pure Python")
            self.extensions = []
            return
        # Cython reads a copy whose hash is taken from the same bytes (an edit during the build
        # cannot pair new hashes with old code), under the relative name soulgraph/x.py that
        # tracebacks show (speedups.CompiledLoader hands out the installed source's lines).
        snapshot = Path(self.build_temp).resolve() / "snapshot"
        kept = []
        for ext in self.extensions:
            source = SPEEDUPS.source_of(ext.module, PACKAGE)
            relative = source.relative_to(PACKAGE.parent)
            copy = snapshot / relative
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, copy)
            ext.digest = SPEEDUPS.digest(copy)
            cwd = os.getcwd()
            os.chdir(snapshot)
            try:
                (real,) = cythonize(
                    [Extension(ext.module, [str(relative)])],
                    build_dir=str(snapshot.parent / "cython"),
                    compiler_directives={"language_level": 3, "annotation_typing": False},
                    quiet=True,
                )
            except Exception as exc:  # a module Cython cannot compile stays pure Python
                self.warn(f"{ext.module} stays pure Python: {exc}")
                continue
            finally:
                os.chdir(cwd)
            ext.sources = [os.path.join(snapshot, s) if not os.path.isabs(s) else s for s in real.sources]
            kept.append(ext)
        self.extensions = kept
        super().build_extensions()

    def build_extension(self, ext: Extension) -> None:
        target = self.get_ext_fullpath(ext.name)
        if os.path.exists(target):  # a failed build must not leave the previous one behind
            os.remove(target)
        super().build_extension(ext)  # raises on failure; optional extensions are then skipped
        self.built[ext.module] = ext.digest

    def copy_extensions_to_source(self) -> None:
        build_py = self.get_finalized_command("build_py")
        for ext in self.extensions:  # _speedups/ and its subfolders are not packages: make them
            self.mkpath(os.path.dirname(self._get_inplace_equivalent(build_py, ext)[0]))
        super().copy_extensions_to_source()

    def run(self) -> None:
        targets = [Path(self.build_lib) / "soulgraph" / "_speedups"]
        if self.inplace:  # editable install: the extensions are copied into src/
            targets.append(PACKAGE / "_speedups")
        for target in targets:  # no manifest while the build runs
            (target / SPEEDUPS.MANIFEST).unlink(missing_ok=True)
        super().run()
        for target in targets:
            target.mkdir(parents=True, exist_ok=True)
            for module in SPEEDUPS.MODULES:  # what this run did not build must not be served
                old = SPEEDUPS.built_path(module, target)
                if module not in self.built and old is not None:
                    old.unlink()
            lines = [f"{module} {sha}\n" for module, sha in sorted(self.built.items())
                     if SPEEDUPS.built_path(module, target) is not None]
            (target / SPEEDUPS.MANIFEST).write_text("".join(lines), encoding="ascii")


def _extensions() -> list[Extension]:
    extensions = []
    for module in SPEEDUPS.MODULES:
        source = SPEEDUPS.source_of(module, PACKAGE).relative_to(ROOT)
        ext = Extension(SPEEDUPS.build_name(module), [str(source)], optional=True,
                        extra_compile_args=["-O2", "-g0"])
        ext.module = module
        extensions.append(ext)
    return extensions


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalCythonBuild})
