/* search_stage.c offers one best-first stage (python_search._Search.run),
 * resumable: begun, then run until a count of positions or its end; the
 * position set back to the start; and the step every stage makes first at
 * a node (its position on the board, the moves to try from it). */

#ifndef CASTLING_SEARCH_STAGE_H
#define CASTLING_SEARCH_STAGE_H

#include "search.h"

#define RUNNING 0       /* a stage not over yet (stage_run, beam_run) */

extern u32 last_node;           /* the last node counted (a win's) */
extern u32 stage_nodes;         /* positions counted in the stage under way */
extern long long stage_max;     /* the stage's budget */
extern i32 stage_cost;          /* its cost per move made */
/* Where a stage ran out of positions in the middle of an expansion (the
 * count reached its budget at a new position, as in Python), when the second
 * stage is to carry on from the first (carry_on): the position expanded and
 * the new one's score, to expand the first again and push the second. */
extern Entry cut_entry;
extern i32 cut_score;
extern int cut;
extern int carry;       /* 1: the second stage carries on from the first's (carry_on) */
/* The scan (search_solve.c) is a stage whose cost per move is below 0: the
 * deepest position first. Positions it finds SCAN_DEPTH moves deep are
 * counted but not expanded, and scan_cut then says so: its running dry
 * proves nothing. */
extern int scan_cut;

void set_root(void);
/* shuffled: 1 for the shuffled scan (search_solve.c), whose positions of
 * one depth come in an order their hashes give, not their scores. */
int stage_begin(long long max_nodes, i32 move_cost, int shuffled);
int moves_from(u32 node, const u8 **list);
int stage_run(u32 until);

#endif
