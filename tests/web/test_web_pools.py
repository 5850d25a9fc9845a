"""Sellado / Lanzamiento on the web: event creation with the Castillo size, pool entry (pasted,
one row per product, XLSX) by the organizer or the player at the table, the lock, deck building
from the locked pool, bad input named by line or card with nothing half-saved. Real Bushido
cards of the DeckForge catalog."""
from __future__ import annotations

import io
import random
from datetime import date

import pytest
from sqlmodel import select

from tourney.models.events import DeckCheck, DecklistSubmission
from tourney.models.pools import PlayerPool, SealedEvent
from web_helpers import login

FORMAT = "lanzamiento"


@pytest.fixture
def lanz(world):
    """An organizer, a judge, Ana and Beto registered in a Lanzamiento of Bushido (Castillo 40)."""
    from tourney.services import events, pools

    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    judge = world.user("juez@x.cl", name="Julia Jueza")
    ana = world.user("ana@x.cl", name="Ana")
    beto = world.user("beto@x.cl", name="Beto")
    formats = world.formats()

    def setup(s):
        event = pools.create_sealed_event(
            s, org, formats=formats, castle_size=40, editions=["bushido"], player_entry=False,
            name="Lanzamiento Bushido", date=date(2026, 12, 5), format_id=FORMAT, seed=3)
        events.add_judge(s, org, event, judge.email)
        regs = {"ana": events.register_self(s, ana, event), "beto": events.register_self(s, beto, event)}
        return event, regs

    event, regs = world.run(setup)

    class Lanz:
        pass

    c = Lanz()
    c.org, c.judge, c.ana, c.beto, c.event, c.regs = org, judge, ana, beto, event, regs
    c.catalog, c.formats = world.catalog(), formats
    return c


def pool_text(lanz, seed):
    from tourney.services.pools_demo import demo_pool_text

    return demo_pool_text(lanz.catalog, ["bushido"], random.Random(seed))


def pool_row(world, reg):
    return world.run(lambda s: s.exec(select(PlayerPool).where(PlayerPool.registration_id == reg.id)).first())


def test_event_creation_offers_sellado_and_lanzamiento_with_the_castillo_size(client, world):
    org = world.user("org@x.cl", "organizador", "Olga")
    login(client, org.email)
    page = client.get("/eventos/nuevo").get_data(as_text=True)
    assert 'value="lanzamiento"' in page and 'value="sellado"' in page and 'value="bushido"' in page
    resp = client.post("/eventos/nuevo", data={"name": "Lanzamiento", "date": "2026-12-05",
                                               "format_id": "lanzamiento", "top_cut": "0",
                                               "page_size": "A4", "castle_size": "35",
                                               "pool_edition": "bushido"})
    assert resp.status_code == 302, resp.get_data(as_text=True)[:400]
    row = world.run(lambda s: s.exec(select(SealedEvent)).one())
    assert (row.castle_size, row.editions) == (35, ["bushido"])
    # outside the format's bounds: refused next to the field, no event created
    resp = client.post("/eventos/nuevo", data={"name": "Otro", "date": "2026-12-05",
                                               "format_id": "sellado", "top_cut": "0", "page_size": "A4",
                                               "castle_size": "60", "pool_edition": "bushido"})
    assert resp.status_code == 400 and "entre 30 y 50 cartas" in resp.get_data(as_text=True)
    assert len(world.run(lambda s: s.exec(select(SealedEvent)).all())) == 1


def test_organizer_pastes_a_pool_and_every_bad_line_is_named_nothing_saved(client, lanz, world):
    login(client, lanz.org.email)
    url = f"/eventos/{lanz.event.id}/pools/{lanz.regs['ana'].id}"
    bad = "Sobre 1:\n2 Kenshin\nShuri (DO-213)\nKenshn\n"
    resp = client.post(url, data={"text": bad})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert "línea 3: «Shuri (DO-213)» es de Dominio, no de la edición del evento (Bushido)" in page
    assert "línea 4: «Kenshn» no es una carta del catálogo" in page
    assert pool_row(world, lanz.regs["ana"]) is None
    assert client.post(url, data={"text": pool_text(lanz, 1)}).status_code == 302
    row = pool_row(world, lanz.regs["ana"])
    assert row.card_count == 68 and not row.locked
    assert {c["product"] for c in row.cards} == {f"Sobre {i}" for i in range(1, 7)} | {"Oros"}


