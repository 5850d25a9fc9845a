"""The shipped Mitos y Leyendas formats: editions, rarities, banlist, observation,
erratas and the named extra rules, with real cards (and a few hand-written ones for
editions the DeckForge data does not have)."""
from __future__ import annotations

from legality_decks import DRAGON_CASTLE, DRAGON_SUPPORT, INFANTRY_CASTLE, deck

from tourney.legality import validate


def only(verdict, code):
    found = [v for v in verdict.violations if v.code == code]
    assert found, f"sin violación {code}: {verdict.render()}"
    return found


# ------------------------------------------------------------------ shipped set
def test_shipped_formats_are_the_issue_list(formats):
    assert {"unificado", "imperio", "infanteria", "escuelas-elementales", "genesis"} <= set(formats)
    assert "myl-construido" not in formats  # abstract parent, not playable
    for fid in ("unificado", "imperio", "infanteria", "escuelas-elementales", "genesis"):
        fmt = formats[fid]
        assert fmt.game.id == "myl"
        assert (fmt.main_exact, fmt.side_sizes, fmt.copy_limit) == (50, (0, 10), 3)
        assert "initial_gold" in fmt.rules


# ------------------------------------------------------------------ unificado
def test_unificado_admits_every_nueva_era_edition(formats, real_catalog, small_catalog):
    assert validate(deck(DRAGON_CASTLE, DRAGON_SUPPORT), formats["unificado"], real_catalog).legal
    castle = {"León Zodiacal": 3, "Carnero Dorado": 3, "Oro Furia": 44}
    assert validate(deck(castle), formats["unificado"], small_catalog).legal
    # editions the file does not name: admitted by release date (since Furia) or by era
    assert "nueva-2027" not in formats["unificado"].legal_editions
    castle = {"Centinela del Mañana": 3, "Explorador del Hielo": 3, "Oro Furia": 44}
    assert validate(deck(castle), formats["unificado"], small_catalog).legal
    # an edition dated before Furia, of another era, is not
    castle = {"Bárbaro del Norte": 3, "Oro Furia": 47}
    verdict = validate(deck(castle), formats["unificado"], small_catalog)
    assert verdict.codes() == ["edition"] and "Guerrero Jaguar" in verdict.violations[0].message


def test_unificado_rejects_editions_before_furia(formats, small_catalog):
    castle = {"Caballero del Grial": 3, "Oro Furia": 47}
    verdict = validate(deck(castle), formats["unificado"], small_catalog)
    (violation,) = only(verdict, "edition")
    assert violation.cards == ("Caballero del Grial",)
    assert "Espada Sagrada" in violation.message


# ------------------------------------------------------------------ imperio
def test_imperio_admits_only_its_2025_26_editions(formats, small_catalog, real_catalog):
    castle = {"León Zodiacal": 3, "Carnero Dorado": 3, "Signo de Fuego": 3, "Ronin Errante": 3,
              "Katana Rota": 3, "Oro Zodiaco": 35}
    assert validate(deck(castle), formats["imperio"], small_catalog).legal
    verdict = validate(deck(DRAGON_CASTLE), formats["imperio"], real_catalog)
    assert {v.code for v in verdict.violations} == {"edition"}
    assert len(verdict.violations) == len(DRAGON_CASTLE)
    assert all(v.rule.startswith("Formato Imperio") for v in verdict.violations)


# ------------------------------------------------------------------ infantería
def test_infanteria_only_vasallo_and_cortesano(formats, real_catalog):
    verdict = validate(deck(INFANTRY_CASTLE), formats["infanteria"], real_catalog)
    assert verdict.legal, verdict.render()
    verdict = validate(deck(DRAGON_CASTLE), formats["infanteria"], real_catalog)
    rarities = {v.cards[0]: v for v in verdict.violations if v.code == "rarity"}
    assert set(rarities) == {"Carbón", "Lindorm Boreal", "Zburator", "Venatio", "Kaladanda"}
    assert "Mega Real" in rarities["Carbón"].message


