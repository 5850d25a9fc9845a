"""tourney.catalog"""
from .model import Card, Edition  # noqa: F401
from .catalog import Catalog, Resolution  # noqa: F401
