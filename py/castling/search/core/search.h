/* search.c offers the search's design (described there), its nodes, its table
 * and heap in one arena carved to a budget, the position it starts from
 * (root_pile, root_len: core_solve_start's) and the moves tried first. The
 * verdicts WON, LOST and UNKNOWN come from core_shared.h. */

#ifndef CASTLING_SEARCH_H
#define CASTLING_SEARCH_H

#include "core.h"

#define KEY_MAX 1024                /* MAX_PILES + MAX_DECKS * 52 cards, and the order */

/* A node's byte `mark`: in the first two stages, PLAIN if its move only
 * carried cards from one pile to another (no card turned, no space refilled,
 * nothing founded by force; a node's parent is then what that move undone
 * gives back, stage_run); in the beam, whether the node is kept for the next
 * level (beam_choose). */
typedef struct { u32 parent, hash; u8 src, dst, count, mark; } Node;
#define PLAIN 1

/* A slot of the table holds 0 (empty) or a node: its number plus one in the
 * low NODE_BITS bits, and above them its hash's top bits, a tag. A probe
 * then passes over a slot whose tag differs without reading that node's key,
 * which lies at a random place among hundreds of megabytes of keys: most
 * slots a probe meets hold other positions, and each such read was a miss of
 * the processor's caches, a third of a long search's time. Equal tags are
 * only a hint (the slot's index takes the hash's low bits, the tag its high
 * ones): the keys themselves are compared, so the table answers exactly as
 * before. NODE_BITS bounds the nodes a search holds (make_arena refuses
 * more); at the 104 bytes or more that each position of a budget takes
 * (search.c), ARENA_LIMIT holds fewer. */
#define NODE_BITS 25
#define NODE_MASK ((1u << NODE_BITS) - 1)

static inline u32 slot_of(u32 node, u32 hash) { return (hash & ~NODE_MASK) | (node + 1); }
typedef struct { i32 priority; u32 depth, node; } Entry;

extern Node *nodes;     /* the arena: nodes, their keys, the heap, the table */
extern u8 *keys;
extern Entry *heap;
extern u32 *table;
extern u32 n_nodes, n_heap, table_mask, cap;
extern u32 table_full, table_first;     /* the table's most slots and its first, less one */
extern u64 written_end;     /* past every byte a search wrote outside its (emptied) table */
extern int key_size, key_stride, n_sorted;  /* a key's bytes, its place's, the piles sorted */
extern u8 root_pile[MAX_PILES][PILE_CAP + 1], root_len[MAX_PILES];    /* the start */
extern u8 first_moves[MAX_MOVES * 3];
extern int n_first;     /* -1: every move from the start, as the search picks them */

long long budget_within(u64 limit);
int make_arena(u32 budget);
void forget(void);

/* export */
int core_solver_version(void);

#endif
