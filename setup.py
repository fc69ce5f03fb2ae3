"""Which files the paiju distribution carries (the rest of its metadata is in pyproject.toml).

Besides the Python packages, the web app (``web/``: page, modules, styles, locales, fonts and
their licence) goes in as the data of a ``paiju_web`` package, so that an installed ``paiju
serve`` serves the page without the source tree; ``server.settings`` finds it there. pyproject
alone cannot list found packages and one mapped from another directory together.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["engine*", "ai*", "server*"]), "paiju_web"],
    package_dir={"paiju_web": "web"},
    package_data={"paiju_web": ["**/*"]},
)
