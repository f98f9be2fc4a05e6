"""The hooks a game provides to the layers above it, one base class per facet."""
