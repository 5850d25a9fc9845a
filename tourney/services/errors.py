"""Errors the services raise for users to read (Spanish), vs. bugs (anything else)."""
from __future__ import annotations


class ServiceError(Exception):
    """A user error: shown as is. ``field`` names the form field it belongs to, when any."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


class Forbidden(ServiceError):
    """The actor may not do this (role or ownership)."""


class NotFound(ServiceError):
    pass


class Conflict(ServiceError):
    """Someone else changed the same thing first (stale version, duplicate submit)."""
