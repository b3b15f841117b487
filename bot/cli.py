"""`darbar`: run the bot, the offline sandbox, the benchmark, or an admin tool
(list, export, import, replay, undo, abort, backup, migrate, ratings)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable

from dotenv import load_dotenv

from bot.memory import limit_arenas


def _count(text: str) -> int:
    """A game number or a count of steps: a whole number from 1."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{number} is not allowed: it counts from 1")
    return number


GAME_HELP = "the game's number, as `darbar list` shows it (#12 is 12)"


def parser() -> argparse.ArgumentParser:
    """The whole command line: every subcommand, every argument with its help."""
    from db import STATUSES

    parser = argparse.ArgumentParser(prog="darbar", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", metavar="COMMAND",
                                help="what to do (default: run); `darbar COMMAND --help` "
                                "describes each")
    sub.add_parser("run", help="run the Discord bot (the sandbox when DISCORD_TOKEN is unset)")
    sb = sub.add_parser("sandbox", help="play offline in the terminal")
    sb.add_argument("--images", default=None,
                    help="folder for board images (default: sandbox_images in the data folder)")
    sb.add_argument("--channel", default="table", help="channel to start in")
    sb.add_argument("--user", default="ravi", help="whose name you play under at the start")
    bench = sub.add_parser("bench", help="load figures: moves/s, p50/p99 latency, peak memory "
                           "with stored games, on SQLite and PostgreSQL")
    bench.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both",
                       help="which databases to measure (default: both)")
    bench.add_argument("--stored", type=int, default=1000, help="games stored before the load")
    bench.add_argument("--channels", type=int, default=50, help="channels playing at once")
    bench.add_argument("--moves", type=int, default=2000, help="moves per run, in total")
    bench.add_argument("--procs", default=None, help="worker processes, e.g. 2 or 1,2 (default "
                       "runs: 2 at 105 moves/s, 2 and 1 flat out)")
    bench.add_argument("--rate", default=None, help="moves/s offered in total, 0 = flat out; "
                       "e.g. 105,0 (a run for each with each --procs)")
    bench.add_argument("--quick", action="store_true", help="the load figures, and the Discord "
                       "and click figures at a small size")
    bench.add_argument("--only", default=None, help="some sections: engine, undo, move (a "
                       "typed move's CPU against its floor, and 16 channels in one process), "
                       "load, "
                       "discord (first acknowledgement under load), clicks, taj_mahal, "
                       "rajas, maharaja, vijayanagara_ai (its computer: against random "
                       "players, balance, think time), schedule (/mygames and the scheduler "
                       "among 100,000 games), board (a server's board while 50 games move), "
                       "replay (/replay of a long Vijayanagara and "
                       "Maharaja game), memory (one process playing all five games), extra, "
                       "faults (a burst under Discord's 429s); "
                       "e.g. discord,clicks")
    bench.add_argument("--ack-games", type=int, default=None,
                       help="games against the computer in the discord section (default 32)")
    bench.add_argument("--ack-rounds", type=int, default=None,
                       help="times every player of the discord section moves (default 3)")
    bench.add_argument("--pg-no-fsync", action="store_true",
                       help="PostgreSQL without fsync (default: real commit costs)")
    admin = {
        "list": sub.add_parser("list", help="list the stored games"),
        "export": sub.add_parser("export", help="write a game (options, seed, log, snapshot) "
                                 "as JSON"),
        "import": sub.add_parser("import", help="load a game exported as JSON (each export "
                                 "once)"),
        "replay": sub.add_parser("replay", help="re-run a game's log and compare it with the "
                                 "stored snapshot"),
        "undo": sub.add_parser("undo", help="take back the last N steps of an active game"),
        "abort": sub.add_parser("abort", help="end a game being set up or played (e.g. one "
                                "that is stuck)"),
        "backup": sub.add_parser("backup", help="consistent online copy of the SQLite database"),
        "migrate": sub.add_parser("migrate", help="bring the database's schema up to this "
                                  "version (back it up first)"),
        "ratings": sub.add_parser("ratings", help="the ratings table; --recompute rebuilds it "
                                  "from the stored finished games"),
    }
    admin["ratings"].add_argument("--recompute", action="store_true",
                                  help="forget every rating and rate every finished game "
                                  "again, in the order they ended")
    admin["list"].add_argument("--status", choices=STATUSES, default=None,
                               help="only the games in this state (default: all)")
    for name in ("export", "replay", "undo", "abort"):
        admin[name].add_argument("game", type=_count, metavar="GAME", help=GAME_HELP)
    admin["export"].add_argument("--out", default=None, metavar="FILE",
                                 help="write it to this file (default: print it)")
    admin["export"].add_argument("--force", action="store_true",
                                 help="overwrite the --out file if it exists")
    admin["import"].add_argument("file", metavar="FILE",
                                 help="a game as `darbar export` (or /replay whole:) wrote it")
    admin["import"].add_argument("--channel", default=None, metavar="ID",
                                 help="the Discord channel id to put it in (default: the "
                                 "channel it was exported from, which must have no game in "
                                 "progress)")
    admin["replay"].add_argument("--repair", action="store_true",
                                 help="store the replay as the snapshot when they differ")
    admin["undo"].add_argument("n", type=_count, nargs="?", default=1, metavar="N",
                               help="how many steps, the last first (default: 1)")
    admin["backup"].add_argument("path", metavar="PATH",
                                 help="the new file to write the copy to (never overwritten)")
    for p in (sb, bench, sub.choices["run"], *admin.values()):
        p.add_argument("--db", default=None, help="database URL (default: DATABASE_URL, else "
                       "darbar.sqlite3 in DARBAR_DATA; the sandbox's is sandbox.sqlite3 there)")
    return parser


