"""The web protocol as a JSON Schema (draft 2020-12): every message both ways, the HTTP
answers, and each game's view, made from the view classes themselves.

``docs/protocol.schema.json`` and the view tables of ``docs/views.md`` are written from this
module (``python -m matchmaker.server.schema``), the server answers it at ``GET /api/schema``,
and the tests check real messages against it, so the schema cannot drift from the server.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
import types
import typing
from typing import Any

from matchmaker.games.clecanian.view import FIELDS as CLECANIAN_FIELDS
from matchmaker.games.clecanian.view import ClecanianView
from matchmaker.games.purrfect.view import FIELDS as PURRFECT_FIELDS
from matchmaker.games.purrfect.view import PurrfectView

#: Each game's view class and what its fields hold.
VIEWS: dict[str, tuple[type, dict[str, str]]] = {
    "clecanian": (ClecanianView, CLECANIAN_FIELDS),
    "purrfect": (PurrfectView, PURRFECT_FIELDS),
}

INTEGER: dict[str, Any] = {"type": "integer"}
STRING: dict[str, Any] = {"type": "string"}
BOOLEAN: dict[str, Any] = {"type": "boolean"}
NULL: dict[str, Any] = {"type": "null"}
ANY_OBJECT: dict[str, Any] = {"type": "object"}
#: A rating as leaderboards and profiles answer it.
RATING: dict[str, Any] = {
    "mu": {"type": "number"},
    "sigma": {"type": "number"},
    "ordinal": {"type": "number"},
    "games": INTEGER,
    "wins": INTEGER,
}


def maybe(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or null."""
    return {"anyOf": [schema, NULL]}


#: One option of ``GET /api/games`` as the lobby offers it.
OPTION_HELP: dict[str, Any] = {
    "type": "object",
    "properties": {
        "label": STRING,
        "help": STRING,
        "control": {"enum": ["checkbox", "number", "choice", "text"]},
        "min": maybe(INTEGER),
        "max": maybe(INTEGER),
        "choices": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"value": {}, "label": STRING, "min_players": maybe(INTEGER)},
                "required": ["value", "label", "min_players"],
                "additionalProperties": False,
            },
        },
        "advanced": BOOLEAN,
    },
    "required": ["label", "help", "control", "min", "max", "choices", "advanced"],
    "additionalProperties": False,
}


NUMBER: dict[str, Any] = {"type": "number"}

#: One reviewed decision (docs/review.md): the fields every review gives; a later review may
#: add fields.
DECISION_REVIEW: dict[str, Any] = {
    "type": "object",
    "properties": {
        "index": INTEGER,
        "event": INTEGER,
        "seat": INTEGER,
        "action": STRING,
        "best": STRING,
        "loss": {"type": "number", "minimum": 0},
        "mark": {"enum": ["best", "good", "inaccuracy", "mistake", "blunder"]},
        "why": STRING,
        "values": {"type": "object", "additionalProperties": NUMBER},
        "worlds": INTEGER,
    },
    "required": ["index", "event", "seat", "action", "best", "loss", "mark", "why", "values"],
}

#: One seat's review (docs/review.md).
SEAT_REVIEW: dict[str, Any] = {
    "type": "object",
    "properties": {
        "seat": INTEGER,
        "accuracy": {"type": "number", "minimum": 0, "maximum": 1},
        "mean_loss": {"type": "number", "minimum": 0},
        "luck": {"anyOf": [NUMBER, NULL]},
        "decisions": {"type": "array", "items": DECISION_REVIEW},
    },
    "required": ["seat", "accuracy", "mean_loss", "luck", "decisions"],
    "additionalProperties": False,
}


def array(items: dict[str, Any]) -> dict[str, Any]:
    """An array of ``items``."""
    return {"type": "array", "items": items}


def ref(name: str) -> dict[str, Any]:
    """A reference to one of the schema's definitions."""
    return {"$ref": f"#/$defs/{name}"}


def obj(
    properties: dict[str, dict[str, Any]], optional: tuple[str, ...] = (), description: str = ""
) -> dict[str, Any]:
    """An object with exactly these properties (all required but ``optional``)."""
    out: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }
    if description:
        out["description"] = description
    return out


def message(kind: str, description: str, optional: tuple[str, ...] = (), **fields: Any) -> Any:
    """A WebSocket message of ``type`` ``kind``."""
    return obj({"type": {"const": kind}, **fields}, optional, description)


