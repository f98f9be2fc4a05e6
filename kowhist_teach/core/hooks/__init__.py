"""The hooks a game package gives the layers above it (one base class per layer)."""
