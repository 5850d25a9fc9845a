"""Seeded random legal games between two decks, for tests and benchmarks.

Every choice comes from the ``random.Random(seed)`` passed in. The generator proposes
actions from the state (Oro first, affordable cards, eligible attackers, legal blocks,
Talismanes in the Guerra de Talismanes, discards) and records only what the engine
accepts; an illegal proposal leaves the state untouched and is simply not recorded.
"""
from __future__ import annotations

from typing import Any, Protocol

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..catalog.model import ALLY, GOLD, TALISMAN, TOTEM, WEAPON, Card
from .abilities.builder import choose_targets, effect_line
from .abilities.chain import answer_kind, own_effect
from .abilities.cost_rules import changed_cost
from .abilities.kinds.gold_kinds import real_due
from .abilities.registry import hand_written
from .errors import IllegalAction, RecordError
from .zones import HAND_LIMIT
from .game import Game
from .keywords import CHALLENGER, UNIQUE, WAR, engine_keywords, play_permissions, weapon_capacity
from .record import read_action, read_header


@dataclass(frozen=True, slots=True)
class Deck:
    gold: Card  # the Oro inicial
    castle: tuple[Card, ...]  # the rest of the Mazo Castillo (49 cards)


class DeckError(ValueError):
    def __init__(self, line: int, message: str):
        super().__init__(f"línea {line}: {message}")
        self.line = line
        self.message = message


class DeckLine(Protocol):
    """One Castillo line as the caller read it (``tourney.legality.decklist.Entry``): the engine
    does not parse lists, the legality core does."""

    name: str
    quantity: int
    lines: tuple[int, ...]


def read_deck(castle: Iterable[DeckLine], resolve: Callable[[str], Card]) -> Deck:
    """A deck from the lines of its Mazo Castillo (read by ``tourney.legality.decklist``).
    The first Oro without ability becomes the Oro inicial."""
    cards: list[Card] = []
    for entry in castle:
        try:
            card = resolve(entry.name)
        except LookupError as exc:
            line = entry.lines[0] if entry.lines else 0
            raise DeckError(line, f"carta desconocida «{entry.name}»: {exc}") from None
        cards.extend([card] * entry.quantity)
    golds = [i for i, c in enumerate(cards) if c.plain_gold] or [i for i, c in enumerate(cards) if c.is_gold]
    if not golds:
        raise DeckError(0, "el mazo no tiene ningún Oro para usar como Oro inicial")
    gold = cards.pop(golds[0])
    return Deck(gold, tuple(cards))


def random_deck(cards: Sequence[Card], rng: random.Random, size: int = 50) -> Deck:
    """A plausible constructed deck: one race's Aliados, Talismanes, Tótems, Armas and plain
    Oros, at most three copies of a card (one of an Única), costs 1 to 4."""
    by_race: dict[str, list[Card]] = {}
    others: dict[str, list[Card]] = {TALISMAN: [], TOTEM: [], WEAPON: []}
    golds = sorted({c.identity: c for c in cards if c.plain_gold}.values(), key=lambda c: c.code)
    seen: set[str] = set()
    for c in sorted(cards, key=lambda c: c.code):
        if c.identity in seen or c.cost is None or not 0 <= c.cost <= 4:
            continue
        seen.add(c.identity)
        if c.type == ALLY and c.race:
            by_race.setdefault(c.race, []).append(c)
        elif c.type in others:
            others[c.type].append(c)
    races = sorted(r for r, allies in by_race.items() if len(allies) >= 8)
    if not races or not golds:
        raise ValueError("el catálogo no alcanza para armar un mazo")
    race = rng.choice(races)

    def take(pool: list[Card], n: int) -> list[Card]:
        out: list[Card] = []
        pool = list(pool)
        rng.shuffle(pool)
        for c in pool:
            copies = 1 if UNIQUE in engine_keywords(c) else rng.choice((1, 2, 3))
            out.extend([c] * min(copies, n - len(out)))
            if len(out) >= n:
                break
        return out

    castle = (take(by_race[race], 18) + take(others[TALISMAN], 8) + take(others[TOTEM], 3)
              + take(others[WEAPON], 3))
    # cards whose abilities the engine knows (hand-written files): games that use abilities
    known = sorted((c for c in cards if c.identity in hand_written() and c.cost is not None
                    and 0 <= c.cost <= 4 and c.type != GOLD),
                   key=lambda c: c.code)
    present = {c.identity for c in castle}
    unique_known = [c for c in {c.identity: c for c in known}.values()
                    if c.identity not in present]
    if unique_known:
        extra = take(unique_known, 10)
        castle = castle[:max(0, len(castle) - len(extra))] + extra
    gold = golds[0]
    castle += [gold] * (size - 1 - len(castle))
    return Deck(gold, tuple(castle))