# ----------------------------------------------------------------------------------- views
def json_of(hint: Any) -> dict[str, Any]:
    """The JSON Schema of a view field's Python type (tuples are arrays, enums strings)."""
    if hint is int:
        return dict(INTEGER)
    if hint is bool:
        return dict(BOOLEAN)
    if hint is str:
        return dict(STRING)
    if hint is float:
        return {"type": "number"}
    if hint is type(None):
        return dict(NULL)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return {"type": "string", "enum": [member.value for member in hint]}
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return {"anyOf": [json_of(arg) for arg in args]}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return array(json_of(args[0]))
        items = [json_of(arg) for arg in args]
        return {
            "type": "array",
            "prefixItems": items,
            "minItems": len(items),
            "maxItems": len(items),
        }
    raise TypeError(f"no JSON form for the view field type {hint!r}")


def view_schema(game: str) -> dict[str, Any]:
    """The schema of one game's view: every field, its type and what it holds."""
    cls, docs = VIEWS[game]
    hints = typing.get_type_hints(cls)
    properties = {}
    for item in dataclasses.fields(cls):
        schema = json_of(hints[item.name])
        schema["description"] = docs[item.name]
        properties[item.name] = schema
    return obj(properties, description=f"What one seat knows of a {game} game (docs/views.md).")


def view_changes_schema(game: str) -> dict[str, Any]:
    """The schema of an ``update``'s ``changed``: any of the view's fields, with new values."""
    view = view_schema(game)
    return obj(
        view["properties"],
        tuple(view["properties"]),
        f"Fields of a {game} view that changed, with their new values.",
    )


def view_appends_schema(game: str) -> dict[str, Any]:
    """The schema of an ``update``'s ``appended``: any array field of the view, with the items
    added at its end."""
    view = view_schema(game)
    arrays = {
        name: field
        for name, field in view["properties"].items()
        if "array" in [field.get("type"), *(f.get("type") for f in field.get("anyOf", []))]
    }
    return obj(arrays, tuple(arrays), f"Array fields of a {game} view that grew at the end.")


