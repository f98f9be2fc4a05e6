"""The course profile's Jupyter server, as a class needs it.

deploy/install.sh puts this file into the environment's ``etc/jupyter``, where
``jupyterhub-singleuser`` (JupyterLab, which ``kowhist-teach class singleuser --course``
starts) reads it, ahead of the base image's ``/etc/jupyter``. The app profile's Voilà
server reads only Voilà's own configuration and sets the same culling itself
(``kowhist_teach.classroom.server``).
"""

c = get_config()  # noqa: F821 (traitlets defines it while loading this file)

# A kernel left behind by a closed tab is shut after 15 idle minutes, checked every
# minute, so that a student who opened every lesson does not hold eleven kernels in the
# pod's memory; a lesson still open in a tab keeps its kernel and its variables
# (cull_connected False), as the app's page keeps its game. The hub's own culler
# (deploy/z2jh/config.yaml, cull:) stops a whole server left idle for 30 minutes.
c.MappingKernelManager.cull_idle_timeout = 900
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False

# No terminals: the lessons need none (the one command they mention runs from a cell as
# well, `!kowhist-teach replay …`), and a shell is one more thing to supervise in a
# class. (Their extension is left out too, below.)
c.ServerApp.terminals_enabled = False

# Nothing from the Internet: JupyterLab carries its own MathJax and fonts, but Voilà's
# server extension renders its pages with MathJax from a CDN, so it is off here (the app
# profile is a Voilà server of its own); no news feed, no update check, and no extension
# manager reaching PyPI (students install nothing into the image).
# (Extensions go by their module's name, as jupyter_server_config.d/*.json enable them:
# Voilà's is voila.server_extension.)
c.ServerApp.jpserver_extensions = {
    "voila.server_extension": False,
    "jupyter_server_terminals": False,
}
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
c.LabApp.extension_manager = "readonly"
