"""``matchmaker serve``: the web app on uvicorn."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import Any

from matchmaker.core.errors import OptionError


def add_serve_parser(sub: Any) -> None:
    """The ``serve`` subcommand's arguments."""
    serve = sub.add_parser("serve", help="play online: the web app with tables, bots and replays")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (0: any free)")
    serve.add_argument("--data", type=Path, default=Path("data"), help="folder of the database")
    serve.add_argument(
        "--bot-pause",
        type=float,
        default=1.0,
        help="seconds a bot's move is held back, so that a person can follow each step",
    )
    serve.add_argument(
        "--round-pause",
        type=float,
        default=20.0,
        help="seconds a round's end is held so that people can read the scores (0: no hold)",
    )
    serve.add_argument(
        "--away-after",
        type=float,
        default=30.0,
        help="seconds a disconnected person's turn waits before a stand-in bot plays",
    )
    serve.add_argument(
        "--plugin-bots",
        action="store_true",
        help="let tables seat plug-in bot classes (package.module:ClassName)",
    )
    serve.add_argument(
        "--analysis-workers",
        type=int,
        default=1,
        help="processes that review finished games and give hints (0: a thread of the server)",
    )
    serve.add_argument(
        "--review-worlds",
        type=int,
        default=None,
        help="sampled worlds a decision in the review of a finished game (default: the game's)",
    )
    serve.add_argument(
        "--hint-worlds",
        type=int,
        default=None,
        help="sampled worlds a hint at a practice table (default: the game's)",
    )
    serve.add_argument(
        "--quickplay-bots-after",
        type=float,
        default=20.0,
        help="seconds a person waits in quick play before they may fill the table with bots",
    )


#: The largest WebSocket frame the server reads; a larger one closes the connection (1009).
MAX_FRAME = 1 << 20


class OneLineErrors(logging.Filter):
    """Keeps tracebacks out of the server's log: a record that carries one (a client that
    sent a text frame that is not UTF-8, for one) is told in one line, with the exception's
    type and message."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Fold the exception into the message; always keep the record."""
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(error).__name__}: {error})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def run_serve_command(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted."""
    import uvicorn

    from matchmaker.server.analyst import AnalysisSettings
    from matchmaker.server.app import create_app
    from matchmaker.server.quickplay import QuickPlaySettings
    from matchmaker.server.table import Timing

    if min(args.bot_pause, args.away_after, args.round_pause, args.quickplay_bots_after) < 0:
        raise OptionError(
            "--bot-pause, --away-after, --round-pause and --quickplay-bots-after "
            "must not be negative"
        )
    if args.analysis_workers < 0:
        raise OptionError("--analysis-workers must not be negative")
    worlds_flags = (("--review-worlds", args.review_worlds), ("--hint-worlds", args.hint_worlds))
    for flag, worlds in worlds_flags:
        if worlds is not None and worlds < 1:
            raise OptionError(f"{flag} must be at least 1")
    analysis = AnalysisSettings(args.analysis_workers, args.review_worlds, args.hint_worlds)
    timing = Timing(
        bot_pause=args.bot_pause, away_after=args.away_after, round_pause=args.round_pause
    )
    quickplay = QuickPlaySettings(bots_after=args.quickplay_bots_after)
    app = create_app(
        args.data, timing, plugin_bots=args.plugin_bots, analysis=analysis, quickplay=quickplay
    )
    shown = "127.0.0.1" if args.host == "0.0.0.0" else args.host
    print(f"matchmaker: serving on http://{shown}:{args.port}/ (data in {args.data}/)", flush=True)
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level="warning", ws_max_size=MAX_FRAME
    )
    one_line = OneLineErrors()
    for name in ("uvicorn.error", "matchmaker.server"):
        logging.getLogger(name).addFilter(one_line)
    uvicorn.Server(config).run()
    return 0
