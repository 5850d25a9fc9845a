"""Simulated events for demos, tests and benchmarks (seeded; no real data)."""
from __future__ import annotations

import random
from dataclasses import replace

from .model import Match, Player, Settings, TournamentState
from .pairing import pair_round


def random_result(rng: random.Random, edge: float, draw_rate: float) -> str:
    """A plausible best-of-three result; ``edge`` is a's chance to win each game."""
    if rng.random() < draw_rate:
        return rng.choice(("1-1-0", "1-1-1", "0-0-3", "0-0-1"))
    a = b = 0
    while a < 2 and b < 2:
        if rng.random() < edge:
            a += 1
        else:
            b += 1
    if rng.random() < 0.05:  # time was called: the last game is an unfinished (drawn) game
        if a == 2 and b == 1:
            return "1-1-1"
        if b == 2 and a == 1:
            return "1-1-1"
        return f"{a}-{b}-0"
    return f"{a}-{b}-0"


def simulate(players: int, rounds: int, seed: int = 0, *, drop_rate: float = 0.02,
             draw_rate: float = 0.04, late_entries: int = 0,
             settings: Settings | None = None) -> TournamentState:
    """Play ``rounds`` Swiss rounds with our pairing; stronger players win more often.

    Some players drop between rounds (never before round 2); ``late_entries`` players
    join at round 2 with one loss."""
    rng = random.Random(seed)
    roster = [Player(f"p{i}", f"Jugador {i}") for i in range(1, players + 1)]
    late = [Player(f"p{players + i}", f"Jugador {players + i}", late_losses=1)
            for i in range(1, late_entries + 1)]
    strength = {p.id: rng.gauss(0, 1) for p in roster + late}
    state = TournamentState(roster, [], settings or Settings())
    for rnum in range(1, rounds + 1):
        if rnum == 2 and late:
            state = TournamentState([*state.players, *late], state.rounds, state.settings)
        if sum(not p.dropped for p in state.players) < 2:
            break  # everyone else dropped: the event is over
        pairings = pair_round(state, rng)
        matches = []
        for p in pairings:
            if p.b is None:
                matches.append(Match(p.a, None, None))
                continue
            diff = strength[p.a] - strength[p.b]
            edge = 1 / (1 + 10 ** (-diff / 2))
            matches.append(Match(p.a, p.b, random_result(rng, edge, draw_rate)))
        state = state.with_round(matches)
        if rnum < rounds and drop_rate:
            state = TournamentState(
                [replace(p, dropped=p.dropped or rng.random() < drop_rate)
                 for p in state.players], state.rounds, state.settings, state.forbidden_pairs)
    return state
