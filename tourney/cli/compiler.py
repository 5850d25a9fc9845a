"""`tourney engine coverage` and `tourney engine abilities`: the ability compiler's commands.

Attached to the ``engine`` group that ``tourney.cli.engine`` registers (COMMAND_MODULES
lists "compiler" after "engine").
"""
from __future__ import annotations

import json

import click

from .common import EXIT_UNREADABLE, CliError, friendly, with_appcontext

_STATUS = {"compiled": "compiladas por completo (y el motor hace cumplir cada valor)",
           "partial": "compiladas en parte", "none": "sin compilar", "override": "escritas a mano",
           "error": "con error del compilador"}


def register(group: click.Group) -> None:
    engine = group.commands.get("engine")
    if not isinstance(engine, click.Group):  # the engine's commands are not there: nothing to attach to
        return
    engine.add_command(coverage_command)
    engine.add_command(abilities_command)


def _catalog(path: str | None):
    from .engine import _load_catalog

    return _load_catalog(path)


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:.1f} %" if total else "—"


def coverage_text(data: dict) -> str:
    total = data["with_text"]
    lines = [f"Identidades: {data['identities']}; con texto de habilidad: {total}."]
    for key in ("compiled", "partial", "none", "override", "error"):
        lines.append(f"  {_STATUS[key]}: {data[key]} ({_pct(data[key], total)})")
        if key == "partial":
            lines.append(f"    de ellas, leídas enteras pero con valores que el motor sólo acepta "
                         f"(sin verificar): {data['compiled_unenforced']}")
    lines.append("Por tipo de carta (compiladas por completo / con texto):")
    for card_type, row in data["by_type"].items():
        lines.append(f"  {card_type}: {row['compiled']} / {row['with_text']} "
                     f"({_pct(row['compiled'], row['with_text'])}); en parte {row['partial']} "
                     f"(leídas enteras sin hacer cumplir {row['compiled_unenforced']}), "
                     f"sin compilar {row['none']}, a mano {row['override']}, error {row['error']}")
    lines.append("Por qué el motor no hace cumplir cartas leídas enteras (identidades):")
    for row in data.get("top_unenforced", []):
        lines.append(f"  [{row['identities']}] {row['reason']}  (p. ej. {row['example']})")
    for row in data.get("errors", []):
        lines.append(f"  error del compilador en {row['identity']}: {row['error']}")
    lines.append("Por familia (identidades con todas sus frases de la familia entendidas / con la familia):")
    for family, row in data["by_family"].items():
        lines.append(f"  {family}: {row['compiled']} / {row['identities']}")
    lines.append("Frases no entendidas, por forma (identidades que completaría sola / que la tienen):")
    for row in data["top_missing"]:
        lines.append(f"  [{row.get('completes', '?')} / {row['identities']}] {row['shape']}  "
                     f"(p. ej. {row['example']})")
    return "\n".join(lines)


@click.command("coverage", help=(
    "Cobertura del compilador de habilidades sobre el catálogo: identidades con texto "
    "compiladas por completo, en parte, sin compilar o escritas a mano; por tipo y por "
    "familia; y las frases no entendidas agrupadas por forma."))
@click.option("--catalog", "catalog_path", type=click.Path(), default=None,
              help="Catálogo DeckForge JSON en vez de la base de datos.")
@click.option("--json", "as_json", is_flag=True, help="Resultado en JSON.")
@click.option("--top", type=click.IntRange(0, 1000), default=20, show_default=True,
              help="Cuántas formas de frase no entendida listar.")
@with_appcontext
@friendly
def coverage_command(catalog_path: str | None, as_json: bool, top: int) -> None:
    from ..engine.compiler.coverage import coverage

    cov = coverage(_catalog(catalog_path))
    data = cov.to_json(limit=top)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, sort_keys=False))
    else:
        data["top_missing"] = cov.top_missing(top, completes=True)
        click.echo(coverage_text(data))


