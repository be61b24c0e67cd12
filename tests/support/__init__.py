"""Helpers shared by the tests, imported normally (``from support.hellenes_mini_world import
position``). pytest puts ``tests/`` on the path (pyproject ``pythonpath``). A helper made for one
game says so in its name:

- ``hellenes_mini_world``: a small synthetic Hellenes world and positions on it;
- ``hellenes_battle_positions``, ``hellenes_event_positions``, ``hellenes_year_end_positions``,
  ``hellenes_bot_positions``: Hellenes positions on the real map for battle and siege, event,
  Winter / Year End / scenario and bot tests;
- ``earth_water_positions``: *300: Earth & Water* positions for its rule tests;
- ``amphipolis_positions``: *Amphipolis* games of scenario 10.2 for its rule tests;
- ``athens_sparta_positions``: *Athens & Sparta* games at a Move Phase for its rule tests;
- ``tiny_board_geometry``: a three-area board geometry for the board layer and the renderer;
- ``widget_helpers``: getting a dashboard to the moment a widget test needs;
- ``toygame``, ``toyscreen``, ``cardtoy``: toy games on the core (no real game's rules);
- ``leaks``, ``leakplay``: the hidden-information oracle and the games that search with it;
- ``lessoncheck``, ``paths``, ``browser``, ``echo``, ``lab``, ``ports``, ``colourvision``:
  lesson verdicts, checkout folders and the browser tests' machinery."""
