"""``Effect``: one step of what an ability does, and the wording helpers of its
``describe``."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from .condition import Condition
from .target_filter import TargetFilter
from .trigger_cost_duration import Cost, Duration
from .value import INFINITIVE, check_word, Value
from .vocabulary import (
    AMOUNT_SOURCES,
    EFFECTS,
    PLAYERS,
    SUBJECTS,
    ZONES,
)


_DIG_REST = {"castle": " y baraja el resto en su Mazo Castillo",
             "castle_top": " y pone el resto en el tope de su Mazo Castillo en cualquier orden"}
_OWN_ZONE = {"hand": "mano", "graveyard": "Cementerio", "castle": "Mazo Castillo", "exile": "Zona de Destierro"}



@dataclass(frozen=True, slots=True, repr=False)
class Effect(Value):
    """One step of what an ability does (``kind`` of ``EFFECTS``).

    ``subject`` (``SUBJECTS``) says what it acts on: ``target`` uses the ability's
    ``targets[target]``; ``each``/``chosen`` use ``filter``. ``player`` is whose Castillo/hand
    for draw, mill, discard, search, virtual_gold, damage. ``amount`` a number (Fuerza change,
    cards, counters, Oros, cost change); ``amount_from`` a number read from the game instead
    ("strength_of_bearer", "strength_of_target", "allies_you_control"…); ``zone`` a
    destination (put_into_play, move, search); ``keyword`` a keyword name or a race
    (race_becomes); ``counter`` a counter name; ``duration``; ``optional`` «puedes»; ``then``
    «Luego»: only if the previous step was done (6.x); ``instead`` replacement «en su lugar»."""

    kind: str
    subject: str = "target"
    target: int = 0
    filter: TargetFilter | None = None
    player: str = "you"
    amount: int | None = None
    amount_from: str | None = None
    zone: str | None = None
    keyword: str | None = None
    counter: str | None = None
    duration: Duration = field(default_factory=Duration)
    optional: bool = False
    then: bool = False
    random: bool = False  # «al azar» (discard)
    unless: Cost | None = None  # «a menos que tu oponente pague…»: paid by the affected player
    # … or by this player (``PLAYERS`` word) when the text names one the affected cards may not
    # be: «Roba una carta a menos que tu oponente pague dos Oros» (never verified: see verify)
    unless_player: str | None = None
    condition: Condition | None = None  # «Luego, si …, Agrupa…»: this step only if it holds
    count_filter: TargetFilter | None = None  # what amount_from "count" counts (else `filter`)
    rest_zone: str | None = None  # dig: where the cards not taken go
    by: TargetFilter | None = None  # protection of ``filter``'s cards: the sources it is against
    under: bool = False  # banish_top: «… y ponlas bajo este Aliado» (10.19, record v2 «under»)

    _nested: ClassVar[dict[str, type]] = {}

    def __post_init__(self) -> None:
        check_word(self.kind, EFFECTS, "efecto")
        if self.amount_from is not None:
            check_word(self.amount_from, AMOUNT_SOURCES, "origen de cantidad")
        check_word(self.subject, SUBJECTS, "sujeto")
        check_word(self.player, PLAYERS, "jugador")
        check_word(self.zone, ZONES, "zona", optional=True)
        check_word(self.rest_zone, ZONES, "zona", optional=True)
        check_word(self.unless_player, PLAYERS, "jugador", optional=True)

    def subject_text(self, targets: tuple[TargetFilter, ...] = (), again: bool = False) -> str:
        if again and self.subject == "target" and self.target < len(targets):
            return _anaphora(targets[self.target])  # the target an earlier step already named
        if self.kind == "search" and self.filter is not None:  # «Busca hasta tres Armas …»
            from dataclasses import replace
            return replace(self.filter, targets=False).describe()
        if self.kind == "reveal_top" and self.filter is not None:  # «si es un Talismán …»
            from dataclasses import replace
            return replace(self.filter, zone="in_play", up_to=False, targets=False).describe()
        if self.kind == "dig" and self.filter is not None:  # «… y toma una carta»
            from dataclasses import replace
            return replace(self.filter, zone="in_play", targets=False).describe()
        if self.player == "each" and self.subject == "chosen" and self.filter is not None:
            from dataclasses import replace  # «Cada jugador Destierra un Aliado que controle»
            f = self.filter
            own = replace(f, controller="any", zone="in_play", targets=False).describe()
            return own + (" que controle" if f.zone == "in_play" else f" de su {_OWN_ZONE.get(f.zone, f.zone)}")
        if self.subject == "target" and self.target < len(targets):
            return targets[self.target].describe()
        if self.subject == "chosen" and self.filter is not None:
            from dataclasses import replace  # «hasta tres Oros …»: how many it chooses
            return replace(self.filter, targets=False).describe()
        if self.subject in ("each", "chosen", "player") and self.filter is not None:
            noun = self.filter.noun()
            return ("cada " if self.subject == "each" else "") + noun
        return SUBJECTS[self.subject]

    def describe(self, targets: tuple[TargetFilter, ...] = (), again: bool = False) -> str:
        """``again``: an earlier step of the same ability names this target («ese Aliado»)."""
        per = ""
        if self.amount_from == "count":
            amount: object = self.amount or 1
            counted = self.count_filter or self.filter
            per = " por cada " + (counted.noun() if counted else "carta")
            if self.player == "each":  # «cada jugador … por cada Aliado que controle»: their own
                per = per.replace(" que controles", " que controle")
        elif self.amount_from == "entered_this_turn" and self.filter is not None:
            # «Bota una carta por cada Aliado … que entró en juego bajo tu control este turno»
            amount = self.amount or 1
            per = (" por cada " + replace(self.filter, controller="any").noun()
                   + " que entró en juego bajo tu control este turno")
        elif self.amount_from == "moved_before":  # «… por cada Aliado Desterrado de esta manera»
            amount, per = self.amount or 1, " por cada carta que el paso anterior movió"
        elif self.amount_from is not None:
            amount = AMOUNT_SOURCES[self.amount_from]
        else:
            amount = self.amount if self.amount is not None else "X"
        text = EFFECTS[self.kind].format(
            subject=self.subject_text(targets, again), player=PLAYERS.get(self.player, ""),
            amount=amount, zone=ZONES.get(self.zone or "in_play", ""),
            keyword=self.keyword or "", counter=self.counter or "",
            bearers=_bearers(self)).strip()
        if text.startswith("tú "):
            text = text[3:]
        if self.kind == "max_attackers":  # «sólo se puede declarar un Aliado atacante cada turno»
            n = self.amount or 1
            text = ("en cada turno sólo se puede declarar un Aliado atacante" if n == 1 else
                    f"en cada turno sólo se pueden declarar {n} Aliados atacantes")
        if self.kind == "cannot_declare_attack" and self.player == "each":
            text = "ningún jugador puede declarar ataque"  # not «cada jugador no puede …»
        text = _hand_and_castle_words(self, text)
        if self.player == "each" and self.subject == "chosen" and not text.startswith("cada jugador"):
            text = "cada jugador " + text
        if self.kind == "lose_abilities" and self.subject == "target" and not again \
                and self.target < len(targets) and targets[self.target].count != 1:
            text = text.replace(" pierde su habilidad", " pierden su habilidad")  # «Hasta dos Aliados …»
        if self.kind == "reveal_top" and self.player in (None, "you"):  # «muestra … de tu Mazo Castillo»
            text = text.replace("de su Mazo Castillo", "de tu Mazo Castillo", 1)
        if self.kind == "reveal_top" and self.zone == "being_played":
            text = text.replace(", va a las cartas que se están jugando", ", se juega sin pagar su coste")
        if self.kind == "reveal_top" and self.filter is not None and self.filter.up_to:
            text = text.replace(", va a ", ", puede ir a ").replace(", se juega", ", puede jugarse")
        if self.kind == "dig" and self.rest_zone:  # where the cards not taken go
            if self.filter is not None and self.filter.count == 0:
                text = text.split(" y toma ")[0] + " y las devuelve al tope de su Mazo Castillo en cualquier orden"
            else:
                text += " en su mano" + _DIG_REST.get(self.rest_zone,
                                                      f" y pone el resto en {ZONES.get(self.rest_zone, '')}")
        if self.under:
            text += " y la pone bajo esta carta" if self.amount == 1 else " y las pone bajo esta carta"
        if self.kind == "become_ally" and not self.keyword:
            text = text.replace(" de Raza  de", " de")  # no Race given: only the Fuerza
        if self.random:
            text += " al azar"
        if self.unless is not None:
            payer = PLAYERS[self.unless_player] if self.unless_player else "el jugador afectado"
            text += f" a menos que {payer} elija {self.unless.describe()}"
        text += per
        if self.kind == "protection":
            text = _protection_text(self, targets)
        if self.kind == "direct_damage_increase" and self.subject == "each" and self.filter is None:
            text = f"el daño directo aumenta en {self.amount}"  # anyone's
        if self.kind == "virtual_gold" and self.filter is not None and self.amount_from is None:
            # «genera un Oro para jugar Talismanes»: those Oros only pay for such cards
            text += " sólo para jugar " + replace(self.filter, zone="in_play", count=2, controller="any").noun()
        if self.kind == "strength" and isinstance(self.amount, int) and self.amount < 0:
            text = text.replace(f"gana {self.amount}", f"pierde {-self.amount}")
        if self.optional:
            head, _, rest = text.partition(" ")
            text = "puedes " + INFINITIVE.get(head, head) + (" " + rest if rest else "")
        if self.condition is not None:  # «Luego, si …, puedes Robar»: the condition comes first
            text = f"si {self.condition.describe()}, {text}"
        if self.then:
            text = "Luego, " + text
        extra = self.duration.describe()
        return f"{text} {extra}".strip()


def _anaphora(f: TargetFilter) -> str:
    """«ese Aliado» / «cada uno de esos Aliados»: a target named again (one target, not two)."""
    noun = f.types[0] if len(f.types) == 1 else "carta"
    feminine = noun in ("carta", "Arma")
    if f.count == 1 and f.count_from is None:
        return ("esa " if feminine else "ese ") + noun
    plural = {"Aliado": "Aliados", "Talismán": "Talismanes", "Arma": "Armas", "Tótem": "Tótems",
              "Oro": "Oros", "carta": "cartas"}[noun]
    return ("cada una de esas " if feminine else "cada uno de esos ") + plural


def _hand_and_castle_words(effect: Effect, text: str) -> str:
    """Whose hand is looked at, which cards of it are discarded, whose Mazo Castillo is searched:
    the templates leave these out («Mira X cartas de la mano», «Descarta X cartas»)."""
    kind, f = effect.kind, effect.filter
    if kind == "look" and effect.zone == "hand" and effect.amount is None and effect.player == "opponent":
        return "mira la mano de tu oponente"
    if kind == "discard" and effect.subject in ("each", "chosen") and f is not None and f.zone == "hand":
        whose = {"opponent": "tu oponente", "you": ""}.get(f.controller or "", "")
        noun = replace(f, zone="in_play", controller="any", targets=False).noun()
        if effect.subject == "each":
            return f"{whose} Descarta cada {noun} de su mano".strip()
        return f"{whose} Descarta la {noun} elegida de su mano".strip() if noun == "carta" else \
            f"{whose} Descarta la carta elegida de su mano ({noun})".strip()
    if kind == "look" and effect.zone == "castle" and effect.amount is not None:
        # «mirar la primera carta del Mazo Castillo oponente»: the player is whose Castillo it
        # is; the one who looks is the ability's controller
        n = effect.amount
        cards = "la primera carta" if n == 1 else f"las primeras {n} cartas"
        whose = "del Mazo Castillo de tu oponente" if effect.player == "opponent" else "de tu Mazo Castillo"
        return f"Mira {cards} {whose}"
    if kind == "weapon_capacity" and effect.amount in (None, 0):  # «cualquier número de» / «no puede portar»
        return text.replace("puede portar X Arma(s)", "puede portar cualquier cantidad de Armas").replace(
            "puede portar 0 Arma(s)", "no puede portar Armas")
    if kind == "shuffle_into_castle" and effect.subject == "chosen" and f is not None and f.zone == "hand":
        whose = {"opponent": "tu oponente", "you": ""}.get(f.controller or "", "")
        noun = replace(f, zone="in_play", controller="any", targets=False).noun()
        return f"{whose} Baraja la carta elegida de su mano ({noun}) en su Mazo Castillo".strip()
    if kind == "search" and effect.player == "opponent" and text.startswith("tu oponente Busca "):
        # the searcher is the ability's controller; the cards are the opponent's (verify.py)
        return "Busca " + text.removeprefix("tu oponente Busca ").replace(
            "en el Mazo Castillo", "en el Mazo Castillo de tu oponente", 1)
    return text


_GUARDED = {"destroyed": "no puede ser Destruido", "banished": "no puede ser Desterrado",
            "targeted": "no puede ser objetivo", "lose_abilities": "no puede perder su habilidad"}


def _protection_text(effect: Effect, targets: tuple[TargetFilter, ...]) -> str:
    """«cada otro Aliado que controles no puede ser Desterrado por Talismanes»: the protected
    cards (``filter`` with subject each), what they are protected from and, from ``by`` (or
    ``filter`` for this card / the bearer), by what kind of source."""
    who = effect.subject_text(targets)
    what = _GUARDED.get(effect.keyword or "", f"no puede ser afectado así ({effect.keyword})")
    sources = effect.by if effect.subject == "each" else effect.filter
    text = f"{who} {what}"
    if sources is not None:
        noun = replace(sources, count=2).noun()  # the kind of source: plural
        if effect.keyword == "targeted" and sources.types and "Talismán" not in sources.types:
            noun = "habilidades de " + noun  # an Aliado, Tótem, Arma or Oro targets with its abilities
        text += f" de {noun}" if effect.keyword == "targeted" else f" por {noun}"
    return text


def _bearers(effect: Effect) -> str:
    """Who may (bearer_only: «un Aliado de coste 3 o más») or may not (bearer_not: «Aliados
    Luz») bear this Arma."""
    if effect.kind == "unblockable_by" and effect.by is not None:
        return replace(effect.by, count=2).noun()
    if effect.kind not in ("bearer_only", "bearer_not") or effect.filter is None:
        return ""
    if effect.kind == "bearer_only":
        return effect.filter.describe()
    return replace(effect.filter, count=2).noun()
