"""The rules layer is pure at run time too: importing it loads no framework."""

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
        "import sys, scorekeeper.rules\n"
        f"print(' '.join(m for m in {FRAMEWORKS!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


def test_the_app_factory_is_still_found_on_the_package():
    probe = "import scorekeeper; print(scorekeeper.create_app.__module__)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "scorekeeper.app"
