"""Pictures for a web page or a file: a ``data:`` URI, and a whole HTML page of them.

>>> html_page('<svg/>', title='One').count('<div>')
1
"""

from __future__ import annotations

import base64
import html

from .draw import FONT_FAMILY

__all__ = ["data_uri", "html_page"]


def data_uri(svg: str) -> str:
    """The picture as a ``data:`` URI, for an ``<img src>`` or a CSS ``background-image``.

    >>> from kowhist_teach.pictures.cards import card_svg
    >>> data_uri(card_svg('AS'))[:26]
    'data:image/svg+xml;base64,'
    """
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def html_page(*parts: str, title: str = "kowhist_teach", background: str = "#ffffff") -> str:
    """A complete HTML page holding these SVG pictures (or HTML snippets), one per line:
    for a file to open in a browser, a screenshot or a printout.

    >>> from kowhist_teach.pictures.cards import card_svg
    >>> page = html_page(card_svg('AS'), title='Ace')
    >>> page.startswith('<!DOCTYPE html>'), '<title>Ace</title>' in page
    (True, True)
    """
    body = "\n".join(f"<div>{p}</div>" for p in parts)
    return (
        "<!DOCTYPE html>\n"
        '<html><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>"
        f"<style>body{{margin:16px;background:{background};font-family:{FONT_FAMILY}}}"
        "div{margin:0 0 12px 0}</style>"
        f"</head><body>\n{body}\n</body></html>\n"
    )
