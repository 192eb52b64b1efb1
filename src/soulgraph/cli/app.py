"""The typer application, console helpers and the one error path."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable

import typer

from soulgraph.errors import SoulgraphError

app = typer.Typer(
    name="soulgraph",
    help="Build, repair, check and query knowledge graphs of AI-agent memory.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class _Console:
    """A rich Console made on first use: a command that prints JSON only (``health
    --json``) never imports rich."""

    def __init__(self, **options) -> None:
        self._options = options
        self._console = None

    def real(self):
        """The rich Console itself (for rich APIs that take one)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return self._console

    def __getattr__(self, name: str):
        return getattr(self.real(), name)


# markup off: names and memory text ("[INST] ... [/INST]") are printed as written; the few
# styled lines pass markup=True and escape what they interpolate (see ``styled``).
out = _Console(highlight=False, soft_wrap=True, markup=False)
err = _Console(stderr=True, highlight=False, soft_wrap=True, markup=False)


def styled(template: str, *values: object) -> str:
    """``template`` (rich markup) with ``values`` escaped into its ``{}`` slots."""
    from rich.markup import escape

    return template.format(*(escape(str(v)) for v in values))


def guarded(fn: Callable) -> Callable:
    """Turn a SoulgraphError into one line on stderr and its exit code (Ctrl-C: 130)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except SoulgraphError as exc:
            print(f"soulgraph: error: {exc}", file=sys.stderr)
            raise typer.Exit(exc.exit_code) from None
        except KeyboardInterrupt:  # writes are atomic: no file is left half-written
            print("soulgraph: interrupted; every file is as it was or completely written",
                  file=sys.stderr)
            raise typer.Exit(130) from None

    return wrapper


def _rate_column():
    from rich.progress import ProgressColumn
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task) -> Text:
            return Text(f"{task.speed:,.0f} memories/s" if task.speed else "")

    return RateColumn()


_RateColumn = _rate_column


class ProgressBar:
    """A rich progress bar on stderr with rate and ETA; silent when stderr is not a TTY."""

    def __init__(self, label: str) -> None:
        self.label = label
        self._bar = None
        self._task = None

    def __enter__(self) -> ProgressBar:
        if err.is_terminal:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                _RateColumn(), TimeRemainingColumn(), console=err.real(), transient=True,
            )
            self._bar.start()
        return self

    def __exit__(self, *exc) -> None:
        if self._bar is not None:
            self._bar.stop()

    def set_total(self, total: int) -> None:
        if self._bar is not None:
            self._task = self._bar.add_task(self.label, total=total)

    def advance(self, n: int = 1) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.advance(self._task, n)


def main() -> None:
    import gc
    import warnings

    warnings.filterwarnings("ignore", category=UserWarning, module="spacy")
    warnings.formatwarning = _one_line_warning  # "soulgraph: warning: ..." (no source echo)
    # The cyclic GC need never scan what the imports made (it lives as long as the process),
    # nor, at exit, what the command left: Python's final collection walks every object still
    # alive (module caches, word tables), ~0.1 CPU s of a small rebuild. Moving them to the
    # permanent generation skips those scans; reference counting still frees as usual.
    gc.freeze()
    try:
        code = _run_app()
    finally:
        gc.freeze()
    sys.exit(code)


def _run_app() -> int:
    """The app, with usage errors (unknown option, missing argument, bad value) as one line
    on stderr and exit 2, like every other bad input (typer would draw a box around them)."""
    try:
        code = app(standalone_mode=False)
    except typer.Abort:  # Ctrl-C or end of input at a prompt
        print("soulgraph: interrupted", file=sys.stderr)
        return 130
    except typer.TyperException as exc:  # typer's own click: UsageError, BadParameter, ...
        if type(exc).__name__ == "NoArgsIsHelpError":
            app()  # bare ``soulgraph``: typer's help, exit 2
        ctx = getattr(exc, "ctx", None)
        message = " ".join(exc.format_message().split()).rstrip(".")
        hint = f"; see '{ctx.command_path} --help'" if ctx is not None else ""
        print(f"soulgraph: error: {message}{hint}", file=sys.stderr)
        return getattr(exc, "exit_code", 2)
    return code if isinstance(code, int) else 0


def _one_line_warning(message, category, filename, lineno, line=None) -> str:
    return f"soulgraph: warning: {message}\n"


def _show_version(value: bool) -> None:
    if value:
        from soulgraph import __version__, speedups

        out.print(f"soulgraph {__version__} ({speedups.status()})")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="Print the version and whether the hot modules run compiled."),
) -> None:
    """Build, repair, check and query knowledge graphs of AI-agent memory."""
