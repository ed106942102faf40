"""Castling's browser layer: draws what the engine says, turns gestures into moves."""
