// Compile the site's pure-Python wheels to bytecode with the site's own Pyodide (run by
// lite/build.py with Node.js, which npm brings):
//
//     node lite/pycompile.mjs <pyodide dir> <wheel dir> [<wheel keeping its sources>...]
//
// A wheel from PyPI holds only sources, so a visitor's Pyodide compiled every module of
// IPython, jedi, ipywidgets and ours on first import, each time a kernel started: about
// half of the kernel's start. Only the same Python can write bytecode that it loads (the
// format changes with each minor version), hence Pyodide itself, here. lite/pycompile.py
// does the work and rewrites the wheels in place.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelDir, ...keepSources] = process.argv.slice(2);
if (!pyodideDir || !wheelDir) {
  console.error("usage: node lite/pycompile.mjs <pyodide dir> <wheel dir> [wheel...]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
// Every package of the site's lock, installed as a visitor's kernel installs them, so that
// pycompile.py can see which modules the kernel and the lessons import.
const lock = JSON.parse(readFileSync(path.resolve(pyodideDir, "pyodide-lock.json"), "utf8"));
await pyodide.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
pyodide.mountNodeFS("/wheels", path.resolve(wheelDir));
pyodide.mountNodeFS("/tool", path.dirname(new URL(import.meta.url).pathname));
pyodide.globals.set("KEEP_SOURCES", pyodide.toPy(keepSources));
pyodide.runPython(`
import runpy, sys
sys.argv = ["pycompile.py", "/wheels", *KEEP_SOURCES]
runpy.run_path("/tool/pycompile.py", run_name="__main__")
`);
