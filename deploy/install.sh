#!/bin/sh
# The single-user image's install steps, in one place: deploy/singleuser.Dockerfile runs
# them, and so does tests/test_deploy.py, in a fresh virtual environment (no Docker
# daemon needed), before it starts the server the image starts.
#
#   deploy/install.sh dist/kowhist_teach-0.1.0-py3-none-any.whl
#
# Installs kowhist-teach from that wheel (`make dist` builds it from a checkout) with the
# `hub` extra, into the Python first on PATH (PYTHON=/path/to/python for another), and
# puts the course server's Jupyter configuration into that environment's etc/jupyter.
set -eu

if [ $# -ne 1 ]; then
    echo "usage: $0 WHEEL  (one wheel; make dist builds it)" >&2
    exit 2
fi
wheel=$1
python=${PYTHON:-python3}
here=$(dirname "$0")

# A file, never a name: this project is not looked up in any index. Only the extras'
# dependencies (Voilà, JupyterHub …, pinned in pyproject.toml) come from one.
case $wheel in
    *.whl) ;;
    *) echo "$0: not a wheel: $wheel" >&2; exit 2 ;;
esac
if [ ! -f "$wheel" ]; then
    echo "$0: no such wheel: $wheel" >&2
    exit 2
fi
# uv when there is one (UV=/path/to/uv, else uv on PATH; the images bring one for the
# build only): the same packages in seconds rather than minutes. pip otherwise.
# Both compile the bytecode (a student's first page comes sooner), unless the caller says
# not to (UV_COMPILE_BYTECODE=0, PIP_NO_COMPILE=1: tests/test_deploy.py, whose server
# compiles what it imports, the image's bytecode being no part of what it checks).
uv=${UV:-$(command -v uv || true)}
if [ -n "$uv" ]; then
    UV_COMPILE_BYTECODE=${UV_COMPILE_BYTECODE:-1} "$uv" pip install --python "$python" "$wheel[hub]"
else
    "$python" -m pip install "$wheel[hub]"
fi

# jupyterhub-singleuser (the course profile) reads the environment's etc/jupyter,
# whoever runs it; it outranks the base image's /etc/jupyter.
prefix=$("$python" -c 'import sys; print(sys.prefix)')
mkdir -p "$prefix/etc/jupyter"
cp "$here/jupyter_server_config.py" "$prefix/etc/jupyter/jupyter_server_config.py"

# Fail the build here, not at a student's first login, should the install be unusable.
"$python" -m kowhist_teach.cli --help > /dev/null
