"""Readers and writers of the file formats puzzle solvers exchange."""
