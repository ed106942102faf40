/* deal.c offers the host dealing a game by number, as castling.deal.deal_piles
 * deals it, onto movegen's position. */

#ifndef CASTLING_DEAL_H
#define CASTLING_DEAL_H

int core_deal(int size);

#endif
