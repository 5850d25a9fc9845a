"""Sellado and Lanzamiento (seed 000, §11 Mazo de Soporte, last paragraphs): one test per rule
paragraph, on pools of real Bushido cards from the DeckForge catalog."""
from __future__ import annotations

from collections import Counter

import pytest

from tourney.legality import FormatError, LegalityError, load_formats, validate
from tourney.legality.decklist import DeckList, Entry
from tourney.legality.pool import PoolError, PoolLine, build_deck, parse_pool_text, resolve_pool
from tourney.legality.pool_rules import check_counted, round_start, sized, support_notes
from tourney.legality.swaps import Deck, SwapError, check_swap

EDITION = ["bushido"]


@pytest.fixture(scope="module")
def bushido(real_catalog):
    """Bushido printings (no alternate arts), by code."""
    return sorted((c for c in real_catalog if c.edition == "bushido" and not c.origin),
                  key=lambda c: c.code)


def pool_text(cards, products=6, per_product=10, extra=()):
    """A pool as a player would type it: one block per opened product."""
    lines = []
    for p in range(products):
        lines.append(f"Sobre {p + 1}:")
        for card in cards[p * per_product:(p + 1) * per_product]:
            lines.append(f"1 {card.name} ({card.code})")
    lines += list(extra)
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def pool(real_catalog, bushido):
    """60 Bushido cards in 6 products, plus 8 Oros sin habilidad (3 of them Shodo): enough for a
    Castillo of 40 and a Soporte that is neither 0 nor 10."""
    golds = [c for c in bushido if c.plain_gold]
    others = [c for c in bushido if not c.plain_gold]
    extra = ["Oros:"] + [f"1 {g.name} ({g.code})" for g in golds[:6]] + [f"2 {golds[0].name}"]
    return resolve_pool(parse_pool_text(pool_text(others, extra=extra)), real_catalog, EDITION)


def castle_of(pool, size, skip=()):
    """The first ``size`` cards of the pool (Oros first), as Castillo lines (name, qty, lines)."""
    counts, names = pool.counts(), pool.names()
    order = sorted(counts, key=lambda i: (0 if "oro" in names[i].lower() or i.startswith("shodo") else 1))
    golds = [c.identity for c in pool.cards if c.product == "Oros"]
    order = list(dict.fromkeys(golds + [i for i in order if i not in golds]))
    out, left = [], size
    for n, identity in enumerate(order):
        if left == 0:
            break
        if identity in skip:
            continue
        take = min(counts[identity], left)
        out.append((names[identity], take, (n + 1,)))
        left -= take
    return out


def test_sellado_and_lanzamiento_are_formats_as_data(formats):
    sellado, lanzamiento = formats["sellado"], formats["lanzamiento"]
    assert lanzamiento.parents == ("sellado",)
    assert sellado.copy_limit is None and sellado.unique_limit is None  # only what the pool holds
    assert sellado.side_sizes is None and sellado.side_min == 0 and sellado.side_max is None
    assert sellado.sealed.restore_between_rounds is True and sellado.sealed.deck_check == "registered"
    assert lanzamiento.sealed.restore_between_rounds is False and lanzamiento.sealed.deck_check == "pool"
    assert (lanzamiento.sealed.swap_max, lanzamiento.sealed.swap_games) == (10, (2, 3))
    assert lanzamiento.main_exact == sellado.main_exact == 40


def test_organizer_sets_the_castillo_size_per_event(formats, pool, real_catalog):
    fmt = sized(formats["lanzamiento"], 35)
    assert fmt.main_exact == 35 and formats["lanzamiento"].main_exact == 40  # the file is untouched
    assert fmt.sealed is formats["lanzamiento"].sealed
    assert build_deck(pool, castle_of(pool, 35), fmt, real_catalog).legal
    verdict = build_deck(pool, castle_of(pool, 40), fmt, real_catalog)
    assert verdict.codes() == ["deck_size"]
    assert "exactamente 35 cartas: tiene 40" in verdict.violations[0].message
    with pytest.raises(LegalityError, match="entre 30 y 50 cartas"):
        sized(formats["lanzamiento"], 60)


