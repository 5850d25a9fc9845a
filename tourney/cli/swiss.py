"""`tourney swiss …`: pair the next round, standings, top cut, simulate. Pure: no database."""
from __future__ import annotations

import json
import random
from pathlib import Path

import click

from ..swiss import SwissUserError, TournamentState, pair_round, recommended_rounds, standings, top_cut_pairings
from ..swiss.pairing import explain
from ..swiss.simulate import simulate
from .common import EXIT_ILLEGAL, EXIT_UNREADABLE, CliError, friendly


@click.group("swiss", help="Suizo: emparejamientos, tabla de posiciones y corte final "
                           "a partir de un archivo STATE.json (sin base de datos).")
def swiss_group() -> None:
    pass


def register(group: click.Group) -> None:
    group.add_command(swiss_group)


def _load(path: str):
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"{path}: no se pudo leer ({exc.strerror or exc})", EXIT_UNREADABLE)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{path}: JSON inválido en la línea {exc.lineno}, columna {exc.colno}: "
                       f"{exc.msg}", EXIT_UNREADABLE)
    try:
        return TournamentState.from_json(data)
    except SwissUserError as exc:
        raise CliError(f"{path}: estado inválido:\n  " + "\n  ".join(exc.problems),
                       EXIT_UNREADABLE)


def _pct(ratio: tuple[int, int]) -> str:
    return f"{100 * ratio[0] / ratio[1]:6.2f}%"


@swiss_group.command("pair", help="Empareja la ronda siguiente e imprime las mesas.")
@click.argument("state_path", metavar="STATE.json", type=click.Path(dir_okay=False))
@click.option("--seed", type=int, default=0, show_default=True,
              help="Semilla del sorteo: misma semilla y mismo estado, mismas mesas.")
@click.option("--json", "as_json", is_flag=True,
              help="Salida JSON: lista de {table, a, b, flags}.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Escribe aquí el estado con la ronda nueva agregada (resultados en null).")
@friendly
def pair_command(state_path: str, seed: int, as_json: bool, output: str | None) -> None:
    state = _load(state_path)
    try:
        pairings = pair_round(state, random.Random(seed))
    except SwissUserError as exc:
        raise CliError("no se puede emparejar:\n  " + "\n  ".join(exc.problems), EXIT_ILLEGAL)
    if output:
        new_state = state.with_round([p.to_match() for p in pairings])
        Path(output).write_text(json.dumps(new_state.to_json(), ensure_ascii=False, indent=1)
                                + "\n", encoding="utf-8")
    if as_json:
        click.echo(json.dumps([p.to_json() for p in pairings], ensure_ascii=False))
        return
    names = state.names()
    click.echo(f"Ronda {len(state.rounds) + 1}: {len(pairings)} mesas")
    for p in pairings:
        notes = explain(p, names)
        if p.b is None:
            line = f"Bye      {names[p.a]} ({p.a}, {p.a_points} pts)"
        else:
            line = (f"Mesa {p.table:>3}  {names[p.a]} ({p.a}, {p.a_points} pts)  vs  "
                    f"{names[p.b]} ({p.b}, {p.b_points} pts)")
        if p.b is not None and notes:
            line += "  — " + "; ".join(notes)
        elif p.b is None and "assigned_bye" in p.flags:
            line += "  — bye asignado de antemano"
        elif p.b is None and "second_bye" in p.flags:
            line += "  — " + notes[-1]
        click.echo(line)


@swiss_group.command("standings", help="Tabla de posiciones: puntos, OMW%, GW%, OGW%.")
@click.argument("state_path", metavar="STATE.json", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True,
              help="Salida JSON: lista de {rank, id, name, points, record, omw, gw, ogw} "
                   "(porcentajes como fracciones 0..1).")
