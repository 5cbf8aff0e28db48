"""The web app: HTTP endpoints, the WebSocket, and the static browser client."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from matchmaker.server.accounts import (
    COOKIE,
    SESSION_LIFE,
    Accounts,
    AccountSettings,
    Session,
    account_answer,
    cross_site,
)
from matchmaker.server.analyst import AnalysisSettings
from matchmaker.server.lobby import ApiError, Lobby
from matchmaker.server.messages import Refused, load_json, read_message
from matchmaker.server.quickplay import QuickDesk, QuickPlaySettings
from matchmaker.server.schema import protocol_schema
from matchmaker.server.storage import Storage
from matchmaker.server.table import Connection, Table, Timing

LOG = logging.getLogger("matchmaker.server")

#: The largest request body the API reads, in bytes.
MAX_BODY = 256 * 1024


def static_dir() -> Path:
    """The folder of the browser client."""
    return Path(str(resources.files("matchmaker.server").joinpath("static")))


def _error(exc: ApiError) -> JSONResponse:
    headers = {}
    if "retry_after" in exc.extra:
        headers["Retry-After"] = str(exc.extra["retry_after"])
    return JSONResponse(
        {"error": exc.code, "message": exc.message, **exc.extra},
        status_code=exc.status,
        headers=headers,
    )


def _account(request: Request) -> tuple[int, str] | None:
    """The signed-in person's account id and display name, or None for a guest."""
    session: Session | None = request.state.session
    return None if session is None else (session.account.id, session.account.name)


def _signed_in(request: Request) -> Session:
    """The request's checked session (ApiError 401 ``not_signed_in`` without one)."""
    session: Session | None = request.state.session
    if session is None:
        raise ApiError(401, "not_signed_in", "sign in first (no live session cookie came "
                       "with this request)")  # fmt: skip
    return session


def _set_session(request: Request, response: Response, token: str | None) -> None:
    """Give the browser its session cookie (or, with None, take it away)."""
    secure = request.url.scheme == "https"
    if token is None:
        response.delete_cookie(COOKIE, path="/", secure=secure, httponly=True, samesite="lax")
    else:
        response.set_cookie(COOKIE, token, max_age=int(SESSION_LIFE.total_seconds()), path="/",
                            secure=secure, httponly=True, samesite="lax")  # fmt: skip


async def _body(request: Request) -> Any:
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise ApiError(413, "too_large", f"request bodies are at most {MAX_BODY} bytes")
    try:
        return load_json(bytes(raw), "the request body")
    except Refused as exc:
        raise ApiError(400, exc.code, exc.message) from None


#: What an HTTP status the router answers by itself means, as the protocol's error codes.
_HTTP_CODES = {
    404: ("not_found", "there is nothing at this address"),
    405: ("method_not_allowed", "this address does not answer this method"),
}

_NOT_FOUND_PAGE = (
    "<!doctype html><html lang=en><head><meta charset=utf-8>"
    "<meta name=viewport content='width=device-width, initial-scale=1'>"
    "<title>Not found · matchmaker</title><link rel=icon href=/favicon.ico type=image/svg+xml>"
    "<link rel=stylesheet href=/static/style.css></head><body>"
    "<header class=topbar><a href=/ class=home>matchmaker</a></header>"
    "<main class=narrow><section class=panel><h1>Nothing here</h1>"
    "<p>There is no page at this address. <a href='/'>Go to the lobby</a>.</p>"
    "</section></main></body></html>"
)


async def _http_error(request: Request, exc: Exception) -> Response:
    """The router's own refusals (no such address, wrong method) as protocol errors: JSON,
    or a short page for a browser asking for a page outside the API."""
    assert isinstance(exc, HTTPException)
    code, message = _HTTP_CODES.get(exc.status_code, ("bad_request", str(exc.detail)))
    if exc.status_code == 405:
        allowed = (exc.headers or {}).get("Allow", "")
        message += f": {request.method} (it answers {allowed or 'no method'})"
    wants_page = "text/html" in request.headers.get("accept", "")
    if exc.status_code == 404 and wants_page and not request.url.path.startswith("/api/"):
        return HTMLResponse(_NOT_FOUND_PAGE, status_code=404)
    return JSONResponse(
        {"error": code, "message": message}, status_code=exc.status_code, headers=exc.headers
    )


