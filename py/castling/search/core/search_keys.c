/* The search's keys, table and heap (search_keys.h: what it offers). */

#include "search_keys.h"
#include "movegen.h"        /* R, pile, len, stack, depth, n_founded */
#include "search_score.h"   /* in_cells */

/* The places in key order: korder[i] is the pile whose cards come i-th. */
static u8 korder[MAX_PILES];

/* -- the key ---------------------------------------------------------------
 * python_search._Search.key: the position with its tableau piles sorted (unless
 * piles feed different foundations, Rittenhouse) and its free cells sorted,
 * as bytes: each pile's length, then its cards, in key order (lengths make
 * it a faithful picture of Python's tuple of piles, whose tuples compare
 * equal exactly when these bytes do). After it, not part of the key, the pile
 * each sorted place came from, so that the node's own position (which pile
 * holds what: that decides the order of its moves) comes back from it. */

/* Each sorted pile's first eight cards as one number, most significant
 * first, each card plus one (so that a shorter pile, padded with zeros,
 * comes before a longer one that starts alike, as bytes compare in Python):
 * two piles that differ within their first eight cards compare as these
 * numbers do, in one comparison; only piles alike that far (of several
 * decks) are compared card by card beyond. */
static u64 prefix[MAX_PILES];

static u64 pile_prefix(int p) {
    u64 w = 0;
    int n = len[p] < 8 ? len[p] : 8, i;
    for (i = 0; i < n; i++) w |= (u64)(pile[p][i] + 1) << (56 - 8 * i);
    return w;
}

/* Whether pile a sorts after pile b: by their cards as Python compares
 * bytes, then, for alike piles, by their index. That is the order a stable
 * sort of the piles in index order gives (Python's sorted), made total, so
 * that any way of sorting gives the same places: which pile each place came
 * from is stored with the key, and decides the order of the node's moves. */
static int pile_after(int a, int b) {
    int n, i;
    if (prefix[a] != prefix[b]) return prefix[a] > prefix[b];
    n = len[a] < len[b] ? len[a] : len[b];
    for (i = 8; i < n; i++)
        if (pile[a][i] != pile[b][i]) return pile[a][i] > pile[b][i];
    if (len[a] != len[b]) return len[a] > len[b];
    return a > b;
}

static void sort_piles(u8 *places, int n) {
    int i, j;
    for (i = 0; i < n; i++) prefix[places[i]] = pile_prefix(places[i]);
    for (i = 1; i < n; i++) {
        u8 p = places[i];
        for (j = i; j > 0 && pile_after(places[j - 1], p); j--) places[j] = places[j - 1];
        places[j] = p;
    }
}

/* Pile p (somewhere in places[0..n)) has changed: move it to its new place. */
static void resort(u8 *places, int n, int p) {
    int i = 0, j;
    prefix[p] = pile_prefix(p);
    while (places[i] != p) i++;
    for (; i + 1 < n && pile_after(p, places[i + 1]); i++) places[i] = places[i + 1];
    for (j = i; j > 0 && pile_after(places[j - 1], p); j--) places[j] = places[j - 1];
    places[j] = (u8)p;
}

/* Cards copied eight at a time, up to seven bytes past the last: a call of
 * memcpy (memory.copy in WebAssembly) per pile costs more than the copy of
 * a pile's few cards. The bytes past the end are written over by what
 * follows or lie in the slack a key's place keeps for them (key_stride);
 * a pile's array holds PILE_CAP + 1 bytes, so reading or writing up to the
 * eighth byte past any length it takes stays within it. */
static void copy_cards(u8 *to, const u8 *from, int n) {
    int k;
    for (k = 0; k < n; k += 8) {
        u64 w;
        __builtin_memcpy(&w, from + k, 8);
        __builtin_memcpy(to + k, &w, 8);
    }
}

/* The key from the places in korder. */
static void write_key(u8 *out) {
    int i, at = 0;
    for (i = 0; i < R.n_piles; i++) {
        int p = korder[i];
        out[at++] = len[p];
        copy_cards(out + at, pile[p], len[p]);
        at += len[p];
    }
    while (at < key_size) out[at++] = 0;    /* (hashed and compared as whole words) */
    for (i = 0; i < n_sorted; i++) out[at++] = korder[i];
    for (i = 0; i < R.n_cells; i++) out[at++] = korder[R.first_cell + i];
}

void make_key(u8 *out) {
    int i;
    for (i = 0; i < R.n_piles; i++) korder[i] = (u8)i;
    sort_piles(korder, n_sorted);
    sort_piles(korder + R.first_cell, R.n_cells);
    write_key(out);
}

/* A parent's places and prefixes (set by parent_sorted), from which each
 * child's key is made: a move changes two piles, or three (a space refilled
 * from the reserve), so the child's places are the parent's with those moved
 * to where they now sort, some n comparisons instead of a sort's n^2 / 4. */
static u8 parent_order[MAX_PILES];
static u64 parent_prefix[MAX_PILES];

void parent_sorted(void) {
    int i;
    for (i = 0; i < R.n_piles; i++) {
        parent_order[i] = korder[i];
        prefix[i] = parent_prefix[i] = pile_prefix(i);
    }
}

