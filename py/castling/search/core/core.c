/* Castling's compiled core: move generation, play and undo over a game's
 * rules table (castling/search/core/tables.py documents every byte of it), dealing
 * a game by number as castling.deal does, and the solver's search on them.
 *
 * No game is written here. The rules arrive as data the engine compiled
 * (movegen.MoveTables) and movegen.c interprets them, mirroring
 * MoveTables.generate / apply / revert / found_forced line for line, so the
 * moves come out in the engine's order: the search built on this core must
 * visit the very positions the Python search visits, and the tests compare
 * the two along random play of every game.
 *
 * Freestanding: no libc, no allocation. All state lives in fixed arrays but
 * the search's arena, which grows the memory once to what a budget needs
 * (see the search); the host only ever writes and reads the one I/O buffer
 * (core_io).
 *
 * The module is one translation unit made of its parts, included here in this
 * order: core.h (the types, the shared constants, the rules table's layout in
 * memory), movegen.c (the rules table read, legal moves, play, undo), tap.c
 * (the player's side of a move: a tap's place, a drag's targets, auto-play's
 * cards, for the page's early table), deal.c
 * (dealing by number) and the search: search.c (its design, nodes, memory),
 * search_keys.c, search_score.c, search_stage.c (a best-first stage),
 * search_beam.c and search_solve.c (the stages in turn, the exports). One unit,
 * so every function stays static and the compiler sees them all at once, as
 * before the split.
 */

#include "core.h"
#include "movegen.c"
#include "tap.c"
#include "deal.c"
#include "search.c"
#include "search_keys.c"
#include "search_score.c"
#include "search_stage.c"
#include "search_beam.c"
#include "search_solve.c"
