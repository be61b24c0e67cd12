"""The What-if lab (issue 32): many continuations after each alternative of a decision point,
played by computer players, summed up as a table, intervals and one plain sentence. It names
no game: it speaks to the lesson runner, the catalogue and the bots' levels (docs/whatif.md)."""

from hellenes_nb.whatif.lab import WhatIf, WhatIfResult
from hellenes_nb.whatif.position import WhatIfError

__all__ = ["WhatIf", "WhatIfError", "WhatIfResult"]