def test_infanteria_oros_sin_habilidad_are_allowed(formats, real_catalog):
    # Go and Koto have rarity "Oro": allowed as Oros sin habilidad
    verdict = validate(deck(INFANTRY_CASTLE), formats["infanteria"], real_catalog)
    assert not [v for v in verdict.violations if v.cards and v.cards[0] in ("Go", "Koto")]


def test_infanteria_rarity_is_the_regular_printing_not_milenaria(formats, real_catalog):
    # Fuku: Milenaria (BU-023) and Cortesano (BU-105): the Milenaria printing is a reprint
    castle = dict(INFANTRY_CASTLE)
    castle.pop("Fuku")
    castle["Fuku (BU-023)"] = 3
    assert validate(deck(castle), formats["infanteria"], real_catalog).legal
    # Amphisbaena: Milenaria and Real printings: its rarity is Real
    castle["Amphisbaena (DO-047)"] = 3
    castle["Go"] = 7
    verdict = validate(deck(castle), formats["infanteria"], real_catalog)
    (violation,) = only(verdict, "rarity")
    assert violation.cards == ("Amphisbaena",) and "Real" in violation.message


def test_infanteria_most_recent_regular_printing_wins(formats, real_catalog, small_catalog):
    # Cristalino Amarillo: Legendaria (Águila Imperial) and Cortesano (Dominio, Escuelas
    # Elementales): Escuelas Elementales is the most recent edition in the format's list
    castle = dict(INFANTRY_CASTLE, Go=9, **{"Cristalino Amarillo": 1})
    assert validate(deck(castle), formats["infanteria"], real_catalog).legal
    # hand-written: Lobo Gris Real (Asgard 2016) then Vasallo (Dharma 2019) -> Vasallo
    castle = {"Lobo Gris": 3, "Oro Asgard": 47}
    assert validate(deck(castle), formats["infanteria"], small_catalog).legal
    # Cuervo Negro Vasallo (2016) then Mega Real (2019) -> Mega Real
    castle = {"Cuervo Negro": 3, "Oro Asgard": 47}
    verdict = validate(deck(castle), formats["infanteria"], small_catalog)
    assert [v.code for v in verdict.violations] == ["rarity"]


def test_infanteria_real_reprints_most_recent_regular_printing_decides(formats, real_catalog):
    # every real card whose regular printings disagree on Vasallo/Cortesano vs another rarity
    fmt = formats["infanteria"]
    # Takiyasha hime: Vasallo (Legado Gótico, LG-183), Real (Escuelas Elementales, EE-144):
    # the later edition decides -> Real, not admitted, whichever printing the list names
    for name in ("Takiyasha hime", "Takiyasha hime (LG-183)"):
        castle = dict(INFANTRY_CASTLE, Go=7, **{name: 3})
        (violation,) = only(validate(deck(castle), fmt, real_catalog), "rarity")
        assert violation.cards == ("Takiyasha hime",) and "es Real" in violation.message
    # Punzón de Hueso: Vasallo (ContraAtaque), Legendaria (Águila Imperial, listed later)
    castle = dict(INFANTRY_CASTLE, Go=7, **{"Punzón de Hueso": 3})
    (violation,) = only(validate(deck(castle), fmt, real_catalog), "rarity")
    assert "es Legendaria" in violation.message


def test_infanteria_alternate_art_is_not_the_rarity(formats, shared_data):
    # Claudio: Cortesano in Águila Imperial and Escuelas Elementales; its alternate-art
    # printing (AA, origen arsenal) is Vasallo and must not decide; Eastre is Legendaria
    # (Águila Imperial) with Real alternate arts: not admitted
    from tourney.catalog import Catalog
    from tourney.catalog.importers.deckforge import load_deckforge_cards
    from tourney.legality.validator import _checker

    cards, editions = [], []
    for path in (shared_data / "deckforge" / "data-src").glob("*.json"):
        c, e = load_deckforge_cards(path)
        cards += c
        editions += e
    catalog = Catalog.from_cards(cards, editions)
    fmt = formats["infanteria"]
    checker = _checker(fmt, catalog)
    claudio = checker.info(catalog.resolve("Claudio").card)
    assert claudio.rarity == "Cortesano" and claudio.rarity_ok
    eastre = checker.info(catalog.resolve("Eastre").card)
    assert eastre.rarity == "Legendaria" and not eastre.rarity_ok