def json_type_words(schema: dict[str, Any]) -> str:
    """A view field's JSON type in words, for docs/views.md."""
    if "anyOf" in schema:
        return " or ".join(json_type_words(option) for option in schema["anyOf"])
    if "enum" in schema:
        return "one of " + ", ".join(f'"{v}"' for v in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        if "prefixItems" in schema:
            inner = ", ".join(json_type_words(s) for s in schema["prefixItems"])
            return f"[{inner}]"
        return f"array of ({json_type_words(schema['items'])})"
    return {
        "integer": "integer",
        "string": "string",
        "boolean": "boolean",
        "null": "null",
        "number": "number",
    }[str(kind)]


def views_markdown() -> str:
    """docs/views.md: the fields of each game's view, their JSON types and meanings."""
    lines = [
        "# Views",
        "",
        "What one seat (or a spectator) knows of a game, as the `view` of a `state` message and",
        "of a replay frame carries it (`docs/protocol.md`). Made from the view classes by",
        "`python -m matchmaker.server.schema --views` (a test keeps this page current); the",
        "JSON Schema `docs/protocol.schema.json` says the same for programs.",
        "",
    ]
    for game, title in (("clecanian", "Clecanian Golf"), ("purrfect", "Purrfect Match")):
        lines += [
            f"## {title} (`{game}`)",
            "",
            "| field | JSON type | what it holds |",
            "|---|---|---|",
        ]
        for name, schema in view_schema(game)["properties"].items():
            lines.append(f"| `{name}` | {json_type_words(schema)} | {schema['description']} |")
        lines.append("")
    return "\n".join(lines)


# -------------------------------------------------------------------------------- messages
def definitions() -> dict[str, Any]:
    """Every shared part of the protocol's messages."""
    seat = {"type": "integer", "minimum": 0}
    actor = {"type": "integer", "minimum": -2, "description": "a seat, -1 chance, -2 over"}
    seat_state = obj(
        {
            "seat": seat,
            "kind": {"enum": ["human", "bot"]},
            "name": STRING,
            "label": STRING,
            "joined": BOOLEAN,
            "connected": BOOLEAN,
            "away": BOOLEAN,
        },
        description="A seat as the table shows it (the summary's seats).",
    )
    card = obj(
        {
            "code": STRING,
            "name": STRING,
            "speech": STRING,
            "points": maybe(INTEGER),
            "character": maybe(STRING),
            "sex": maybe(STRING),
            "joker": BOOLEAN,
            "rank": maybe(STRING),
            "suit": maybe(STRING),
            "red": BOOLEAN,
        },
        description="A Clecanian Golf card as people read it.",
    )
    summary = obj(
        {
            "id": STRING,
            "game": {"enum": list(VIEWS)},
            "title": STRING,
            "options": ANY_OBJECT,
            "players": INTEGER,
            "timer": maybe({"type": "number"}),
            "seats": array(ref("seat")),
            "status": {"enum": ["waiting", "playing", "over"]},
            "seq": INTEGER,
            "rematch": maybe(STRING),
            "previous": maybe(STRING),
            "created": STRING,
            "practice": BOOLEAN,
            "rated": BOOLEAN,
            "public": BOOLEAN,
            "deck": ANY_OBJECT,
            "cards": array(ref("card")),
            "places": array(STRING),
            "rules": array(obj({"title": STRING, "lines": array(STRING)})),
        },
        optional=("deck", "cards", "places"),
        description="The public summary of a table; deck, cards and places: Clecanian Golf only.",
    )
    event = {
        "type": "object",
        "description": "A record event as the receiving seat may see it (hidden fields null).",
    }
    told = obj({"seq": INTEGER, "actor": actor, "event": event, "lines": array(STRING)})
    kept = obj(
        {"seq": INTEGER, "actor": actor, "lines": array(STRING)},
        description="An event of the kept log (a run of chance outcomes: one entry, at the seq "
        "of its last outcome) and the lines it told the receiving seat.",
    )
    pause = obj(
        {
            "reason": {"enum": ["round_over"]},
            "round": INTEGER,
            "seconds": {"type": "number", "minimum": 0},
            "waiting": array(seat),
        },
        description="The round-end hold: the round that ended (from 0), the seconds left, the "
        "seats of the people connected who have not sent ready.",
    )
    legal = obj(
        {
            "name": STRING,
            "arg": {"type": ["integer", "string", "null"]},
            "label": STRING,
            "help": STRING,
        }
    )
    chat = obj(
        {
            "n": INTEGER,
            "seat": maybe(seat),
            "name": STRING,
            "kind": {"enum": ["chat", "claim"]},
            "text": STRING,
            "value": maybe(INTEGER),
            "seq": INTEGER,
            "time": STRING,
        }
    )
    result = {
        "type": "object",
        "required": ["game", "finished", "scores", "winners"],
        "properties": {
            "game": STRING,
            "finished": {"const": True},
            "scores": array(INTEGER),
            "winners": array(seat),
        },
        "description": "As `matchmaker replay --json` prints it (more fields per game).",
    }
    view = {"anyOf": [ref("clecanian_view"), ref("purrfect_view")]}
    return {
        "seat": seat_state,
        "card": card,
        "summary": summary,
        "told": told,
        "log_entry": kept,
        "pause": pause,
        "legal": legal,
        "chat_line": chat,
        "result": result,
        "clecanian_view": view_schema("clecanian"),
        "purrfect_view": view_schema("purrfect"),
        "view": view,
        "clecanian_changed": view_changes_schema("clecanian"),
        "purrfect_changed": view_changes_schema("purrfect"),
        "clecanian_appended": view_appends_schema("clecanian"),
        "purrfect_appended": view_appends_schema("purrfect"),
        "action": obj({"name": STRING, "arg": {"type": ["integer", "string", "null"]}}, ("arg",)),
        "choice": obj(
            {"name": STRING, "arg": {"type": ["integer", "string", "null"]}, "label": STRING},
            description="A decision as the legal list gives it, without its help.",
        ),
    }


def client_messages() -> dict[str, Any]:
    """Every message a client may send."""
    token = {"type": "string"}
    return {
        "hello": message(
            "hello",
            "Sit at the token's seat, or watch.",
            ("token", "spectate"),
            token=token,
            spectate={"const": True},
        ),
        "act": message(
            "act",
            "Make a decision from the legal list.",
            ("seq",),
            token=token,
            action=ref("action"),
            seq=INTEGER,
        ),
        "chat": message(
            "chat",
            "Say something.",
            token=token,
            text={"type": "string", "minLength": 1, "maxLength": 300},
        ),
        "claim": message(
            "claim",
            "Purrfect Match: 'my candidate is a value'.",
            token=token,
            value={"type": "integer", "minimum": 1, "maximum": 10},
        ),
        "rematch": message("rematch", "A new deal with the same seats.", token=token),
        "back": message("back", "Take the seat back from the stand-in bot.", token=token),
        "ready": message("ready", "Done reading the round's scores (ends a hold).", token=token),
        "hint": message("hint", "At a practice table: advice on your decision.", token=token),
        "ping": message("ping", "Answered by pong."),
    }


def server_messages() -> dict[str, Any]:
    """Every message the server sends on a WebSocket."""
    seat = {"type": "integer", "minimum": 0}
    state: dict[str, Any] = {
        "seq": INTEGER,
        "to_act": {"type": "integer", "minimum": -2},
        "phase": STRING,
        "over": BOOLEAN,
        "view": ref("view"),
        "status": STRING,
        "legal": array(ref("legal")),
        "claim": maybe(obj({"values": array(INTEGER)})),
        "events": array(ref("told")),
        "result": maybe(ref("result")),
        "seats": array(ref("seat")),
        "timer": maybe(obj({"seat": seat, "seconds": {"type": "number"}})),
        "pause": maybe(ref("pause")),
    }
    return {
        "welcome": message(
            "welcome", "After a good hello.", seat=maybe(seat), table=ref("summary")
        ),
        "chat_history": message(
            "chat_history", "The chat so far.", messages=array(ref("chat_line"))
        ),
        "log": message(
            "log",
            "Every event so far with the lines it told this seat, before the first state.",
            entries=array(ref("log_entry")),
        ),
        "state": message("state", "The table as this seat sees it.", **state),
        "update": message(
            "update",
            "The next state, with what changed in the view instead of the whole view.",
            **{name: value for name, value in state.items() if name != "view"},
            changed={"anyOf": [ref("clecanian_changed"), ref("purrfect_changed")]},
            appended={"anyOf": [ref("clecanian_appended"), ref("purrfect_appended")]},
        ),
        "thinking": message("thinking", "A bot decides for this seat.", seat=seat),
        "chat": message("chat", "A chat line or a claim.", message=ref("chat_line")),
        "presence": message("presence", "Who is here.", seats=array(ref("seat"))),
        "rematch": message("rematch", "The game continues at this table.", table=STRING),
        "pong": message("pong", "The answer to ping."),
        "hint": message(
            "hint",
            "Advice on this seat's decision at a practice table, worked out from its view at "
            "seq: the best choice, and every choice best first.",
            seq=INTEGER,
            seat=seat,
            worlds={"type": "integer", "minimum": 1},
            best=ref("choice"),
            options=array(
                obj(
                    {
                        "name": STRING,
                        "arg": {"type": ["integer", "string", "null"]},
                        "label": STRING,
                        "value": {"type": "number"},
                        "behind": {"type": "number", "minimum": 0},
                        "within_noise": BOOLEAN,
                    }
                )
            ),
            why=STRING,
            lines=array(STRING),
        ),
        "error": message(
            "error",
            "A refused message; nothing changed.",
            code=STRING,
            message=STRING,
            about=maybe(STRING),
        ),
    }


#: A person's display name at a table, as a request gives it (null: none).
PERSON_NAME: dict[str, Any] = maybe({"type": "string", "maxLength": 24})


def http_answers() -> dict[str, Any]:
    """The answers of the HTTP endpoints."""
    return {
        "error": obj(
            {"error": STRING, "message": STRING, "retry_after": {"type": "integer", "minimum": 1}},
            optional=("retry_after",),
            description="Every refusal; retry_after (seconds) comes with 429 too_many_attempts.",
        ),
        "games": obj(
            {
                "games": array(
                    obj(
                        {
                            "id": STRING,
                            "title": STRING,
                            "description": STRING,
                            "players": obj({"min": INTEGER, "max": INTEGER, "default": INTEGER}),
                            "options": ANY_OBJECT,
                            "option_help": {
                                "type": "object",
                                "additionalProperties": OPTION_HELP,
                                "description": "Every key of options, as people choose it.",
                            },
                            "rules": array(obj({"title": STRING, "lines": array(STRING)})),
                            "bots": array(STRING),
                        }
                    )
                ),
                "bots": array(STRING),
                "bot_labels": {"type": "object", "additionalProperties": STRING},
                "bot_help": {"type": "object", "additionalProperties": STRING},
            }
        ),
        "created": obj(
            {
                "table": STRING,
                "invites": array(obj({"seat": INTEGER, "code": STRING, "url": STRING})),
                "spectate": STRING,
            }
        ),
        "joined": obj({"seat": INTEGER, "token": STRING}),
        "create_request": obj(
            {
                "game": STRING,
                "options": ANY_OBJECT,
                "seats": array(STRING),
                "timer": maybe({"type": "number", "minimum": 1, "maximum": 3600}),
                "names": array(PERSON_NAME),
                "practice": BOOLEAN,
                "rated": BOOLEAN,
                "public": BOOLEAN,
            },
            optional=("options", "seats", "timer", "names", "practice", "rated", "public"),
            description="The body of POST /api/tables.",
        ),
        "join_request": obj(
            {"invite": STRING, "name": PERSON_NAME},
            optional=("name",),
            description="The body of POST /api/tables/{table}/join.",
        ),
        "sit_request": obj(
            {"name": PERSON_NAME},
            optional=("name",),
            description="The body of POST /api/tables/{table}/sit (the answer is http_joined).",
        ),
        "open": obj(
            {
                "tables": array(
                    obj(
                        {
                            "id": STRING,
                            "game": STRING,
                            "title": STRING,
                            "players": INTEGER,
                            "options": ANY_OBJECT,
                            "timer": maybe(NUMBER),
                            "practice": BOOLEAN,
                            "rated": BOOLEAN,
                            "created": STRING,
                            "seats": array(
                                obj(
                                    {
                                        "seat": INTEGER,
                                        "kind": {"enum": ["human", "bot"]},
                                        "label": STRING,
                                        "taken": BOOLEAN,
                                    }
                                )
                            ),
                            "open": INTEGER,
                        }
                    )
                )
            },
            description="GET /api/open: the public tables waiting for a person, newest first.",
        ),
        "quickplay_request": obj(
            {
                "game": STRING,
                "players": INTEGER,
                "name": PERSON_NAME,
                "rated": BOOLEAN,
            },
            optional=("name", "rated"),
            description="The body of POST /api/quickplay.",
        ),
        "quickplay_ticket_request": obj(
            {"ticket": STRING, "bot": STRING},
            optional=("bot",),
            description="The body of POST /api/quickplay/status, /bots (with bot) and /leave.",
        ),
        "quickplay": {
            "description": "A quick-play ticket's state: waiting in its line, or seated.",
            "oneOf": [
                obj(
                    {
                        "state": {"const": "waiting"},
                        "ticket": STRING,
                        "game": STRING,
                        "players": INTEGER,
                        "rated": BOOLEAN,
                        "waited": NUMBER,
                        "window": maybe(NUMBER),
                        "bots_in": NUMBER,
                        "waiting": array(
                            obj(
                                {
                                    "name": maybe(STRING),
                                    "rating": NUMBER,
                                    "waited": NUMBER,
                                    "you": BOOLEAN,
                                }
                            )
                        ),
                    }
                ),
                obj(
                    {
                        "state": {"const": "seated"},
                        "ticket": STRING,
                        "table": STRING,
                        "seat": INTEGER,
                        "token": STRING,
                        "url": STRING,
                    }
                ),
            ],
        },
        "quickplay_left": obj({"left": {"const": True}}),
        "seat_link_request": obj(
            {"token": STRING}, description="The body of POST /api/tables/{table}/seat-link."
        ),
        "seat_link": obj(
            {"seat": INTEGER, "code": STRING, "url": STRING},
            description="A seat's one-time recovery code, and the address that carries it in "
            "its fragment.",
        ),
        "recover_request": obj(
            {"code": STRING}, description="The body of POST /api/tables/{table}/recover."
        ),
        "recovered": obj(
            {"seat": INTEGER, "token": STRING},
            description="The seat taken back, and its new token.",
        ),
        "reclaim_request": obj(
            {"seat": INTEGER}, description="The body of POST /api/tables/{table}/reclaim."
        ),
        "signup_request": obj(
            {
                "username": {"type": "string", "pattern": "^[A-Za-z0-9_-]{3,24}$"},
                "password": {"type": "string", "minLength": 8, "maxLength": 256},
                "name": {"type": "string", "minLength": 1, "maxLength": 24},
            },
            optional=("name",),
            description="The body of POST /api/account/signup.",
        ),
        "signin_request": obj(
            {"username": STRING, "password": {"type": "string", "maxLength": 256}},
            description="The body of POST /api/account/signin.",
        ),
        "name_request": obj(
            {"name": {"type": "string", "minLength": 1, "maxLength": 24}},
            description="The body of POST /api/account/name.",
        ),
        "account": obj(
            {"username": STRING, "name": STRING, "created": STRING, "csrf": STRING},
            description="The signed-in account (GET /api/account, sign-up, sign-in, name), with "
            "the session's CSRF token: the X-CSRF-Token of every POST made with the cookie.",
        ),
        "signed_out": obj(
            {"sessions": INTEGER},
            description="POST /api/account/signout and signout-everywhere: the sessions ended.",
        ),
        "account_seats": obj(
            {
                "seats": array(
                    obj(
                        {
                            "table": STRING,
                            "seat": INTEGER,
                            "game": STRING,
                            "title": STRING,
                            "created": STRING,
                        }
                    )
                )
            },
            description="GET /api/account/seats: the seats of unfinished tables that follow "
            "the account.",
        ),
        "summary": ref("summary"),
        "finished": obj(
            {
                "tables": array(
                    obj(
                        {
                            "id": STRING,
                            "game": STRING,
                            "title": STRING,
                            "players": INTEGER,
                            "seats": array(STRING),
                            "labels": array(STRING),
                            "scores": maybe(array(INTEGER)),
                            "winners": maybe(array(INTEGER)),
                            "stand_ins": array(INTEGER),
                            "finished": maybe(STRING),
                        }
                    )
                )
            }
        ),
        "replay": obj(
            {
                "table": ref("summary"),
                "seat": maybe(INTEGER),
                "frames": array(
                    obj(
                        {
                            "seq": INTEGER,
                            "actor": maybe(INTEGER),
                            "event": maybe({"type": "object"}),
                            "lines": array(STRING),
                            "status": STRING,
                            "view": ref("view"),
                        }
                    )
                ),
            }
        ),
        "leaderboard": obj(
            {
                "game": STRING,
                "min_games": INTEGER,
                "rows": array(
                    obj(
                        {
                            "rank": INTEGER,
                            "name": STRING,
                            "username": maybe(STRING),
                            "bot": maybe(STRING),
                            **RATING,
                        }
                    )
                ),
            },
            description="GET /api/leaderboard/{game}: the rated people and bots with at least "
            "min_games rated games, best ordinal first.",
        ),
        "player": obj(
            {
                "username": STRING,
                "name": STRING,
                "games": array(
                    obj(
                        {
                            "game": STRING,
                            "games": INTEGER,
                            "wins": INTEGER,
                            "mean_score": maybe({"type": "number"}),
                            "rating": obj(RATING),
                            "history": array(
                                obj(
                                    {
                                        "table": STRING,
                                        "mu": NUMBER,
                                        "sigma": NUMBER,
                                        "ordinal": NUMBER,
                                        "at": STRING,
                                    }
                                )
                            ),
                            "recent": array(
                                obj(
                                    {
                                        "table": STRING,
                                        "finished": maybe(STRING),
                                        "score": INTEGER,
                                        "rank": INTEGER,
                                        "replay": STRING,
                                    }
                                )
                            ),
                        }
                    )
                ),
            },
            description="GET /api/players/{username}: a person's public profile, their rated "
            "games only.",
        ),
        "record": {"type": "object", "description": "A game record (docs/records.md)."},
        "review": {
            "description": "GET /api/tables/{table}/review: a finished game's review, ready "
            "(every seat's, as docs/review.md gives it), pending (being made) or failed.",
            "oneOf": [
                obj({"status": {"const": "ready"}, "worlds": INTEGER, "seats": array(SEAT_REVIEW)}),
                obj({"status": {"const": "pending"}}),
                obj({"status": {"const": "failed"}, "message": STRING}),
            ],
        },
    }


def protocol_schema() -> dict[str, Any]:
    """The whole protocol: ``client`` messages, ``server`` messages, ``http`` answers."""
    defs = definitions()
    for group, items in (
        ("client", client_messages()),
        ("server", server_messages()),
        ("http", http_answers()),
    ):
        for name, schema in items.items():
            defs[f"{group}_{name}"] = schema
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://matchmaker.invalid/protocol.schema.json",
        "title": "matchmaker web protocol (docs/protocol.md)",
        "description": "Use #/$defs/client_TYPE for what a client sends, #/$defs/server_TYPE "
        "for what the server sends on a WebSocket, #/$defs/http_NAME for HTTP answers.",
        "$defs": defs,
    }


def schema_text() -> str:
    """``protocol_schema`` as the text of docs/protocol.schema.json."""
    return json.dumps(protocol_schema(), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Print the schema (or, with ``--views``, docs/views.md)."""
    sys.stdout.write(views_markdown() if "--views" in argv else schema_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