def test_one_row_per_opened_product(client, lanz, world):
    login(client, lanz.org.email)
    url = f"/eventos/{lanz.event.id}/pools/{lanz.regs['beto'].id}"
    resp = client.post(url, data={"text": "", "producto_1": "Sobre 1", "cartas_1": "2 Kenshin\nShuri",
                                  "producto_2": "Mazo de batalla", "cartas_2": "3 Shodo (BU-225)"})
    assert resp.status_code == 302
    cards = pool_row(world, lanz.regs["beto"]).cards
    assert [(c["product"], c["code"], c["qty"]) for c in cards] == [
        ("Sobre 1", next(c.code for c in lanz.catalog.resolve("Kenshin").cards if c.edition == "bushido"), 2),
        ("Sobre 1", "BU-218", 1), ("Mazo de batalla", "BU-225", 3)]


def test_pools_from_a_workbook_all_or_nothing(client, lanz, world):
    from tourney.sheets.pools import PoolRow, write_pools

    login(client, lanz.org.email)
    rows = [PoolRow("Ana", "Sobre 1", 2, "Kenshin", ""), PoolRow("beto@x.cl", "Sobre 1", 1, "Shodo", "BU-225"),
            PoolRow("Beto", "Sobre 2", 1, "Carbón", "")]
    resp = client.post(f"/eventos/{lanz.event.id}/sellado/importar",
                       data={"file": (io.BytesIO(write_pools(rows)), "pools.xlsx")},
                       content_type="multipart/form-data", follow_redirects=True)
    page = resp.get_data(as_text=True)
    assert "pool de Beto: fila 4: «Carbón» no es de la edición del evento (Bushido)" in page
    assert pool_row(world, lanz.regs["ana"]) is None  # nothing half-saved
    rows[2] = PoolRow("Beto", "Sobre 2", 1, "Kappa", "")
    resp = client.post(f"/eventos/{lanz.event.id}/sellado/importar",
                       data={"file": (io.BytesIO(write_pools(rows)), "pools.xlsx")},
                       content_type="multipart/form-data", follow_redirects=True)
    assert "Pools importados: 2." in resp.get_data(as_text=True)
    assert pool_row(world, lanz.regs["beto"]).card_count == 2
    resp = client.post(f"/eventos/{lanz.event.id}/sellado/importar",
                       data={"file": (io.BytesIO(b"no soy una planilla"), "pools.xlsx")},
                       content_type="multipart/form-data", follow_redirects=True)
    assert "no es una planilla XLSX" in resp.get_data(as_text=True)


def test_the_player_types_the_pool_at_the_table_only_with_the_organizers_leave(client, lanz, world):
    from tourney.services import pools

    url = f"/eventos/{lanz.event.id}/pools/{lanz.regs['ana'].id}"
    login(client, lanz.ana.email)
    assert client.post(url, data={"text": "2 Kenshin"}).status_code == 403
    world.run(lambda s: pools.configure(s, lanz.org, lanz.event, lanz.formats[FORMAT], castle_size=40,
                                        editions=["bushido"], player_entry=True))
    assert client.post(url, data={"text": pool_text(lanz, 2)}).status_code == 302
    login(client, lanz.beto.email)  # never someone else's pool
    assert client.post(url, data={"text": "2 Kenshin"}).status_code == 403
    assert client.get(url).status_code == 403
    login(client, lanz.org.email)
    assert client.post(url + "/cerrar").status_code == 302
    login(client, lanz.ana.email)
    resp = client.post(url, data={"text": "2 Kenshin"})
    assert resp.status_code == 400 and "El pool de Ana está cerrado" in resp.get_data(as_text=True)
    assert pool_row(world, lanz.regs["ana"]).card_count == 68  # the locked pool did not change


