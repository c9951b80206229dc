"""Assemblies that come apart: whether the pieces of a solution can be taken out of it
by sliding, and how (``disassemble``).

This room reads a solution as pieces of cells on the cubic lattice and imports nothing
of cpuzzler but the errors; the models, formats and shell import it.
"""

from cpuzzler.assembly.disassembly import Disassembly, Step, disassemble

__all__ = ["Disassembly", "Step", "disassemble"]