def create_app(
    data: Path,
    timing: Timing | None = None,
    *,
    plugin_bots: bool = False,
    analysis: AnalysisSettings | None = None,
    accounts: AccountSettings | None = None,
    quickplay: QuickPlaySettings | None = None,
) -> Starlette:
    """The app serving tables stored under ``data``; ``accounts`` bounds failed sign-ins,
    ``quickplay`` sets quick play's waits."""
    lobby = Lobby(data, timing or Timing(), plugin_bots=plugin_bots, analysis=analysis)
    people = Accounts(lobby.storage, accounts)
    desk = QuickDesk(lobby, quickplay)

    def api(handler: Any) -> Any:
        async def endpoint(request: Request) -> Response:
            request.state.cookie = None
            try:
                if request.method == "POST":
                    request.state.session = people.checked_session(request)
                else:
                    request.state.session = people.session(request)
                status, payload = await handler(request)
            except ApiError as exc:
                return _error(exc)
            except Exception as exc:  # a defect: answered in JSON, told in one log line
                LOG.error("%s %s failed: %s: %s", request.method, request.url.path,
                          type(exc).__name__, exc)  # fmt: skip
                LOG.debug("the failure in full", exc_info=True)
                failed = "the server could not carry this out; nothing changed"
                return JSONResponse({"error": "server_error", "message": failed}, status_code=500)
            response = JSONResponse(payload, status_code=status)
            if request.state.cookie is not None:
                _set_session(request, response, request.state.cookie or None)
            return response

        return endpoint

    async def games(request: Request) -> tuple[int, Any]:
        return 200, lobby.games()

    async def schema(request: Request) -> tuple[int, Any]:
        return 200, protocol_schema()

    async def create_table(request: Request) -> tuple[int, Any]:
        made = lobby.create(await _body(request), request.state.session is not None)
        await lobby.stored(made["table"])
        return 201, made

    async def table_summary(request: Request) -> tuple[int, Any]:
        return 200, (await lobby.settled_table(request.path_params["table"])).summary()

    async def join(request: Request) -> tuple[int, Any]:
        table_id = request.path_params["table"]
        seat = lobby.join(table_id, await _body(request), _account(request))
        await lobby.stored(table_id)
        return 200, seat

    async def open_tables(request: Request) -> tuple[int, Any]:
        return 200, lobby.open_tables()

    async def sit(request: Request) -> tuple[int, Any]:
        table_id = request.path_params["table"]
        seat = lobby.sit(table_id, await _body(request), _account(request))
        await lobby.stored(table_id)
        return 200, seat

    async def quick_ask(request: Request) -> tuple[int, Any]:
        state = desk.ask(await _body(request), _account(request))
        return await _quick_answer(201, state)

    async def quick_status(request: Request) -> tuple[int, Any]:
        return await _quick_answer(200, *desk.status(await _body(request)))

    async def quick_bots(request: Request) -> tuple[int, Any]:
        return await _quick_answer(200, *desk.bots(await _body(request)))

    async def quick_leave(request: Request) -> tuple[int, Any]:
        return 200, desk.leave(await _body(request))

    async def _quick_answer(
        status: int, state: dict[str, Any], table: str | None = None
    ) -> tuple[int, Any]:
        """A quick-play state, once the table it seats the person at is stored."""
        table = table if table is not None else state.get("table")
        if table is not None:
            await lobby.stored(table)
        return status, state

    async def reclaim(request: Request) -> tuple[int, Any]:
        table_id = request.path_params["table"]
        session = _signed_in(request)
        seat = lobby.reclaim(table_id, await _body(request), session.account.id)
        await lobby.stored(table_id)
        return 200, seat

    def _refuse_other_sites(request: Request) -> None:
        if cross_site(request):
            raise ApiError(403, "csrf", "a page of another site may not sign anyone in or up")

    async def signup(request: Request) -> tuple[int, Any]:
        _refuse_other_sites(request)
        address = request.client.host if request.client else "unknown"
        body = await _body(request)
        session, token = await people.signup(body, address, request.state.session)
        request.state.cookie = token
        return 201, account_answer(session.account, session.csrf)

    async def signin(request: Request) -> tuple[int, Any]:
        _refuse_other_sites(request)
        address = request.client.host if request.client else "unknown"
        session, token = await people.signin(await _body(request), address, request.state.session)
        request.state.cookie = token
        return 200, account_answer(session.account, session.csrf)

    async def signout(request: Request) -> tuple[int, Any]:
        ended = await people.signout(_signed_in(request))
        request.state.cookie = ""
        return 200, {"sessions": ended}

    async def signout_everywhere(request: Request) -> tuple[int, Any]:
        ended = await people.signout_everywhere(_signed_in(request))
        request.state.cookie = ""
        return 200, {"sessions": ended}

    async def account(request: Request) -> tuple[int, Any]:
        session = _signed_in(request)
        return 200, account_answer(session.account, session.csrf)

    async def rename(request: Request) -> tuple[int, Any]:
        session = _signed_in(request)
        renamed = await people.rename(session, await _body(request))
        return 200, account_answer(renamed, session.csrf)

    async def account_seats(request: Request) -> tuple[int, Any]:
        return 200, lobby.account_seats(_signed_in(request).account.id)

    async def seat_link(request: Request) -> tuple[int, Any]:
        table_id = request.path_params["table"]
        link = lobby.seat_link(table_id, await _body(request))
        await lobby.stored(table_id)
        return 200, link

    async def recover(request: Request) -> tuple[int, Any]:
        table_id = request.path_params["table"]
        seat = lobby.recover(table_id, await _body(request))
        await lobby.stored(table_id)
        return 200, seat

    async def finished(request: Request) -> tuple[int, Any]:
        return 200, lobby.finished(request.query_params.get("before"))

    async def replay(request: Request) -> tuple[int, Any]:
        table_id = request.path_params["table"]
        await lobby.settled_table(table_id)
        return 200, lobby.replay(table_id, request.query_params.get("seat"))

    async def review(request: Request) -> tuple[int, Any]:
        table_id = request.path_params["table"]
        await lobby.settled_table(table_id)
        return lobby.review(table_id)

    async def record(request: Request) -> tuple[int, Any]:
        table_id = request.path_params["table"]
        await lobby.settled_table(table_id)
        return 200, lobby.finished_table(table_id).record()

    async def leaderboard(request: Request) -> tuple[int, Any]:
        game = request.path_params["game"]
        return 200, lobby.leaderboard(game, request.query_params.get("min_games"))

    async def profile(request: Request) -> tuple[int, Any]:
        return 200, lobby.profile(request.path_params["username"])

    async def page(request: Request) -> Response:
        return FileResponse(static_dir() / "index.html")

    async def favicon(request: Request) -> Response:
        return FileResponse(static_dir() / "favicon.svg", media_type="image/svg+xml")

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        await serve_socket(lobby, websocket)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby.start()
        yield
        await lobby.stop()

    routes = [
        Route("/", page),
        Route("/table/{table}", page),
        Route("/replay/{table}", page),
        Route("/players/{username}", page),
        Route("/favicon.ico", favicon),
        Route("/api/games", api(games)),
        Route("/api/schema", api(schema)),
        Route("/api/tables", api(create_table), methods=["POST"]),
        Route("/api/tables/{table}", api(table_summary)),
        Route("/api/tables/{table}/join", api(join), methods=["POST"]),
        Route("/api/tables/{table}/sit", api(sit), methods=["POST"]),
        Route("/api/open", api(open_tables)),
        Route("/api/quickplay", api(quick_ask), methods=["POST"]),
        Route("/api/quickplay/status", api(quick_status), methods=["POST"]),
        Route("/api/quickplay/bots", api(quick_bots), methods=["POST"]),
        Route("/api/quickplay/leave", api(quick_leave), methods=["POST"]),
        Route("/api/tables/{table}/seat-link", api(seat_link), methods=["POST"]),
        Route("/api/tables/{table}/recover", api(recover), methods=["POST"]),
        Route("/api/tables/{table}/reclaim", api(reclaim), methods=["POST"]),
        Route("/api/account", api(account)),
        Route("/api/account/signup", api(signup), methods=["POST"]),
        Route("/api/account/signin", api(signin), methods=["POST"]),
        Route("/api/account/signout", api(signout), methods=["POST"]),
        Route("/api/account/signout-everywhere", api(signout_everywhere), methods=["POST"]),
        Route("/api/account/name", api(rename), methods=["POST"]),
        Route("/api/account/seats", api(account_seats)),
        Route("/api/tables/{table}/replay", api(replay)),
        Route("/api/tables/{table}/record", api(record)),
        Route("/api/tables/{table}/review", api(review)),
        Route("/api/finished", api(finished)),
        Route("/api/leaderboard/{game}", api(leaderboard)),
        Route("/api/players/{username}", api(profile)),
        WebSocketRoute("/ws/{table}", socket),
        Mount("/static", StaticFiles(directory=static_dir()), name="static"),
    ]
    app = Starlette(
        routes=routes, lifespan=lifespan, exception_handlers={HTTPException: _http_error}
    )
    app.state.lobby = lobby
    app.state.accounts = people
    app.state.quickplay = desk
    return app


