"""`darbar`: run the bot, the offline sandbox, or the benchmark."""

from __future__ import annotations

import argparse
import os
import sys

from dotenv import load_dotenv


def main(argv: list[str] | None = None) -> int:
    load_dotenv()
    parser = argparse.ArgumentParser(prog="darbar", description=__doc__)
    sub = parser.add_subparsers(dest="cmd")
    sub.add_parser("run", help="run the Discord bot (the sandbox when DISCORD_TOKEN is unset)")
    sb = sub.add_parser("sandbox", help="play offline in the terminal")
    sb.add_argument("--images", default="sandbox_images", help="folder for board images")
    sb.add_argument("--channel", default="table", help="channel to start in")
    sb.add_argument("--user", default="you", help="who you are at the start")
    bench = sub.add_parser("bench", help="measure moves/s, latency, render time, PNG size")
    bench.add_argument("--games", type=int, default=20)
    bench.add_argument("--moves", type=int, default=40, help="moves per game at most")
    for p in (sb, bench, sub.choices["run"]):
        p.add_argument("--db", default=None, help="database URL (default: DATABASE_URL)")
    args = parser.parse_args(argv)

    from bot.logsetup import setup_logging

    setup_logging()
    cmd = args.cmd or "run"
    db = getattr(args, "db", None) or os.environ.get("DATABASE_URL")
    if cmd == "run":
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if token:
            from bot.discord_face.client import run

            run(token, database_url=db)
            return 0
        print("No DISCORD_TOKEN is set, so Darbar starts its offline sandbox instead.\n"
              "(Put a bot token in .env to connect to Discord: see .env.example.)\n")
        cmd = "sandbox"
        args.images, args.channel, args.user = "sandbox_images", "table", "you"
    if cmd == "sandbox":
        from bot.sandbox import run_sandbox

        return run_sandbox(db=db, images=args.images, channel=args.channel, user=args.user)
    if cmd == "bench":
        from bot.bench import run_bench

        return run_bench(games=args.games, moves=args.moves, db=db)
    parser.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