# ------------------------------------------------------------------ escuelas elementales
def test_escuelas_elementales_min_15_aliados_or_15_totems_each_counted_alone(formats, real_catalog):
    # 18 Aliados: legal
    assert validate(deck(DRAGON_CASTLE), formats["escuelas-elementales"], real_catalog).legal
    # 12 Aliados + 9 Tótems: neither reaches 15, even if together they do
    castle = {"Carbón": 3, "Lindorm Boreal": 3, "Zburator": 3, "Orabou": 3,
              "Piedad": 3, "Bosque de Diana": 3, "Cabeza Colosal": 3,
              "Cacería de Brujas": 3, "Carga Gaesatae": 3, "Venatio": 3, "Kaladanda": 3,
              "Go": 10, "Koto": 7}
    verdict = validate(deck(castle), formats["escuelas-elementales"], real_catalog)
    (violation,) = only(verdict, "min_allies_or_totems")
    assert "12 Aliados y 9 Tótems" in violation.message
    assert violation.rule.startswith("Banlist Estándar")
    assert [v.code for v in verdict.violations] == ["min_allies_or_totems"]
    # the same deck is fine in Unificado (no such rule)
    assert validate(deck(castle), formats["unificado"], real_catalog).legal


def test_escuelas_elementales_affinity_one_race(formats, real_catalog, dragon_castle):
    dragon_castle.pop("Seps")
    dragon_castle["Kappa"] = 3  # a Faerie among Dragones
    verdict = validate(deck(dragon_castle), formats["escuelas-elementales"], real_catalog)
    (violation,) = only(verdict, "affinity")
    assert violation.cards == ("Kappa",)
    assert "Dragón (15)" in violation.message and "Faerie (3)" in violation.message
    assert "Clan Desafiante" in violation.hint
    assert validate(deck(dragon_castle), formats["unificado"], real_catalog).legal


def test_escuelas_elementales_affinity_two_races_of_one_school(formats, real_catalog, dragon_castle):
    dragon_castle.pop("Seps")
    dragon_castle["Karna"] = 3  # Guerrero: Clan Desafiante with Dragón
    assert validate(deck(dragon_castle), formats["escuelas-elementales"], real_catalog).legal


def test_escuelas_elementales_affinity_counts_the_support(formats, real_catalog, dragon_support):
    dragon_support.pop("Kirin")
    dragon_support["Kappa"] = 1
    verdict = validate(deck(DRAGON_CASTLE, dragon_support), formats["escuelas-elementales"], real_catalog)
    assert [v.code for v in verdict.violations] == ["affinity"]


def test_escuelas_elementales_affinity_one_attribute(formats, real_catalog):
    from collections import defaultdict

    by_race = defaultdict(list)
    seen = set()
    for card in real_catalog:
        if (card.is_ally and card.attribute == "Luz" and not card.unique and card.identity not in seen
                and real_catalog.resolve(card.name).ok and card.edition == "steampunk"):
            seen.add(card.identity)
            by_race[card.race].append(card.name)
    races = [r for r in by_race if by_race[r]][:3]
    assert len({real_catalog.resolve(by_race[r][0]).card.school for r in races}) > 1
    castle = {by_race[r][i]: 3 for r in races for i in range(min(2, len(by_race[r])))}
    castle["Go"] = 50 - sum(castle.values())
    fmt = formats["escuelas-elementales"]
    castle_only_allies = dict(castle)
    verdict = validate(deck(castle_only_allies), fmt, real_catalog)
    assert "affinity" not in verdict.codes(), verdict.render()
    # one Aliado without attribute breaks the Luz deck
    castle["Go"] -= 3
    castle["Carbón"] = 3
    assert "affinity" in validate(deck(castle), fmt, real_catalog).codes()