def test_pools_lock_before_deck_building_and_the_castillo_comes_from_the_pool(client, lanz, world):
    from tourney.services import pools

    login(client, lanz.org.email)
    for key, seed in (("ana", 3), ("beto", 4)):
        client.post(f"/eventos/{lanz.event.id}/pools/{lanz.regs[key].id}", data={"text": pool_text(lanz, seed)})
    deck_url = f"/eventos/{lanz.event.id}/pools/{lanz.regs['ana'].id}/mazo"
    login(client, lanz.ana.email)
    assert "espera a que el organizador cierre los pools" in client.get(deck_url).get_data(as_text=True)
    assert client.post(deck_url, data={}).status_code == 400
    login(client, lanz.org.email)
    assert client.post(f"/eventos/{lanz.event.id}/sellado/cerrar").status_code == 302
    login(client, lanz.ana.email)
    # "Mi lista" of a pool event is the deck builder
    assert client.get(f"/eventos/{lanz.event.id}/mi-lista").location.endswith(deck_url)
    row = pool_row(world, lanz.regs["ana"])
    pool = pools.pool_value(row)
    by_code: dict[str, int] = {}
    for c in pool.cards:
        by_code[c.code] = by_code.get(c.code, 0) + c.qty
    gold = next(c.code for c in pool.cards if c.product == "Oros")
    # more copies than the pool holds, and a Castillo of the wrong size: every problem at once
    form = {f"c-{gold}": by_code[gold] + 1}
    resp = client.post(deck_url + "/verificar", data=form)
    verdict = resp.get_json()["verdict"]
    codes = [v["code"] for v in verdict["violations"]]
    assert "over_pool" in codes and "deck_size" in codes
    rules = {v["code"]: v["rule"] for v in verdict["violations"]}  # labelled by what it is
    assert rules["deck_size"] == "Lanzamiento: tamaño del Mazo Castillo fijado por el organizador"
    assert rules["over_pool"].startswith("11 Mazo de Soporte: en Lanzamiento")
    name = next(c.name for c in pool.cards if c.code == gold)
    assert any(v["message"] == f"El Castillo tiene {by_code[gold] + 1} copias de {name}; el pool tiene "
               f"{by_code[gold]}." or v["message"].endswith(f"el pool tiene {by_code[gold]}.")
               for v in verdict["violations"])
    from tourney.services.pools_demo import demo_castle

    castle = demo_castle(pool, lanz.catalog, 40)
    resp = client.post(deck_url, data={f"c-{k}": v for k, v in castle.items()})
    assert resp.status_code == 200 and "Mazo legal registrado." in resp.get_data(as_text=True)
    sub = world.run(lambda s: s.exec(select(DecklistSubmission).where(
        DecklistSubmission.registration_id == lanz.regs["ana"].id)).all()[-1])
    assert sub.legal and sub.source == "pool"
    support = {e["code"]: e["qty"] for e in sub.resolved["support"]}
    assert sum(support.values()) == pool.total - 40  # the Soporte is the rest, never typed
    for code, qty in by_code.items():
        assert castle.get(code, 0) + support.get(code, 0) == qty


def test_every_rule_a_lanzamiento_cites_says_lanzamiento(lanz):
    """A Lanzamiento inherits the Sellado's rules (formats/lanzamiento.toml extends sellado):
    none of its errors may be labelled «Sellado:» (issue 23)."""
    from dataclasses import fields, is_dataclass

    def labels(obj):
        for f in fields(obj):
            value = getattr(obj, f.name)
            if f.name.endswith("rule") and isinstance(value, str):
                yield f.name, value
            elif is_dataclass(value):
                yield from labels(value)

    found = dict(labels(lanz.formats[FORMAT]))
    assert {"size_rule", "editions_rule", "copies_rule", "pool_rule", "castle_rule"} <= set(found)
    for name, label in found.items():
        assert not label.startswith("Sellado") and "en Sellado," not in label, (name, label)
    sellado = dict(labels(lanz.formats["sellado"]))
    assert sellado["size_rule"].startswith("Sellado:")  # the Sellado keeps its own