@friendly
def standings_command(state_path: str, as_json: bool) -> None:
    state = _load(state_path)
    table = standings(state)
    if as_json:
        click.echo(json.dumps([s.to_json() for s in table], ensure_ascii=False))
        return
    width = max([len(s.name) for s in table] + [7])
    click.echo(f"{'Pos':>4}  {'Jugador':<{width}}  {'Pts':>4}  {'G-P-E':>7}  "
               f"{'OMW%':>7}  {'GW%':>7}  {'OGW%':>7}")
    for s in table:
        dropped = "  (retirado)" if s.dropped else ""
        click.echo(f"{s.rank:>4}  {s.name:<{width}}  {s.points:>4}  {s.record:>7}  "
                   f"{_pct(s.omw_ratio)}  {_pct(s.gw_ratio)}  {_pct(s.ogw_ratio)}{dropped}")


@swiss_group.command("rounds", help="Rondas de suizo y corte recomendados (MTR, apéndice E).")
@click.argument("players", type=int)
@friendly
def rounds_command(players: int) -> None:
    try:
        plan = recommended_rounds(players)
    except SwissUserError as exc:
        raise CliError(str(exc), EXIT_ILLEGAL)
    cut = f"top {plan.top_cut}" if plan.top_cut else "sin corte"
    click.echo(f"{players} jugadores: {plan.rounds} rondas de suizo, {cut}")


@swiss_group.command("topcut", help="Primera ronda del corte final (1v8, 4v5, 2v7, 3v6).")
@click.argument("state_path", metavar="STATE.json", type=click.Path(dir_okay=False))
@click.option("--size", type=click.Choice(["4", "8", "16"]), default=None,
              help="Tamaño del corte (por defecto el de settings.top_cut o el recomendado).")
@click.option("--json", "as_json", is_flag=True, help="Salida JSON: lista de {table, a, b}.")
@friendly
def topcut_command(state_path: str, size: str | None, as_json: bool) -> None:
    state = _load(state_path)
    n = int(size) if size else (state.settings.top_cut
                                or recommended_rounds(max(len(state.players), 2)).top_cut)
    if not n:
        raise CliError("este torneo no tiene corte final (usa --size)", EXIT_ILLEGAL)
    table = standings(state)
    try:
        matches = top_cut_pairings(table, n)
    except SwissUserError as exc:
        raise CliError(str(exc), EXIT_ILLEGAL)
    if as_json:
        click.echo(json.dumps([{"table": i, "a": m.a, "b": m.b}
                               for i, m in enumerate(matches, 1)], ensure_ascii=False))
        return
    seed = {s.id: s.rank for s in table}
    names = state.names()
    click.echo(f"Top {n}, eliminación directa al mejor de tres:")
    for i, m in enumerate(matches, 1):
        if m.b is None:  # a bye: no cut pairs one (a Top N is always full)
            click.echo(f"Mesa {i}: ({seed[m.a]}) {names[m.a]}  libre")
            continue
        click.echo(f"Mesa {i}: ({seed[m.a]}) {names[m.a]}  vs  ({seed[m.b]}) {names[m.b]}")


@swiss_group.command("simulate", help="Simula un torneo (para demostraciones y mediciones).")
@click.option("--players", type=click.IntRange(2, 100_000), required=True)
@click.option("--rounds", type=click.IntRange(0, 30), required=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--drop-rate", type=click.FloatRange(0, 1), default=0.02, show_default=True,
              help="Probabilidad de retiro de cada jugador entre rondas.")
@click.option("--draw-rate", type=click.FloatRange(0, 1), default=0.04, show_default=True,
              help="Probabilidad de empate de cada partida.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="Archivo STATE.json a escribir.")
@friendly
def simulate_command(players: int, rounds: int, seed: int, drop_rate: float, draw_rate: float,
                     output: str) -> None:
    state = simulate(players, rounds, seed, drop_rate=drop_rate, draw_rate=draw_rate)
    Path(output).write_text(json.dumps(state.to_json(), ensure_ascii=False, indent=1) + "\n",
                            encoding="utf-8")
    active = sum(not p.dropped for p in state.players)
    click.echo(f"{output}: {players} jugadores ({active} activos), {len(state.rounds)} rondas")
