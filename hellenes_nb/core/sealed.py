"""The installation's save key, and sealing what a player may not see (docs/security.md).

A game against the computer is saved with the computer's secrets (its hand, its blocks, the
deck order, the dice state and the seed) sealed: compressed, then encrypted and authenticated
with Fernet (AES in CBC mode with an HMAC-SHA256 tag, from ``cryptography``). The key is made
once per installation, on first use, and kept in the user's config folder
(:func:`key_path`, readable by the user only); it is never written into a save or the
repository. Only the same installation can open the token again; a token that was altered, or
sealed with another key, is refused with a ``ValueError`` in plain words.

A key that cannot be read or made where it belongs (its path a folder, a file where its folder
should be, a folder that cannot be written) raises :class:`SaveKeyUnusable`, a ``ValueError``
naming the path and what is wrong: a game against the computer can then be neither saved nor
opened sealed, but play goes on, and open (hot-seat) saves need no key.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import zlib
from pathlib import Path

import platformdirs
from cryptography.fernet import Fernet, InvalidToken

from hellenes_nb.core.savejson import MAX_SAVE_BYTES

__all__ = ["SaveKeyUnusable", "installation_key", "key_id", "key_path", "seal", "unseal"]

APP_NAME = "hellenes-nb"
KEY_FILE = "save-key"
#: a key file is 45 bytes; reading stops well past that (a huge file there is not a key)
KEY_READ_LIMIT = 1000


class SaveKeyUnusable(ValueError):
    """The save key's place cannot be used: plain words naming the path and what is wrong."""


def key_path() -> Path:
    """Where this installation keeps its save key: the user's config folder (on Linux
    ``$XDG_CONFIG_HOME/hellenes-nb/save-key``, by default under ``~/.config``)."""
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / KEY_FILE


def installation_key() -> bytes:
    """This installation's key, made on first use (file mode 0600, in a 0700 folder);
    :class:`SaveKeyUnusable` if its place cannot be read or written."""
    path = key_path()
    try:
        return _read_or_make(path)
    except OSError as exc:
        raise SaveKeyUnusable(_unusable(path, exc)) from None


def _read_or_make(path: Path) -> bytes:
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None:
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        if not stat.S_ISREG(mode):  # a pipe or a device would be read forever
            raise OSError(errno.EINVAL, "not a plain file", str(path))
        return _read(path)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = Fernet.generate_key()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first: use that one
        return _read(path)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(key + b"\n")
    except OSError:  # a full disk: leave no empty key behind to be called damaged later
        path.unlink(missing_ok=True)
        raise
    return key


def _read(path: Path) -> bytes:
    with path.open("rb") as f:
        key = f.read(KEY_READ_LIMIT).strip()
    try:
        Fernet(key)
    except ValueError:
        raise ValueError(f"the save key in {path} is damaged. Saves against the computer "
                         "made with it can no longer be opened; delete the file to make a "
                         "new key") from None
    if path.stat().st_mode & 0o077:  # readable by others: keep it to the user
        try:
            path.chmod(0o600)
        except OSError:  # a read-only disk: the key still works
            pass
    return key


def _unusable(path: Path, exc: OSError) -> str:
    """Plain words for why the key at ``path`` cannot be read or made, and what to do (the
    ``os.path`` tests never raise, whatever the folders' permissions)."""
    here = os.path.exists(path)
    blocking = next((p for p in (path.parent, *path.parent.parents)
                     if os.path.exists(p) and not os.path.isdir(p)), None)
    if blocking is not None:
        what = f"{blocking} is a file where a folder should be (the key is kept in {path})"
        fix = "Move that file away"
    elif os.path.isdir(path):
        what = f"{path} is a folder where the key file should be"
        fix = "Remove or rename that folder (a new key is then made)"
    elif here and not os.path.isfile(path):
        what = f"{path} is not a plain file (a pipe or a device?)"
        fix = "Remove it"
    else:
        where = path if here else next((p for p in path.parents if os.path.exists(p)),
                                       path.parent)
        why = {errno.EACCES: "permission denied", errno.EPERM: "permission denied",
               errno.EROFS: "it is on a read-only disk", errno.ENOSPC: "the disk is full",
               }.get(exc.errno or 0, exc.strerror or type(exc).__name__)
        what = (f"{where} cannot be read ({why})" if here else
                f"{where} cannot be written ({why}), so the key cannot be made there")
        fix = "Let your user read and write it" if here else "Make that folder writable"
    return (f"the save key cannot be used: {what}. {fix}, or set XDG_CONFIG_HOME to a folder "
            "you can write. Until then games against the computer can be neither saved nor "
            "loaded; play goes on, and hot-seat saves need no key")


def key_id(key: bytes) -> str:
    """A short name for a key that tells nothing about it (16 hex digits of a hash)."""
    return hashlib.sha256(b"hellenes-nb save key id\0" + key).hexdigest()[:16]


def seal(payload: bytes) -> tuple[str, str]:
    """``payload`` compressed and sealed with this installation's key: (token, key id)."""
    try:
        key = installation_key()
    except SaveKeyUnusable as exc:
        raise SaveKeyUnusable(f"cannot seal this save of a game against the computer: "
                              f"{exc}") from None
    token = Fernet(key).encrypt(zlib.compress(payload, 9))
    return token.decode("ascii"), key_id(key)


def unseal(token: str, sealed_with: str) -> bytes:
    """The payload of a token made by :func:`seal` on this installation, or ValueError."""
    try:
        key = installation_key()
    except SaveKeyUnusable as exc:
        raise SaveKeyUnusable(f"cannot open the sealed part of this save: {exc}") from None
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
