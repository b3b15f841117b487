"""`darbar bench` end to end at a tiny size, through the real entry point: it stores
games, plays them in worker processes, runs the bot against the fake Discord and prints its
figures. A smoke test: the figures themselves depend on the machine and are never checked.
And the arena (tools/arena.py), which the bench and the computer players' tests play their
matches in."""

import itertools
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from engine import games
from tools import arena

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_a_random_player_gives_up_a_turn_only_when_nothing_else_is_legal():
    g = games.get("rajas")
    avoid = g.RANDOM_PLAY.avoid
    player = arena.random_player(g, random.Random(5), avoid)
    state = g.setup(5, {"players": 3})
    tempted = 0  # steps where giving up was legal beside something else
    for role, steps, after in arena.turns(g, state, {}, player):  # a whole game
        legal = {s[0] for s in games.legal_steps(g, g.view(state, role))}
        assert len(steps) == 1
        assert steps[0][0] not in avoid or legal <= set(avoid)
        tempted += bool(legal & set(avoid)) and not legal <= set(avoid)
        state = after
    assert tempted and g.result(state) is not None


@pytest.mark.slow
def test_a_seeded_match_is_the_same_every_time_and_stops_where_asked():
    g = games.get("maharaja")
    opponents = arena.random_opponents(g)
    seats = {arena.computer_seat(g, {}, 3): arena.computer(g)}
    one, two = (arena.play(g, g.setup(3, {}), seats, opponents(3), max_turns=40)
                for _ in range(2))
    assert one == two and g.result(one) is None
    turns = [role for role, _steps, _after in itertools.islice(
        arena.turns(g, g.setup(3, {}), seats, opponents(3)), 40)]
    assert len(turns) == 40 and set(turns) == set(games.sides(g, {}))


