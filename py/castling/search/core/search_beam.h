/* search_beam.c offers the third stage, a beam that only finds wins: begun
 * with a budget, run until a count of positions or its end (RUNNING, WON or
 * UNKNOWN), and its table emptied when it is over. */

#ifndef CASTLING_SEARCH_BEAM_H
#define CASTLING_SEARCH_BEAM_H

#include "core.h"

extern u32 beam_start;      /* the start's number, 1..15, in the table's slots (0: none) */

void beam_begin(long long max_nodes);
int beam_run(u32 until);
void beam_forget(void);

#endif