def test_escuelas_elementales_banlist_prohibited(formats, real_catalog, dragon_castle):
    dragon_castle["Go"] = 9
    dragon_castle["Gris-Gris"] = 1
    verdict = validate(deck(dragon_castle), formats["escuelas-elementales"], real_catalog)
    (violation,) = only(verdict, "banned")
    assert violation.rule == "Banlist Estándar (26-11-2025)"
    assert "prohibida" in violation.message
    assert validate(deck(dragon_castle), formats["unificado"], real_catalog).legal


def test_escuelas_elementales_banlist_restricted_to_one_copy(formats, real_catalog, dragon_castle):
    dragon_castle["Go"] = 8
    dragon_castle["Rayo de Luna"] = 2
    verdict = validate(deck(dragon_castle), formats["escuelas-elementales"], real_catalog)
    (violation,) = only(verdict, "limited")
    assert violation.cards == ("Rayo de Luna",) and "limitada a 1 copia" in violation.message
    dragon_castle.update(Go=9, **{"Rayo de Luna": 1})
    assert validate(deck(dragon_castle), formats["escuelas-elementales"], real_catalog).legal
    dragon_castle.update(Go=8, **{"Rayo de Luna": 2})
    assert validate(deck(dragon_castle), formats["unificado"], real_catalog).legal


def test_escuelas_elementales_errata_gives_an_attribute(formats, real_catalog):
    # Harionna (Oni) has no attribute printed; the banlist errata gives it Oscuridad
    ee = validate(deck({"Harionna": 1, "Go": 49}), formats["escuelas-elementales"], real_catalog)
    un = validate(deck({"Harionna": 1, "Go": 49}), formats["unificado"], real_catalog)
    assert ee.resolved.castle[0][0].attribute == "Oscuridad"
    assert un.resolved.castle[0][0].attribute is None


def test_escuelas_elementales_errata_changes_unica_to_errante(formats, real_catalog):
    fmt = formats["escuelas-elementales"]
    verdict = validate(deck({"Tsukuyomi": 3, "Go": 47}), fmt, real_catalog)
    card = verdict.resolved.castle[0][0]
    assert "Errante" in card.keywords and "Única" not in card.keywords
    assert "unique" not in verdict.codes()
    # Krisna: "Carta Única" by errata (and restricted by the banlist)
    verdict = validate(deck({"Krisna": 2, "Go": 48}), fmt, real_catalog)
    assert "Única" in verdict.resolved.castle[0][0].keywords
    assert {"unique", "limited"} & set(verdict.codes())


def test_escuelas_elementales_errata_shingas_and_karna(formats, real_catalog, dragon_castle):
    fmt = formats["escuelas-elementales"]
    dragon_castle.pop("Seps")
    dragon_castle["Karna"] = 3  # only Karna: up to three copies
    assert validate(deck(dragon_castle), fmt, real_catalog).legal
    dragon_castle["Go"] = 9
    dragon_castle["Shingas"] = 1  # Shingas + Karna: Karna becomes one copy
    verdict = validate(deck(dragon_castle), fmt, real_catalog)
    (violation,) = only(verdict, "conditional_limit")
    assert violation.cards == ("Karna", "Shingas")
    assert "quita 2 copias de Karna" in violation.hint