def bench(tmp_path, *options: str) -> str:
    """What ``darbar bench`` at a tiny size prints (SQLite, 20 stored games, 3 channels)."""
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["PYTHONPATH"] = str(ROOT)  # this checkout, whatever the venv was installed from
    done = subprocess.run(
        [sys.executable, "-m", "bot", "bench", "--backend", "sqlite", "--stored", "20",
         "--channels", "3", "--moves", "10", "--procs", "2", "--quick", *options],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def assert_engine_figures(out: str) -> None:
    for game in ("goat_tiger", "vijayanagara", "taj_mahal", "rajas", "maharaja"):
        assert re.search(rf"{game}\s+\d+\.\d games/s\s+\d+ steps/s", out), game


def assert_load_figures(run: str, moves: int) -> None:
    assert int(re.search(r"moves completed\s+(\d+)", run).group(1)) >= moves
    for figure in ("moves per second", "latency p50", "latency p99"):
        assert re.search(rf"{figure}\s+\d+\.\d", run), figure
    assert re.search(r"peak RSS\s+\d+ MB \(\d+, \d+ per process\)", run)


@pytest.mark.slow
def test_bench_prints_the_engine_and_load_figures(tmp_path):
    """The sections every change may move, in every run; the whole bench is a soak test."""
    out = bench(tmp_path, "--rate", "0", "--only", "engine,load")
    assert_engine_figures(out)
    assert "sqlite: 20 games stored" in out
    runs = out.split("sqlite · ")[1:]
    assert len(runs) == 1 and runs[0].startswith("2 processes · 3 goat_tiger channels · flat out")
    assert_load_figures(runs[0], 10)


@pytest.mark.soak
def test_bench_stores_games_plays_them_and_prints_the_figures(tmp_path):
    out = bench(tmp_path, "--rate", "0,50", "--ack-games", "2")
    # The engine alone, and undo late in a game.
    assert_engine_figures(out)
    # Taj Mahal's pictures, computer and turns through the table.
    for figure in (r"board start\s+\d+\.\d ms, \d+\.\d KB", r"hand picture\s+\d+\.\d ms",
                   r"computer think time\s+median \d+\.\d ms",
                   r"a typed turn\s+p50 \d+ ms, p99 \d+ ms",
                   r"against 3 computers\s+p50 \d+ ms"):
        assert re.search(figure, out), figure
    # Rajas: the picture, the computer, and the balance of its games (2 in --quick).
    assert re.search(r"rajas:\n  board picture\s+\d+\.\d ms, \d+\.\d KB", out)
    for opponent in ("random", "greedy"):
        assert re.search(rf"against 2 {opponent} players: the computer wins \d of 2", out)
    assert re.search(r"2 computer games of 3: \d+\.\d rounds on average", out)
    assert re.search(r"wins by seat from the start player: \d+, \d+, \d+", out)
    assert re.search(r"tiles built: \d+ of 64 different tiles, each \d+–\d+ times", out)
    # Maharaja: the pictures, the computer, and the balance of colours (2 games each).
    assert re.search(r"maharaja:\n  board start\s+\d+\.\d ms, \d+\.\d KB\n"
                     r"  board turn 12\s+\d+\.\d ms", out)
    assert re.search(r"against 3 random players: the computer wins \d of 2", out)
    assert re.search(r"computer think time\s+median \d+\.\d+ ms, max \d+\.\d ms CPU a "
                     r"decision", out)
    for label, colours in (("4 players", 4), ("3 players", 3), ("5 players", 5),
                           ("the short game", 3)):
        line = re.search(rf"2 computer games, {label}: wins (.*) \(fair share (\d+)%, at "
                         r"most twice that: (met|NOT met)\)", out)
        assert line and len(re.findall(r"\w+ \d+%", line.group(1))) == colours, label
    # Vijayanagara's computer (Darbar's own): the engine as a search sees it, against random
    # players from each seat (2 games each), against itself (3) and its think time.
    assert re.search(r"through view\(None\), view\(role\) and act: \d+\.\d games/s, \d+ "
                     r"steps/s", out)
    for role in ("delhi", "bahmani", "vijayanagara"):
        assert re.search(rf"from the {role} seat against 2 random players: the computer wins "
                         r"\d of 2", out), role
    assert re.search(r"3 games of the computer in all three seats: wins delhi \d+%, bahmani "
                     r"\d+%, vijayanagara \d+% \(each 20-45%: (met|NOT met)\)", out)
    assert re.search(r"computer think time\s+median \d+\.\d ms, p99 \d+ ms, max \d+ ms CPU",
                     out)
    assert re.search(r"at step  1000:\s+\d+\.\d ms from a checkpoint,\s+\d+\.\d ms replaying",
                     out)
    # /replay of the first moves of a Vijayanagara and a Maharaja game (whole ones in full).
    for game in ("vijayanagara", "maharaja"):
        assert re.search(rf"  {game} \(.*\): \d+ steps, \d+ positions", out), game
    assert len(re.findall(r"whole replay, animated\s+\d+\.\d s CPU \(\d+\.\d s in this "
                          r"process, \d+\.\d s in the child forked to draw half the frames\), "
                          r"\d+\.\d s wall: GIF \d+\.\d MB", out)) == 2
    # A picture of the replay against its board post, and /replay whole through the table.
    assert len(re.findall(r"a picture of the replay\s+\d+\.\d ms CPU; the board post of the "
                          r"same position \d+\.\d ms \(\d+ KB PNG\): \d+\.\d\d× \(goal ≤ 1×; "
                          r"was 85 ms", out)) == 2
    assert len(re.findall(r"/replay whole through the table \(median of 2\): \d+\.\d s; load",
                          out)) == 2
    assert len(re.findall(r"\d+ ms a click on ◀ ▶ \(from a checkpoint\)", out)) == 2
    # /mygames and the scheduler among the stored games (10,000 in --quick).
    assert re.search(r"sqlite\s+\d+\.\d / \d+\.\d\s+\d+\.\d+ / \d+\.\d+\s+\d+\.\d+\s+\d+\s+"
                     r"\d+\.\d+", out)
    assert "sqlite: 20 games stored" in out
    load, _, rest = out.partition("discord acknowledgement")
    runs = load.split("sqlite · ")[1:]
    assert len(runs) == 2
    assert runs[0].startswith("2 processes · 3 goat_tiger channels · flat out")
    assert runs[1].startswith("2 processes · 3 goat_tiger channels · paced at 50 moves/s")
    for run in runs:
        assert_load_figures(run, 10)  # 10 in total, rounded up to whole moves per channel
        assert re.search(r"stored games\s+20 before the runs, \d+ now", run)
    # The bot, as `python -m bot`, against the fake Discord: two games against the computer.
    assert rest.startswith(" (2 goat_tiger games against the computer and 1 vijayanagara game "
                           "of one person against two computers")
    assert re.search(r"vijayanagara p50\s+\d+ ms\s+p99 \d+ ms\s+\(max \d+ ms", rest)
    for figure in ("first answer", "autocomplete", "computer's reply"):
        assert re.search(rf"{figure} p50\s+\d+ ms\s+p99 \d+ ms", rest), figure
    assert re.search(r"\d+ of 3 deferred", rest)  # 2 Goat-Tiger games, 1 Vijayanagara
    assert re.search(r"the bot's memory\s+\d+ MB resident, at most \d+ MB", rest)
    # Start-up: `import renderer`, the five pictures, a new worker's first answer.
    assert re.search(r"import renderer\s+\d+ ms CPU\s+goal (met|NOT met) \(under 200 ms", rest)
    assert re.search(r"and the five pictures\s+\d+ ms CPU", rest)
    assert re.search(r"a worker's first answer\s+\d+ ms\s+goal (met|NOT met) \(under 500 ms",
                     rest)
    # One process, the Discord face loaded, playing every game in turn: its memory after each.
    assert "memory (one process with the Discord face loaded" in rest
    for game in ("goat_tiger", "vijayanagara", "rajas", "maharaja", "taj_mahal"):
        assert re.search(rf"\n  {game}\s+\d+\s+\d+\s+\d+\n", rest), game
    assert re.search(r"goal\s+(met|NOT met) \(at most 200 MB; \d+; turn 3: 266-316 MB; turn 4: "
                     r"249 MB with the Discord face, 229 without\)", rest)
    assert re.search(r"goal\s+(met|NOT met) \(first answer p99 < 1000 ms", rest)
    # A Vijayanagara move by clicks and typed, two moves.
    assert re.search(r"by clicks\s+\d+ ms CPU a move \(\d+ ms a click", rest)
    assert re.search(r"typed\s+\d+ ms CPU a move", rest)
    assert not list(tmp_path.iterdir())  # the temporary database went away


@pytest.mark.slow
def test_bench_prints_the_fault_figures(tmp_path):
    """`darbar bench --only faults`: a burst under 429s, its posts counted in the fake's
    channels (every one delivered, none twice, none lost) and the first answer's p99; the
    shard kill's figures are test_bench_prints_the_shard_kill_figures's (soak)."""
    out = bench(tmp_path, "--only", "faults")
    assert "faults: a burst under 429s (4 computer replies, 20 reminders due at once)" in out
    assert re.search(r"posts delivered\s+24 of 24", out), out
    assert re.search(r"duplicates\s+0\n", out) and re.search(r"lost\s+0\n", out), out
    assert re.search(r"answered 429\s+[1-9]\d*", out), out
    assert re.search(r"first answer p99\s+\d+ ms \(\d+ interactions during the burst", out)
    # The shard kill needs PostgreSQL, which the tiny bench (--backend sqlite) leaves out.
    assert out.split(SHARD_KILL)[1].splitlines()[1] == (
        "  skipped: it needs PostgreSQL, and --backend sqlite leaves PostgreSQL out")


@pytest.mark.slow
def test_bench_prints_the_board_figures_within_the_coalescing_bound(tmp_path):
    """`darbar bench --only board`: 50 games moving flat out, the board redrawn at most
    every BOARD_EVERY (one redraw more for the first draw), and what a redraw costs."""
    out = bench(tmp_path, "--only", "board")
    assert re.search(r"moves a minute\s+[1-9]\d* \(over \d+ s\)", out), out
    assert re.search(r"redraws a minute\s+\d+\.\d \(bound: 2 a minute, \+1 for the first: "
                     r"met\)", out), out
    assert re.search(r"messages edited a minute \d+\.\d \(\d+ pages\)", out), out
    assert re.search(r"a redraw \(CPU\)\s+\d+\.\d ms", out), out


SHARD_KILL = "faults: a shard's process killed (2 processes as shards 0 and 1 of 2"


@pytest.mark.soak
def test_bench_prints_the_shard_kill_figures(tmp_path):
    """`darbar bench --only faults` on PostgreSQL: after the burst, the shard kill (two bot
    processes, one killed mid-move and restarted; tests/e2e/test_shards.py holds the bot to
    the same figures)."""
    out = bench(tmp_path, "--only", "faults", "--backend", "postgresql")
    burst, _, kill = out.partition(SHARD_KILL)
    assert re.search(r"posts delivered\s+24 of 24", burst), out
    assert kill, out
    for figure in (r"games in its guild\s+4, 4 resumed after the restart",
                   r"moves the kill cut off\s+2 \(stored, not posted\), 2 posted once after",
                   r"reminders due meanwhile\s+2, posts of each: 1, 1",
                   r"timeouts due meanwhile\s+2, posts of each: 1, 1",
                   r"posts into its guild\s+0 while it was down",
                   r"the other shard\s+2 of 2 moves answered",
                   r"after the restart\s+2 of 2 moves answered",
                   r"duplicates\s+0\n",
                   r"caught up in\s+\d+\.\d s from the restart to its last missed post"):
        assert re.search(figure, kill), (figure, out)
    assert "tracebacks" not in kill


@pytest.mark.slow  # the bot's modules imported: seconds
def test_the_shard_kill_says_in_one_line_why_it_did_not_run(monkeypatch, capsys):
    from tools import pg_cluster
    from tools.bench.shard_kill import shard_kill_figures

    monkeypatch.setattr(pg_cluster, "find_bindir", lambda: None)
    shard_kill_figures("both")
    out = capsys.readouterr().out.strip().splitlines()
    assert SHARD_KILL in out[0]
    assert out[1:] == ["  skipped: PostgreSQL's server binaries (initdb, pg_ctl, postgres) are "
                       "not installed here; install Debian's postgresql package or set "
                       "PG_BINDIR"]


@pytest.mark.soak
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_an_interrupted_shard_kill_leaves_no_process_and_no_cluster(stop):
    """Stopped while its two bot processes and its PostgreSQL run, the shard kill removes
    them all, and its files (the cluster's and the processes' go into TMPDIR)."""
    tmp = Path(tempfile.mkdtemp(prefix="darbar-interrupted-"))
    tmp.chmod(0o755)  # PostgreSQL, run as its own user under root, reaches its cluster
    try:
        run = subprocess.Popen(
            [sys.executable, "-c", "from tools.bench.shard_kill import shard_kill_figures; "
             "shard_kill_figures()"], cwd=ROOT, env={**os.environ, "TMPDIR": str(tmp)},
            stdout=subprocess.PIPE, text=True)
        while not list(tmp.glob("darbar-shards-*/one")):  # shard one is starting
            assert run.poll() is None, run.communicate()[0]
            time.sleep(0.1)
        assert list(tmp.glob("darbar-pg-*"))
        run.send_signal(stop)
        out = run.communicate(timeout=60)[0]
        assert run.returncode == 128 + stop, out
        assert out.rstrip().endswith("interrupted: its bot processes were killed; its cluster "
                                     "is being stopped")
        assert list(tmp.iterdir()) == []
        left = subprocess.run(["pgrep", "-f", str(tmp)], capture_output=True, text=True)
        assert left.stdout == ""
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
