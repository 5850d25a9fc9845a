"""Reading a record (version 1 and 2): JSON on every line, a header, known card names,
unique instance ids, known verbs with well-typed fields naming known players and cards
(python-chess's "invalid" level). Whether the actions are *legal* is the game's business.
Version 2 adds the verbs ``activate`` and ``choose`` (``v2.read_v2_action``).
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import cast, Any

from ...catalog.model import Card, fold
from ..errors import RecordError
from .model import (
    DEFAULT_HAND,
    GENERIC_GOLD,
    VERBS,
    VERBS_V1,
    VERSIONS,
    ZONES,
    Action,
    GameRecord,
    Header,
    PlayerSetup,
    Resolver,
)


# -- reading -----------------------------------------------------------------

def _load_line(text: str, line: int) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(line, f"JSON mal formado (columna {exc.colno}): {exc.msg}") from None


def _str(obj: dict[Any, Any], key: str, line: int, what: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise RecordError(line, f"falta el campo «{key}» ({what}) o no es un texto")
    return value


def _instance(value: Any, line: int, where: str) -> tuple[str, str]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, str) and v for v in value)):
        raise RecordError(line, f"{where}: se esperaba [id de instancia, nombre de carta]")
    return value[0], value[1]


def read_header(obj: Any, resolve: Resolver) -> tuple[Header, dict[str, Card]]:
    line = 1
    if not isinstance(obj, dict) or "players" not in obj or obj.get("game") != "myl":
        raise RecordError(line, "falta la cabecera: la primera línea debe ser un objeto con "
                                "\"game\": \"myl\" y \"players\"")
    version = obj.get("version", 1)
    if version not in VERSIONS or isinstance(version, bool):
        raise RecordError(line, f"versión de registro no soportada: {version!r} (1 o 2)")
    order = obj.get("order", "shuffled")
    if order not in ("shuffled", "revealed"):
        raise RecordError(line, f"«order» debe ser \"shuffled\" o \"revealed\", no {order!r}")
    hand = obj.get("hand", DEFAULT_HAND)
    if not isinstance(hand, int) or isinstance(hand, bool) or not 0 <= hand <= 60:
        raise RecordError(line, "«hand» debe ser un entero entre 0 y 60")
    players_raw = obj.get("players")
    if not isinstance(players_raw, list) or len(players_raw) != 2:
        raise RecordError(line, "«players» debe tener exactamente dos jugadores")
    cards: dict[str, Card] = {}
    players = []
    for i, praw in enumerate(players_raw, 1):
        if not isinstance(praw, dict):
            raise RecordError(line, f"jugador {i}: se esperaba un objeto")
        pid = _str(praw, "id", line, f"id del jugador {i}")
        name = praw.get("name", pid)
        if not isinstance(name, str):
            raise RecordError(line, f"jugador {pid}: «name» debe ser un texto")
        entries = [("gold", _instance(praw.get("gold"), line, f"jugador {pid}, «gold»"))]
        castle_raw = praw.get("castle")
        if not isinstance(castle_raw, list):
            raise RecordError(line, f"jugador {pid}: falta «castle» (lista de [id, nombre])")
        for j, item in enumerate(castle_raw, 1):
            entries.append(("castle", _instance(item, line, f"jugador {pid}, castle[{j}]")))
        gold = None
        castle: list[tuple[str, Card]] = []
        for kind, (iid, cname) in entries:
            if iid in cards:
                raise RecordError(line, f"id de instancia duplicado: «{iid}»")
            try:
                card = resolve(cname)
            except LookupError as exc:
                raise RecordError(line, f"carta desconocida «{cname}» ({iid}): {exc}") from None
            cards[iid] = card
            if kind == "gold":
                gold = (iid, card)
            else:
                castle.append((iid, card))
        assert gold is not None
        opening: tuple[str, ...] = ()
        if obj.get("order") == "revealed":
            raw = praw.get("opening")
            own = {iid for iid, _ in castle}
            if (not isinstance(raw, list) or len(raw) != hand or len(set(raw)) != len(raw)
                    or not all(isinstance(i, str) and i in own for i in raw)):
                raise RecordError(line, f"jugador {pid}: con \"order\": \"revealed\", «opening» "
                                        f"debe nombrar las {hand} cartas distintas de su Castillo "
                                        "que robó antes del turno 1")
            opening = tuple(raw)
        players.append(PlayerSetup(pid, name, gold, tuple(castle), opening))
    if players[0].id == players[1].id:
        raise RecordError(line, f"los dos jugadores tienen el mismo id «{players[0].id}»")
    first = obj.get("first", players[0].id)
    if first not in (players[0].id, players[1].id):
        raise RecordError(line, f"«first» debe ser el id de un jugador, no {first!r}")
    fmt = obj.get("format", "")
    if not isinstance(fmt, str):
        raise RecordError(line, "«format» debe ser un texto")
    return Header("myl", version, fmt, first, hand, (players[0], players[1]), order), cards


def _ids(obj: dict[Any, Any], key: str, line: int, known: dict[Any, Any], required: bool = True) -> tuple[str, ...]:
    value = obj.get(key)
    if value is None and not required:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RecordError(line, f"«{key}» debe ser una lista de ids de carta")
    for v in value:
        if v not in known:
            raise RecordError(line, f"«{key}» nombra la carta «{v}», que no está en la partida")
    return tuple(value)


def _id(obj: dict[Any, Any], key: str, line: int, known: dict[Any, Any], required: bool = True) -> str | None:
    value = obj.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise RecordError(line, f"falta «{key}» (id de carta) o no es un texto")
    if value not in known:
        raise RecordError(line, f"«{key}» nombra la carta «{value}», que no está en la partida")
    return value


def _pairs(obj: dict[Any, Any], key: str, line: int, known: dict[Any, Any], required: bool) -> tuple[tuple[str, str], ...]:
    value = obj.get(key)
    if value is None and not required:
        return ()
    if not isinstance(value, list):
        raise RecordError(line, f"«{key}» debe ser una lista de pares [id, id]")
    out = []
    for pair in value:
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(v, str) for v in pair)):
            raise RecordError(line, f"«{key}» debe ser una lista de pares [id, id]")
        for v in pair:
            if v not in known:
                raise RecordError(line, f"«{key}» nombra la carta «{v}», que no está en la partida")
        out.append((pair[0], pair[1]))
    return tuple(out)


def _per_player(obj: dict[Any, Any], key: str, line: int, players: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    value = obj.get(key)
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise RecordError(line, f"«{key}» debe ser un objeto {{id de jugador: número}}")
    out = []
    for pid, n in value.items():
        if pid not in players:
            raise RecordError(line, f"«{key}» nombra al jugador «{pid}», que no está en la partida")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise RecordError(line, f"«{key}»: el número de cartas de «{pid}» debe ser un entero ≥ 0")
        out.append((pid, n))
    return tuple(out)


def _revealed(obj: dict[Any, Any], line: int, players: tuple[str, ...], known: dict[Any, Any]) -> tuple[Any, ...]:
    value = obj.get("revealed")
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise RecordError(line, "«revealed» debe ser un objeto {id de jugador: [ids de carta]}")
    out = []
    for pid, ids in value.items():
        if pid not in players:
            raise RecordError(line, f"«revealed» nombra al jugador «{pid}», que no está en la partida")
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise RecordError(line, "«revealed» debe ser un objeto {id de jugador: [ids de carta]}")
        for i in ids:
            if i not in known:
                raise RecordError(line, f"«revealed» nombra la carta «{i}», que no está en la partida")
        out.append((pid, tuple(ids)))
    return tuple(out)


def read_action(obj: Any, line: int, players: tuple[str, ...], known: dict[Any, Any],
                version: int = 2) -> Action:
    action = _read_action(obj, line, players, known, version)
    revealed = _revealed(obj, line, players, known)
    if revealed:
        action = replace(action, revealed=revealed)
    if version >= 2 and isinstance(obj, dict) and "mode" in obj:
        action = replace(action, mode=_mode(obj, line, action.do))
    if version >= 2 and isinstance(obj, dict) and "under" in obj:
        action = replace(action, under=_under(obj, line, action, known))
    return action


def _under(obj: dict[Any, Any], line: int, action: Action,
           known: dict[Any, Any]) -> tuple[tuple[str, str], ...]:
    """v2 «under» of an ``effect`` line: [[card, host], …], each card Desterrada bajo (10.19) or
    puesta debajo (10.38) of host; a version 1 record never had it and reads as before."""
    value = obj["under"]
    if action.do != "effect":
        raise RecordError(line, f"«under» sólo va en «effect», no en «{action.do}»")
    shape = "«under» debe ser una lista de [id de la carta, id de la carta bajo la que queda]"
    if not isinstance(value, list):
        raise RecordError(line, shape)
    out = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(v, str) for v in pair):
            raise RecordError(line, shape)
        for v in pair:
            if v not in known:
                raise RecordError(line, f"«under» nombra la carta «{v}», que no está en la partida")
        out.append((pair[0], pair[1]))
    return tuple(out)


def _mode(obj: dict[Any, Any], line: int, do: str) -> int:
    """v2 «mode»: which mode of an «elige uno» the card or ability uses (1 = the first); a
    version 1 record never had it and reads as before."""
    mode = obj["mode"]
    if do not in ("play", "activate", "effect"):
        raise RecordError(line, f"«mode» sólo va en «play», «activate» o «effect», no en «{do}»")
    if not isinstance(mode, int) or isinstance(mode, bool) or mode < 1:
        raise RecordError(line, "«mode» debe ser el número del modo elegido (1 = el primero)")
    return mode


def _read_action(obj: Any, line: int, players: tuple[str, ...], known: dict[Any, Any],
                 version: int) -> Action:
    if not isinstance(obj, dict):
        raise RecordError(line, "cada acción debe ser un objeto JSON")
    p = obj.get("p")
    if p not in players:
        raise RecordError(line, f"«p» debe ser el id de un jugador ({', '.join(players)}), no {p!r}")
    do = obj.get("do")
    if do not in VERBS:
        raise RecordError(line, f"verbo desconocido {do!r}; se esperaba uno de: {', '.join(VERBS)}")
    if do not in VERBS_V1:
        if version < 2:
            raise RecordError(line, f"el verbo «{do}» es del formato versión 2: la cabecera debe "
                                    "decir \"version\": 2")
        from .v2 import read_v2_action
        return read_v2_action(obj, line, p, do, known)
    if do == "gold":
        return Action(line, p, do, card=_id(obj, "card", line, known))
    if do == "play":
        return Action(line, p, do, card=_id(obj, "card", line, known),
                      pay=_ids(obj, "pay", line, known, required=False),
                      bearer=_id(obj, "bearer", line, known, required=False),
                      targets=_ids(obj, "targets", line, known, required=False),
                      costs=_ids(obj, "costs", line, known, required=False))
    if do == "attack":
        return Action(line, p, do, cards=_ids(obj, "cards", line, known),
                      challenges=_pairs(obj, "challenges", line, known, required=False))
    if do == "block":
        return Action(line, p, do, pairs=_pairs(obj, "pairs", line, known, required=True))
    if do == "discard":
        return Action(line, p, do, cards=_ids(obj, "cards", line, known))
    if do == "effect":
        moves = []
        raw_moves = obj.get("moves", [])
        if not isinstance(raw_moves, list):
            raise RecordError(line, "«moves» debe ser una lista de [id, zona]")
        for m in raw_moves:
            if (not isinstance(m, list) or len(m) != 2 or not all(isinstance(v, str) for v in m)):
                raise RecordError(line, "«moves» debe ser una lista de [id, zona]")
            if m[0] not in known:
                raise RecordError(line, f"«moves» nombra la carta «{m[0]}», que no está en la partida")
            if m[1] not in ZONES:
                raise RecordError(line, f"zona desconocida «{m[1]}»; zonas: {', '.join(ZONES)}")
            moves.append((m[0], m[1]))
        counters = []
        raw_counters = obj.get("counters", [])
        if not isinstance(raw_counters, list):
            raise RecordError(line, "«counters» debe ser una lista de [id, contador, cantidad]")
        for c in raw_counters:
            if (not isinstance(c, list) or len(c) != 3 or not isinstance(c[0], str)
                    or not isinstance(c[1], str) or not isinstance(c[2], int)):
                raise RecordError(line, "«counters» debe ser una lista de [id, contador, cantidad]")
            if c[0] not in known:
                raise RecordError(line, f"«counters» nombra la carta «{c[0]}», que no está en la partida")
            counters.append((c[0], c[1].capitalize(), c[2]))
        strength = []
        raw_strength = obj.get("strength", [])
        if not isinstance(raw_strength, list):
            raise RecordError(line, "«strength» debe ser una lista de [id, cambio de Fuerza]")
        for s in raw_strength:
            if (not isinstance(s, list) or len(s) != 2 or not isinstance(s[0], str)
                    or not isinstance(s[1], int)):
                raise RecordError(line, "«strength» debe ser una lista de [id, cambio de Fuerza]")
            if s[0] not in known:
                raise RecordError(line, f"«strength» nombra la carta «{s[0]}», que no está en la partida")
            strength.append((s[0], s[1]))
        return Action(line, p, do, source=_id(obj, "source", line, known, required=False),
                      targets=_ids(obj, "targets", line, known, required=False),
                      moves=tuple(moves), draw=_per_player(obj, "draw", line, players),
                      mill=_per_player(obj, "mill", line, players), counters=tuple(counters),
                      strength=tuple(strength))
    return Action(line, p, do)  # pass, end, concede


MAX_HEADER_LINES = 10_000


def _load_header(first: str, rows: Iterator[tuple[int, str]]) -> Any:
    """The header: normally line 1; a header written over several lines (pretty-printed,
    as in the issue's example) is read until its JSON value closes. Action lines keep their
    physical line numbers."""
    text = first
    for _ in range(MAX_HEADER_LINES):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            if exc.pos < len(text.rstrip()):  # a real error, not an unfinished value
                line = 1 + text.count("\n", 0, exc.pos)
                raise RecordError(line, f"JSON mal formado (columna {exc.colno}): {exc.msg}") from None
        nxt = next(rows, None)
        if nxt is None:
            break
        text += "\n" + nxt[1]
    raise RecordError(1, "JSON mal formado: la cabecera empieza en la línea 1 y no se cierra")


def read_record(lines: Iterable[str], resolve: Resolver) -> GameRecord:
    """Read a whole record; raises ``RecordError`` at the first line that cannot be read."""
    header: Header | None = None
    cards: dict[str, Card] = {}
    players: tuple[str, ...] = ()
    actions: list[Action] = []
    rows = enumerate(lines, 1)
    for number, text in rows:
        if not text.strip():
            if header is None:
                raise RecordError(1, "falta la cabecera: la primera línea está vacía")
            continue
        if header is None:
            header, cards = read_header(_load_header(text, rows), resolve)
            players = (header.players[0].id, header.players[1].id)
            continue
        obj = _load_line(text, number)
        actions.append(read_action(obj, number, players, cards, header.version))
    if header is None:
        raise RecordError(1, "falta la cabecera: el registro está vacío")
    return GameRecord(header, tuple(actions), cards)


def catalog_resolver(catalog: Any) -> Resolver:
    """A resolver over ``tourney.catalog.Catalog``: exactly one identity, else LookupError."""
    cache: dict[str, Card] = {}

    def resolve(name: str) -> Card:
        card = cache.get(name)
        if card is not None:
            return card
        res = catalog.resolve(name)
        if res.ok:
            cache[name] = res.card
            return cast("Card", res.card)
        if fold(name) == fold(GENERIC_GOLD.name) and not res.cards:
            cache[name] = GENERIC_GOLD  # "Oro": any Oro sin habilidad (the example)
            return GENERIC_GOLD
        if res.cards:
            codes = ", ".join(sorted({c.code for c in res.cards}))
            raise LookupError(f"nombre ambiguo; escribe «Nombre (CÓDIGO)» con uno de: {codes}")
        hint = f"; ¿quisiste decir {', '.join(res.suggestions)}?" if res.suggestions else ""
        raise LookupError(f"no está en el catálogo{hint}")

    return resolve
