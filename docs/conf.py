"""Sphinx configuration for the kingofny documentation.

Build: ``nox -s docs``, or ``sphinx-build -W --keep-going -b html docs docs/_build/html`` and
``sphinx-build -W -b doctest docs docs/_build/doctest``. The build must pass offline. Read the
Docs builds the HTML with ``.readthedocs.yaml`` at the root of the repository.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(ROOT / "src"))

# The generated pages (card reference, plugin listing) describe the base game only, whatever
# other packs happen to be installed in the build environment.
os.environ.setdefault("KINGOFNY_DISABLE_PLUGIN_AUTOLOAD", "1")

import kingofny  # noqa: E402

project = "kingofny"
author = "The kingofny team"
copyright = "the kingofny team, MIT licence"
release = kingofny.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "kingofny_docs",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path = ["_static"]
html_theme = "furo"
html_title = f"kingofny {release}"
language = "en"

# -- autodoc ---------------------------------------------------------------------------------
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_preserve_defaults = True
# attrs classes have many generated dunders; keep the pages to the documented API.
autodoc_class_signature = "mixed"
# kingofny.envs.sb3 needs the ``train`` extra (Stable-Baselines3, sb3-contrib, torch), which the
# docs build does not install: autodoc imports it against stand-ins.
autodoc_mock_imports = ["stable_baselines3", "sb3_contrib", "torch"]

# -- intersphinx -----------------------------------------------------------------------------
# The inventories need the network. Offline, Sphinx would warn that it cannot fetch them and
# -W would fail the build, so they are only consulted when KINGOFNY_DOCS_INTERSPHINX=1.
if os.environ.get("KINGOFNY_DOCS_INTERSPHINX") == "1":
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable/", None),
    }
else:
    intersphinx_mapping = {}
intersphinx_disabled_reftypes = ["std:doc"]
intersphinx_timeout = 5

# -- doctest ---------------------------------------------------------------------------------
doctest_global_setup = """
import os
os.environ.setdefault("KINGOFNY_DISABLE_PLUGIN_AUTOLOAD", "1")
import kingofny
"""
# Only the code samples of the pages are doctests; docstrings in src/ are tested by pytest.
doctest_test_doctest_blocks = "default"

# -- sphinx-copybutton -----------------------------------------------------------------------
# The copy button of a code block copies the commands without their prompts: ">>> " and "... "
# in Python sessions and doctests, "$ " in console blocks. In a block with prompts only the
# lines with a prompt are copied, so the output shown in the block is left out; a block without
# any prompt (plain Python, TOML) is copied whole. A console command continued with a trailing
# backslash keeps its continuation lines.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
copybutton_remove_prompts = True
copybutton_line_continuation_character = "\\"

# -- furo ------------------------------------------------------------------------------------
html_theme_options = {
    "source_repository": "https://github.com/kingofny/kingofny/",
    "source_branch": "main",
    "source_directory": "docs/",
}
