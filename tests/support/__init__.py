"""Helpers shared by the tests, imported normally (``from support.kit import position``):
positions on the real map, bot games, the hidden-information oracle. pytest puts ``tests/``
on the path (pyproject ``pythonpath``)."""
