"""The widgets of *Athens & Sparta*: its board (:mod:`.board`)."""