def test_11_sellado_every_card_not_in_the_castillo_is_mazo_de_soporte(formats, pool, real_catalog):
    fmt = formats["sellado"]
    castle = castle_of(pool, 40)
    deck = build_deck(pool, castle, fmt, real_catalog)
    assert deck.legal, deck.to_dict()
    assert (deck.castle_count, deck.pool_count) == (40, pool.total)
    # the Soporte is computed, not typed: exactly the rest of the pool, of any size
    assert deck.support_count == pool.total - 40 and deck.support_count not in (0, 10)
    rest = pool.by_code()
    for entry in deck.castle:
        rest[entry["code"]] -= entry["qty"]
    assert Counter({e["code"]: e["qty"] for e in deck.support}) == +rest
    # the constructed rule (0 or 10) does not apply to a Sellado Soporte
    side = DeckList([Entry(f"{e['name']} ({e['code']})", e["qty"]) for e in deck.castle],
                    [Entry(f"{e['name']} ({e['code']})", e["qty"]) for e in deck.support])
    assert validate(side, fmt, real_catalog).legal
    assert "side_size" in validate(side, formats["unificado"], real_catalog).codes()


def test_11_sellado_no_copy_limit_beyond_what_the_pool_holds(formats, pool, real_catalog):
    gold = next(c for c in pool.cards if c.product == "Oros" and c.qty == 3)  # 1 + 2 lines, merged
    held = pool.counts()[gold.identity]
    assert held == 3  # more than one copy in the pool: all may go in the Castillo
    castle = [(gold.name, held, (1,))] + castle_of(pool, 40 - held, skip={gold.identity})
    assert build_deck(pool, castle, formats["sellado"], real_catalog).legal
    castle[0] = (gold.name, held + 1, (1,))
    castle[-1] = (castle[-1][0], castle[-1][1] - 1, castle[-1][2])
    deck = build_deck(pool, castle, formats["sellado"], real_catalog)
    (v,) = deck.violations
    assert v.code == "over_pool" and v.cards == (gold.name,)
    assert v.message == f"El Castillo tiene 4 copias de {gold.name}; el pool tiene 3."
    assert v.rule.startswith("11 Mazo de Soporte")


def test_castillo_from_the_pool_reports_every_violation_at_once(formats, pool, real_catalog):
    castle = castle_of(pool, 38)
    first = castle[0]
    castle[0] = (first[0], first[1] + 2, first[2])  # more copies than the pool holds
    castle.append(("Shuri (DO-213)", 1, (99,)))      # a card that is not in this pool
    castle.append(("Carbón", 2, (100,)))
    deck = build_deck(pool, castle, formats["lanzamiento"], real_catalog)
    codes = deck.codes()
    assert codes.count("not_in_pool") == 2 and codes.count("over_pool") == 1
    assert "deck_size" in codes
    carbon = next(v for v in deck.violations if v.cards == ("Carbón",))
    assert carbon.message == "Carbón no está en el pool de este jugador: el pool tiene 0."
    assert carbon.lines == (100,)


def test_pool_cards_must_be_of_the_event_edition_every_bad_line_at_once(real_catalog):
    text = "Sobre 1:\n2 Kenshin\nShuri\nShuri (DO-213)\n3 Carbón\nKenshn\ntres Kappa\n"
    with pytest.raises(PoolError) as info:
        resolve_pool(parse_pool_text(text), real_catalog, EDITION)
    assert "línea 6" in str(info.value)  # unreadable quantity first: the text is not parsed
    with pytest.raises(PoolError) as info:
        resolve_pool(parse_pool_text(text.replace("tres Kappa", "3 Kappa")), real_catalog, EDITION)
    errors = dict(info.value.errors)
    assert set(errors) == {4, 5, 6}
    assert errors[4] == "«Shuri (DO-213)» es de Dominio, no de la edición del evento (Bushido)"
    assert "no es de la edición del evento (Bushido)" in errors[5] and "Carbón" in errors[5]
    assert "no es una carta del catálogo" in errors[6] and "Kenshin" in errors[6]
    # a name shared by two cards is settled by the event's edition: Shuri is BU-218 here
    pool = resolve_pool(parse_pool_text("Shuri\n2 Kenshin\n"), real_catalog, EDITION)
    assert [(c.code, c.qty, c.product) for c in pool.cards][0] == ("BU-218", 1, "")