async def serve_socket(lobby: Lobby, websocket: WebSocket) -> None:
    """One WebSocket: read intents, answer errors, and write the table's messages."""
    conn = Connection(seat=None)
    writer = asyncio.create_task(_write(websocket, conn, lobby.storage))
    table: Table | None = None
    try:
        try:
            table = lobby.table(websocket.path_params["table"])
        except ApiError as exc:
            conn.send({"type": "error", "code": exc.code, "message": exc.message, "about": None})
            conn.outbox.put_nowait(None)
            await writer
            await websocket.close(code=4404)
            return
        table_id = table.id
        hello = False
        while True:
            raw = await websocket.receive()
            if raw["type"] == "websocket.disconnect":
                break
            table = lobby.tables.get(table_id, table)  # a table rebuilt after a lost write
            text: str | bytes = raw.get("text") or raw.get("bytes") or b""
            about = None
            try:
                message = read_message(text)
                about = message["type"]
                if about == "ping":
                    conn.send({"type": "pong"})
                elif about == "hello":
                    if hello:
                        raise Refused("bad_field", "hello was already said on this connection")
                    conn.seat = _hello_seat(table, message)
                    hello = True
                    table.connect(conn)
                elif not hello:
                    raise Refused("hello_first", "say hello (with a token, or spectate) first")
                else:
                    _intent(lobby, table, conn, message)
            except Refused as exc:
                conn.send({"type": "error", "code": exc.code, "message": exc.message,
                           "about": about})  # fmt: skip
            except Exception:
                LOG.exception("table %s: a %s message failed", table.id, about)
                failed = "the server could not carry this out; nothing changed"
                conn.send({"type": "error", "code": "server_error", "message": failed,
                           "about": about})  # fmt: skip
    except WebSocketDisconnect:
        pass
    finally:
        if table is not None:
            table.disconnect(conn)
        conn.outbox.put_nowait(None)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


