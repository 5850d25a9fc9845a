"""Flask-WTF forms. Messages in Spanish; errors are rendered next to each field."""
from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    BooleanField, DateField, DateTimeLocalField, EmailField, HiddenField, IntegerField,
    PasswordField, SelectField, StringField, TextAreaField,
)
from wtforms.validators import DataRequired, Length, NumberRange, Optional

try:  # WTForms >= 3.3 wants SelectChoice objects; older versions take (value, label) tuples
    from wtforms.fields.choices import SelectChoice
except ImportError:  # pragma: no cover
    SelectChoice = None

REQUIRED = "Este campo es obligatorio."


def choices(pairs) -> list:
    """(value, label) pairs as the installed WTForms wants them."""
    if SelectChoice is None:
        return [(str(v), label) for v, label in pairs]
    return [SelectChoice(str(v), label) for v, label in pairs]


class SignupForm(FlaskForm):
    name = StringField("Nombre", validators=[DataRequired(REQUIRED), Length(max=120)])
    email = EmailField("Correo", validators=[DataRequired(REQUIRED), Length(max=254)])
    password = PasswordField("Contraseña", validators=[
        DataRequired(REQUIRED), Length(min=8, message="Al menos 8 caracteres.")])


class LoginForm(FlaskForm):
    email = EmailField("Correo", validators=[DataRequired(REQUIRED), Length(max=254)])
    password = PasswordField("Contraseña", validators=[DataRequired(REQUIRED)])
    # issue 26, finding 15: a code the organizer printed (`tourney users login-code`) lets the
    # owner in past the delays someone else's guesses caused
    code = StringField("Código de entrada (si el organizador te dio uno)",
                       validators=[Optional(), Length(max=40)])


class EventForm(FlaskForm):
    name = StringField("Nombre del evento", validators=[DataRequired(REQUIRED), Length(max=200)])
    date = DateField("Fecha", validators=[DataRequired("Indica la fecha (AAAA-MM-DD).")])
    venue = StringField("Lugar", validators=[Optional(), Length(max=200)])
    format_id = SelectField("Formato", validators=[DataRequired(REQUIRED)])
    rounds_planned = IntegerField("Rondas (vacío = recomendadas)", validators=[
        Optional(), NumberRange(1, 20, "Entre 1 y 20.")])
    top_cut = SelectField("Corte final", choices=choices([("0", "Sin corte"), ("4", "Top 4"),
                                                  ("8", "Top 8"), ("16", "Top 16")]), default="0")
    registration_deadline = DateTimeLocalField("Cierre de inscripciones", format="%Y-%m-%dT%H:%M",
                                               validators=[Optional()])
    decklist_deadline = DateTimeLocalField("Cierre de listas", format="%Y-%m-%dT%H:%M",
                                           validators=[Optional()])
    league = BooleanField("Es una liga: el Mazo de Soporte es opcional")
    page_size = SelectField("Tamaño de página de los documentos",
                            choices=choices([("A4", "A4"), ("Letter", "Carta (Letter)")]),
                            default="A4")
    # Sellado / Lanzamiento (issue 16): the organizer's Castillo size and the pool's edition
    castle_size = IntegerField("Sellado o Lanzamiento: cartas del Mazo Castillo (vacío = las del formato)",
                               validators=[Optional(), NumberRange(1, 100, "Entre 1 y 100.")])
    pool_edition = SelectField("Sellado o Lanzamiento: edición del pool",
                               choices=choices([("", "—")]), default="", validate_choice=False)


class DeskPlayerForm(FlaskForm):
    name = StringField("Nombre", validators=[DataRequired(REQUIRED), Length(max=120)])
    email = StringField("Correo (opcional; si tiene cuenta, queda unida)",
                        validators=[Optional(), Length(max=254)])
    external_id = StringField("ID de jugador (opcional)", validators=[Optional(), Length(max=254)])
    byes = IntegerField("Byes asignados", default=0, validators=[
        Optional(), NumberRange(0, 3, "De 0 a 3.")])
    with_losses = BooleanField("Entra tarde con derrota en las rondas ya jugadas")


class JudgeForm(FlaskForm):
    email = StringField("Correo de la persona", validators=[DataRequired(REQUIRED), Length(max=254)])


class DecklistForm(FlaskForm):
    text = TextAreaField("Lista (formato de texto)", validators=[Optional(),
                                                                Length(max=100_000)])
    file = FileField("…o sube una planilla XLSX")


class ResultForm(FlaskForm):
    a_games = IntegerField("Juegos ganados", validators=[
        Optional(),
        NumberRange(0, 3, "Entre 0 y 3.")], default=0)
    b_games = IntegerField("Juegos perdidos",
                           validators=[Optional(), NumberRange(0, 3, "Entre 0 y 3.")],
                           default=0)
    draws = IntegerField("Juegos empatados",
                         validators=[Optional(), NumberRange(0, 3, "Entre 0 y 3.")],
                         default=0)
    otro = StringField("Otro resultado", validators=[Optional(), Length(max=12)])
    version = HiddenField()


class SwapForm(FlaskForm):
    game = SelectField("Antes del juego", choices=choices([("2", "Juego 2"), ("3", "Juego 3")]),
                       default="2")
    out_text = TextAreaField("Salen del Castillo (una por línea: «2 Nombre»)",
                             validators=[Length(max=5000)])
    in_text = TextAreaField("Entran desde el Soporte (una por línea)",
                            validators=[Length(max=5000)])
    opened = HiddenField()  # signed time the form was opened (2-minute flag)


class DeckCheckForm(FlaskForm):
    registration_id = SelectField("Jugador", coerce=int)
    game = SelectField("Juego",
                       choices=choices([("1", "Juego 1"), ("2", "Juego 2"), ("3", "Juego 3")]),
                       default="1")
    counted_text = TextAreaField("Lo contado (formato de lista)",
                                 validators=[DataRequired(REQUIRED), Length(max=100_000)])


class SwapTablesForm(FlaskForm):
    player_x = SelectField("Jugador", coerce=int)
    player_y = SelectField("con", coerce=int)


class TimerForm(FlaskForm):
    minutes = IntegerField("Minutos", default=50, validators=[DataRequired(REQUIRED),
                                                              NumberRange(1, 180, "De 1 a 180.")])


class EmptyForm(FlaskForm):
    """Buttons that only need the CSRF token."""


class ImportForm(FlaskForm):
    file = FileField("Planilla XLSX")


class ManualPairForm(FlaskForm):
    player_x = SelectField("Jugador sin mesa", coerce=int)
    player_y = SelectField("contra", coerce=int)  # 0 = bye


class BreakTableForm(FlaskForm):
    match_id = SelectField("Mesa", coerce=int)


class ForbiddenPairForm(FlaskForm):
    player_x = SelectField("Jugador", coerce=int)
    player_y = SelectField("no debe enfrentar a", coerce=int)
    reason = StringField("Motivo (opcional)", validators=[Optional(), Length(max=200)])
