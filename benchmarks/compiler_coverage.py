"""Share of card identities with text compiled *and enforced*: every sentence understood and
every value the compiler produced enforced by the engine (``abilities.kinds.enforcement``), by
card type; hand-written overrides counted apart; also the share read whole (the old figure),
of which ``compiled_unenforced`` the engine only accepts. Usage:

    .venv/bin/python benchmarks/compiler_coverage.py
"""
from __future__ import annotations

from engine_common import load_catalog

from tourney.engine.compiler.coverage import coverage


def main() -> None:
    catalog = load_catalog()
    data = coverage(catalog).to_json(limit=10)
    alone = coverage(catalog, hand=frozenset()).to_json(limit=0)  # the grammar, no file counted apart
    total = data["with_text"]
    print(f"identidades: {data['identities']}, con texto: {total}; en parte {data['partial']} "
          f"(leídas enteras sin hacer cumplir: {data['compiled_unenforced']}), "
          f"sin compilar {data['none']}, a mano {data['override']}, error {data['error']}")
    for card_type, row in data["by_type"].items():
        share = 100 * row["compiled"] / row["with_text"]
        print(f"  {card_type}: {row['compiled']} / {row['with_text']} ({share:.1f} %)")
    print("por qué el motor no hace cumplir cartas leídas enteras:")
    for row in data["top_unenforced"]:
        print(f"  [{row['identities']}] {row['reason']}")
    print("formas no entendidas más frecuentes:")
    for row in data["top_missing"]:
        print(f"  [{row['identities']}] {row['shape']}")
    read = data["compiled"] + data["compiled_unenforced"]
    print(f"leídas enteras por la gramática (la cifra de antes, sin mirar al motor): "
          f"{read} / {total} = {100 * read / total:.1f} %")
    print(f"compiladas y hechas cumplir por la gramática (todas las identidades con texto): "
          f"{alone['compiled']} / {total} = {100 * alone['compiled'] / total:.1f} %")
    print(f"compiladas y hechas cumplir, contando aparte las {data['override']} escritas a mano: "
          f"{data['compiled']} / {total} = {100 * data['compiled'] / total:.1f} %")


if __name__ == "__main__":
    main()
