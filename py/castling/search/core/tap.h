/* tap.c offers the host the player's side of a move over movegen's position
 * (the page's early table asks them before Python is up): where a tap sends
 * cards (core_tap, answering TAP_NOTHING, TAP_PLAY, TAP_HOLD or TAP_PUT_BACK
 * in io[0], codes from core_shared.h), where dragged cards may go, what can
 * be picked up, what auto-play sends home, whether the game is won. */

#ifndef CASTLING_TAP_H
#define CASTLING_TAP_H

int core_tap(int pile_at, int count, int held_source, int held_count);
int core_targets(int source, int count);
int core_pickable(int source);
int core_safe_home(void);
int core_homeward(void);
int core_is_won(void);

#endif
