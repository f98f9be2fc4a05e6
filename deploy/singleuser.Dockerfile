# syntax=docker/dockerfile:1
# The students' single-user image for Zero to JupyterHub (deploy/z2jh/config.yaml): its
# command serves the app profile (`kowhist-teach class singleuser`, the Voilà app under
# the hub's login); the course profile runs the same image with a command of its own.
# Built from the wheel `make dist` makes of this checkout, never this project by name
# from an index. From the checkout's top folder:
#
#   make dist
#   docker build -f deploy/singleuser.Dockerfile -t registry.example.org/kowhist-singleuser:0.1.0 .
#
# deploy/install.sh holds the install steps; tests/test_deploy.py runs the same script in
# a fresh virtual environment and starts the server this image starts.

# docker-stacks' base-notebook built on 2025-03-14: Python 3.12 (the stacks moved to 3.13
# in August 2025), user jovyan (uid 1000, gid 100), conda's Python first on PATH, tini
# and start.sh as its entrypoint (which the hub's command goes through). A dated tag, so
# that a rebuild starts from the same image; move it on purpose, and test again.
FROM quay.io/jupyter/base-notebook:2025-03-14

# Exactly one wheel in dist/: install.sh refuses two (`make clean` empties dist/).
COPY dist/kowhist_teach-*.whl deploy/install.sh deploy/jupyter_server_config.py /tmp/kowhist/
# uv installs, from a throwaway environment of its own (not in the image): the packages
# take seconds, not minutes. Without it install.sh uses pip, to the same end.
RUN python -m venv /tmp/uv && PIP_NO_CACHE_DIR=1 /tmp/uv/bin/pip install -q uv==0.13.9 \
 && UV=/tmp/uv/bin/uv UV_NO_CACHE=1 sh /tmp/kowhist/install.sh /tmp/kowhist/kowhist_teach-*.whl \
 && rm -rf /tmp/kowhist /tmp/uv

CMD ["kowhist-teach", "class", "singleuser"]
