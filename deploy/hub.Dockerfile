# syntax=docker/dockerfile:1
# The hub's image for Zero to JupyterHub (deploy/z2jh/config.yaml): the chart's own hub
# image plus kowhist-teach, because the teacher's console runs in the hub's pod, as the
# hub-managed service `class-console` (`kowhist-teach class singleuser --console`).
# Built from the wheel `make dist` makes of this checkout, never this project by name
# from an index. From the checkout's top folder:
#
#   make dist
#   docker build -f deploy/hub.Dockerfile -t registry.example.org/kowhist-hub:0.1.0 .

# The chart's hub image of the same version as the chart (4.4.0: JupyterHub 5.5.0, Python
# 3.12; jupyterhub-ltiauthenticator 1.6.3, the LTI 1.3 login, is already in it).
FROM quay.io/jupyterhub/k8s-hub:4.4.0

# The image installed its packages as root, into the system's Python; so does this, and
# the hub then runs as jovyan (uid 1000) again, as the chart expects. The console needs
# the app (Voilà, the widgets) and the PostgreSQL driver, not the hub extra: JupyterHub is
# the image's own.
USER root
COPY dist/kowhist_teach-*.whl /tmp/kowhist/
RUN set -- /tmp/kowhist/kowhist_teach-*.whl \
 && [ $# -eq 1 ] \
 && PIP_NO_CACHE_DIR=1 python3 -m pip install "$1[app,postgres]" \
 && python3 -m kowhist_teach.cli --help > /dev/null \
 && rm -rf /tmp/kowhist
USER 1000
