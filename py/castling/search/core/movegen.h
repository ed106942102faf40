/* movegen.c offers: the rules table loaded (R), the position (pile, len), the
 * moves played since it was set (stack, depth, and the cards founded by force
 * after them: founded, n_founded), legal moves into `moves`, and play and
 * undo, MoveTables.generate / apply / revert / found_forced line for line. */

#ifndef CASTLING_MOVEGEN_H
#define CASTLING_MOVEGEN_H

#include "core.h"

extern Rules R;
extern int loaded;                          /* a rules table is loaded */
extern u8 pile[MAX_PILES][PILE_CAP + 1];    /* each pile's cards, bottom first */
extern u8 len[MAX_PILES];
extern Record stack[MAX_DEPTH];             /* the moves played, and their undoing */
extern int depth;
extern u8 founded[MAX_FOUNDED][2];          /* (from, to) of each card founded by force */
extern u32 n_founded;
extern u8 moves[MAX_MOVES * 3];             /* generate's moves, three bytes each */

int base_rank(void);
void wants(int base, u64 *want);
int generate(void);
int found_forced(Record *r);
int apply(int src, int dst, int count);
void revert(void);

/* exports */
int core_load_rules(int size);
int core_set_position(int size);
int core_get_position(void);
int core_moves(void);
int core_play(int src, int dst, int count);
int core_undo(void);
int core_depth(void);

#endif
