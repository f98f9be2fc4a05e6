"""Build the Spanish and French lessons from the English ones.

One source of truth for the code: the English notebooks ``notebooks/NN_*.ipynb`` hold
every code cell.  A translation is a Markdown file per lesson and language,
``notebooks/text/<lang>/NN_*.md``, holding the prose of each Markdown cell (by cell
id) and the few strings of the code cells that a reader sees (comments, printed
labels).  This script writes ``notebooks/<lang>/NN_*.ipynb``: the same cells, in the
same order, with the same ids, the prose in that language, and the code changed
only by those strings, by ``set_language("<lang>")`` and by the path of the records
(``../records/``).  See notebooks/README.md.

The app's notebook is built the same way: ``notebooks/<lang>/app.ipynb`` is
``notebooks/app.ipynb`` with ``build_app(lang="<lang>")`` (and its comment in
``text/<lang>/app.md``), so the lessons of a language link to the app in their
language (``app.ipynb`` beside them) and it opens in it.

    python notebooks/build.py            # write notebooks/es/*.ipynb and fr/*.ipynb
    python notebooks/build.py --check    # exit 1 if a committed notebook is out of date
    python notebooks/build.py --stamp    # after updating translations: record the
                                         # English text each one now translates

Each translated cell starts with ``<!-- <cell id> en:<hash> -->``: the hash is that of
the English text it translates, so a change to an English cell shows up as a *stale*
translation (``--check`` fails and names it) until the translation is updated and
``--stamp`` is run.

The static site (``lite/build.py``) shows the lessons in every language with a few cells
of their own: ``notebooks/text/site/<lang>/NN_*.md`` (``en`` too), the same format, hold
the cells that say how to run things there (Python in the page) instead of ``make lab``.
:func:`site_version` puts them in; ``--check`` and ``--stamp`` cover them as well, so a
change to the English cell they stand for shows up as stale there too. The notebooks
written here (for JupyterLab and Binder) keep their own text.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGS = ("es", "fr")
TEXT = HERE / "text"
#: The cells the static site shows instead: ``SITE/<lang>/NN_*.md``.
SITE = TEXT / "site"
#: The marker of a translated cell; ``strings`` opens the code strings section.
MARK = re.compile(r"^<!-- (?P<id>[\w.-]+)(?: en:(?P<hash>[0-9a-f]{8}|-+))? -->\s*$", re.M)
ARROW = " => "


def lessons() -> list[Path]:
    """The English lessons, in order."""
    return sorted(HERE.glob("[0-9][0-9]_*.ipynb"))


def pages() -> list[Path]:
    """The English notebooks built in every language: the lessons, then the app's."""
    return [*lessons(), HERE / "app.ipynb"]


def digest(text: str) -> str:
    """The short hash of an English cell's text."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def source(cell: dict) -> str:
    src = cell["source"]
    return src if isinstance(src, str) else "".join(src)


@dataclass
class Translation:
    """One lesson's prose and code strings in one language."""

    path: Path
    cells: dict[str, tuple[str | None, str]] = field(default_factory=dict)  # id -> (hash, text)
    strings: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def read(cls, path: Path) -> Translation:
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        found = cls(path)
        marks = list(MARK.finditer(text))
        if not marks:  # a lesson not translated yet: every cell is reported missing
            return found
        for mark, nxt in zip(marks, marks[1:] + [None], strict=True):
            body = text[mark.end() : nxt.start() if nxt else len(text)].strip("\n")
            if mark["id"] == "strings":
                for line in body.splitlines():
                    if line.strip() and not line.startswith("<!--"):
                        english, _sep, translated = line.partition(ARROW)
                        found.strings.append((english, translated))
            else:
                found.cells[mark["id"]] = (mark["hash"], body)
        return found


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def translate_code(code: str, lang: str, strings: list[tuple[str, str]]) -> str:
    """A code cell in ``lang``: the language set (by a lesson, or the app built in it),
    the records found from the language's folder, and the visible strings translated.

    >>> translate_code("build_app()", "fr", [])
    'build_app(lang="fr")'
    """
    code = code.replace('set_language("en")', f'set_language("{lang}")')
    code = code.replace("build_app()", f'build_app(lang="{lang}")')
    code = code.replace('"records/', '"../records/')
    for english, translated in strings:
        code = code.replace(english, translated)
    return code


def french_strings(code: str) -> str:
    """The French lessons' printed strings with French typography: the package's own
    function (``kowhist_teach.i18n.french_spacing``, a narrow no-break space before
    ``: ; ! ?``) applied to every string literal of a code cell, the code around them
    left as it is (a ``for …:`` or a dict's colon is not a string).

    >>> french_strings('for x in y:\\n    print(f"{x}: Pli {n} !")')
    'for x in y:\\n    print(f"{x}\\u202f: Pli {n}\\u202f!")'
    """
    import io
    import tokenize

    sys.path.insert(0, str(HERE.parent))  # the checkout's package; its i18n is stdlib only
    from kowhist_teach.i18n import french_spacing

    lines = code.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    edits = []
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        if tok.type == tokenize.STRING:
            a = starts[tok.start[0] - 1] + tok.start[1]
            b = starts[tok.end[0] - 1] + tok.end[1]
            edits.append((a, b, french_spacing(code[a:b])))
    for a, b, text in reversed(edits):
        code = code[:a] + text + code[b:]
    return code