def test_escuelas_elementales_observation_cards_with_their_condition(formats, small_catalog, real_catalog):
    fmt = formats["escuelas-elementales"]
    from tourney.catalog import Catalog

    both = Catalog.from_cards([*real_catalog.cards, *small_catalog.cards],
                              [*real_catalog.editions.values(), *small_catalog.editions.values()])
    # Wyvern Dorado (Camelot) is admitted as Carta Única, and is a Dragón by errata
    castle = dict(DRAGON_CASTLE, Go=9, **{"Wyvern Dorado": 1})
    verdict = validate(deck(castle), fmt, both)
    assert verdict.legal, verdict.render()
    castle.update(Go=8, **{"Wyvern Dorado": 2})
    verdict = validate(deck(castle), fmt, both)
    (violation,) = only(verdict, "unique")
    assert "observación" in violation.rule and "observación" in violation.message
    # Mut (Kemet) is free up to three copies; another Kemet card is not admitted
    castle = {"Mut": 3, "Horus Menor": 3, "Go": 44}
    verdict = validate(deck(castle), fmt, both)
    assert [(v.code, v.cards) for v in verdict.violations if v.code == "edition"] == [("edition", ("Horus Menor",))]


# ------------------------------------------------------------------ génesis
def test_genesis_one_reino_required(formats, small_catalog):
    fmt = formats["genesis"]
    base = {"Caballero del Grial": 3, "Hoplita": 3, "Oro": 43}
    assert validate(deck(dict(base, **{"Reino de Avalon": 1})), fmt, small_catalog).legal
    verdict = validate(deck(dict(base, Oro=44)), fmt, small_catalog)
    assert verdict.codes() == ["realm_missing"]
    assert "Reinos" in verdict.violations[0].rule


def test_genesis_only_one_reino(formats, small_catalog):
    castle = {"Caballero del Grial": 3, "Hoplita": 3, "Oro": 42, "Reino de Avalon": 1, "Reino del Olimpo": 1}
    verdict = validate(deck(castle), formats["genesis"], small_catalog)
    assert verdict.codes() == ["realm_too_many"]


def test_genesis_never_a_reino_in_the_banquillo(formats, small_catalog):
    castle = {"Caballero del Grial": 3, "Hoplita": 3, "Oro": 43, "Reino de Avalon": 1}
    text = "\n".join([f"{q} {n}" for n, q in castle.items()] + ["Banquillo:", "1 Reino del Olimpo", "9 Oro"])
    from tourney.legality import parse_decklist

    verdict = validate(parse_decklist(text), formats["genesis"], small_catalog)
    assert verdict.codes() == ["realm_in_side"]
    assert verdict.violations[0].cards == ("Reino del Olimpo",)
    # the 2009 document's own name for the side section
    assert formats["genesis"].side_name == "Banquillo"
    assert "en el Banquillo" in verdict.violations[0].message


def test_alternate_art_counts_for_the_edition_it_reprints(formats):
    from dataclasses import replace

    from tourney.catalog import Card, Catalog

    art = Card(code="AA-900", name="Lobo de Fenrir", edition="arte-alternativo", type="Aliado",
               identity="lobo-de-fenrir", race="Bestia", rarity="Real", cost=2, strength=2)
    gold = Card(code="FU-100", name="Oro Furia", edition="furia", type="Oro", identity="oro-furia", rarity="Oro")
    castle = {"Lobo de Fenrir": 3, "Oro Furia": 47}
    catalog = Catalog.from_cards([replace(art, origin="asgard"), gold])
    assert validate(deck(castle), formats["unificado"], catalog).legal
    catalog = Catalog.from_cards([art, gold])  # no origin known: not legal by edition
    assert validate(deck(castle), formats["unificado"], catalog).codes() == ["edition"]


def test_genesis_admits_salo_editions_and_no_nueva_era_card(formats, small_catalog):
    fmt = formats["genesis"]
    # a Segundo Bloque card (2009) is legal in a 2009 constructed format
    castle = {"Caballero del Grial": 3, "Bárbaro del Norte": 3, "Oro": 43, "Reino de Avalon": 1}
    assert validate(deck(castle), fmt, small_catalog).legal
    # a Nueva Era card is not: it did not exist in 2009
    castle = {"Caballero del Grial": 3, "Oro Furia": 46, "Reino de Avalon": 1}
    verdict = validate(deck(castle), fmt, small_catalog)
    (violation,) = only(verdict, "edition")
    assert violation.cards == ("Oro Furia",) and violation.rule == "Formato Génesis: ediciones de Salo hasta 2009"
    # the realm rule cites the 2009 document's section on Reinos
    verdict = validate(deck({"Caballero del Grial": 3, "Oro": 47}), fmt, small_catalog)
    assert verdict.violations[0].rule == "2009 I Habilidades Especiales y Reinos: Reinos"


