"""Figures: the worst input accepted under each upload limit (issue 26, findings 3–5 and 7),
timed in-process against the real DeckForge catalog, next to a typical input of the same path.

Worst accepted inputs (the limits of docs/security.md, «Trabajo acotado por petición»):

* decklist with number words: 200 card lines, 15 unknown names starting with «Tres …» (each
  counts twice: 30, the limit) — parse, unknown-names check and full validation;
* decklist XLSX: 2,000 rows with just under 256 KB of cell text;
* pool: 30 unknown names and 970 real cards (the pool's 1,000-card limit);
* pools XLSX: 20,000 rows (the row limit);
* players XLSX: 20,000 rows (the row limit);
* catalog XLSX: 50,000 rows (the row limit), and a sheet declaring A1:XFD1048576 (refused).

Bounded: each case built once, timed ``--runs`` times (median). Prints the figures last.

    .venv/bin/python benchmarks/security_upload_bounds.py [--runs 3]
"""
from __future__ import annotations

import argparse
import io
import random
import re
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATA = ROOT.parent / "shared" / "data" / "deckforge" / "public-data" / "cards.json"


def timed(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        try:
            fn()
        except ValueError:
            pass  # a refusal is a result too (timed the same)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def xlsx(rows, declare: str | None = None) -> bytes:
    from openpyxl import Workbook

    wb = Workbook(write_only=True)
    ws = wb.create_sheet()
    for row in rows:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    data = out.getvalue()
    if declare is None:
        return data
    src = zipfile.ZipFile(io.BytesIO(data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename.startswith("xl/worksheets/"):
                body = re.sub(rb"<dimension ref=\"[^\"]*\"/>", f'<dimension ref="{declare}"/>'.encode(), body)
                if b"<dimension" not in body:
                    body = body.replace(b"<sheetData", f'<dimension ref="{declare}"/><sheetData'.encode(), 1)
            dst.writestr(info, body)
    return buf.getvalue()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    runs = args.runs

    from tourney.catalog import Catalog
    from tourney.catalog.importers import tabular
    from tourney.catalog.importers.deckforge import load_deckforge_cards
    from tourney.legality import load_formats, parse_decklist, parse_decklist_xlsx, validate
    from tourney.legality import decklist as dl
    from tourney.legality import decklist_xlsx as dl_xlsx
    from tourney.legality.pool import PoolLine, resolve_pool
    from tourney.services.demo import build_deck
    from tourney.sheets import read_players
    from tourney.sheets.pools import read_pools

    cards, editions = load_deckforge_cards(DATA)
    catalog = Catalog.from_cards(cards, editions)
    fmt = load_formats()["unificado"]
    rng = random.Random(26)
    names = sorted({c.name for c in cards})
    figures = {}

    legal = build_deck(catalog, fmt, random.Random(1))
    fresh = iter(range(10**6))

    def worst_list() -> str:  # names new to the process at every run (no cache hit)
        run = next(fresh)
        words = [f"Tres Inventada {run} {i:02d} " + " ".join(rng.choice(names).split()[0] for _ in range(6))
                 for i in range(dl.MAX_UNKNOWN_NAMES // 2)]
        return "\n".join([f"1 {n}" for n in words] + [f"1 {rng.choice(names)}" for _ in range(185)])

    def check(text):
        deck = parse_decklist(text)
        dl.check_unknown_names(deck, catalog)
        validate(deck, fmt, catalog)

    figures["decklist_number_words_ms"] = timed(lambda: check(worst_list()), runs)
    figures["decklist_legal_ms"] = timed(lambda: check(legal), runs)

    cell = "Kirin " * 20
    rows = [["Cantidad", "Carta"]] + [[1, rng.choice(names)] for _ in range(60)]
    budget = dl_xlsx.MAX_XLSX_CHARS - 4000
    while budget > len(cell) and len(rows) < dl_xlsx.MAX_XLSX_ROWS:
        rows.append(["", cell])
        budget -= len(cell)
    big_deck = xlsx(rows)
    figures["decklist_xlsx_worst_ms"] = timed(lambda: parse_decklist_xlsx(big_deck), runs)
    small_deck = xlsx([["Cantidad", "Carta"]] + [[3, n] for n in names[:40]])
    figures["decklist_xlsx_typical_ms"] = timed(lambda: parse_decklist_xlsx(small_deck), runs)

    def pool_worst():
        run = next(fresh)
        lines = [PoolLine(i + 1, 1, f"Carta Inventada {run} {i:03d} de Prueba", "")
                 for i in range(dl.MAX_UNKNOWN_NAMES)]
        return lines + [PoolLine(100 + i, 1, rng.choice(names), "") for i in range(970)]
    pool_legal = [PoolLine(i + 1, 1, rng.choice(names), "") for i in range(60)]
    figures["pool_worst_ms"] = timed(lambda: resolve_pool(pool_worst(), catalog, None), runs)
    figures["pool_legal_ms"] = timed(lambda: resolve_pool(pool_legal, catalog, None), runs)

    pools_xlsx = xlsx([["Jugador", "Cantidad", "Carta"]] +
                      [[f"Jugador {i // 60}", 1, rng.choice(names)] for i in range(19_999)])
    figures["pools_xlsx_20000_rows_ms"] = timed(lambda: read_pools(pools_xlsx), runs)
    players_xlsx = xlsx([["Nombre", "ID / correo"]] + [[f"Jugador {i}", ""] for i in range(19_999)])
    figures["players_xlsx_20000_rows_ms"] = timed(lambda: read_players(players_xlsx), runs)

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cartas.xlsx"
        path.write_bytes(xlsx([["codigo", "nombre", "edicion", "tipo"]] +
                              [[f"X-{i}", f"Carta {i}", "prueba", "Aliado"]
                               for i in range(tabular.MAX_XLSX_ROWS - 1)]))
        figures["catalog_xlsx_50000_rows_ms"] = timed(lambda: tabular.read_table(path), 1)
        bomb = Path(tmp) / "declarada.xlsx"
        bomb.write_bytes(xlsx([["codigo", "nombre", "edicion", "tipo"], ["X-1", "Carta", "x", "Aliado"]],
                              declare="A1:XFD1048576"))
        figures["catalog_xlsx_declared_A1_XFD1048576_ms"] = timed(lambda: tabular.read_table(bomb), runs)

    for key, value in figures.items():
        print(f"FIGURE {key}={value:.1f}")


if __name__ == "__main__":
    main()
