"""The optional HTTP endpoint for whoever runs the bot (``HEALTH_PORT``; off when unset).

- ``/healthz``: 200 while the process and its event loop answer;
- ``/readyz``: 200 when every gateway shard of this process is connected and the database
  answers, else 503 with the reason (also while the bot is closing);
- ``/metrics``: the Prometheus metrics of bot/metrics.py and the process's own.

It is aiohttp (discord.py's own HTTP library) on the bot's event loop, started in
``setup_hook`` and stopped last in ``close``, so it tells the truth about the loop it runs
on: a loop too busy to answer it is too busy to answer Discord. Bound to 127.0.0.1 unless
``HEALTH_HOST`` says otherwise (``0.0.0.0`` for a scraper on another machine or container).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

log = logging.getLogger("darbar.health")
CHECK_SECONDS = 2.0  # a database slower than this to answer is not ready


def settings(env: Mapping[str, str]) -> tuple[str, int] | None:
    """``(HEALTH_HOST, HEALTH_PORT)``, or None when the endpoint is off (no port)."""
    port = env.get("HEALTH_PORT", "").strip()
    if not port:
        return None
    number = int(port)
    if not 0 <= number <= 65535:
        raise ValueError("HEALTH_PORT must be a port number (0 to 65535)")
    return env.get("HEALTH_HOST", "").strip() or "127.0.0.1", number


class HealthServer:
    """``ready()``: None when ready, else why not. ``refresh()``: brings the gauges read
    from elsewhere (the database) up to date before ``/metrics`` answers."""

    def __init__(self, ready: Callable[[], Awaitable[str | None]],
                 refresh: Callable[[], Awaitable[None]] | None = None) -> None:
        self.ready = ready
        self.refresh = refresh
        self._runner: web.AppRunner | None = None
        self.port = 0

    async def start(self, host: str, port: int) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        self.port = self._runner.addresses[0][1]  # the one chosen, if port was 0
        log.info("health endpoint on http://%s:%d (/healthz, /readyz, /metrics)",
                 host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _healthz(self, _request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def _readyz(self, _request: web.Request) -> web.Response:
        try:
            why = await asyncio.wait_for(self.ready(), CHECK_SECONDS)
        except Exception as e:  # the database did not answer, or answered with an error
            why = f"the database did not answer: {type(e).__name__}"
        if why is None:
            return web.Response(text="ready\n")
        return web.Response(status=503, text=f"not ready: {why}\n")

    async def _metrics(self, _request: web.Request) -> web.Response:
        if self.refresh is not None:
            try:
                await asyncio.wait_for(self.refresh(), CHECK_SECONDS)
            except Exception:  # the figures read before stand; readyz tells what is wrong
                log.warning("metrics: the database's figures could not be read",
                            exc_info=True)
        body = generate_latest(REGISTRY)  # a millisecond or two
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
