"""How a series starts processes (workers, bots' hosts, games' hosts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.context import ForkServerContext, SpawnContext
    from multiprocessing.process import BaseProcess


PRELOAD = ("kingofny.tournament.series", "kingofny.players.heuristic", "kingofny.content.base")
"""Modules the fork server imports once, so that each worker starts without importing them."""


def process_context() -> ForkServerContext | SpawnContext:
    """The start method of worker and bot processes: ``forkserver`` where the platform has it
    (a server process imports kingofny once, then forks a worker in milliseconds), ``spawn``
    elsewhere. Never plain ``fork``: forking a process that may run threads is unsafe (and no
    longer 3.14's default)."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(PRELOAD))
        return context
    return multiprocessing.get_context("spawn")


def stop(process: BaseProcess | None, grace: float) -> None:
    """Give ``process`` (whose pipe was closed) ``grace`` seconds to exit, then kill it."""
    if process is None:
        return
    process.join(grace)
    if process.is_alive():
        process.kill()
        process.join(grace)
