"""Share of card identities with text whose every sentence the ability compiler understood
(goal ≥ 60 %), by card type; hand-written overrides counted apart. Usage:

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
    print(f"identidades: {data['identities']}, con texto: {total}; en parte {data['partial']}, "
          f"sin compilar {data['none']}, a mano {data['override']}")
    for card_type, row in data["by_type"].items():
        share = 100 * row["compiled"] / row["with_text"]
        print(f"  {card_type}: {row['compiled']} / {row['with_text']} ({share:.1f} %)")
    print("formas no entendidas más frecuentes:")
    for row in data["top_missing"]:
        print(f"  [{row['identities']}] {row['shape']}")
    print(f"compiladas por completo, contando aparte las {data['override']} escritas a mano: "
          f"{data['compiled']} / {total} = {100 * data['compiled'] / total:.1f} %")
    print(f"compiladas por completo por la gramática (todas las identidades con texto): "
          f"{alone['compiled']} / {total} = {100 * alone['compiled'] / total:.1f} % (meta ≥ 60 %)")


if __name__ == "__main__":
    main()