@click.command("abilities", help=(
    "Muestra el texto de una carta y, frase por frase, lo que el compilador entendió "
    "(en castellano y en JSON) o por qué no lo entendió."))
@click.argument("name")
@click.option("--catalog", "catalog_path", type=click.Path(), default=None,
              help="Catálogo DeckForge JSON en vez de la base de datos.")
@click.option("--json", "as_json", is_flag=True, help="Resultado en JSON.")
@with_appcontext
@friendly
def abilities_command(name: str, catalog_path: str | None, as_json: bool) -> None:
    from ..engine.compiler.coverage import overrides, safe_compile

    catalog = _catalog(catalog_path)
    found = catalog.resolve(name)
    if not found.ok:
        if found.ambiguous:
            raise CliError(f"«{name}» nombra varias cartas: {', '.join(found.choices())}; "
                           "escribe «Nombre (CÓDIGO)»", EXIT_UNREADABLE)
        hint = f"; ¿quisiste decir {', '.join(found.suggestions)}?" if found.suggestions else ""
        raise CliError(f"no hay ninguna carta «{name}» en el catálogo{hint}", EXIT_UNREADABLE)
    card = found.card
    comp, error = safe_compile(card)
    override = card.identity in overrides()
    if comp is None:
        if as_json:
            click.echo(json.dumps({"name": card.name, "identity": card.identity, "type": card.type,
                                   "text": card.text, "status": "error", "error": error,
                                   "complete": False, "sentences": []}, ensure_ascii=False))
            return
        click.echo(f"{card.name} ({card.type}, {card.code})\n{card.text or ''}\n\n"
                   f"Error del compilador: {error}. El motor no conoce las habilidades de esta "
                   "carta: sus líneas «effect» quedan sin verificar.")
        return
    if as_json:
        click.echo(json.dumps(abilities_json(card, comp, override), ensure_ascii=False))
        return
    click.echo(abilities_text(card, comp, override))


def abilities_json(card, comp, override: bool) -> dict:
    from ..engine.compiler.coverage import enforcement_status

    status, reasons = enforcement_status(card, comp)
    status = "partial" if status == "compiled_unenforced" else comp.status  # compiled = enforced
    return {"name": card.name, "identity": card.identity, "type": card.type, "text": card.text,
            "status": "override" if override else status, "complete": comp.complete,
            "enforced": not reasons and comp.complete, "unenforced": list(reasons),
            "sentences": [{"text": s.text, "understood": s.understood,
                           "abilities": [{"describe": a.describe(), "json": a.to_json()}
                                         for a in s.abilities],
                           "reason": s.reason} for s in comp.sentences]}


def abilities_text(card, comp, override: bool) -> str:
    from ..engine.compiler.coverage import enforcement_status

    _, reasons = enforcement_status(card, comp)
    lines = [f"{card.name} ({card.type}, {card.code})", card.text or "(sin texto de habilidad)", ""]
    if override:
        lines.append("Esta carta tiene habilidades escritas a mano (tourney/engine/abilities/cards/): "
                     "el motor usa esas, no las compiladas.")
    for i, s in enumerate(comp.sentences, 1):
        lines.append(f"{i}. «{s.text}»")
        if s.understood:
            for a in s.abilities:
                lines.append(f"   = {a.describe()}")
                lines.append(f"     {json.dumps(a.to_json(), ensure_ascii=False)}")
        else:
            lines.append(f"   no entendida: {s.reason}")
    verdict = {"compiled": "Compilada por completo.", "partial": "Compilada en parte: las líneas "
               "«effect» de esta carta quedan sin verificar.", "none": "Sin compilar.",
               "empty": "Sin texto de habilidad."}[comp.status]
    if reasons:
        verdict = ("Leída entera, pero compilada en parte: el motor sólo acepta (sin verificar) "
                   "algunos de sus valores:\n" + "\n".join(f"  - {r}" for r in reasons))
    lines.append(verdict)
    return "\n".join(lines)
