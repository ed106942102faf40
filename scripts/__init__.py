"""The build's parts and the project's tools (build.py imports them as
``scripts.…``; the tools that run on their own say how at their top)."""