def generate_game(deck_a: Deck, deck_b: Deck, seed: int, name_of: Callable[[Card], str],
                  resolve: Callable[[str], Card], max_turns: int = 200,
                  concede_chance: float = 0.002) -> list[dict[Any, Any]]:
    """A random legal game as JSON objects: the header, then one object per action."""
    rng = random.Random(seed)
    head = _random_header(deck_a, deck_b, rng, name_of)
    header, cards = read_header(head, resolve)
    game = Game(header)
    if game.setup_problem is not None:  # e.g. two copies of an Única (10.13)
        raise DeckError(0, f"regla {game.setup_problem.rule}: {game.setup_problem.message}")
    writer = _RandomGame(game, rng, cards, [head])
    while game.outcome is None and game.turn <= max_turns:
        if rng.random() < concede_chance:
            writer.attempt({"p": rng.choice(PLAYER_IDS), "do": "concede"})
            break
        writer.turn_step(game.active)
    return writer.out


PLAYER_IDS = ("A", "B")


def _random_header(deck_a: Deck, deck_b: Deck, rng: random.Random,
                   name_of: Callable[[Card], str]) -> dict[str, Any]:
    """The record's header: each Mazo Castillo shuffled, the first player drawn at random."""
    players = []
    for pid, pname, deck in (("A", "Jugador A", deck_a), ("B", "Jugador B", deck_b)):
        castle = list(deck.castle)
        rng.shuffle(castle)
        players.append({"id": pid, "name": pname, "gold": [f"{pid}0", name_of(deck.gold)],
                        "castle": [[f"{pid}{i}", name_of(c)] for i, c in enumerate(castle, 1)]})
    return {"game": "myl", "version": 1, "format": "unificado", "first": rng.choice("AB"),
            "hand": 8, "players": players}