def main(argv: list[str] | None = None) -> int:
    load_dotenv()
    line = parser()
    args = line.parse_args(argv)

    from bot.logsetup import setup_logging

    setup_logging()
    cmd = args.cmd or "run"
    db = getattr(args, "db", None) or os.environ.get("DATABASE_URL")
    if cmd == "run":
        limit_arenas()  # before the bot's threads make heaps of their own (bot/memory.py)
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if token:
            from bot.discord_face.running import run

            opened(db, logged=True)
            return _ending(cmd, lambda: run(token, database_url=db))
        print("No DISCORD_TOKEN is set, so Darbar starts its offline sandbox instead.\n"
              "(Put a bot token in .env to connect to Discord: see .env.example.)\n")
        cmd = "sandbox"
        args.images, args.channel, args.user = None, "table", "ravi"
    if cmd == "sandbox":
        from bot.sandbox import run_sandbox
        from db.location import data_folder, sandbox_url

        # Never the bot's database: sandbox games stay out of darbar list and /metrics.
        db = getattr(args, "db", None) or sandbox_url()
        opened(db)
        images = args.images or str(data_folder() / "sandbox_images")
        return _ending(cmd, lambda: run_sandbox(db=db, images=images, channel=args.channel,
                                                user=args.user))
    if cmd == "bench":
        from tools.bench import SECTIONS, run_bench

        # Only an explicit --db: the bench writes a thousand games into its database.
        runs = None
        if args.procs or args.rate:
            runs = [(int(p), float(r)) for p in (args.procs or "2").split(",")
                    for r in (args.rate or "105").split(",")]
        only = args.only.split(",") if args.only else None
        if only and not set(only) <= set(SECTIONS):
            line.error(f"--only takes some of {', '.join(SECTIONS)}")
        return run_bench(backend=args.backend, db=args.db, stored=args.stored,
                         channels=args.channels, moves=args.moves, runs=runs,
                         quick=args.quick, pg_fsync=not args.pg_no_fsync, only=only,
                         ack_games=args.ack_games, ack_rounds=args.ack_rounds)
    opened(db)
    return _admin(cmd, args, db)


def opened(db: str | None, *, logged: bool = False) -> None:
    """The first line of every command that opens a database says which (on stderr, so
    an export on stdout stays clean), its password masked. ``logged``: as a log line (the
    bot's, whose log may be JSON lines for a collector)."""
    from db.location import describe

    if logged:
        logging.getLogger("darbar").info("Database: %s", describe(db))
    else:
        print(f"Database: {describe(db)}", file=sys.stderr, flush=True)


def _admin(cmd: str, args, db: str | None) -> int:
    import asyncio
    import json

    from bot import admin
    from bot.failures import opening_database
    from db import Repository, normalise_url

    async def go() -> str:
        if cmd == "backup":
            return admin.backup(db, args.path)
        if cmd == "migrate":
            with opening_database(normalise_url(db)):
                return await admin.migrate(db)
        data = admin.read_export(args.file) if cmd == "import" else None  # before any write
        with opening_database(normalise_url(db)):
            repo = await Repository.open(db)
        try:
            if cmd == "list":
                return "\n".join(await admin.list_games(repo, args.status)) or "No games."
            if cmd == "export":
                text = json.dumps(await admin.export_game(repo, args.game), indent=1)
                if args.out is None:
                    return text
                admin.write_file(args.out, text, force=args.force)
                return f"Game #{args.game} written to {args.out}."
            if cmd == "import":
                return f"Imported as game #{await admin.import_game(repo, data, args.channel)}."
            if cmd == "replay":
                return await admin.replay_game(repo, args.game, repair=args.repair)
            if cmd == "abort":
                return await admin.abort_game(repo, args.game)
            if cmd == "ratings":
                if args.recompute:
                    return await admin.recompute_ratings(repo)
                return "\n".join(await admin.rating_table(repo)) or "No ratings yet."
            return await admin.undo_game(repo, args.game, args.n)
        finally:
            await repo.close()

    return _ending(cmd, lambda: print(asyncio.run(go())))


def _ending(cmd: str, command: Callable[[], object]) -> int:
    """Run ``command``: its exit status (0 unless it gives one), or 1 with one sentence for
    a failure the operator can put right (bot.failures); any other failure is a bug and
    keeps its traceback."""
    from bot.failures import said

    try:
        status = command()
    except Exception as e:
        if (sentence := said(e)) is None:
            raise
        print(f"darbar {cmd}: {sentence}", file=sys.stderr)
        return 1
    return status if isinstance(status, int) else 0


if __name__ == "__main__":
    sys.exit(main())
