"""§5 the move actions a listing offers along the paths the movement search found (one per
destination, forced march and cargo): their dicts and their words, made from the world's names
alone and remembered per path."""

from __future__ import annotations

from hellenes_nb.games.hellenes.index import WorldIndex

#: The route words, place ids and "goes to sea" of a path, shared by every unit taking it:
#: they depend only on the world's names and tables. Key: (world index, start, path); bounded.
_PATH_TEXT: dict[tuple, tuple[str, tuple[str, ...], bool]] = {}
_PATH_TEXT_MAX = 20000
def _path_text(ix: WorldIndex, start: int, path: tuple[int, ...]
               ) -> tuple[str, tuple[str, ...], bool]:
    """The route words of ``start`` and ``path``, the path's place ids, and whether it goes
    to sea (remembered)."""
    key = (ix, start, path)
    hit = _PATH_TEXT.get(key)
    if hit is None:
        full = (start, *path)
        if len(_PATH_TEXT) >= _PATH_TEXT_MAX:
            _PATH_TEXT.clear()
        hit = _PATH_TEXT[key] = (ix.route(full), tuple(ix.place_ids[q] for q in path),
                                 any(ix.is_sea(q) for q in full))
    return hit


def moves_along(ix: WorldIndex, name: str, u: int, cargo: int, start: int,
                dests: dict[tuple[int, bool], tuple[int, ...]], only: int | None = None
                ) -> list[dict]:
    """The move actions of unit ``u`` of side ``name`` in ``start`` carrying ``cargo`` (-1:
    none) along the paths ``dests`` (:func:`search.destinations`), in listing order
    (destination, then forced); with ``only``, just the unforced move ending there."""
    order = sorted(dests) if only is None else [(only, False)] if (only, False) in dests else []
    if not order:
        return []
    unit = ix.describe(u)
    carrying = f", carrying {ix.describe(cargo)}" if cargo >= 0 else ""
    out = []
    for dest, forced in order:
        route, ids, at_sea = _path_text(ix, start, dests[(dest, forced)])
        if cargo >= 0 and not at_sea:
            continue
        a = {"type": "move", "side": name, "unit": ix.unit_key[u], "path": list(ids)}
        if forced:
            a["forced"] = True
            text = f"Move {unit} toward {ix.place_name[dest]} with a forced march"
        else:
            text = f"Move {unit} to {ix.place_name[dest]}"
        if cargo >= 0:
            a["carry"] = ix.unit_key[cargo]
        a["label"] = f"{text}{carrying} ({route})"
        out.append(a)
    return out
