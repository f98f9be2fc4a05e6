"""The hooks a game gives the layers above it, one module per layer (teaching, …)."""