def test_the_panel_of_a_lanzamiento_warns_only_about_the_editions_of_its_pool(client, lanz, world):
    """The catalog lacks many editions the Sellado formats admit (Furia, Sumeria…): a
    Lanzamiento of Bushido plays none of them, so its panel says nothing of them; a pool of an
    edition the catalog lacks is named."""
    from tourney.catalog.editions import edition_for
    from tourney.services import pools
    from tourney.services.catalog_upload import format_coverage

    lacking = format_coverage(lanz.catalog, lanz.formats[FORMAT])
    assert lacking.missing and "Bushido" in lacking.present  # what the panel used to list
    login(client, lanz.org.email)
    panel = client.get(f"/eventos/{lanz.event.id}/panel").get_data(as_text=True)
    assert 'id="catalogo-faltan"' not in panel
    edition = next(slug for slug in lanz.formats[FORMAT].legal_editions
                   if lanz.catalog.editions.get(slug) is None and not any(
                       c.edition == slug for c in lanz.catalog))
    world.run(lambda s: pools.configure(s, lanz.org, lanz.event, lanz.formats[FORMAT],
                                        castle_size=40, editions=["bushido", edition]))
    panel = client.get(f"/eventos/{lanz.event.id}/panel").get_data(as_text=True)
    warning = panel.split('id="catalogo-faltan"', 1)[1].split("</p>", 1)[0]
    assert "Al catálogo le faltan ediciones del pool" in warning and "formato" not in warning
    assert warning.split("(", 1)[1].split(")", 1)[0] == edition_for(edition).name  # only it


def test_pool_pages_of_a_constructed_event_say_so(client, cast):
    login(client, cast.org.email)
    page = client.get(f"/eventos/{cast.event.id}/sellado").get_data(as_text=True)
    assert "no es un Sellado" in page


def test_tourney_demo_lanzamiento_has_locked_pools_and_legal_decks(runner, world):
    from tourney.models.events import Event
    from tourney.services import rounds
    from tourney.services.decklists import registered_by_player

    result = runner.invoke(args=["demo", "--format", "lanzamiento", "--players", "16", "--rounds", "3"])
    assert result.exit_code == 0, result.output
    assert "Lanzamiento Demo Bushido" in result.output

    def check(s):
        event = s.exec(select(Event)).one()
        pools = s.exec(select(PlayerPool).where(PlayerPool.event_id == event.id)).all()
        decks = registered_by_player(s, event)
        return event, pools, decks, rounds.standings(s, event)

    event, pools, decks, table = world.run(check)
    assert len(pools) == 16 and all(p.locked for p in pools)
    assert len(decks) == 16 and all(d.legal and d.source == "pool" for d in decks.values())
    for p in pools:
        cards = decks[p.registration_id].resolved
        assert sum(e["qty"] for e in cards["castle"]) == 40
        assert sum(e["qty"] for e in cards["castle"] + cards["support"]) == p.card_count
    assert len(table) == 16 and table[0].record.count("-") == 2


def test_swaps_between_games_of_a_lanzamiento_come_from_the_rest_of_the_pool(lanz, world):
    from tourney.models.events import Event, Match
    from tourney.services import pools, rounds, swaps
    from tourney.services.errors import ServiceError
    from tourney.services.pools_demo import demo_castle

    def setup(s):
        event = s.get(Event, lanz.event.id)
        for key, seed in (("ana", 5), ("beto", 6)):
            pools.enter_pool(s, lanz.org, event, lanz.regs[key], lanz.catalog, text=pool_text(lanz, seed))
        pools.lock_pools(s, lanz.org, event)
        for key, user in (("ana", lanz.ana), ("beto", lanz.beto)):
            pool = pools.pool_value(pools.pool_of(s, lanz.regs[key]))
            pools.submit_deck(s, user, event, lanz.regs[key], lanz.formats[FORMAT], lanz.catalog,
                              counts=demo_castle(pool, lanz.catalog, 40))
        rnd = rounds.pair_next_round(s, lanz.org, event)
        return rounds.round_matches(s, rnd)[0].id

    match_id = world.run(setup)

    def swap(s, out_text, in_text):
        event, match = s.get(Event, lanz.event.id), s.get(Match, match_id)
        fmt = pools.event_format(s, event, lanz.formats[FORMAT])
        return swaps.check_swaps(s, lanz.org, event, match, lanz.regs["ana"], 2, out_text, in_text,
                                 fmt, lanz.catalog)

    def deck(s):
        event, match = s.get(Event, lanz.event.id), s.get(Match, match_id)
        return swaps.expected_deck(s, event, lanz.regs["ana"], match, 1)

    d = world.run(deck)
    castle = [c for c, q in d.castle.items() for _ in range(q)]
    side = [c for c, q in d.side.items() for _ in range(q)]
    assert len(castle) == 40 and len(side) == 28  # the Soporte is the rest of the pool

    def lines(codes):
        return "\n".join(f"1 {d.names[c]} ({c})" for c in codes)

    _swap, after = world.run(lambda s: swap(s, lines(castle[:3]), lines(side[:3])))
    assert sum(after.castle.values()) == 40  # one for one: the event's Castillo size
    with pytest.raises(ServiceError, match="de 0 a 10 cartas cada vez; pides 11"):
        world.run(lambda s: swap(s, lines(castle[:11]), lines(side[:11])))
    with pytest.raises(ServiceError, match="Carbón"):
        world.run(lambda s: swap(s, lines(castle[:1]), "1 Carbón"))


