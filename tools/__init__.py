"""Darbar's tooling, outside the bot's runtime packages: the benchmark (``tools.bench``,
run by ``darbar bench``), the one match harness for computer players (``tools.arena``),
the sample positions and their pictures (``tools.samples``, ``python -m tools.samples``),
the throwaway PostgreSQL server of the tests and the bench (``tools.pg_cluster``) and the
fake Discord they drive the real discord.py client against (``tools.fake_discord``).

Nothing in ``engine``, ``renderer``, ``db`` or ``bot`` imports from here, except
``bot/cli.py``, which imports the bench when ``darbar bench`` runs.
"""
