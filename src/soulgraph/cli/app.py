"""The typer application, console helpers and the one error path."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable

import typer
from rich.console import Console

from soulgraph.errors import SoulgraphError

app = typer.Typer(
    name="soulgraph",
    help="Build, repair, check and query knowledge graphs of AI-agent memory.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def guarded(fn: Callable) -> Callable:
    """Turn a SoulgraphError into one line on stderr and its exit code."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except SoulgraphError as exc:
            print(f"soulgraph: error: {exc}", file=sys.stderr)
            raise typer.Exit(exc.exit_code) from None

    return wrapper


def main() -> None:
    import warnings

    warnings.filterwarnings("ignore", category=UserWarning, module="spacy")
    app()


@app.callback()
def root() -> None:
    """Build, repair, check and query knowledge graphs of AI-agent memory."""
