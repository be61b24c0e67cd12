"""Jupyter widgets: each is one Python class (all state in traitlets) plus one plain ESM file in
``static/``. Hidden information is redacted in Python before anything reaches the browser."""