def build(path: Path, lang: str) -> tuple[dict, list[str]]:
    """The ``lang`` notebook for the English lesson ``path``, and the problems found
    (missing, stale or orphan translations; code strings that match nothing)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    common = Translation.read(TEXT / lang / "_strings.md")
    tr = Translation.read(TEXT / lang / (path.stem + ".md"))
    problems: list[str] = []
    out = copy.deepcopy(nb)
    used = [False] * len(tr.strings)
    ids = set()
    for cell in out["cells"]:
        cid = cell.get("id")
        ids.add(cid)
        english = source(cell)
        if cell["cell_type"] == "code":
            new = english
            for i, (en, translated) in enumerate(tr.strings):
                if en in new:
                    used[i] = True
                    new = new.replace(en, translated)
            new = translate_code(new, lang, common.strings)
            if lang == "fr":
                new = french_strings(new)
            cell["source"] = _lines(new)
            continue
        if cid not in tr.cells:
            problems.append(f"{lang}/{path.stem}: cell {cid} has no translation")
            continue
        stamp, text = tr.cells[cid]
        if stamp != digest(english):
            problems.append(
                f"{lang}/{path.stem}: cell {cid} is stale (the English changed): update it, "
                "then run build.py --stamp"
            )
        cell["source"] = _lines(text)
    for cid in tr.cells:
        if cid not in ids:
            problems.append(f"{lang}/{path.stem}: translation of cell {cid} belongs to no cell")
    for (en, _tr), ok in zip(tr.strings, used, strict=True):
        if not ok:
            problems.append(f"{lang}/{path.stem}: code string {en!r} matches no code cell")
    out["metadata"] = {**nb.get("metadata", {}), "language": lang}
    return out, problems


def site_version(nb: dict, english: Path, lang: str) -> tuple[dict, list[str]]:
    """The lesson ``nb`` (built from the English lesson ``english``, in ``lang``) as the
    static site shows it: the cells of ``SITE/<lang>/<lesson>.md`` replace theirs. Also the
    problems found (a site cell that is stale, belongs to no cell, or that a language
    lacks while English has it).

    >>> nb = json.loads((HERE / "00_contents.ipynb").read_text(encoding="utf-8"))
    >>> site, problems = site_version(nb, HERE / "00_contents.ipynb", "en")
    >>> problems, "make lab" in json.dumps(nb), "make lab" in json.dumps(site)
    ([], True, False)
    """
    english_cells = {
        c.get("id"): digest(source(c))
        for c in json.loads(english.read_text(encoding="utf-8"))["cells"]
    }
    site = Translation.read(SITE / lang / (english.stem + ".md"))
    wanted = Translation.read(SITE / "en" / (english.stem + ".md"))
    where = f"site/{lang}/{english.stem}"
    problems = [
        f"{where}: cell {cid} has a site version in English but not in {lang}"
        for cid in wanted.cells
        if cid not in site.cells
    ]
    out = copy.deepcopy(nb)
    for cid, (stamp, _text) in site.cells.items():
        if cid not in english_cells:
            problems.append(f"{where}: site version of cell {cid} belongs to no cell")
        elif stamp != english_cells[cid]:
            problems.append(
                f"{where}: cell {cid} is stale (the English changed): update it, "
                "then run build.py --stamp"
            )
    for cell in out["cells"]:
        if cell.get("id") in site.cells:
            cell["source"] = _lines(site.cells[cell["id"]][1])
    return out, problems


def site_problems() -> list[str]:
    """The problems of every site version, in every language (empty: all up to date)."""
    problems = []
    for path in lessons():
        nb = json.loads(path.read_text(encoding="utf-8"))
        for lang in ("en", *LANGS):
            problems += site_version(nb, path, lang)[1]
    return problems


def dump(nb: dict) -> str:
    """A notebook as nbformat writes it (1-space indent, a final newline)."""
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def stamp() -> None:
    """Record, in every translation, the hash of the English text it now translates."""
    for path in lessons():
        english = {
            c.get("id"): digest(source(c))
            for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
        }
        files = [TEXT / lang / (path.stem + ".md") for lang in LANGS]
        files += [SITE / lang / (path.stem + ".md") for lang in ("en", *LANGS)]
        for file in files:
            if not file.exists():
                continue
            text = file.read_text(encoding="utf-8")

            def fix(mark: re.Match, english: dict = english) -> str:
                if mark["id"] == "strings" or mark["id"] not in english:
                    return mark[0]
                return f"<!-- {mark['id']} en:{english[mark['id']]} -->"

            file.write_text(MARK.sub(fix, text), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    parser.add_argument("--stamp", action="store_true", help="record the English hashes")
    args = parser.parse_args(argv)
    if args.stamp:
        stamp()
    failed = False
    for problem in site_problems():
        print(problem, file=sys.stderr)
        failed = True
    for lang in LANGS:
        for path in pages():
            nb, problems = build(path, lang)
            for problem in problems:
                print(problem, file=sys.stderr)
                failed = True
            target = HERE / lang / path.name
            text = dump(nb)
            if args.check:
                if not target.exists() or target.read_text(encoding="utf-8") != text:
                    print(
                        f"{target.relative_to(HERE)} is out of date: run build.py", file=sys.stderr
                    )
                    failed = True
            else:
                target.parent.mkdir(exist_ok=True)
                target.write_text(text, encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
