/* search_keys.c offers a position's key (python_search._Search.key: its piles
 * sorted where they are alike, as bytes; after it the pile each place came
 * from) made whole or from its parent's, the position back from a key, the
 * table of keys (a node kept only if its key is new) and the heap in heapq's
 * order on (priority, depth, node). */

#ifndef CASTLING_SEARCH_KEYS_H
#define CASTLING_SEARCH_KEYS_H

#include "search.h"

void make_key(u8 *out);
void parent_sorted(void);
void key_after(u8 *key, int src, int dst);
void restore(const u8 *key);
u32 hash_key(const u8 *key);
int add_key(const u8 *key, u32 h, u32 parent, int src, int dst, int count, u8 mark);
void push(i32 priority, u32 at_depth, u32 node);
void sift_down(u32 i, Entry e);
Entry pop(void);

#endif
