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
 * (see search.c); the host only ever writes and reads the one I/O buffer
 * (core_io, here).
 *
 * The module is linked from translation units, each with the header that
 * declares what it offers (what another unit may use: nothing else is
 * shared, all the rest is static): this one (core.h: the types, the shared
 * constants, the I/O buffer), movegen (the rules table read, legal moves,
 * play, undo), tap (the player's side of a move: a tap's place, a drag's
 * targets, auto-play's cards, for the page's early table), deal (dealing by
 * number) and the search: search (its design, nodes, memory), search_keys,
 * search_score, search_stage (a best-first stage), search_beam and
 * search_solve (the stages in turn, the exports). Each .c file's includes say
 * what it uses of the others. scripts/build_core.py compiles them all at once
 * with link-time optimisation (-flto), so the compiler still sees every
 * function together and inlines across the units as it did when they were one.
 */

#include "core.h"

u8 io[IO_SIZE];

EXPORT(core_io) u8 *core_io(void) { return io; }
EXPORT(core_io_size) int core_io_size(void) { return IO_SIZE; }
EXPORT(core_format) int core_format(void) { return FORMAT; }