static void make_child_key(u8 *out, const int *changed, int n_changed) {
    int c;
    __builtin_memcpy(korder, parent_order, R.n_piles);
    for (c = 0; c < n_changed; c++) {
        int p = changed[c];
        if (p < n_sorted) resort(korder, n_sorted, p);
        else if (in_cells(p)) resort(korder + R.first_cell, R.n_cells, p);
    }
    write_key(out);
    for (c = 0; c < n_changed; c++) prefix[changed[c]] = parent_prefix[changed[c]];
}

/* The key of the position the move src -> dst just made (apply), from its
 * parent's: only the piles it changed are sorted in again, unless compulsory
 * founding changed more piles, when the key is made whole. Both searches use it. */
void key_after(u8 *key, int src, int dst) {
    if (stack[0].n_founded) {
        make_key(key);
        __builtin_memcpy(prefix, parent_prefix, sizeof prefix);
    } else {
        int moved[3], n_moved = 2;
        moved[0] = src;
        moved[1] = dst;
        if (stack[0].flags & REFILLED_SOURCE) moved[n_moved++] = R.first_reserve;
        make_child_key(key, moved, n_moved);
    }
}

void restore(const u8 *key) {
    int i, at = key_size;
    for (i = 0; i < R.n_piles; i++) korder[i] = (u8)i;
    for (i = 0; i < n_sorted; i++) korder[i] = key[at++];
    for (i = 0; i < R.n_cells; i++) korder[R.first_cell + i] = key[at++];
    at = 0;
    for (i = 0; i < R.n_piles; i++) {
        int p = korder[i];
        len[p] = key[at++];
        copy_cards(pile[p], key + at, len[p]);
        at += len[p];
    }
    depth = 0;
    n_founded = 0;
}

static u64 word(const u8 *p) { u64 w; __builtin_memcpy(&w, p, 8); return w; }

u32 hash_key(const u8 *key) {
    u64 h = 0x9E3779B97F4A7C15ULL;
    int i;
    for (i = 0; i < key_size; i += 8) {
        h = (h ^ word(key + i)) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
    }
    return (u32)h;
}

static int same_key(const u8 *a, const u8 *b) {
    int i;
    for (i = 0; i < key_size; i += 8)
        if (word(a + i) != word(b + i)) return 0;
    return 1;
}

/* The table four times as large (at most all its slots), once its nodes
 * fill half the slots in use: the slots past those are empty, as every
 * search leaves them (forget, beam_forget), so the ones in use are emptied
 * and every node placed again by its hash. Linear probing stays right: the
 * nodes go in anew, in order, into empty slots. Each node is placed again
 * about once and a third over a search; what the table answers (whether a
 * key is known, by comparing keys) is the same, so the search is too. */
static void grow_table(void) {
    u32 i, mask = table_mask << 2 | 3;
    __builtin_memset(table, 0, ((u64)table_mask + 1) * 4);
    table_mask = mask < table_full ? mask : table_full;
    for (i = 0; i < n_nodes; i++) {
        u32 slot = nodes[i].hash & table_mask;
        while (table[slot]) slot = (slot + 1) & table_mask;
        table[slot] = slot_of(i, nodes[i].hash);
    }
}

/* A position's key, of hash h, made by the move src -> dst (count cards;
 * `mark` as Node has it): kept as node n_nodes if no node has that key yet
 * (1), else 0. The key is copied to its place, unless it is written there. */
int add_key(const u8 *key, u32 h, u32 parent, int src, int dst, int count, u8 mark) {
    u8 *place = keys + (u64)n_nodes * key_stride;
    u32 slot = h & table_mask, tag = h & ~NODE_MASK, v;
    for (; (v = table[slot]); slot = (slot + 1) & table_mask)
        if ((v & ~NODE_MASK) == tag && same_key(keys + (u64)((v & NODE_MASK) - 1) * key_stride, key))
            return 0;
    if (key != place) __builtin_memcpy(place, key, key_stride);
    table[slot] = slot_of(n_nodes, h);
    nodes[n_nodes].parent = parent;
    nodes[n_nodes].hash = h;
    nodes[n_nodes].src = (u8)src;
    nodes[n_nodes].dst = (u8)dst;
    nodes[n_nodes].count = (u8)count;
    nodes[n_nodes].mark = mark;
    n_nodes++;
    if ((u64)n_nodes * 2 > (u64)table_mask + 1 && table_mask < table_full) grow_table();
    return 1;
}

/* -- the heap: heapq's order on (priority, depth, node) -------------------- */

static int before(const Entry *a, const Entry *b) {
    if (a->priority != b->priority) return a->priority < b->priority;
    if (a->depth != b->depth) return a->depth < b->depth;
    return a->node < b->node;
}

void push(i32 priority, u32 at_depth, u32 node) {
    u32 i = n_heap++;
    Entry e;
    e.priority = priority; e.depth = at_depth; e.node = node;
    while (i) {
        u32 up = (i - 1) / 2;
        if (!before(&e, &heap[up])) break;
        heap[i] = heap[up];
        i = up;
    }
    heap[i] = e;
}

/* Put `e` at slot i or below, as the heap's order has it (the slots below i
 * in order already). */
void sift_down(u32 i, Entry e) {
    for (;;) {
        u32 child = 2 * i + 1;
        if (child >= n_heap) break;
        if (child + 1 < n_heap && before(&heap[child + 1], &heap[child])) child++;
        if (!before(&heap[child], &e)) break;
        heap[i] = heap[child];
        i = child;
    }
    heap[i] = e;
}

Entry pop(void) {
    Entry top = heap[0], last = heap[--n_heap];
    if (n_heap) sift_down(0, last);
    return top;
}
