"""Load benchmark of the web app: many tables at once over real WebSockets.

    .venv/bin/python tools/web_load.py --tables 10 50 100 200 --seconds 20 [--busy]
        [--fsync-delay-ms 2.5]

For each table count, starts ``matchmaker serve`` (bots without pauses) on a free port, creates
that many Clecanian Golf tables of one person and two ``medium`` bots, and plays the person's
seat at every table from one client process with asyncio, a random legal decision as soon as
one is offered. The latency of an event is the time from sending a decision to receiving the
state that holds it; it includes the bots' replies being computed on the same server, so it is
what a person feels. Prints a markdown table for docs/performance.md.

``--busy`` runs a CPU-bound process beside it (the machine's other core busy). The server runs
with ``tools/fsync_meter.c`` preloaded (compiled with ``cc`` when there is one): it counts the
server's ``fsync``/``fdatasync`` calls and the wall time spent in them, and with
``--fsync-delay-ms`` makes each of them that much slower, as on a disk whose syncs take longer
than this machine's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON, read JSON."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=60) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


def fsync_meter(folder: Path) -> Path | None:
    """``tools/fsync_meter.c`` built as a shared library in ``folder`` (None without ``cc``)."""
    compiler = shutil.which("cc")
    if compiler is None:
        return None
    library = folder / "fsync_meter.so"
    source = Path(__file__).with_name("fsync_meter.c")
    subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", str(library), str(source), "-ldl"],
                   check=True)  # fmt: skip
    return library


def start_server(
    data: Path, port: int, meter: Path | None, delay_ms: float
) -> subprocess.Popen[bytes]:
    """``matchmaker serve`` with bots that do not pause (and the sync meter preloaded, its
    report in ``data/fsync.txt``); waits until it answers."""
    command = [
        sys.executable, "-m", "matchmaker", "serve", "--port", str(port), "--data", str(data),
        "--bot-pause", "0",
    ]  # fmt: skip
    env = dict(os.environ)
    if meter is not None:
        env["LD_PRELOAD"] = str(meter)
        env["FSYNC_METER_REPORT"] = str(data / "fsync.txt")
        env["FSYNC_METER_DELAY_US"] = str(round(delay_ms * 1000))
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


async def play_seat(
    ws_url: str, table: str, token: str, seconds: float, latencies: list[float], seed: int
) -> tuple[int, int]:
    """Play one seat with random decisions for ``seconds``; (games finished, events the
    tables it sat at reached)."""
    rng = random.Random(seed)
    finished = 0
    events = 0
    deadline = time.monotonic() + seconds
    async with connect(f"{ws_url}/ws/{table}", max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        acted_seq = -1
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
            except TimeoutError:
                break
            message = json.loads(text)
            if message["type"] == "rematch":
                table = message["table"]
                break
            if message["type"] not in ("state", "update"):
                continue
            events = max(events, message["seq"])
            if sent_at is not None and message["seq"] > acted_seq:
                latencies.append(time.monotonic() - sent_at)
                sent_at = None
            if message["over"]:
                finished += 1
                await ws.send(json.dumps({"type": "rematch", "token": token}))
                continue
            if message["legal"] and message["seq"] != acted_seq:
                choice = rng.choice(message["legal"])
                acted_seq = message["seq"]
                sent_at = time.monotonic()
                await ws.send(json.dumps({
                    "type": "act", "token": token, "seq": message["seq"],
                    "action": {"name": choice["name"], "arg": choice["arg"]},
                }))  # fmt: skip
    if time.monotonic() < deadline:
        more, later = await play_seat(ws_url, table, token, deadline - time.monotonic(),
                                      latencies, seed + 1)  # fmt: skip
        finished += more
        events += later
    return finished, events


async def run(base: str, ws_url: str, tables: int, seconds: float) -> tuple[list[float], int, int]:
    """Create the tables, play them all at once; (latencies, games finished, events)."""
    seats = []
    for n in range(tables):
        made = post(f"{base}/api/tables", {
            "game": "clecanian", "options": {"players": 3, "rounds": 1},
            "seats": ["human", "medium", "medium"],
        })  # fmt: skip
        code = made["invites"][0]["code"]
        joined = post(f"{base}/api/tables/{made['table']}/join", {"invite": code, "name": f"L{n}"})
        seats.append((made["table"], joined["token"]))
    latencies: list[float] = []
    done = await asyncio.gather(
        *(play_seat(ws_url, t, tok, seconds, latencies, i) for i, (t, tok) in enumerate(seats))
    )
    return latencies, sum(d[0] for d in done), sum(d[1] for d in done)


def main() -> None:
    """Print the load table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 100])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--busy", action="store_true", help="keep the other core busy")
    parser.add_argument("--fsync-delay-ms", type=float, default=0.0,
                        help="make each fsync of the server this much slower")  # fmt: skip
    args = parser.parse_args()
    if args.fsync_delay_ms and shutil.which("cc") is None:
        parser.error("--fsync-delay-ms needs a C compiler (cc) to build tools/fsync_meter.c")
    print("| tables at once | decisions answered | games finished | events/s | p50 latency | "
          "p99 latency | syncs per event | time in syncs |")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    hog = None
    if args.busy:
        hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        for count in args.tables:
            with tempfile.TemporaryDirectory() as folder:
                data = Path(folder)
                meter = fsync_meter(data)
                port = free_port()
                server = start_server(data, port, meter, args.fsync_delay_ms)
                try:
                    latencies, games, events = asyncio.run(
                        run(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", count,
                            args.seconds)
                    )  # fmt: skip
                finally:
                    server.send_signal(signal.SIGINT)  # a clean stop: the meter reports
                    server.wait()
                report = data / "fsync.txt"
                if report.exists():
                    calls, seconds = report.read_text().split()
                    syncs = f"{int(calls) / max(events, 1):.2f} | {float(seconds):.1f} s"
                else:
                    syncs = "n/a | n/a"
            cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
            print(
                f"| {count} | {len(latencies)} | {games} | {events / args.seconds:.0f} | "
                f"{cuts[49] * 1000:.1f} ms | {cuts[98] * 1000:.1f} ms | {syncs} |",
                flush=True,
            )
    finally:
        if hog is not None:
            hog.kill()


if __name__ == "__main__":
    main()
