"""The installation's save key, and sealing what a player may not see (docs/security.md).

A game against the computer is saved with the computer's secrets (its hand, its blocks, the
deck order, the dice state and the seed) sealed: compressed, then encrypted and authenticated
with Fernet (AES in CBC mode with an HMAC-SHA256 tag, from ``cryptography``). The key is made
once per installation, on first use, and kept in the user's config folder
(:func:`key_path`, readable by the user only); it is never written into a save or the
repository. Only the same installation can open the token again; a token that was altered, or
sealed with another key, is refused with a ``ValueError`` in plain words.
"""

from __future__ import annotations

import hashlib
import os
import zlib
from pathlib import Path

import platformdirs
from cryptography.fernet import Fernet, InvalidToken

from hellenes_nb.core.savejson import MAX_SAVE_BYTES

__all__ = ["installation_key", "key_id", "key_path", "seal", "unseal"]

APP_NAME = "hellenes-nb"
KEY_FILE = "save-key"


def key_path() -> Path:
    """Where this installation keeps its save key: the user's config folder (on Linux
    ``$XDG_CONFIG_HOME/hellenes-nb/save-key``, by default under ``~/.config``)."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / KEY_FILE


def installation_key() -> bytes:
    """This installation's key, made on first use (file mode 0600, in a 0700 folder)."""
    path = key_path()
    if path.exists():
        return _read(path)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = Fernet.generate_key()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first: use that one
        return _read(path)
    with os.fdopen(fd, "wb") as f:
        f.write(key + b"\n")
    return key


def _read(path: Path) -> bytes:
    key = path.read_bytes().strip()
    try:
        Fernet(key)
    except ValueError:
        raise ValueError(f"the save key in {path} is damaged. Saves against the computer "
                         "made with it can no longer be opened; delete the file to make a "
                         "new key") from None
    if path.stat().st_mode & 0o077:  # readable by others: keep it to the user
        path.chmod(0o600)
    return key


def key_id(key: bytes) -> str:
    """A short name for a key that tells nothing about it (16 hex digits of a hash)."""
    return hashlib.sha256(b"hellenes-nb save key id\0" + key).hexdigest()[:16]


def seal(payload: bytes) -> tuple[str, str]:
    """``payload`` compressed and sealed with this installation's key: (token, key id)."""
    key = installation_key()
    token = Fernet(key).encrypt(zlib.compress(payload, 9))
    return token.decode("ascii"), key_id(key)


def unseal(token: str, sealed_with: str) -> bytes:
    """The payload of a token made by :func:`seal` on this installation, or ValueError."""
    key = installation_key()
    if sealed_with != key_id(key):
        raise ValueError("this save was sealed by another installation of hellenes-nb (its "
                         "key is not this one's), so its sealed part cannot be opened here: "
                         "a game against the computer continues only where it was saved. Its "
                         "readable part still shows the position as you saw it")
    try:
        packed = Fernet(key).decrypt(token.encode("ascii"))
    except (InvalidToken, UnicodeEncodeError):
        raise ValueError("the sealed part of this save has been altered or damaged, so it "
                         "cannot be opened") from None
    unpack = zlib.decompressobj()
    try:
        payload = unpack.decompress(packed, MAX_SAVE_BYTES + 1)
    except zlib.error:
        raise ValueError("the sealed part of this save is damaged (it does not unpack)") from None
    if len(payload) > MAX_SAVE_BYTES or unpack.unconsumed_tail:
        raise ValueError(f"the sealed part of this save unpacks to more than "
                         f"{MAX_SAVE_BYTES:,} bytes, far more than a saved game")
    return payload