def test_vigilantes_golden_deck_is_legal_in_unificado_infanteria_and_escuelas(formats, real_catalog):
    # the golden Vigilantes Etéreos deck: Vasallo/Cortesano Eterno and Faerie cards of the
    # Escuelas Elementales era, none in the Estándar banlist
    from pathlib import Path

    from tourney.legality import parse_decklist

    text = (Path(__file__).parent / "golden" / "unificado__vigilantes-legal.txt").read_text(encoding="utf-8")
    decklist = parse_decklist(text)
    for fid in ("unificado", "infanteria", "escuelas-elementales"):
        verdict = validate(decklist, formats[fid], real_catalog)
        assert verdict.legal, (fid, verdict.render())
    # and not in Imperio (no edition of the format) nor in Génesis (no Reino, later editions)
    assert set(validate(decklist, formats["imperio"], real_catalog).codes()) == {"edition"}
    assert set(validate(decklist, formats["genesis"], real_catalog).codes()) == {"edition", "realm_missing"}


def test_named_rule_violations_point_at_their_lines_per_decklist(formats, real_catalog):
    # the affinity verdict is memoized by the deck's Aliados; its lines must follow each list
    from tourney.legality import parse_decklist

    castle = dict(DRAGON_CASTLE, Go=7, Kappa=3)  # Kappa is a Faerie among Dragones
    first = "\n".join(f"{q} {n}" for n, q in castle.items())
    moved = "\n".join(["# Kappa arriba", "3 Kappa"] + [f"{q} {n}" for n, q in castle.items() if n != "Kappa"])
    fmt = formats["escuelas-elementales"]
    (a,) = [v for v in validate(parse_decklist(first), fmt, real_catalog).violations if v.code == "affinity"]
    (b,) = [v for v in validate(parse_decklist(moved), fmt, real_catalog).violations if v.code == "affinity"]
    assert a.cards == b.cards == ("Kappa",)
    assert a.lines == (len(castle),) and b.lines == (2,)


def test_unificado_names_every_nueva_era_edition_and_every_deckforge_edition(formats, shared_data):
    # without release dates in the catalog, Unificado admits what it names: every Nueva Era
    # edition of EDITIONS.md, every edition of the DeckForge catalog, and every `origen` of its
    # alternate arts
    import json
    import re

    from tourney.catalog.model import slugify

    legal = set(formats["unificado"].legal_editions)
    text = (shared_data / "EDITIONS.md").read_text(encoding="utf-8")
    nueva_era = text[text.index("**Nueva Era**"):text.index("- The DeckForge catalog")]
    names = set()
    for line in nueva_era.splitlines():
        _, _, listing = line.partition(":")
        listing = re.sub(r"\([^)]*\)", "", listing)
        listing = re.sub(r";\s*products:", ",", listing)
        listing = listing.replace("toolkits", "").replace(" and ", ", ")
        listing = listing.replace("as published for 2025–26", "")
        names |= {n.strip(" .;") for n in listing.split(",") if n.strip(" .;")}
    slugs = {slugify(n) for n in names} - {"expediciones"}
    aliases = {"furia-extension": "furiaext"}
    missing = {aliases.get(s, s) for s in slugs} - legal
    assert missing == set(), missing
    cards = json.loads((shared_data / "deckforge" / "public-data" / "cards.json").read_text(encoding="utf-8"))
    assert {c["edicion"] for c in cards} <= legal
    art = json.loads((shared_data / "deckforge" / "data-src" / "arte-alternativo.json").read_text(encoding="utf-8"))
    assert {c["origen"] for c in art} <= legal
