"""``matchmaker replay FILE... --json``: replay records with full checking."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from matchmaker.core.errors import MatchmakerError
from matchmaker.core.records import parse_record, replay_text
from matchmaker.words import seat_labels, summary_line

EXIT_REFUSED = 2


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as exc:
        raise MatchmakerError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise MatchmakerError(f"cannot read {path}: not UTF-8 text") from None


def read_record(path: str) -> dict[str, Any]:
    """The record in file ``path`` (``-``: standard input), parsed but not yet replayed;
    MatchmakerError says why it cannot be read."""
    return parse_record(_read(path))


def replay_file(path: str) -> dict[str, Any]:
    """Replay one record file; the replay summary, or MatchmakerError saying why not."""
    try:
        return replay_text(_read(path)).status()
    except MatchmakerError:
        raise
    except Exception as exc:  # a defect must still not show a traceback for a user's file
        raise MatchmakerError(f"internal error while replaying: {exc!r}") from None


def run_replay(paths: list[str], as_json: bool, out: TextIO, err: TextIO) -> int:
    """Replay each file; print one JSON object (or JSON Lines for several files)."""
    refused = False
    several = len(paths) > 1
    for path in paths:
        try:
            status = replay_file(path)
        except MatchmakerError as exc:
            refused = True
            message = str(exc)
            print(f"{path}: {message}" if several else message, file=err)
            if several and as_json:
                print(json.dumps({"file": path, "error": message}), file=out)
            continue
        if as_json:
            line = {"file": path, **status} if several else status
            print(json.dumps(line), file=out)
        else:
            print(f"{path}: " if several else "", end="", file=out)
            if status["finished"]:
                names = seat_labels(["human"] * len(status["scores"]))
                print(summary_line(status, names), file=out)
            else:
                print(f"unfinished; next to act: {status['to_act']}", file=out)
    return EXIT_REFUSED if refused else 0
