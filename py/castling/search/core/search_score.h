/* search_score.c offers the score of the position (python_search._Search.score,
 * its weights HOME, SPACE, BURIED, DISORDER from core_shared.h), a child's
 * rescored from its parent's, and the moves worth trying from the position
 * (python_search._Search.moves). */

#ifndef CASTLING_SEARCH_SCORE_H
#define CASTLING_SEARCH_SCORE_H

#include "core.h"

int is_won(void);
i32 score(void);
void rescore_begin(void);
int changes_foundations(int src, int dst);
i32 worth_change_reverted(int src, int dst);
int in_cells(int p);
int worth_trying(u8 *out);

#endif
