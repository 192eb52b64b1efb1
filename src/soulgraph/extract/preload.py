"""Load the spaCy model in a second process while the caller reads its store.

``soulgraph update`` spends about half a second reading a 10k-memory store, its
graph and its cache, and as long again importing spaCy and loading the model;
neither needs the other. :func:`start` forks a child that begins loading at
once; the parent sends the memories that need extraction when it knows them and
gets plain :class:`MemoryAnalysis` records back (the same ``extract.analyze``
output it would have computed itself). With nothing to extract the child is
stopped unused. Where there is no ``fork`` (or the model cannot load) callers
fall back to extracting in process.
"""

from __future__ import annotations

import atexit
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # kept light: the CLI imports this before anything else (start_early)
    from multiprocessing.connection import Connection

    from soulgraph.extract import Progress
    from soulgraph.models import Memory, MemoryAnalysis

_early: ModelPreload | None = None


class ModelPreload:
    """A child process holding the loaded model, serving one ``analyze`` call."""

    def __init__(self) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("fork")
        self._conn, child = ctx.Pipe()
        # not a daemon: with --workers the child forks its own shard workers. It gets the
        # parent's end too (fork copies it) and closes it at once, so it sees EOF, and exits,
        # whenever the parent is gone, however the parent died.
        self._proc = ctx.Process(target=_serve, args=(child, self._conn), name="soulgraph-model")
        self._proc.start()
        child.close()

    def analyze(self, memories: Sequence[Memory], *, workers: int = 1,
                progress: Progress | None = None) -> list[MemoryAnalysis] | None:
        """The spaCy analyses of ``memories``; None when the child has no model or failed."""
        try:
            self._conn.send((list(memories), workers))
            while True:
                while not self._conn.poll(0.5):  # a child that died or hangs never answers
                    if not self._proc.is_alive():
                        return None
                kind, value = self._conn.recv()
                if kind == "tick":
                    if progress is not None:
                        progress(value)
                    continue
                return value if kind == "done" else None
        except (EOFError, OSError):
            return None

    def close(self) -> None:
        """Stop the child and reap it. It writes nothing and holds no state, so one still
        loading (an error, or nothing to extract) is terminated at once rather than waited for."""
        try:
            self._conn.close()  # a child waiting for work sees EOF and exits by itself
        finally:
            self._proc.join(timeout=0.05)
            if self._proc.is_alive():
                self._proc.terminate()
                self._proc.join(timeout=1.0)
            if self._proc.is_alive():
                self._proc.kill()
                self._proc.join()


def start() -> ModelPreload | None:
    """The child :func:`start_early` started, else a new one; None where a child cannot
    help or is unsafe: no fork, spaCy disabled or not installed, the model already loaded
    here, or other threads running (a fork copies their held locks, not the threads)."""
    global _early
    if _early is not None:
        pre, _early = _early, None
        return pre
    import threading

    from soulgraph.extract import spacy_np

    if spacy_np.load_nlp.cache_info().currsize or threading.active_count() > 1 or not _possible():
        return None
    return _fork()


def start_early(args: Sequence[str]) -> None:
    """Called by the CLI for ``update`` before it imports anything else, so the model
    loads while the parent imports the pipeline too; ``update`` then takes it over."""
    global _early
    pairs = zip(args, args[1:], strict=False)
    if "--help" in args or "--extractor=regex" in args or ("--extractor", "regex") in pairs:
        return
    if _early is None and _possible():
        _early = _fork()
        atexit.register(_close_early)  # the command may fail before it takes the child


def _close_early() -> None:
    global _early
    if _early is not None:
        pre, _early = _early, None
        pre.close()


def _possible() -> bool:
    import importlib.util
    import multiprocessing as mp

    from soulgraph.extract import spacy_disabled

    if "fork" not in mp.get_all_start_methods() or spacy_disabled():
        return False
    return importlib.util.find_spec("spacy") is not None


def _fork() -> ModelPreload | None:
    try:
        return ModelPreload()
    except OSError:  # cannot fork (process limits): extract in process
        return None


def _serve(conn: Connection, parent_end: Connection) -> None:
    import gc
    import signal

    parent_end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it stops us
    gc.disable()  # imports and one batch of analyses in a short-lived process: nothing to collect
    from soulgraph import extract
    from soulgraph.extract import spacy_np

    _skip_spacy_cli()
    ready = spacy_np.load_nlp() is not None
    if ready:
        _warm_up()
    try:
        job = conn.recv()
    except (EOFError, OSError):
        return
    try:
        if not ready:
            conn.send(("unavailable", None))
            return
        memories, workers = job
        try:
            analyses, _ = extract.analyze(memories, "spacy", workers=workers,
                                          progress=lambda n: conn.send(("tick", n)))
        except OSError:
            raise
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which extracts itself
            conn.send(("error", repr(exc)))
            return
        conn.send(("done", analyses))
    except OSError:  # the parent is gone or stopped listening (Ctrl-C): nothing left to tell
        return


def _skip_spacy_cli() -> None:
    """``import spacy`` also imports its command line (download, train, project: requests,
    httpx, weasel), a third of the import; loading and running a pipeline never use it.
    This throwaway child stands in two empty modules for it. Should a pipeline ever need
    the real one, loading fails here and the parent extracts in process (same result)."""
    import sys
    import types

    if "spacy" in sys.modules or "spacy.cli" in sys.modules:
        return
    cli = types.ModuleType("spacy.cli")
    cli.__path__ = []  # a package, so "spacy.cli.info" resolves to the module below
    info = types.ModuleType("spacy.cli.info")
    info.info = lambda *args, **kwargs: None
    cli.info = info
    sys.modules["spacy.cli"], sys.modules["spacy.cli.info"] = cli, info


def _warm_up() -> None:
    """One tiny memory through the whole extraction while the parent is still reading,
    so the real job does not pay for lazily built tables and first-call set-up."""
    from soulgraph import extract
    from soulgraph.models import Memory

    extract.analyze([Memory(id="warm-up", content="Ana Silva met Bob at Acme Corp in Lisbon.")], "spacy")
