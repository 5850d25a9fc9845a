"""Sellado and Lanzamiento pages: the organizer's setup and lock, pool entry (organizer, or the
player at the table), deck building from the locked pool, pool sheets and the pools workbook.
Thin: form -> tourney.services.pools -> redirect."""
from __future__ import annotations

from flask import (
    Blueprint, Response, abort, flash, jsonify, redirect, render_template, request, url_for,
)
from flask_login import login_required
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, IntegerField, SelectMultipleField, TextAreaField
from wtforms.validators import Length, NumberRange, Optional

from ..collation import spanish_key
from ..services import access, events as ev, pools
from ..services.errors import Forbidden, ServiceError
from .common import actor, catalog, db, format_for, open_event, organizer_required, service_call
from .forms import EmptyForm, choices

bp = Blueprint("pools", __name__)
PRODUCT_ROWS = 3  # product rows shown on the form (more can be added on the page)


@bp.app_context_processor
def inject():
    def is_pool_event(event) -> bool:
        from .common import formats

        return pools.is_pool_format(formats().get(getattr(event, "format_id", None)))

    return {"is_pool_event": is_pool_event}


class SealedForm(FlaskForm):
    castle_size = IntegerField("Cartas del Mazo Castillo", validators=[
        NumberRange(1, 100, "Entre 1 y 100.")])
    editions = SelectMultipleField("Edición (o ediciones) del pool")
    player_entry = BooleanField("Los jugadores pueden escribir su pool en la mesa (el organizador lo cierra)")


class PoolForm(FlaskForm):
    text = TextAreaField("Pool (una carta por línea; «Sobre 1:» abre un producto)",
                         validators=[Optional(), Length(max=200_000)])
    file = FileField("…o sube una planilla XLSX (columnas Producto, Cantidad, Carta, Código)")


def _sealed(event):
    """(format with the event's Castillo size, its settings row or None, whether it is sealed)."""
    fmt = format_for(event)
    return pools.event_format(db(), event, fmt), pools.settings(db(), event), pools.is_pool_format(fmt)


def _edition_choices(fmt) -> list:
    cat = catalog()
    legal = list(fmt.legal_editions or ())
    known = [(slug, cat.editions[slug].name) for slug in legal if slug in cat.editions]
    return choices(known or [(slug, slug) for slug in legal])


def sealed_choices(form) -> None:
    """The pool editions offered on the new-event form (every sealed format's editions)."""
    from .common import formats

    cat = catalog()
    slugs: list[str] = []
    for fmt in formats().values():
        if pools.is_pool_format(fmt):
            slugs += [s for s in (fmt.legal_editions or ()) if s in cat.editions and s not in slugs]
    form.pool_edition.choices = choices([("", "—")] + [(s, cat.editions[s].name) for s in slugs])


def configure_from_form(event, form) -> None:
    """Event creation: the Castillo size and pool edition typed on the new-event form."""
    fmt = format_for(event)
    if not pools.is_pool_format(fmt):
        return
    size = getattr(form, "castle_size", None)
    edition = getattr(form, "pool_edition", None)
    if edition is None or not edition.data:
        raise ServiceError(f"Un {fmt.name} necesita la edición del pool.", "pool_edition")
    pools.configure(db(), actor(), event, fmt,
                    castle_size=(size.data if size is not None and size.data else fmt.main_exact),
                    editions=[edition.data] if edition is not None and edition.data else [])


@bp.route("/eventos/<int:event_id>/sellado", methods=["GET", "POST"])
@login_required
def setup(event_id: int):
    event = open_event(event_id, access.require_judge)
    fmt, row, sealed = _sealed(event)
    form = SealedForm(obj=None if request.method == "POST" else row)
    if sealed:
        form.editions.choices = _edition_choices(fmt)
        if request.method == "GET":
            form.editions.data = row.editions if row is not None else []
            form.castle_size.data = fmt.main_exact
    status = 200
    if request.method == "POST":
        if not access.is_organizer(actor(), event, db()):
            abort(403)
        if sealed and form.validate_on_submit():
            with service_call(form, success="Sellado configurado.") as call:
                pools.configure(db(), actor(), event, format_for(event), castle_size=form.castle_size.data,
                                editions=form.editions.data or [], player_entry=form.player_entry.data)
            if call.ok:
                return redirect(url_for("pools.setup", event_id=event_id))
        status = 400
    regs = ev.players(db(), event)
    by_player = pools.pools_by_player(db(), event) if sealed else {}
    from ..services.decklists import registered_by_player

    decks = registered_by_player(db(), event)
    return render_template("pools/setup.html", event=event, fmt=fmt, row=row, sealed=sealed, form=form, regs=regs,
                           is_org=access.is_organizer(actor(), event, db()),
                           by_player=by_player, decks=decks, action=EmptyForm()), status


