"""Forms of the metagame and league pages (Flask-WTF, CSRF on every POST)."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, Length

from ..meta.archetypes import MAX_NAME
from ..meta.points import MAX_TABLE_BYTES
from ..models.leagues import MAX_LEAGUE_NAME
from .forms import REQUIRED


class ArchetypeRenameForm(FlaskForm):
    source = SelectField("Arquetipo", validators=[DataRequired(REQUIRED)], validate_choice=False)
    target = StringField("Nuevo nombre (el mismo de otro arquetipo los junta)",
                         validators=[DataRequired(REQUIRED), Length(max=MAX_NAME)])


class LeagueForm(FlaskForm):
    name = StringField("Nombre de la liga", validators=[DataRequired(REQUIRED),
                                                        Length(max=MAX_LEAGUE_NAME)])
    game = SelectField("Juego", validate_choice=False)
    points = TextAreaField("Tabla de puntos (TOML)", validators=[
        DataRequired(REQUIRED), Length(max=MAX_TABLE_BYTES)])


class LeagueEventForm(FlaskForm):
    event = SelectField("Evento", validators=[DataRequired(REQUIRED)], validate_choice=False)


class ProfileForm(FlaskForm):
    hidden = BooleanField("Ocultar mi perfil al público (mis resultados siguen contando)")
