"""Hidden information in every view of a record (issue 23 item 4, docs/adjudication.md «Quién
ve qué»): before the lists are published a player sees their own deck in the record's header,
never the rival's (only whether it matches); the staff see both; after publication, everyone."""
from __future__ import annotations

import json

from sqlmodel import select

from tourney.models.adjudication import Adjudication
from test_web_adjudication import _uploaded, _url
from web_helpers import login


def _castles(world, row):
    header = json.loads(row.record_text.splitlines()[0])
    seats = json.loads(row.players_json)
    return {seats[p["id"]]: p["castle"] for p in header["players"]}


def _header_shown(client, paired):
    from html import unescape

    page = client.get(_url(paired, "/juegos/1/tablero?linea=1")).get_data(as_text=True)
    start = page.index('class="tal-cual"')
    return unescape(page[start:page.index("</details>", start)])


def test_the_rival_never_sees_a_players_castle_in_the_records_header(client, paired, world):
    row = _uploaded(client, paired, world)
    castles = _castles(world, row)
    me, rival = (paired.regs[k].id for k in paired.playing)
    login(client, paired.users[paired.playing[0]].email)
    shown = _header_shown(client, paired)
    mine = json.dumps(castles[me][:5], ensure_ascii=False)[1:-1]
    theirs = json.dumps(castles[rival][:5], ensure_ascii=False)[1:-1]
    assert mine in shown  # my own deck, as recorded
    assert theirs not in shown and "oculto hasta que se publiquen las listas" in shown
    assert f"{len(castles[rival])} cartas" in shown


def test_the_staff_and_everyone_after_publication_see_the_whole_header(client, paired, world):
    from tourney.services import events

    row = _uploaded(client, paired, world)
    castles = _castles(world, row)
    both = [json.dumps(c[:5], ensure_ascii=False)[1:-1] for c in castles.values()]
    login(client, paired.judge.email)
    assert all(x in _header_shown(client, paired) for x in both)
    world.run(lambda s: events.set_decklists_published(s, paired.org, paired.event, True))
    login(client, paired.users[paired.playing[1]].email)
    shown = _header_shown(client, paired)
    assert all(x in shown for x in both) and "oculto" not in shown
    assert world.run(lambda s: len(s.exec(select(Adjudication)).all())) == 1
