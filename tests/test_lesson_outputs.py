"""The lesson notebooks' checked outputs, compared with golden files.

The notebooks are committed without outputs, so nbval's ``# NBVAL_CHECK_OUTPUT`` marker
alone compares nothing: there is no stored output to compare with.  Here every notebook
in ``notebooks/`` and in its language folders (``notebooks/es/``, ``notebooks/fr/``,
built by ``notebooks/build.py``) that has a marked cell runs once, top to bottom, in a
fresh kernel of this Python environment (working directory: the notebook's folder, as
under nbval), and the plain
text that each marked cell shows is compared with
``tests/lesson_outputs/<notebook stem>/<cell id>.txt`` (``es/<stem>/…`` for the
Spanish lessons, ``fr/<stem>/…`` for the French ones).

The plain text of a cell is what it prints to stdout, plus the ``text/plain`` form of
each value it displays.  Widget views are left out, and so are pictures: a value whose
``text/plain`` is only its SVG source again (a quoted string) is a picture.

After a deliberate change to a lesson, regenerate the golden files and review the diff::

    KOWHIST_UPDATE_GOLDEN=1 python -m pytest tests/test_lesson_outputs.py

The same file checks that every notebook is committed without outputs or execution
counts, which is what makes the golden files necessary.

A lesson is run once per ``make test``: the notebooks that name the marker are run here,
every cell of them (``test_runs_to_the_end``: what nbval checks of a lesson, that no cell
raises), and the Makefile leaves them out of its nbval run (``grep -L NBVAL_CHECK_OUTPUT``,
the same test of the file's text as :data:`RUN_HERE`); nbval runs the others.
"""

from __future__ import annotations

import ast
import difflib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipykernel.kernelspec
import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from traitlets import default

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK_DIR = REPO / "notebooks"
GOLDEN_DIR = Path(__file__).resolve().parent / "lesson_outputs"
UPDATE = os.environ.get("KOWHIST_UPDATE_GOLDEN") == "1"
MARKER = "NBVAL_CHECK_OUTPUT"
CELL_TIMEOUT = 120  # seconds per cell; the slowest marked notebook runs in about 2 s
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

LANGUAGE_DIRS = ("es", "fr")
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb")) + [
    path for lang in LANGUAGE_DIRS for path in sorted((NOTEBOOK_DIR / lang).glob("*.ipynb"))
]


def _name(path: Path) -> str:
    """A notebook's name relative to ``notebooks/`` (``es/01_cards_and_tricks.ipynb``)."""
    return path.relative_to(NOTEBOOK_DIR).as_posix()


def _stem(name: str) -> str:
    """The golden folder of a notebook: its name without ``.ipynb``."""
    return name.removesuffix(".ipynb")


def _is_marked(source: str) -> bool:
    """Whether a cell's source has the marker as a comment line, as nbval reads it."""
    return any(
        line.strip().startswith("#") and line.strip().lstrip("#").strip() == MARKER
        for line in source.splitlines()
    )


def _marked_cells(path: Path) -> list[tuple[int, str]]:
    """(position in ``cells``, golden-file key) of each marked code cell of a notebook.

    The key is the cell's ``id`` (nbformat 4.5+), else ``code<N>``, N the index of the
    cell among code cells.  The raw JSON is read so that no id is made up on reading.
    """
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    marked = []
    code_index = 0
    for position, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        if _is_marked("".join(cell["source"])):
            marked.append((position, cell.get("id") or f"code{code_index:02d}"))
        code_index += 1
    return marked


MARKED = {_name(path): _marked_cells(path) for path in NOTEBOOKS}
CASES = [(name, position, key) for name, cells in MARKED.items() for position, key in cells]
#: The notebooks run here, whole, and so left out of nbval by the Makefile: those whose
#: text names the marker. (The Makefile's ``grep -L`` reads the file, not its cells, so the
#: same plain test of the text is used here: a notebook that mentions the marker only in
#: prose is run here too, so none is left out of both.)
RUN_HERE = [_name(path) for path in NOTEBOOKS if MARKER in path.read_text(encoding="utf-8")]


