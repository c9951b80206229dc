"""Renderers: solutions as text (``text``, ``segments``), SVG pictures (``svg``) and
X3D 3-D scenes of polycubes (``x3d``); ``geometry`` places cells in the plane."""
