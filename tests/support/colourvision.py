"""Colour-vision deficiencies simulated on colours and screenshots, and colour distance.

The three common dichromacies (protanopia, deuteranopia, tritanopia) by the matrices of
Machado, Oliveira and Fernandes (2009) at full severity, applied in linear RGB; distance is
the CIE 1976 difference (ΔE*ab) in CIELAB under D65. A ΔE of about 2.3 is just noticeable;
two flat fills meant to be told apart at a glance want 10 or more.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

MATRICES = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
DEFICIENCIES = tuple(MATRICES)


def _linear(srgb: np.ndarray) -> np.ndarray:
    c = srgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _encode(lin: np.ndarray) -> np.ndarray:
    lin = np.clip(lin, 0.0, 1.0)
    c = np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)
    return c * 255.0


def rgb(colour: str | Sequence[float]) -> np.ndarray:
    """``#rrggbb`` or an (r, g, b) of 0..255 as a float array."""
    if isinstance(colour, str):
        c = colour.lstrip("#")
        return np.array([int(c[i:i + 2], 16) for i in (0, 2, 4)], dtype=float)
    return np.asarray(colour, dtype=float)[..., :3]


def simulate(pixels: np.ndarray, deficiency: str) -> np.ndarray:
    """``pixels`` (any shape ending in r, g, b, 0..255) as seen with ``deficiency``."""
    return _encode(_linear(np.asarray(pixels, dtype=float)) @ MATRICES[deficiency].T)


def lab(pixels: np.ndarray) -> np.ndarray:
    """sRGB 0..255 to CIELAB (D65)."""
    lin = _linear(np.asarray(pixels, dtype=float))
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                  [0.0193, 0.1192, 0.9505]])
    xyz = lin @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], axis=-1)


def distance(a: np.ndarray | str, b: np.ndarray | str, deficiency: str | None = None) -> float:
    """ΔE*ab between two colours, as seen with ``deficiency`` (None: normal vision)."""
    a, b = rgb(a) if isinstance(a, str) else np.asarray(a, float), (
        rgb(b) if isinstance(b, str) else np.asarray(b, float))
    if deficiency:
        a, b = simulate(a, deficiency), simulate(b, deficiency)
    return float(np.linalg.norm(lab(a) - lab(b)))