class _RandomGame:
    """The game being written: proposes actions from the state and records the ones the
    engine accepts (``out``: the header, then one object per action)."""

    def __init__(self, game: Game, rng: random.Random, cards: dict[str, Card],
                 out: list[dict[Any, Any]]) -> None:
        self.game = game
        self.rng = rng
        self.cards = cards
        self.out = out
        self.resolving = False

    def attempt(self, obj: dict[Any, Any]) -> bool:
        """Record ``obj`` if the engine accepts it, then resolve the triggers it set off."""
        try:
            action = read_action(obj, len(self.out) + 1, PLAYER_IDS, self.cards)
        except RecordError:  # a line the builder cannot write in the record format
            return False
        try:
            self.game.apply(action)
        except IllegalAction:
            return False
        self.out.append(action.to_json())
        if not self.resolving:
            self.resolving = True
            try:
                resolve_triggers(self.game, self.rng, self.attempt)
            finally:
                self.resolving = False
        return True

    def due(self, pid: str, iid: str) -> int:
        """The Oros it costs now (its cost changes applied, 10.16), else its printed cost."""
        changed = changed_cost(self.game, self.game.cards[iid], pid)
        printed = (self.game.cards[iid].card.cost or 0) if changed is None else changed
        return real_due(self.game, self.game.cards[iid], pid, printed)  # §2.5: Oros virtuales first

    def affordable(self, pid: str, types: Iterable[str]) -> list[str]:
        reserve = len(self.game.zone_of(pid, "reserve"))
        return [iid for iid in self.game.zone_of(pid, "hand")
                if self.game.cards[iid].card.type in types and self.due(pid, iid) <= reserve]

    def pay_for(self, pid: str, iid: str) -> list[str]:
        reserve = list(self.game.zone_of(pid, "reserve"))
        return self.rng.sample(reserve, self.due(pid, iid))

    def play(self, pid: str, iid: str) -> bool:
        """Play a card from the hand (a bearer for an Arma, targets for its effect), let the
        opponent answer it, then write the Talismán's effect line."""
        game, rng = self.game, self.rng
        inst = game.cards[iid]
        obj: dict[Any, Any] = {"p": pid, "do": "play", "card": iid, "pay": self.pay_for(pid, iid)}
        if inst.card.type == WEAPON:
            bearers = [b for b in game.zone_of(pid, "defense")
                       if len(game.cards[b].weapons) < weapon_capacity(game.cards[b].card)]
            if not bearers:
                return False
            obj["bearer"] = rng.choice(bearers)
        effect = own_effect(inst)
        targets: list[str] = []
        if effect is not None:
            chosen = choose_targets(game, inst, effect[1], pid, rng)
            if chosen is None or (inst.card.type != TALISMAN and not chosen):
                return False
            targets = chosen
            if targets:
                obj["targets"] = targets
        ok = self.attempt(obj)
        if ok:
            answer(game, rng, self.affordable, self.pay_for, self.attempt, pid, iid)
        if ok and effect is not None and inst.card.type == TALISMAN:
            line = effect_line(game, inst, effect[1], pid, targets, rng)
            if line is not None:
                self.attempt(line)
        elif ok and inst.card.type == TALISMAN and rng.random() < 0.3:
            victims = list(game.zone_of(game.opponent(pid), "defense"))
            if victims:  # the Talismán's stated result, as a judge would record it
                self.attempt({"p": pid, "do": "effect", "source": iid,
                              "moves": [[rng.choice(victims), "graveyard"]]})
        return ok

    def activate(self, pid: str) -> None:
        """Use an activated ability of a card in play now and then (cost in the line, v1)."""
        for inst in list(self.game.in_play(pid)):
            known = inst.abilities
            if known is None or not known.complete or self.rng.random() < 0.6:
                continue
            for ability in known.abilities:
                if ability.kind != "activated" or ability.zone != "in_play" or ability.response:
                    continue
                targets = choose_targets(self.game, inst, ability, pid, self.rng) or []
                line = effect_line(self.game, inst, ability, pid, targets, self.rng, costs=True)
                if line is not None:
                    self.attempt(line)

    def turn_step(self, p: str) -> None:
        """The active player's Vigilia (Oro, cards, abilities, attack) and discard."""
        game, rng = self.game, self.rng
        if game.phase == "vigil":
            golds = [i for i in game.zone_of(p, "hand") if game.cards[i].card.type == GOLD]
            if golds and rng.random() < 0.95:
                self.attempt({"p": p, "do": "gold", "card": rng.choice(golds)})
            for _ in range(4):
                options = self.affordable(p, (ALLY, TOTEM, WEAPON, TALISMAN))
                if not options or rng.random() < 0.15:
                    break
                self.play(p, rng.choice(options))
            self.activate(p)
            if not self.attack(p):
                return
        if game.phase == "discard":
            hand = list(game.zone_of(p, "hand"))
            self.attempt({"p": p, "do": "discard", "cards": rng.sample(hand, len(hand) - HAND_LIMIT)})

    def attack(self, p: str) -> bool:
        """Attack with some eligible Aliados (challenging now and then), then the block and
        the Guerra de Talismanes; else end the turn. False when a refused attack ended it."""
        game, rng = self.game, self.rng
        chosen = [a for a in game.legal_attackers(p) if rng.random() < 0.7]
        if not chosen:
            self.attempt({"p": p, "do": "end"})
            return True
        opp_defense = list(game.zone_of(game.opponent(p), "defense"))
        challenges = [[a, rng.choice(opp_defense)] for a in chosen
                      if CHALLENGER in game.cards[a].kw and opp_defense and rng.random() < 0.7]
        obj: dict[Any, Any] = {"p": p, "do": "attack", "cards": chosen}
        if challenges:
            obj["challenges"] = challenges
        if not self.attempt(obj):
            self.attempt({"p": p, "do": "end"})
            return False
        defend(game, rng, self.attempt)
        war(game, rng, self.play, self.affordable, self.attempt)
        return True