def _hello_seat(table: Table, message: dict[str, Any]) -> int | None:
    if message.get("spectate") is True and "token" not in message:
        return None
    return table.seat_of_token(message.get("token"))


def _intent(lobby: Lobby, table: Table, conn: Connection, message: dict[str, Any]) -> None:
    """Carry out an intent from a seated connection (Refused with the reason otherwise)."""
    if conn.seat is None:
        raise Refused("bad_token", "spectators watch; they cannot act, chat, claim or ask for "
                      "hints")  # fmt: skip
    seat = table.seat_of_token(message["token"])
    if seat != conn.seat:
        raise Refused("bad_token", "this token is not the one this connection said hello with")
    kind = message["type"]
    if kind == "act":
        action = message["action"]
        table.act(seat, action["name"], action.get("arg"), message.get("seq"))
    elif kind == "chat":
        table.say(seat, message["text"])
    elif kind == "claim":
        table.claim(seat, message["value"])
    elif kind == "back":
        table.come_back(seat)
    elif kind == "ready":
        table.ready(seat)
    elif kind == "hint":
        table.hint(conn, seat)
    elif kind == "rematch":
        if not table.state.is_over:
            raise Refused("not_over", "a rematch starts once the game is over")
        new = lobby.rematch(table)
        for other in table.connections:
            other.send({"type": "rematch", "table": new.id}, new)


async def _write(websocket: WebSocket, conn: Connection, storage: Storage) -> None:
    """Send a connection's messages in order, each once the writes it tells of are durable
    (a message of a table that was rebuilt meanwhile is dropped)."""
    while True:
        item = await conn.outbox.get()
        if item is None:
            if conn.close_code is not None:
                with contextlib.suppress(Exception):
                    await websocket.close(code=conn.close_code)
            return
        if item.batch > storage.durable:
            await storage.settled(item.batch)
        if item.source is not None and item.source.defunct:
            continue
        await websocket.send_text(json.dumps(item.message))
