"""The hooks a game fills in for the layers above it, one base class per facet."""
