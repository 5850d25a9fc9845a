"""Forms of the account pages added by the security work (issue 15)."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import PasswordField
from wtforms.validators import DataRequired, Length

from .forms import REQUIRED


class PasswordForm(FlaskForm):
    current = PasswordField("Contraseña actual", validators=[DataRequired(REQUIRED)])
    password = PasswordField("Contraseña nueva", validators=[
        DataRequired(REQUIRED), Length(min=8, message="Al menos 8 caracteres.")])