class _CurrentEnvSpecs(KernelSpecManager):
    """Whatever the notebook's kernelspec says, the ipykernel of this very interpreter
    (``sys.executable``), like ``--nbval-current-env``."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        return self.kernel_spec_class(
            resource_dir=ipykernel.kernelspec.RESOURCES, **ipykernel.kernelspec.get_kernel_dict()
        )


class _CurrentEnvKernelManager(AsyncKernelManager):
    @default("kernel_spec_manager")
    def _kernel_spec_manager_default(self) -> KernelSpecManager:
        return _CurrentEnvSpecs()


def _execute(path: Path) -> nbformat.NotebookNode:
    """Run a notebook top to bottom in a fresh kernel; an error in any cell fails."""
    nb = nbformat.read(path, as_version=4)
    # The kernel imports the package from this checkout, installed or not.
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    client = NotebookClient(
        nb,
        timeout=CELL_TIMEOUT,
        kernel_manager_class=_CurrentEnvKernelManager,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute(env=env)
    return nb


def _is_picture(data: dict[str, Any]) -> bool:
    """A picture, or a value whose plain text is only its SVG source, quoted (``SvgStr``)."""
    if any(mime.startswith("image/") for mime in data) and "image/svg+xml" not in data:
        return True  # PNG, JPEG...: their text/plain is a placeholder like <Figure ...>
    svg = data.get("image/svg+xml")
    if svg is None:
        return False
    try:
        return ast.literal_eval(data.get("text/plain", "")) == svg
    except (ValueError, SyntaxError):
        return False


def _plain_text(cell: nbformat.NotebookNode) -> str:
    """What a cell shows as text: stdout, and the text/plain of displayed values."""
    parts = []
    for output in cell.outputs:
        if output.output_type == "stream" and output.name == "stdout":
            parts.append(output.text)
        elif output.output_type in ("execute_result", "display_data"):
            data = output.get("data", {})
            if WIDGET_VIEW in data or _is_picture(data) or "text/plain" not in data:
                continue
            text = data["text/plain"]
            parts.append(text if text.endswith("\n") else text + "\n")
    return "".join(parts)


@pytest.fixture(scope="module")
def executed() -> Callable[[str], nbformat.NotebookNode]:
    """Run a notebook by name, once for all its marked cells, whatever the test order
    (an indirect module-scoped parameter would be reset by the per-cell parameters)."""
    runs: dict[str, nbformat.NotebookNode | BaseException] = {}

    def run(name: str) -> nbformat.NotebookNode:
        if name not in runs:
            try:
                runs[name] = _execute(NOTEBOOK_DIR / name)
            except Exception as err:  # every marked cell of a failing notebook fails
                runs[name] = err
        result = runs[name]
        if isinstance(result, BaseException):
            raise result
        return result

    return run


@pytest.mark.parametrize(
    ("name", "position", "key"),
    CASES,
    ids=[f"{_stem(name)}/{key}" for name, _, key in CASES],
)
def test_marked_cell_output(
    executed: Callable[[str], nbformat.NotebookNode], name: str, position: int, key: str
) -> None:
    stem = _stem(name)
    nb = executed(name)
    cell = nb.cells[position]
    actual = _plain_text(cell)
    assert actual.strip(), (
        f"cell {key} is marked {MARKER} but shows no text: remove the marker or print something"
    )
    golden = GOLDEN_DIR / stem / f"{key}.txt"
    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(actual, encoding="utf-8", newline="\n")
        return
    if not golden.exists():
        pytest.fail(
            f"no golden file {golden.relative_to(REPO)} for a marked cell: "
            "run with KOWHIST_UPDATE_GOLDEN=1 to create it, then review it",
            pytrace=False,
        )
    expected = golden.read_text(encoding="utf-8")
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"{golden.relative_to(REPO)} (golden)",
            tofile=f"notebooks/{name} cell {key} (now)",
        )
        pytest.fail(
            "the output of a checked lesson cell changed; if that is intended, run with "
            "KOWHIST_UPDATE_GOLDEN=1 and review the golden file\n" + "".join(diff),
            pytrace=False,
        )


@pytest.mark.parametrize("name", RUN_HERE, ids=[_stem(name) for name in RUN_HERE])
def test_runs_to_the_end(executed: Callable[[str], nbformat.NotebookNode], name: str) -> None:
    """Every cell of the lesson runs without an error (nbval's check of a lesson: the
    Makefile's nbval run leaves these notebooks to this file, so each runs once)."""
    nb = executed(name)  # raises CellExecutionError, with the cell's traceback, on an error
    # (nbclient skips an empty cell, as nbval does: it has nothing to run.)
    code = [cell for cell in nb.cells if cell.cell_type == "code" and cell.source.strip()]
    unrun = [cell.get("id", "?") for cell in code if cell.get("execution_count") is None]
    assert not unrun, f"{name}: cells {', '.join(unrun)} did not run"
    errors = [
        cell.get("id", "?")
        for cell in code
        if any(output.output_type == "error" for output in cell.outputs)
    ]
    assert not errors, f"{name}: cells {', '.join(errors)} raised"


def test_no_stale_golden_files() -> None:
    """Every golden file belongs to a marked cell (regenerating removes the others)."""
    wanted = {GOLDEN_DIR / _stem(name) / f"{key}.txt" for name, _, key in CASES}
    found = set(GOLDEN_DIR.glob("*/*.txt"))
    for lang in LANGUAGE_DIRS:
        found |= set(GOLDEN_DIR.glob(f"{lang}/*/*.txt"))
    stale = sorted(found - wanted)
    if UPDATE:
        for path in stale:
            path.unlink()
        for folder in [*GOLDEN_DIR.glob("*/*/"), *GOLDEN_DIR.glob("*/")]:
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        return
    assert not stale, "golden files of no marked cell (run with KOWHIST_UPDATE_GOLDEN=1): " + (
        ", ".join(str(path.relative_to(REPO)) for path in stale)
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[_stem(_name(path)) for path in NOTEBOOKS])
def test_committed_without_outputs(path: Path) -> None:
    """Notebooks are committed clean: no outputs, no execution counts."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    dirty = [
        cell.get("id") or str(position)
        for position, cell in enumerate(cells)
        if cell["cell_type"] == "code" and (cell.get("outputs") or cell.get("execution_count"))
    ]
    assert not dirty, (
        f"{path.name} has outputs or execution counts in cells {', '.join(dirty)}; clear them "
        "(e.g. jupyter nbconvert --clear-output --inplace) before committing"
    )


#: The notebooks that tests/test_lab.py runs in-process (the app in Spanish and French)
#: and the Makefile leaves out of nbval.
RUN_BY_TEST_LAB = ["es/app.ipynb", "fr/app.ipynb"]


def test_make_test_runs_each_notebook_once() -> None:
    """``make test`` runs every notebook of every language exactly once (issue 33): the
    Makefile's nbval list, the lessons run here and those tests/test_lab.py runs are
    apart, and together they are every notebook."""
    import shutil
    import subprocess

    if shutil.which("make") is None:
        pytest.skip("no make here")
    printed = subprocess.run(
        ["make", "-s", "--no-print-directory", "-f", "Makefile", "-f", "-", "print-nbval"],
        input="print-nbval:\n\t@echo $(NBVAL_NOTEBOOKS)\n",
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    ).stdout.split()
    nbval = [Path(p).relative_to("notebooks").as_posix() for p in printed]
    runs = nbval + RUN_HERE + RUN_BY_TEST_LAB
    assert sorted(runs) == sorted(_name(path) for path in NOTEBOOKS), sorted(runs)
    assert len(runs) == len(set(runs)), [name for name in runs if runs.count(name) > 1]
    # Every lesson of every language has a checked cell, so it runs here, not in nbval.
    lessons = [name for name in map(_name, NOTEBOOKS) if name.split("/")[-1][:2].isdigit()]
    assert [name for name in lessons if name not in RUN_HERE and "00_contents" not in name] == []
