"""Renderers: solutions as text (``text``, ``segments``), SVG pictures (``svg``) and
X3D 3-D scenes of polycubes (``x3d``); ``geometry`` places cells in the plane.

They import the grids and the results, never a model, not even for its types: a solution
reaches them through the shapes ``drawable`` defines (placements on a board)."""
