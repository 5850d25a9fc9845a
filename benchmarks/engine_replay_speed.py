"""Validated actions per second replaying generated MyL games with abilities, vs python-chess.

Both sides replay pre-parsed, legal action lists measured in the same run: the engine
checks and applies every action (``Game.apply``: chain windows, triggers, continuous effects
and effect-line verification included); python-chess checks ``board.is_legal(move)`` and
``board.push(move)`` for random legal games. The generated games use cards whose abilities
the engine knows (Talismanes with targets, triggered and activated abilities, Anulaciones);
the script prints how many effect lines were verified. Prints both rates and their ratio
(goal ≥ 1.0) last, plus the engine's end-to-end rate including JSON reading. Usage:

    .venv/bin/python benchmarks/engine_replay_speed.py [GAMES]
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import chess
from engine_common import generated_games, load_catalog

from tourney.engine import Game, catalog_resolver, read_record


def chess_games(n: int, seed: int = 1) -> list[list[chess.Move]]:
    rng = random.Random(seed)
    games = []
    for _ in range(n):
        board = chess.Board()
        moves = []
        while not board.is_game_over() and len(moves) < 200:
            move = rng.choice(list(board.legal_moves))
            moves.append(move)
            board.push(move)
        games.append(moves)
    return games


def time_chess(games) -> float:
    count = 0
    start = time.perf_counter()
    for moves in games:
        board = chess.Board()
        for move in moves:
            if not board.is_legal(move):
                raise AssertionError(move)
            board.push(move)
            count += 1
    return count / (time.perf_counter() - start)


def time_engine(records) -> float:
    count = 0
    start = time.perf_counter()
    for record in records:
        game = Game(record.header)
        for action in record.actions:
            game.apply(action)
            count += 1
    return count / (time.perf_counter() - start)


def time_engine_with_reading(games, resolve) -> float:
    count = 0
    start = time.perf_counter()
    for lines in games:
        record = read_record(lines, resolve)
        game = Game(record.header)
        for action in record.actions:
            game.apply(action)
            count += 1
    return count / (time.perf_counter() - start)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    catalog = load_catalog()
    resolve = catalog_resolver(catalog)
    games = generated_games(catalog, n)
    records = [read_record(lines, resolve) for lines in games]
    cgames = chess_games(n)
    from tourney.engine import adjudicate

    verdicts = [adjudicate(r) for r in records]  # also warms the ability caches
    verified = sum(len(v.verified) for v in verdicts)
    with_abilities = sum(1 for v in verdicts if v.verified)
    print(f"líneas de efecto verificadas con habilidades: {verified} "
          f"(en {with_abilities} de {n} partidas)")
    print(f"MyL: {n} partidas, {sum(len(r.actions) for r in records)} acciones; "
          f"ajedrez: {n} partidas, {sum(len(g) for g in cgames)} jugadas")
    eng, chs, e2e = [], [], []
    for _ in range(5):
        eng.append(time_engine(records))
        chs.append(time_chess(cgames))
        e2e.append(time_engine_with_reading(games, resolve))
    e, c, r = statistics.median(eng), statistics.median(chs), statistics.median(e2e)
    print(f"motor MyL (acciones validadas/s, mediana de 5): {e:,.0f}")
    print(f"motor MyL leyendo el JSON también (acciones/s): {r:,.0f}")
    print(f"python-chess {chess.__version__} is_legal+push (jugadas/s): {c:,.0f}")
    print(f"ratio MyL/python-chess: {e / c:.2f}")


if __name__ == "__main__":
    main()