def resolve_triggers(game: Game, rng: random.Random, attempt: Callable[[dict[Any, Any]], bool]) -> None:
    """Resolve the pending triggered abilities the engine knows how to write (6.6: the
    active player's first); an optional one is declined now and then."""
    for _ in range(8):
        # 7.2: the latest triggers first (a higher level of the tree), 6.6 within each level
        pending = sorted(game.pending, key=lambda q: (-q.seq, q.controller != game.active))
        progressed = False
        for q in pending:
            if q not in game.pending:
                continue
            source = game.cards[q.source]
            ability = q.ability(game)
            if q.optional and rng.random() < 0.2:
                continue
            targets = choose_targets(game, source, ability, q.controller, rng)
            if targets is None:
                continue
            line = effect_line(game, source, ability, q.controller, targets, rng)
            if line is not None and attempt(line):
                progressed = True
                break
        if not progressed:
            return


def answer(game: Game, rng: random.Random, affordable: Any, pay_for: Any, attempt: Any, pid: str,
           iid: str) -> None:
    """The opponent annuls the card just played now and then (8.1 D), with an Anulación
    from the hand that can target it."""
    opp = game.opponent(pid)
    for cid in affordable(opp, (TALISMAN,)):
        card = game.cards[cid]
        effect = own_effect(card)
        if effect is None or answer_kind(effect[1]) != "annul" or rng.random() < 0.5:
            continue
        targets = choose_targets(game, card, effect[1], opp, rng)
        if targets and iid in targets:
            attempt({"p": opp, "do": "play", "card": cid, "pay": pay_for(opp, cid),
                     "targets": targets})
            return


def defend(game: Game, rng: random.Random, attempt: Callable[[dict[Any, Any]], bool]) -> None:
    defender = game.opponent(game.active)
    free = list(game.zone_of(defender, "defense"))
    pairs: list[list[str]] = []
    used: set[str] = set()
    for attacker, target in game.challenges.items():  # a challenged Aliado blocks if it can
        if target in free and target not in used and game.can_block(game.cards[target], game.cards[attacker]) is None:
            pairs.append([target, attacker])
            used.add(target)
    blocked = {a for _, a in pairs}
    for attacker in game.attackers:
        if attacker in blocked or rng.random() < 0.4:
            continue
        options = [b for b in free if b not in used
                   and game.can_block(game.cards[b], game.cards[attacker]) is None]
        if options:
            b = rng.choice(options)
            pairs.append([b, attacker])
            used.add(b)
    if not attempt({"p": defender, "do": "block", "pairs": pairs}):
        attempt({"p": defender, "do": "block", "pairs": []})


def war(game: Game, rng: random.Random, play: Any, affordable: Any, attempt: Any) -> None:
    while game.phase == "war":
        pid = game.priority
        assert pid is not None
        options = [i for i in affordable(pid, (TALISMAN, ALLY, TOTEM))
                   if game.cards[i].card.type == TALISMAN or WAR in play_permissions(game.cards[i].card)]
        if options and rng.random() < 0.3 and play(pid, rng.choice(options)):
            continue
        attempt({"p": pid, "do": "pass"})


def reveal_record(objs: list[dict[Any, Any]], resolve: Callable[[str], Card]) -> list[dict[Any, Any]]:
    """The same game in "revealed" order, as a paper game is recorded: the Castillo in an
    unknown order (here: reversed) and every draw and mill naming its card."""
    header, cards = read_header(objs[0], resolve)
    game = Game(header)
    opening: dict[str, list[str]] = {}
    for pid, iid in game.taken:
        opening.setdefault(pid, []).append(iid)
    head = json.loads(json.dumps(objs[0]))
    head["order"] = "revealed"
    for player in head["players"]:
        player["castle"] = list(reversed(player["castle"]))
        player["opening"] = opening.get(player["id"], [])
    out = [head]
    ids = tuple(p.id for p in header.players)
    for number, obj in enumerate(objs[1:], start=2):
        action = read_action(obj, number, ids, cards)
        mark = len(game.taken)
        game.apply(action)
        named: dict[str, list[str]] = {}
        for pid, iid in game.taken[mark:]:
            named.setdefault(pid, []).append(iid)
        new = dict(obj)
        if named:
            new["revealed"] = named
        out.append(new)
    return out
