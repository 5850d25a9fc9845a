"""Build step that pyproject.toml cannot declare: the checkout keeps ``templates/`` and
``formats/`` at the top (the project's layout), a built wheel carries them inside the package
as ``tourney/templates`` and ``tourney/formats`` (``tourney/paths.py`` finds either)."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA_DIRS = ("templates", "formats")


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        here = Path(__file__).resolve().parent
        for name in DATA_DIRS:
            source = here / name
            if source.is_dir():
                shutil.copytree(source, Path(self.build_lib) / "tourney" / name, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithData})
