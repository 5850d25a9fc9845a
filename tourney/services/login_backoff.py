"""Log-in backoff: a growing delay instead of a lock (issue 26, finding 15).

The old limits locked an account for 15 minutes after 5 wrong passwords from anywhere (so an
attacker could keep its owner out) and every log-in from an address after 50 failures (a
venue shares one address). Now each failure counts against several keys, and past a key's
free failures every attempt on that key waits a delay that doubles with each further failure,
up to the key's cap:

* ``par``: one account from one address — the brake on guessing (free 5, 15 s … 15 min);
* ``cuenta``: one account from any address — guesses spread over many addresses
  (free 10, 15 s … 5 min);
* ``ip``: one address, any account — trying many accounts (free 50, 5 s … 1 min: a venue's
  address is slowed, never locked);
* ``dispositivo``: a browser the account already logged in from (signed cookie,
  tourney.web.throttle) — only this key applies there (free 10, 15 s … 15 min).

Failures count for ``WINDOW`` seconds (a fixed window from the first failure); a successful
log-in clears the account's keys. Attempts refused while waiting do not count (an attacker
cannot lengthen the delay without real guesses). The owner kept out by someone else's
guesses gets in from a browser they already used, or with a **one-time code** the organizer
prints on the machine (``tourney users login-code CORREO``, ``CODE_MINUTES`` minutes, one
use, ``CODE_TRIES`` wrong passwords with it): with the code no delay applies, the password
is still checked.

State lives in the rate-limit storage (tourney.services.throttle: the database, or Redis),
shared by every process: counts with an atomic ``incr``; the time of the last failure as a
value (seconds since ``EPOCH``). No Flask here: the storage, key prefix and clock are given.
"""
from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Callable

WINDOW = 3600          # seconds a failure counts
EPOCH = 1_767_225_600  # 2026-01-01 UTC: stored times fit the counters' integer column
CODE_MINUTES = 15
CODE_TRIES = 5
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or from paper
CODE_LENGTH = 12  # 60 bits


@dataclass(frozen=True)
class Policy:
    free: int    # failures before any delay
    base: float  # seconds of the first delay
    cap: float   # the longest delay

    def delay(self, failures: int) -> float:
        """Seconds to wait after ``failures`` failures: 0 until ``free``, then base, 2×base…"""
        if failures < self.free:
            return 0.0
        return min(self.cap, self.base * 2 ** min(failures - self.free, 32))


POLICIES = {
    "par": Policy(free=5, base=15, cap=900),
    "cuenta": Policy(free=10, base=15, cap=300),
    "ip": Policy(free=50, base=5, cap=60),
    "dispositivo": Policy(free=10, base=15, cap=900),
}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:32]


def normalize_code(code: str | None) -> str:
    return "".join(ch for ch in (code or "").upper() if ch.isalnum())[:CODE_LENGTH * 2]


class LoginBackoff:
    """The delays of one installation: ``storage`` is a ``limits`` storage (incr, get,
    clear), ``prefix`` the installation's key prefix, ``clock`` returns seconds."""

    def __init__(self, storage, prefix: str, clock: Callable[[], float] | None = None):
        self.storage = storage
        self.prefix = prefix
        self.clock = clock or (lambda: time.time())

    # -- keys ---------------------------------------------------------------------------
    def _k(self, what: str, kind: str, key: str) -> str:
        return f"{self.prefix}/entrar/{what}/{kind}/{key}"[:255]

    @staticmethod
    def keys(email: str, address: str, device: str | None) -> dict[str, str]:
        """The keys of one attempt: a known browser's own key only, else account, address
        and the pair."""
        if device:
            return {"dispositivo": device}
        account = _digest(email)
        return {"par": f"{account}@{address}", "cuenta": account, "ip": address}

    # -- delays -------------------------------------------------------------------------
    def wait(self, keys: dict[str, str]) -> int:
        """Seconds this attempt must still wait (0: it may try now)."""
        now = self.clock()
        longest = 0.0
        for kind, key in keys.items():
            failures = self.storage.get(self._k("fallos", kind, key))
            delay = POLICIES[kind].delay(failures)
            if not delay:
                continue
            last = self.storage.get(self._k("ultimo", kind, key))
            if last:
                longest = max(longest, last + EPOCH + delay - now)
        return int(longest + 0.999) if longest > 0 else 0

    def failed(self, keys: dict[str, str]) -> None:
        now = int(self.clock()) - EPOCH
        for kind, key in keys.items():
            self.storage.incr(self._k("fallos", kind, key), WINDOW)
            last = self._k("ultimo", kind, key)
            self.storage.clear(last)
            self.storage.incr(last, WINDOW, amount=max(now, 1))

    def succeeded(self, keys: dict[str, str]) -> None:
        """The right password: the account's own counts start again (not the address's)."""
        for kind, key in keys.items():
            if kind != "ip":
                self.storage.clear(self._k("fallos", kind, key))
                self.storage.clear(self._k("ultimo", kind, key))

    # -- one-time codes -----------------------------------------------------------------
    def _code_key(self, email: str, code: str) -> str:
        return self._k("codigo", "cuenta", _digest(email + "\n" + normalize_code(code)))

    def issue_code(self, email: str) -> str:
        """A new one-time code for ``email`` (``CODE_MINUTES`` minutes, one use)."""
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        self.storage.incr(self._code_key(email, code), CODE_MINUTES * 60)
        return "-".join(code[i:i + 4] for i in range(0, CODE_LENGTH, 4))

    def code_valid(self, email: str, code: str | None) -> bool:
        if not normalize_code(code):
            return False
        hits = self.storage.get(self._code_key(email, code or ""))
        return 1 <= hits <= CODE_TRIES

    def code_failed(self, email: str, code: str) -> None:
        """A wrong password with a valid code: after CODE_TRIES the code is void."""
        self.storage.incr(self._code_key(email, code), CODE_MINUTES * 60)

    def code_used(self, email: str, code: str) -> None:
        self.storage.clear(self._code_key(email, code))