def test_pasted_pool_products_and_broken_lines():
    lines = parse_pool_text("# pool de Ana\nSobre 1:\n2 Kenshin\nKappa x2\n[Mazo de batalla]\nShodo\n")
    assert lines == [PoolLine(3, 2, "Kenshin", "Sobre 1"), PoolLine(4, 2, "Kappa", "Sobre 1"),
                     PoolLine(6, 1, "Shodo", "Mazo de batalla")]
    with pytest.raises(PoolError) as info:
        parse_pool_text("0 Kenshin\n2 Kappa\n500 Shodo\n")
    assert [line for line, _ in info.value.errors] == [1, 3]
    with pytest.raises(PoolError, match="vacío"):
        parse_pool_text("# nada\n\nSobre 1:\n")


def test_11_swaps_between_games_are_validated_against_the_pool(formats, pool, real_catalog):
    # one check of §11 swaps for every format (tourney.legality.swaps.check_swap): in Sellado the
    # Soporte it swaps from is the rest of the pool, and [sealed] swap_max bounds each swap
    fmt = formats["lanzamiento"]
    built = build_deck(pool, castle_of(pool, 40), fmt, real_catalog)
    before = Deck.from_resolved({"castle": built.castle, "support": built.support})
    out_code, in_code = next(iter(before.castle)), next(iter(before.side))
    out_name, in_name = before.names[out_code], before.names[in_code]
    swap, after = check_swap(before, 2, f"1 {out_name} ({out_code})", f"1 {in_name} ({in_code})", fmt)
    assert after.castle[in_code] == before.castle.get(in_code, 0) + 1 and sum(after.castle.values()) == 40
    assert swap["in"][0]["code"] == in_code
    # a card that is not in the rest of the pool cannot come in
    with pytest.raises(SwapError) as err:
        check_swap(before, 2, f"1 {out_name} ({out_code})", f"1 {out_name} ({out_code})", fmt)
    assert err.value.field == "in_text"
    with pytest.raises(SwapError, match="juego 2 o del juego 3"):
        check_swap(before, 1, f"1 {out_name} ({out_code})", f"1 {in_name} ({in_code})", fmt)
    limit = fmt.sealed.swap_max
    many_out = "\n".join(f"1 {before.names[c]} ({c})" for c in list(before.castle)[:limit + 1])
    many_in = "\n".join(f"1 {before.names[c]} ({c})" for c in list(before.side)[:limit + 1])
    with pytest.raises(SwapError, match=f"de 0 a {limit} cartas"):
        check_swap(before, 3, many_out, many_in, fmt)


def test_11_sellado_competitivo_restores_the_castillo_after_each_round(formats):
    registered, played = Counter(a=3, b=2), Counter(a=2, b=2, c=1)
    assert round_start(formats["sellado"].sealed, registered, played) == registered


def test_11_lanzamiento_no_need_to_restore_the_deck_after_a_round(formats):
    registered, played = Counter(a=3, b=2), Counter(a=2, b=2, c=1)
    assert round_start(formats["lanzamiento"].sealed, registered, played) == played
    assert round_start(formats["lanzamiento"].sealed, registered, None) == registered  # round 1


