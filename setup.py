"""Builds the native engine; everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "cpuzzler.engines._dlx",
            sources=["cpuzzler/engines/_dlx.c"],
            extra_compile_args=["-O3", "-std=c99", "-Wall", "-Wextra", "-Wno-unused-parameter"],
        )
    ]
)
