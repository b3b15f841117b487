"""`darbar bench`: load figures, not a test.

Each section is a module of its own, imported only when it runs (a load worker process
imports ``tools.bench.load`` alone, so its memory is the bot's):

- ``engine`` (engine_alone.py): random legal games through the engine contract alone;
- ``undo`` (undo.py): /undo late in a long Vijayanagara game;
- ``move`` (move_cost.py): a typed move's CPU against its floor (its engine time and its
  picture) for every game, then each game at 16 channels in one process;
- ``load`` (load.py): stored games, then channels playing through the table in worker
  processes, on SQLite and PostgreSQL;
- ``discord`` (discord_ack.py): the bot as `python -m bot` against the fake Discord, its
  first answer under load;
- ``threads`` (thread_move.py): a move in a game's own thread against one in a channel;
- ``clicks`` (clicks.py): a Vijayanagara move by clicks and typed;
- ``taj_mahal``, ``rajas``, ``maharaja``: each game's pictures, computer and balance;
- ``vijayanagara_ai`` (vijayanagara_ai.py): Vijayanagara's engine as a search sees it, and
  its computer against random players, against itself (balance) and its think time;
- ``schedule`` (schedule.py): /mygames and the scheduler's tick among 100,000 games;
- ``board`` (board.py): a server's board while its 50 games move flat out: redraws and
  edits a minute (bounded by the coalescing), and a redraw's CPU;
- ``replay`` (replay.py): /replay of a long Vijayanagara and a long Maharaja game (the
  log replayed, every picture, the animation, a click on ◀ ▶);
- ``memory`` (memory.py): the resident memory of one process, the Discord face loaded,
  playing all five games; start-up: `import renderer` and a computer's worker ready;
- ``extra`` (extra.py): the renderer and the Goat-Tiger computer;
- ``faults`` (faults.py): a burst of computer replies and due reminders while Discord
  answers 429s: posts delivered, duplicates, lost, the first answer's p99 meanwhile; then
  (shard_kill.py, on PostgreSQL) two bot processes as two shards, one killed mid-move and
  restarted: games resumed, moves cut off and posted late, reminders and timeouts fired once.

``--quick`` leaves out the extra figures (renderer, computer opponent, Vijayanagara
per-move latency) and runs the others small. Two more benchmarks run on their own:
``python -m tools.bench.render`` (every sample picture) and ``python -m
tools.bench.goat_tiger`` (the Goat-Tiger computer against itself at each level).
"""

from __future__ import annotations

import time

SECTIONS = ("engine", "undo", "move", "load", "discord", "clicks", "taj_mahal", "rajas", "maharaja",
            "vijayanagara_ai", "schedule", "board", "replay", "memory", "extra", "faults",
            "threads")


def run_bench(*, backend: str = "both", db: str | None = None, stored: int = 1000,
              channels: int = 50, moves: int = 2000,
              runs: list[tuple[int, float]] | None = None, vj_channels: int = 4,
              vj_moves: int = 40, quick: bool = False, pg_fsync: bool = True,
              only: list[str] | None = None, ack_games: int | None = None,
              ack_rounds: int | None = None) -> int:
    """``only``: some of SECTIONS. ``quick`` leaves out the extra figures and runs the Discord
    and click sections small."""
    sections = set(only or SECTIONS) - ({"extra"} if quick else set())
    t_start = time.monotonic()
    if "engine" in sections:
        from tools.bench.engine_alone import engine_figures

        engine_figures(2.0 if quick else 8.0)
    if "undo" in sections:
        from tools.bench.undo import undo_figures

        undo_figures((1000,) if quick else (1000, 3000))
    if "move" in sections:
        from tools.bench.move_cost import move_figures

        move_figures(60 if quick else 200, 0 if quick else 800)
    if "load" in sections:
        from tools.bench.load import DEFAULT_RUNS, load_section

        load_section(backend, db, stored, channels, moves, runs or DEFAULT_RUNS,
                     vj_channels if "extra" in sections else 0, vj_moves, pg_fsync)
    if "discord" in sections:
        from tools.bench.discord_ack import ACK_GAMES, ACK_ROUNDS, ack_figures

        n = ack_games or (4 if quick else ACK_GAMES)
        ack_figures(n, ack_rounds or (1 if quick else ACK_ROUNDS), max(1, n // 4),
                    max(1, n // 4))
    if "threads" in sections:
        from tools.bench.thread_move import thread_figures

        thread_figures(10 if quick else 30, 2 if quick else 6)
    if "clicks" in sections:
        from tools.bench.clicks import click_figures

        click_figures(2 if quick else 12)
    if "taj_mahal" in sections:
        from tools.bench.taj_mahal import taj_mahal_figures

        taj_mahal_figures(6 if quick else 30)
    if "rajas" in sections:
        from tools.bench.rajas import rajas_figures

        rajas_figures(2 if quick else 200)
    if "maharaja" in sections:
        from tools.bench.maharaja import maharaja_figures

        maharaja_figures(2 if quick else 50)
    if "vijayanagara_ai" in sections:
        from tools.bench.vijayanagara_ai import vijayanagara_ai_figures

        vijayanagara_ai_figures(2 if quick else 30, 3 if quick else 120, 2.0 if quick else 8.0)
    if "schedule" in sections:
        from tools.bench.schedule import schedule_figures

        schedule_figures(10_000 if quick else 100_000, backends=(
            ("sqlite",) if backend == "sqlite" else ("postgresql",) if backend == "postgresql"
            else ("sqlite", "postgresql")))
    if "board" in sections:
        from tools.bench.board import board_figures

        board_figures(50, 15.0 if quick else 60.0)
    if "replay" in sections:
        from tools.bench.replay import replay_figures

        replay_figures(quick)
    if "memory" in sections:
        from tools.bench.memory import memory_figures, startup_figures

        startup_figures(3 if quick else 7)
        memory_figures(2 if quick else 10, 10 if quick else 60)
    if "extra" in sections:
        from tools.bench.extra import ai_figures, render_figures

        render_figures()
        ai_figures()
    if "faults" in sections:
        from tools.bench.faults import fault_figures

        fault_figures(*((4, 20, 5) if quick else (32, 200, 20)))
        from tools.bench.shard_kill import shard_kill_figures

        shard_kill_figures(backend)
    print(f"\n(bench took {time.monotonic() - t_start:.0f} s)")
    return 0
