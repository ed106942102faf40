"""The search: whether a position can be won, and how. solver.py is its front (solve());
plan.py shares a budget among the stages; common.py holds what both searches share (the
result); python_search.py is the standard-library search; core/ the same search compiled
from C to WebAssembly, with its bridges to CPython and the browser."""
