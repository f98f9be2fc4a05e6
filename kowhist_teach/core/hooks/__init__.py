"""The hooks a game provides for the layers above it, one module per layer."""
