"""The table as shown: where the piles go, what a pick-up, a tap or an Enter does, a sketch of it."""