@bp.post("/eventos/<int:event_id>/sellado/cerrar")
@organizer_required
def lock_all(event_id: int):
    event = open_event(event_id)
    with service_call(success="Pools cerrados: los jugadores ya pueden armar su mazo.") as call:
        pools.lock_pools(db(), actor(), event)
    return redirect(url_for("pools.setup", event_id=event_id) + ("" if call.ok else "#pools"))


@bp.post("/eventos/<int:event_id>/sellado/importar")
@organizer_required
def import_all(event_id: int):
    from ..services.pools_documents import import_pools

    event = open_event(event_id, access.require_event_organizer)
    upload = request.files.get("file")
    data = upload.read() if upload and upload.filename else b""
    with service_call() as call:
        if not data:
            raise ServiceError("Elige una planilla XLSX de pools.", "file")
        count = import_pools(db(), actor(), event, catalog(), data)
    if call.ok:
        flash(f"Pools importados: {count}.", "ok")
    return redirect(url_for("pools.setup", event_id=event_id))


@bp.get("/eventos/<int:event_id>/sellado/pools.xlsx")
@login_required
def export_all(event_id: int):
    from ..services.pools_documents import pools_workbook

    event = open_event(event_id, access.require_judge)
    data = pools_workbook(db(), event, format_for(event))
    return Response(data, mimetype="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                    headers={"Content-Disposition": f'attachment; filename="pools-evento-{event.id}.xlsx"'})


def _pdf(data: bytes, name: str) -> Response:
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{name}"'})


@bp.get("/eventos/<int:event_id>/sellado/hojas.pdf")
@login_required
def sheets_all(event_id: int):
    from ..services.pools_documents import pool_sheets_pdf
    from .common import formats

    event = open_event(event_id, access.require_judge)
    return _pdf(pool_sheets_pdf(db(), event, format_for(event), formats()), f"pools-evento-{event.id}.pdf")


# -- one player's pool ----------------------------------------------------------------------
def _player(event, reg_id: int | None):
    """The registration, if the visitor may see it (owner, judges, organizers)."""
    if reg_id is None:
        reg = ev.registration_of(db(), actor(), event)
        if reg is None:
            raise Forbidden("No estás inscrito en este evento.")
        return reg
    reg = ev.get_registration(db(), event, reg_id)
    if not (access.owns(actor(), reg) or access.is_judge(db(), actor(), event)):
        raise Forbidden("Solo el jugador, los jueces y el organizador ven este pool.")
    return reg


@bp.route("/eventos/<int:event_id>/mi-pool", methods=["GET"])
@login_required
def my_pool(event_id: int):
    event = open_event(event_id)
    return _pool_page(event, _player(event, None))


@bp.route("/eventos/<int:event_id>/pools/<int:reg_id>", methods=["GET", "POST"])
@login_required
def pool_entry(event_id: int, reg_id: int):
    event = open_event(event_id)
    return _pool_page(event, _player(event, reg_id))


def _product_rows() -> list[tuple[str, str]]:
    rows = []
    for i in range(1, 41):
        cards = request.form.get(f"cartas_{i}", "")
        if cards.strip():
            rows.append((request.form.get(f"producto_{i}", "") or f"Producto {i}", cards))
    return rows


def _pool_page(event, reg):
    session = db()
    fmt, row, sealed = _sealed(event)
    form = PoolForm()
    status = 200
    if request.method == "POST":
        if not pools.can_enter(session, actor(), event, reg):
            abort(403)
        if form.validate_on_submit():
            upload = form.file.data
            data = upload.read() if upload and getattr(upload, "filename", "") else None
            products = _product_rows()
            with service_call(form, success="Pool inscrito.") as call:
                if data is not None:
                    from ..services.pools_documents import import_pools

                    import_pools(session, actor(), event, catalog(), data, registration=reg)
                elif products:
                    pools.enter_pool(session, actor(), event, reg, catalog(),
                                     text=pools.products_text(products), source="productos")
                else:
                    pools.enter_pool(session, actor(), event, reg, catalog(), text=form.text.data)
            if call.ok:
                return redirect(url_for("pools.pool_entry", event_id=event.id, reg_id=reg.id))
        status = 400
    current = pools.pool_of(session, reg) if sealed else None
    if request.method == "GET" and current is not None:
        form.text.data = current.raw_text
    return render_template("pools/pool.html", event=event, fmt=fmt, row=row, sealed=sealed, registration=reg,
                           is_org=access.is_organizer(actor(), event, session),
                           form=form, current=current, product_rows=PRODUCT_ROWS,
                           pool=pools.pool_value(current) if current else None,
                           can_enter=sealed and pools.can_enter(session, actor(), event, reg),
                           building=sealed and pools.deck_building_open(session, event, reg),
                           action=EmptyForm()), status


@bp.post("/eventos/<int:event_id>/pools/<int:reg_id>/cerrar")
@organizer_required
def lock_one(event_id: int, reg_id: int):
    event = open_event(event_id)
    reg = ev.get_registration(db(), event, reg_id)
    with service_call(success=f"Pool de {reg.name} cerrado."):
        pools.lock_pool(db(), actor(), event, reg)
    return redirect(url_for("pools.pool_entry", event_id=event_id, reg_id=reg_id))


@bp.get("/eventos/<int:event_id>/pools/<int:reg_id>/hoja.pdf")
@login_required
def sheet_one(event_id: int, reg_id: int):
    from ..services.pools_documents import pool_sheets_pdf
    from .common import formats

    event = open_event(event_id)
    reg = _player(event, reg_id)
    return _pdf(pool_sheets_pdf(db(), event, format_for(event), formats(), [reg]),
                f"pool-{reg.id}.pdf")


# -- deck building ----------------------------------------------------------------------------
def _counts() -> dict[str, int]:
    out = {}
    for key, value in request.form.items():
        if key.startswith("c-") and value.strip():
            try:
                out[key[2:]] = max(0, int(value))
            except ValueError:
                raise ServiceError(f"«{value}» no es una cantidad: escribe un número.", "castle") from None
    return out


@bp.route("/eventos/<int:event_id>/pools/<int:reg_id>/mazo", methods=["GET", "POST"])
@login_required
def deck(event_id: int, reg_id: int):
    session = db()
    event = open_event(event_id)
    reg = _player(event, reg_id)
    fmt, row, sealed = _sealed(event)
    form = EmptyForm()
    status, verdict = 200, None
    if request.method == "POST":
        if not (access.owns(actor(), reg) or access.is_organizer(actor(), event, session)):
            abort(403)
        if form.validate_on_submit():
            with service_call(form) as call:
                submitted, built = pools.submit_deck(session, actor(), event, reg, format_for(event), catalog(),
                                               counts=_counts())
            if call.ok:
                verdict = built.to_dict()
                flash("Mazo legal registrado." if submitted.legal else
                      "Mazo guardado, pero NO es legal: corrígelo.", "ok" if submitted.legal else "error")
            else:
                status = call.status
        else:
            status = 400
    current = pools.pool_of(session, reg) if sealed else None
    from ..services.decklists import registered

    sub = registered(session, event, reg)
    in_castle = {}
    if request.method == "POST" and status != 200:
        in_castle = {k: v for k, v in request.form.items() if k.startswith("c-")}
    elif sub is not None:
        for e in sub.resolved.get("castle", []):
            in_castle[f"c-{e['code']}"] = in_castle.get(f"c-{e['code']}", 0) + e["qty"]
    pool = pools.pool_value(current) if current else None
    cards = _builder_rows(pool)
    types = sorted({c.type for c in cards}, key=spanish_key)
    wanted = request.args.get("tipo") if request.args.get("tipo") in types else None
    return render_template("pools/deck.html", event=event, fmt=fmt, row=row, sealed=sealed, registration=reg,
                           form=form, pool=pool, cards=cards, types=types, wanted=wanted,
                           in_castle=in_castle, current=sub, verdict=verdict,
                           building=sealed and pools.deck_building_open(session, event, reg)), status


class BuilderRow:
    """One card of the pool in the deck builder: its copies and what the catalog says of it."""

    def __init__(self, code: str, name: str, qty: int, card) -> None:
        self.code, self.name, self.qty = code, name, qty
        self.type = card.type if card is not None else "?"
        self.cost = card.cost if card is not None else None
        self.race = card.race if card is not None else None


def _builder_rows(pool) -> list[BuilderRow]:
    """The pool's cards (copies of a code added up) in Spanish order, each with its type, cost
    and Raza from the catalog."""
    merged: dict[str, list] = {}
    for card in (pool.cards if pool else ()):
        merged.setdefault(card.code, [card.name, 0])[1] += card.qty
    if not merged:
        return []
    cat = catalog()
    rows = [BuilderRow(code, name, qty, cat.by_code(code)) for code, (name, qty) in merged.items()]
    return sorted(rows, key=lambda r: spanish_key(r.name))


@bp.post("/eventos/<int:event_id>/pools/<int:reg_id>/mazo/verificar")
@login_required
def deck_check_live(event_id: int, reg_id: int):
    event = open_event(event_id)
    reg = ev.get_registration(db(), event, reg_id)
    if not (access.owns(actor(), reg) or access.is_organizer(actor(), event, db())):
        abort(403)
    try:
        built = pools.check_deck(db(), event, reg, format_for(event), catalog(), counts=_counts())
    except ServiceError as exc:
        return jsonify({"error": exc.message}), 400
    return jsonify({"verdict": built.to_dict(), "legal": built.legal})
