"""Renderers: solutions as text (and later SVG and 3-D models)."""
