"""The hooks a game gives the layers above it: one base class per facet."""
