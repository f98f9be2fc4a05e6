#!/bin/sh
# The Makefile's virtual environments (.venv, .venv-lite), made by uv when it can be had
# and by pip otherwise:
#
#   tools/make_env.sh VENV PIP-INSTALL-ARGUMENT...
#   tools/make_env.sh .venv -e '.[app]'
#
# makes VENV if it is missing, then installs the arguments into it, as `pip install` would.
# uv is the one on PATH, else `uv==$UV_VERSION` installed once into a small bootstrap
# environment ($UV_BOOT, .venv-uv) with pip. uv installs the app's packages in seconds
# where pip takes half a minute (measured in docs/development.md). pip stays the fallback:
# INSTALLER=pip asks for it, and it is used whenever uv cannot be installed (no index,
# an unsupported platform), after a line saying so.
#
# COMPILE=1 (the default) installs bytecode (pip does; uv with --compile-bytecode): a
# machine with PYTHONDONTWRITEBYTECODE set would otherwise compile every module again in
# every process it starts, every kernel of the tests. COMPILE=0 leaves it to the first
# import (`make app`: the first page comes sooner; Python writes the bytecode then).
set -eu

if [ $# -lt 2 ]; then
    echo "usage: $0 VENV PIP-INSTALL-ARGUMENT..." >&2
    exit 2
fi
venv=$1
shift
python=${PYTHON:-python3}
installer=${INSTALLER:-uv}
uv_version=${UV_VERSION:-0.13.9}
uv_boot=${UV_BOOT:-.venv-uv}
compile=${COMPILE:-1}

case $installer in
    uv | pip) ;;
    *) echo "$0: INSTALLER is uv or pip, not '$installer'" >&2; exit 2 ;;
esac
case $compile in
    1) uv_compile=--compile-bytecode pip_compile=--compile ;;
    0) uv_compile="" pip_compile=--no-compile ;;
    *) echo "$0: COMPILE is 1 or 0, not '$compile'" >&2; exit 2 ;;
esac

# uv, or nothing: the one on PATH, the bootstrap's, or the bootstrap made now.
find_uv() {
    if command -v uv >/dev/null 2>&1; then
        command -v uv
    elif [ -x "$uv_boot/bin/uv" ]; then
        echo "$uv_boot/bin/uv"
    elif "$python" -m venv "$uv_boot" >&2 &&
        "$uv_boot/bin/python" -m pip install -q --disable-pip-version-check \
            "uv==$uv_version" >&2; then
        echo "$uv_boot/bin/uv"
    else
        rm -rf "$uv_boot"
        return 1
    fi
}

uv=""
if [ "$installer" = uv ]; then
    if ! uv=$(find_uv); then
        echo "$0: uv $uv_version could not be installed; pip makes $venv instead" >&2
        uv=""
    fi
fi

if [ -n "$uv" ]; then
    # --seed: pip inside the environment too, for whoever runs `.venv/bin/python -m pip`.
    # UV_PYTHON_DOWNLOADS=never: the Python asked for, never one uv would fetch.
    if [ ! -x "$venv/bin/python" ]; then
        UV_PYTHON_DOWNLOADS=never "$uv" venv --quiet --seed --python "$python" "$venv"
    fi
    exec "$uv" pip install $uv_compile --python "$venv/bin/python" "$@"
fi
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install --upgrade pip
fi
exec "$venv/bin/python" -m pip install $pip_compile "$@"
