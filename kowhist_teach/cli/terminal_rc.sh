# The start-up file of a bash in JupyterLab's terminal under `kowhist-teach lab`
# (kowhist_teach/cli/lab.py, terminal_shell): the user's own ~/.bashrc, as any
# interactive bash reads it, then the course's environment first on PATH, so that
# `kowhist-teach` is found whatever the start-up files did to PATH.
if [ -f "$HOME/.bashrc" ]; then
    . "$HOME/.bashrc"
fi
if [ -n "$KOWHIST_TEACH_BIN" ]; then
    PATH="$KOWHIST_TEACH_BIN:$PATH"
    export PATH
fi
