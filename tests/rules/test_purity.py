"""The rules layer is pure at run time too: importing any of its modules loads no framework."""

import subprocess
import sys

FRAMEWORKS = (
    "flask",
    "flask_babel",
    "babel",
    "flask_sqlalchemy",
    "sqlalchemy",
    "wtforms",
    "weasyprint",
    "werkzeug",
)


def test_importing_the_rules_loads_no_framework():
    probe = (
        "import importlib, pkgutil, sys, scorekeeper.rules\n"
        "for module in pkgutil.iter_modules(scorekeeper.rules.__path__):\n"
        "    importlib.import_module(f'scorekeeper.rules.{module.name}')\n"
        f"print(' '.join(m for m in {FRAMEWORKS!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


def test_the_app_factory_is_still_found_on_the_package():
    probe = "import scorekeeper; print(scorekeeper.create_app.__module__)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "scorekeeper.app"
