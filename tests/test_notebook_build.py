"""The Spanish and French lessons are built from the English ones (notebooks/build.py):
the committed notebooks are exactly what the script writes, every prose cell has an
up-to-date translation, and the code cells are the English ones."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
_spec = importlib.util.spec_from_file_location("notebook_build", NOTEBOOKS / "build.py")
build = importlib.util.module_from_spec(_spec)
sys.modules["notebook_build"] = build  # dataclasses look their module up
_spec.loader.exec_module(build)  # type: ignore[union-attr]

# The lessons and the app's notebook (es/app.ipynb: the app built in Spanish).
CASES = [(lang, path) for lang in build.LANGS for path in build.pages()]


@pytest.mark.parametrize(
    ("lang", "path"), CASES, ids=[f"{lang}/{path.stem}" for lang, path in CASES]
)
def test_committed_notebook_is_built(lang: str, path: Path) -> None:
    nb, problems = build.build(path, lang)
    assert not problems, "\n".join(problems)
    target = NOTEBOOKS / lang / path.name
    assert target.exists(), f"{target} is missing: run python notebooks/build.py"
    assert target.read_text(encoding="utf-8") == build.dump(nb), (
        f"{lang}/{path.name} is out of date: run python notebooks/build.py"
    )


@pytest.mark.parametrize(
    ("lang", "path"), CASES, ids=[f"{lang}/{path.stem}" for lang, path in CASES]
)
def test_same_cells_and_same_code(lang: str, path: Path) -> None:
    english = json.loads(path.read_text(encoding="utf-8"))["cells"]
    other = json.loads((NOTEBOOKS / lang / path.name).read_text(encoding="utf-8"))["cells"]
    assert [(c["cell_type"], c.get("id")) for c in english] == [
        (c["cell_type"], c.get("id")) for c in other
    ]
    for en, tr in zip(english, other, strict=True):
        if en["cell_type"] != "code":
            continue
        en_src, tr_src = "".join(en["source"]), "".join(tr["source"])
        # Same statements: only strings and comments may differ, so the number of
        # lines and of marked checks is the same.
        assert en_src.count("\n") == tr_src.count("\n"), en.get("id")
        assert ("NBVAL_CHECK_OUTPUT" in en_src) == ("NBVAL_CHECK_OUTPUT" in tr_src)


def test_every_lesson_sets_its_language() -> None:
    for path in build.lessons():
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        assert any('set_language("en")' in "".join(c["source"]) for c in cells), path.name
        for lang in build.LANGS:
            built = (NOTEBOOKS / lang / path.name).read_text(encoding="utf-8")
            assert f'set_language(\\"{lang}\\")' in built, (lang, path.name)


@pytest.mark.parametrize("lang", build.LANGS)
def test_contents_link_to_the_other_languages(lang: str) -> None:
    cells = json.loads((NOTEBOOKS / lang / "00_contents.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in cells["cells"] if c["cell_type"] == "markdown")
    others = [o for o in build.LANGS if o != lang]
    assert "../00_contents.ipynb" in text
    for other in others:
        assert f"../{other}/00_contents.ipynb" in text


@pytest.mark.parametrize("lang", ["en", *build.LANGS])
def test_site_versions_are_up_to_date(lang: str) -> None:
    """The cells the static site shows instead (notebooks/text/site/<lang>/) stand for
    English cells that have not changed since, and every language has each one."""
    problems = []
    for path in build.lessons():
        nb = json.loads(path.read_text(encoding="utf-8"))
        site, found = build.site_version(nb, path, lang)
        problems += found
        assert [c.get("id") for c in site["cells"]] == [c.get("id") for c in nb["cells"]]
    assert not problems, "\n".join(problems)
    contents = NOTEBOOKS / "00_contents.ipynb"
    nb = json.loads(contents.read_text(encoding="utf-8"))
    if lang != "en":
        nb = build.build(contents, lang)[0]
    assert "make lab" in json.dumps(nb)  # the Jupyter and Binder lessons keep their text
    site, _ = build.site_version(nb, contents, lang)
    assert "make lab" not in json.dumps(site) and "make app" not in json.dumps(site)


def test_french_lessons_print_with_french_spacing() -> None:
    """Issue 25: the French lessons' own printed strings get the package's French
    typography (``french_spacing``, applied to every string literal by ``build.py``),
    the code around them untouched; every French golden output then reads U+202F before
    each ``: ; ! ?`` (web addresses aside), as the catalogue's messages do."""
    code = 'for kind, n in d.items():\n    print(f"{kind}: {n} sur {m} !", {"a": 1})'
    assert build.french_strings(code) == (
        'for kind, n in d.items():\n    print(f"{kind}\u202f: {n} sur {m}\u202f!", {"a": 1})'
    )
    golden = Path(__file__).resolve().parent / "lesson_outputs" / "fr"
    texts = [p.read_text(encoding="utf-8") for p in golden.rglob("*.txt")]
    bad = [
        m.group(0)
        for text in texts
        for m in re.finditer(r".{0,30}(?:[ \u00a0]|\w)[:;!?](?=\s|$).{0,10}", text, re.M)
        if "://" not in m.group(0)
    ]
    assert len(texts) > 30 and not bad, bad[:5]
