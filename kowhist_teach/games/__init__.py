"""The games. Importing this package registers every game
(:mod:`kowhist_teach.core.registry`), in the order the app lists them; add a game by
adding its package here."""

# isort: off
from . import knockout, german, family, ohhell, spades  # noqa: F401  (each registers itself)
from .german import dummy_spec  # noqa: F401, E402  (German Whist with a dummy, last)
