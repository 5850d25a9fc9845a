"""tourney.catalog"""
from .model import Card, Edition  # noqa: F401