def test_one_players_pool_from_a_workbook_on_the_pool_page(client, lanz, world):
    from tourney.sheets.pools import PoolRow, write_pools

    login(client, lanz.org.email)
    url = f"/eventos/{lanz.event.id}/pools/{lanz.regs['beto'].id}"
    rows = [PoolRow("", "Sobre 1", 2, "Kenshin", ""), PoolRow("", "Oros", 3, "Shodo", "BU-225")]
    resp = client.post(url, data={"text": "", "file": (io.BytesIO(write_pools(rows)), "pool.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 302
    row = pool_row(world, lanz.regs["beto"])
    assert (row.card_count, row.source) == (5, "xlsx")
    rows.append(PoolRow("", "Sobre 2", 1, "Shuri", "DO-213"))  # a printing of another edition
    resp = client.post(url, data={"text": "", "file": (io.BytesIO(write_pools(rows)), "pool.xlsx")},
                       content_type="multipart/form-data")
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and "fila 4: «Shuri (DO-213)» es de Dominio, no de la edición del evento (Bushido)" in page
    assert pool_row(world, lanz.regs["beto"]).card_count == 5  # the old pool stays as it was


def test_a_competitive_sellado_restores_the_deck_and_checks_it_against_the_registration(client, world):
    """§11: in a competitive Sellado the Castillo goes back to what is registered after the
    round, and a deck check must match the registration (the Soporte being the rest of the pool)."""
    from tourney.models.events import Event, Match, Registration
    from tourney.services import events, pools, rounds, swaps
    from tourney.services.pools_demo import demo_castle, demo_pool_text

    org = world.user("org@x.cl", "organizador", "Olga")
    judge = world.user("juez@x.cl", name="Julia")
    ana, beto = world.user("ana@x.cl", name="Ana"), world.user("beto@x.cl", name="Beto")
    formats, catalog = world.formats(), world.catalog()

    def setup(s):
        event = pools.create_sealed_event(s, org, formats=formats, castle_size=45, editions=["bushido"],
                                          name="Sellado", date=date(2026, 12, 5), format_id="sellado", seed=1,
                                          rounds_planned=3)
        events.add_judge(s, org, event, judge.email)
        regs = [events.register_self(s, u, event) for u in (ana, beto)]
        for n, (u, reg) in enumerate(zip((ana, beto), regs)):
            pools.enter_pool(s, org, event, reg, catalog, text=demo_pool_text(catalog, ["bushido"], random.Random(n)))
        pools.lock_pools(s, org, event)
        for u, reg in zip((ana, beto), regs):
            pools.submit_deck(s, u, event, reg, formats["sellado"], catalog,
                              counts=demo_castle(pools.pool_value(pools.pool_of(s, reg)), catalog, 45))
        rnd = rounds.pair_next_round(s, org, event)
        match = rounds.round_matches(s, rnd)[0]
        reg = s.get(Registration, match.player_a_id)
        deck = swaps.expected_deck(s, event, reg, match, 1)
        out_code, in_code = max(deck.castle, key=lambda c: deck.castle[c]), sorted(deck.side)[0]
        swaps.record_swaps(s, judge, event, match, reg, 2, f"1 {deck.names[out_code]} ({out_code})",
                           f"1 {deck.names[in_code]} ({in_code})", pools.event_format(s, event, formats["sellado"]),
                           catalog)
        rounds.enter_result(s, org, event, match, "2-1-0", match.version)
        rnd2 = rounds.pair_next_round(s, org, event)
        return event.id, reg.id, match.id, rounds.round_matches(s, rnd2)[0].id

    event_id, reg_id, match1, match2 = world.run(setup)

    def expected(s, match_id, game):
        event, reg = s.get(Event, event_id), s.get(Registration, reg_id)
        return swaps.expected_deck(s, event, reg, s.get(Match, match_id), game)

    registered = world.run(lambda s: expected(s, match2, 1))
    after_swap = world.run(lambda s: expected(s, match1, 2))
    assert sum(registered.castle.values()) == 45 and registered.castle != after_swap.castle  # restored

    def text(deck):
        return ("Mazo Castillo\n" + "\n".join(f"{q} {deck.names[c]} ({c})" for c, q in deck.castle.items())
                + "\nMazo de Soporte\n" + "\n".join(f"{q} {deck.names[c]} ({c})" for c, q in deck.side.items()))

    login(client, judge.email)
    ok = client.post(f"/eventos/{event_id}/revision", data={"registration_id": str(reg_id), "game": "1",
                                                            "counted_text": text(registered)})
    assert ok.status_code == 200
    kept = client.post(f"/eventos/{event_id}/revision", data={"registration_id": str(reg_id), "game": "1",
                                                              "counted_text": text(after_swap)})
    page = kept.get_data(as_text=True)
    assert "sobran 1" in page and "faltan 1" in page  # the swap was not undone: not what is registered
    checks = world.run(lambda s: [c.ok for c in s.exec(select(DeckCheck).where(DeckCheck.event_id == event_id))])
    assert checks == [True, False]


def test_a_late_player_gets_a_pool_from_the_organizer_locked_at_once(lanz, world):
    from tourney.models.events import Event
    from tourney.services import events, pools
    from tourney.services.errors import ServiceError

    carla = world.user("carla@x.cl", name="Carla")

    def setup(s):
        event = s.get(Event, lanz.event.id)
        for key, seed in (("ana", 7), ("beto", 8)):
            pools.enter_pool(s, lanz.org, event, lanz.regs[key], lanz.catalog, text=pool_text(lanz, seed))
        pools.lock_pools(s, lanz.org, event)
        return events.register_self(s, carla, event)

    late = world.run(setup)

    def enter(s, actor):
        return pools.enter_pool(s, actor, s.get(Event, lanz.event.id), late, lanz.catalog,
                                text=pool_text(lanz, 9)).locked

    with pytest.raises(ServiceError, match="está cerrado"):
        world.run(lambda s: pools.enter_pool(s, lanz.org, s.get(Event, lanz.event.id), lanz.regs["ana"],
                                             lanz.catalog, text="2 Kenshin"))
    assert world.run(lambda s: enter(s, lanz.org)) is True
    with pytest.raises(ServiceError, match="está cerrado"):  # and then it never changes
        world.run(lambda s: enter(s, lanz.org))


def test_the_pools_service_reads_the_formats_the_web_reads():
    """One formats cache (services.legality.current_formats): a format file edited while the
    server runs is seen by the pools service as by every page, not a copy loaded once."""
    from tourney.legality import DEFAULT_FORMATS_DIR
    from tourney.models.events import Event
    from tourney.services import pools
    from tourney.services.legality import current_formats

    fmt = pools._default_format(Event(name="x", format_id="lanzamiento"))
    assert fmt is current_formats(DEFAULT_FORMATS_DIR)["lanzamiento"]
    assert fmt.sealed.restore_between_rounds is False


def test_a_pools_workbook_with_a_bad_cell_still_names_every_bad_card(client, lanz, world):
    """A cell that does not read («tres») and a card of another edition further down are both
    named in one answer, so the organizer fixes the file once; nothing is saved."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Pools"
    ws.append(["Jugador", "Producto", "Cantidad", "Carta", "Código"])
    ws.append(["Ana", "Sobre 1", "2", "Kenshin", ""])
    ws.append(["Ana", "Sobre 1", "tres", "Kappa", ""])
    ws.append(["Beto", "Sobre 1", "1", "Shuri", "DO-213"])
    buf = io.BytesIO()
    wb.save(buf)
    login(client, lanz.org.email)
    resp = client.post(f"/eventos/{lanz.event.id}/sellado/importar",
                       data={"file": (io.BytesIO(buf.getvalue()), "pools.xlsx")},
                       content_type="multipart/form-data", follow_redirects=True)
    page = resp.get_data(as_text=True)
    assert "fila 3: columna Cantidad: «tres» no es un número entero" in page
    assert "pool de Beto: fila 4: «Shuri (DO-213)» es de Dominio" in page
    assert pool_row(world, lanz.regs["ana"]) is None and pool_row(world, lanz.regs["beto"]) is None
