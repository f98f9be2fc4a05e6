"""The whist family's core (four seats in two partnerships, one deal at a time) and its
games: partnership whist, solo whist and bid whist."""

# isort: off
from . import whist, solo, bidwhist  # noqa: F401  (each registers itself)
