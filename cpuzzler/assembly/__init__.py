"""Assemblies that come apart: whether the pieces of a solution can be taken out of it
by sliding, and how (``disassemble``).

This room reads a solution as pieces of cells on the cubic or the prism lattice (the
directions they slide in: ``motions``), searches in C (``csrc/slide.c``, built with the
package) beside its Python reference, and imports nothing of cpuzzler; the
constraints, formats and shell import it.
"""

from cpuzzler.assembly.disassembly import Disassembly, Step, disassemble, moves_in_order

__all__ = ["Disassembly", "Step", "disassemble", "moves_in_order"]
