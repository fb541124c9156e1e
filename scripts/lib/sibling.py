"""A script of scripts/ loaded as a Python module, so one script reuses another's functions (the
scripts have no .py suffix, so a plain import cannot find them)."""

import importlib.util
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent.parent


def load(name):
    """scripts/NAME as a module named like it with underscores."""
    sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
    loader = SourceFileLoader(name.replace("-", "_"), str(SCRIPTS / name))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module
