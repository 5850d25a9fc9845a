"""Done when: an organizer runs a Lanzamiento of 16 players from pools to standings, with every
pool, deck and sheet checked by the app (issue 16). Everything here goes through the web pages
(or the services the pages call), on real Bushido cards of the DeckForge catalog."""
from __future__ import annotations

import io
import random
from collections import Counter

from sqlmodel import select

from tourney.models.events import DeckCheck, Registration
from tourney.models.pools import PlayerPool, SealedEvent
from web_helpers import join_staff, login

PLAYERS = 16
ROUNDS = 4


def _post(client, url, **data):
    resp = client.post(url, data=data)
    assert resp.status_code == 302, f"{url}: {resp.status_code} {resp.get_data(as_text=True)[:300]}"
    return resp


def test_an_organizer_runs_a_lanzamiento_of_16_players_from_pools_to_standings(client, world):
    from pypdf import PdfReader

    from tourney.services import events as event_service, pools, rounds, swaps
    from tourney.services.decklists import registered_by_player
    from tourney.services.pools_demo import demo_castle, demo_pool_text
    from tourney.sheets.pools import PoolRow, read_pools, write_pools

    rng = random.Random(16)
    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    judge = world.user("juez@x.cl", name="Julia Jueza")
    players = [world.user(f"p{i}@x.cl", name=f"Jugador {i:02d}") for i in range(1, PLAYERS + 1)]
    catalog = world.catalog()

    # 1. the organizer creates the Lanzamiento: Castillo of 40, pool of Bushido
    login(client, org.email)
    resp = _post(client, "/eventos/nuevo", name="Lanzamiento Bushido", date="2026-12-05",
                 format_id="lanzamiento", top_cut="0", page_size="A4", castle_size="40",
                 pool_edition="bushido", rounds_planned=str(ROUNDS))
    event_id = int(resp.location.rstrip("/").split("/")[-2])
    join_staff(client, event_id, org.email, judge.email)  # invited from the panel, accepted
    for p in players:
        login(client, p.email)
        _post(client, f"/eventos/{event_id}/inscribirme")
    regs = world.run(lambda s: {r.user_id: r for r in s.exec(
        select(Registration).where(Registration.event_id == event_id))})
    reg_of = {p.email: regs[p.id] for p in players}

    # 2. the organizer enters every pool: pasted, one row per product, and a workbook
    login(client, org.email)
    texts = {p.email: demo_pool_text(catalog, ["bushido"], rng) for p in players}
    resp = client.post(f"/eventos/{event_id}/pools/{reg_of[players[0].email].id}",
                       data={"text": texts[players[0].email] + "Shuri (DO-213)\n"})
    assert resp.status_code == 400 and "es de Dominio, no de la edición del evento" in resp.get_data(as_text=True)
    for p in players[:8]:
        _post(client, f"/eventos/{event_id}/pools/{reg_of[p.email].id}", text=texts[p.email])
    for p in players[8:12]:
        blocks = texts[p.email].strip().split("\n")
        products, current = [], None
        for line in blocks:
            if line.endswith(":"):
                current = [line[:-1], []]
                products.append(current)
            else:
                current[1].append(line)
        form = {}
        for i, (name, lines) in enumerate(products, start=1):
            form[f"producto_{i}"], form[f"cartas_{i}"] = name, "\n".join(lines)
        _post(client, f"/eventos/{event_id}/pools/{reg_of[p.email].id}", text="", **form)
    rows = []
    for p in players[12:]:
        product = ""
        for line in texts[p.email].strip().split("\n"):
            if line.endswith(":"):
                product = line[:-1]
                continue
            qty, rest = line.split(" ", 1)
            name, code = rest[:-1].rsplit(" (", 1)
            rows.append(PoolRow(p.email, product, int(qty), name, code))
    resp = client.post(f"/eventos/{event_id}/sellado/importar",
                       data={"file": (io.BytesIO(write_pools(rows)), "pools.xlsx")},
                       content_type="multipart/form-data", follow_redirects=True)
    assert "Pools importados: 4." in resp.get_data(as_text=True)

    # every pool is the one opened, checked against the catalog and the event's edition
    stored = world.run(lambda s: {r.registration_id: r for r in s.exec(
        select(PlayerPool).where(PlayerPool.event_id == event_id))})
    assert len(stored) == PLAYERS
    for p in players:
        pool = pools.pool_value(stored[reg_of[p.email].id])
        typed = Counter()
        for line in texts[p.email].splitlines():
            if line and not line.endswith(":"):
                qty, rest = line.split(" ", 1)
                typed[rest[:-1].rsplit("(", 1)[1]] += int(qty)
        assert pool.by_code() == typed
        assert all(catalog.by_code(c.code).edition == "bushido" for c in pool.cards)

    # 3. pools lock before deck building: after the lock no pool changes
    _post(client, f"/eventos/{event_id}/sellado/cerrar")
    resp = client.post(f"/eventos/{event_id}/pools/{reg_of[players[0].email].id}", data={"text": "2 Kenshin"})
    assert resp.status_code == 400 and "está cerrado" in resp.get_data(as_text=True)

    # 4. each player builds the Castillo from the pool; the Soporte is computed
    size = world.run(lambda s: s.exec(select(SealedEvent).where(SealedEvent.event_id == event_id)).one().castle_size)
    assert size == 40
    for p in players:
        reg = reg_of[p.email]
        pool = pools.pool_value(stored[reg.id])
        login(client, p.email)
        castle = demo_castle(pool, catalog, size)
        resp = client.post(f"/eventos/{event_id}/pools/{reg.id}/mazo", data={f"c-{k}": v for k, v in castle.items()})
        assert "Mazo legal registrado." in resp.get_data(as_text=True), p.email
    subs = world.run(lambda s: registered_by_player(s, event_service.get_event(s, event_id)))
    assert len(subs) == PLAYERS
    for p in players:
        sub = subs[reg_of[p.email].id]
        pool = pools.pool_value(stored[reg_of[p.email].id]).by_code()
        deck = Counter()
        for section in ("castle", "support"):
            for e in sub.resolved[section]:
                deck[e["code"]] += e["qty"]
        assert deck == pool  # Castillo + Soporte = the pool, exactly
        assert sum(e["qty"] for e in sub.resolved["castle"]) == size

    # 5. the sheets: every pool with the Castillo marked; the workbook comes back equal
    login(client, org.email)
    pdf = client.get(f"/eventos/{event_id}/sellado/hojas.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    pages = [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf.data)).pages]
    for p in players:
        on_sheet = [pg for pg in pages if f"Jugador: {p.name}" in pg]
        assert on_sheet, p.name
        text = "\n".join(on_sheet)
        total = stored[reg_of[p.email].id].card_count
        assert f"Pool: {total} cartas · Mazo Castillo: 40 · Mazo de Soporte (resto del pool): {total - 40}" in text
    # the ordinary deck registration sheets show the event's Castillo and the Soporte as the rest
    decksheets = client.get(f"/eventos/{event_id}/documentos/decksheets")
    assert decksheets.status_code == 200
    sheet_text = "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(decksheets.data)).pages)
    assert "el resto del pool" in sheet_text and "/ 40" in sheet_text
    book = client.get(f"/eventos/{event_id}/sellado/pools.xlsx")
    back = read_pools(book.data)
    assert len(back) == PLAYERS
    for p in players:
        lines = back[p.email]
        assert sum(ln.qty for ln in lines) == stored[reg_of[p.email].id].card_count

    # 6. the Swiss: pairings, results, a swap between games, a deck check, standings
    _post(client, f"/eventos/{event_id}/inscripcion", abrir="0")
    fmt = world.formats()["lanzamiento"]
    swapped = None
    for number in range(1, ROUNDS + 1):
        _post(client, f"/eventos/{event_id}/rondas")
        _post(client, f"/eventos/{event_id}/rondas/{number}/publicar", publicar="1")
        matches = world.run(lambda s, n=number: [
            (m.id, m.version, m.player_a_id, m.player_b_id) for m in rounds.round_matches(
                s, rounds.get_round(s, event_service.get_event(s, event_id), n))])
        assert len(matches) == PLAYERS // 2
        if number == 1:
            swapped = matches[0]

            def swap(s, match_id=matches[0][0], reg_id=matches[0][2]):
                from tourney.models.events import Event, Match

                event, match, reg = s.get(Event, event_id), s.get(Match, match_id), s.get(Registration, reg_id)
                deck = swaps.expected_deck(s, event, reg, match, 1)
                out_code = max(deck.castle, key=lambda c: deck.castle[c])
                in_code = sorted(deck.side)[0]
                swaps.record_swaps(s, judge, event, match, reg, 2, f"1 {deck.names[out_code]} ({out_code})",
                                   f"1 {deck.names[in_code]} ({in_code})",
                                   pools.event_format(s, event, fmt), catalog)
                return out_code, in_code

            out_code, in_code = world.run(swap)
            # the swaps page tells the Lanzamiento's rules, not the constructed ones (§11)
            login(client, judge.email)
            page = client.get(f"/eventos/{event_id}/mesas/{matches[0][0]}/cambios?jugador={matches[0][2]}")
            rule = page.get_data(as_text=True)
            assert page.status_code == 200 and "el Castillo queda en 40" in rule
            assert "no es necesario restablecer el mazo" in rule and "solo con cartas del resto del pool" in rule
            assert "queda en 50" not in rule and "vuelve a lo inscrito" not in rule
            login(client, org.email)
        for match_id, version, a, b in matches:
            a_games, b_games = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
            _post(client, f"/eventos/{event_id}/mesas/{match_id}/resultado", a_games=str(a_games),
                  b_games=str(b_games), draws="0", version=str(version))
        if number == 2:
            # Lanzamiento: the player kept the game-3 deck of round 1 (no restore): a judge's
            # deck check compares the count with the pool, and it is fine
            def carried(s, reg_id=swapped[2]):
                from tourney.models.events import Event

                event, reg = s.get(Event, event_id), s.get(Registration, reg_id)
                match = swaps.current_match(s, event, reg)
                return swaps.expected_deck(s, event, reg, match, 1)

            deck = world.run(carried)
            registered = Counter()
            for e in subs[swapped[2]].resolved["castle"]:
                registered[e["code"]] += e["qty"]
            moved = Counter(registered)
            moved[out_code] -= 1
            moved[in_code] += 1
            assert deck.castle == +moved != registered  # the round-1 swap carried over
            text = ("Mazo Castillo\n" + "\n".join(f"{q} {deck.names[c]} ({c})" for c, q in deck.castle.items())
                    + "\nMazo de Soporte\n" + "\n".join(f"{q} {deck.names[c]} ({c})" for c, q in deck.side.items()))
            login(client, judge.email)
            resp = client.post(f"/eventos/{event_id}/revision", data={"registration_id": str(swapped[2]),
                                                                     "game": "1", "counted_text": text})
            assert resp.status_code == 200
            extra = text + "\n1 Carbón\n"
            resp = client.post(f"/eventos/{event_id}/revision", data={"registration_id": str(swapped[2]),
                                                                     "game": "1", "counted_text": extra})
            assert "Carbón no está inscrita en la hoja de registro" in resp.get_data(as_text=True)
            checks = world.run(lambda s: [(c.ok, c.differences) for c in s.exec(
                select(DeckCheck).where(DeckCheck.event_id == event_id))])
            assert checks[0] == (True, []) and checks[1][0] is False
            login(client, org.email)
    page = client.get(f"/eventos/{event_id}/clasificacion").get_data(as_text=True)
    table = world.run(lambda s: rounds.standings(s, event_service.get_event(s, event_id)))
    assert len(table) == PLAYERS
    assert sum(st.points for st in table) == 3 * ROUNDS * PLAYERS // 2  # no draws: 3 points a match
    for p in players:
        assert p.name in page
    assert table[0].points == max(st.points for st in table)
