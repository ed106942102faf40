"""The deal of a first visit: one game and deal for everybody.

build.py draws it into the page (scripts/first_table.py), so that a first visit
has cards on the table before Python is up; when the app starts on a page that
showed it (``html[data-first-table]``, set by web/first-table/show.js), it deals the
same deal (castling.app.opening), and the table stays as it was.

Chessboard is the game the app opens by default. Deal 1210 is one the solver
wins in the fewest steps of the study's 10,000 (data/winnability.csv): a first
game should be one a newcomer can win.
"""

FIRST_GAME = "chessboard"
FIRST_DEAL = 1210