def test_11_lanzamiento_deck_check_every_card_must_be_on_the_registration_sheet(formats):
    pool = Counter(a=3, b=2, c=2, d=1)
    names = {"a": "Kenshin", "b": "Kappa", "c": "Shodo", "d": "Fuku", "x": "Kirin"}
    registered = Counter(a=3, b=1)  # Castillo of 4
    # the player kept a different split after swaps: fine in a Lanzamiento, all of it is the pool
    counted_castle, counted_support = Counter(a=2, b=1, c=1), Counter(a=1, b=1, c=1, d=1)
    lanz, sell = formats["lanzamiento"].sealed, formats["sellado"].sealed
    assert check_counted(lanz, pool, registered, counted_castle, counted_support, 4, names) == []
    # the same count in a competitive Sellado differs from what is registered
    diffs = check_counted(sell, pool, registered, counted_castle, counted_support, 4, names)
    assert {d["key"] for d in diffs} == {"a", "c"}
    # a card that is not on the sheet is reported, with how many were counted
    diffs = check_counted(lanz, pool, registered, counted_castle + Counter(x=1), counted_support, 5, names)
    (extra,) = [d for d in diffs if d["key"] == "x"]
    assert extra["message"] == "Kirin no está inscrita en la hoja de registro (contadas 1, en el Mazo Castillo)"
    assert extra["expected"] == 0 and extra["counted"] == 1
    # a missing card and a Castillo of the wrong size, too
    diffs = check_counted(lanz, pool, registered, Counter(a=2, b=1), counted_support, 4, names)
    messages = [d["message"] for d in diffs]
    assert "Shodo: la hoja inscribe 2 y se contaron 1 (faltan 1)" in messages
    assert "Mazo Castillo: 3 cartas contadas, debe tener 4" in messages


def test_11_lanzamiento_support_cards_may_be_unsleeved(formats):
    assert formats["lanzamiento"].sealed.support_unsleeved is True
    assert formats["sellado"].sealed.support_unsleeved is False
    assert any("sin protectores" in n for n in support_notes(formats["lanzamiento"].sealed))
    assert not any("sin protectores" in n for n in support_notes(formats["sellado"].sealed))


def test_bad_sealed_table_names_the_file_and_key(tmp_path):
    from pathlib import Path

    src = Path(__file__).resolve().parents[2] / "formats"
    for name in ("games.toml", "sellado.toml"):
        (tmp_path / name).write_text((src / name).read_text(encoding="utf-8"), encoding="utf-8")
    body = (src / "lanzamiento.toml").read_text(encoding="utf-8")
    (tmp_path / "lanzamiento.toml").write_text(body.replace('deck_check = "pool"', 'deck_check = "todo"'),
                                               encoding="utf-8")
    with pytest.raises(FormatError) as info:
        load_formats(tmp_path)
    assert info.value.file == "lanzamiento.toml" and info.value.key == "sealed.deck_check"
    (tmp_path / "lanzamiento.toml").write_text(body + "castillo = 3\n", encoding="utf-8")
    with pytest.raises(FormatError, match="clave desconocida"):
        load_formats(tmp_path)
    (tmp_path / "lanzamiento.toml").write_text(body.replace("restore_between_rounds = false",
                                                            "restore_between_rounds = false\ncastle_size_min = 45"),
                                               encoding="utf-8")
    with pytest.raises(FormatError, match="fuera de 45..50"):
        load_formats(tmp_path)


def test_pool_lines_read_like_decklist_lines():
    """A pool line is a card line: the decklist's one parser, with its errors (issue 27)."""
    from tourney.legality.decklist import parse_card_line
    from tourney.legality.pool import PoolError, parse_pool_text

    lines = parse_pool_text("Sobre 1:\n3x Kenshin\nKirin x2\nx2 Lanza\n")
    assert [(p.qty, p.name, p.product) for p in lines] == [
        (3, "Kenshin", "Sobre 1"), (2, "Kirin", "Sobre 1"), (2, "Lanza", "Sobre 1")]
    for bad in ("-2 Kenshin", "2a Kenshin", "0 Kenshin", "500 Kenshin"):
        with pytest.raises(PoolError) as exc:
            parse_pool_text(bad)
        assert parse_card_line(bad) in str(exc.value)
