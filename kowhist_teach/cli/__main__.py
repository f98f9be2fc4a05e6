"""``python -m kowhist_teach.cli``: the ``kowhist-teach`` command."""

import sys

from . import main

sys.exit(main())
