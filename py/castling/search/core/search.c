/* The solver's search: its design, its nodes and memory (search.h: what it offers). */

/* ------------------------------------------------------------------------
 * The search: castling.search.solver mirrored node for node.
 *
 * Best-first over positions, the most promising first (search_score.c), a
 * transposition table of canonical keys so that every position counts once,
 * in two stages as solver.solve runs them: greedy with a quarter of the
 * budget, then, if that did not decide, with the rest of it and a cost per
 * move made. "won" comes with the line to the won position; "lost" only when
 * a stage searched every position it could reach (each stage is a whole
 * search, so either one exhausted is a proof); "unknown" when the budget is
 * spent. (A third stage, a beam that only finds wins, follows when the host
 * asks for it, as solver 5 does for every game: search_beam.c; the
 * Python search has none, and mirrors the core asked for two.)
 * The positions are visited in exactly the Python search's order: the
 * same moves in the same order (movegen.c's generate), the same score, and the
 * same heap order, (priority, depth, node number), which is a total order,
 * so any correct heap pops what heapq pops. The tests compare verdicts, node
 * counts and lines for every game.
 *
 * Memory: one arena after the module's static data, grown (memory.grow) to
 * what the budget needs before the search starts and kept for the next one.
 * Per position of budget it holds a node (parent, hash, move: 12 bytes), its
 * key (piles + cards, rounded up to 8 bytes) and the order of its alike piles
 * (tableau and free cells, rounded up to 8; 8 bytes of slack where there are
 * none), a heap entry (12 bytes) and two to four slots of the table (4 bytes
 * each): for Beleaguered Castle 12 + 64 + 8 + 12 + 8..16 = 104..112 bytes. A
 * budget whose arena would pass ARENA_LIMIT, or that the host will not grow
 * the memory to, is refused (E_BUDGET) before anything is searched; under a
 * memory cap (core_solve_start) the budget is cut to what fits instead.
 */

#include "search.h"
#include "movegen.h"    /* R */

#define TABLE_FIRST (1u << 16)     /* the table's slots when a search starts (grow_table) */

EXPORT(core_solver_version) int core_solver_version(void) { return SOLVER_VERSION; }

Node *nodes;
u8 *keys;
Entry *heap;
u32 *table;
u32 n_nodes, n_heap, table_mask, cap;
u32 table_full, table_first;
static u32 *clean_table, clean_mask;   /* the table known to hold no node */
u64 written_end;
int key_size, key_stride, n_sorted;
u8 root_pile[MAX_PILES][PILE_CAP + 1], root_len[MAX_PILES];
u8 first_moves[MAX_MOVES * 3];
int n_first;

#ifdef __wasm__
extern u8 __heap_base;
static u8 *arena_base(void) { return (u8 *)(((unsigned long)&__heap_base + 15) & ~15UL); }
/* Whether the memory reaches `end` (bytes from address 0), growing it if not. */
static int reserve(u64 end) {
    u64 have = (u64)__builtin_wasm_memory_size(0) << 16;
    if (end <= have) return 1;
    return __builtin_wasm_memory_grow(0, (unsigned long)((end - have + 65535) >> 16))
           != (unsigned long)-1;
}
#else
static u8 native_arena[1 << 26];
static u8 *arena_base(void) { return native_arena; }
static int reserve(u64 end) {
    return end - (u64)(unsigned long)native_arena <= sizeof native_arena;
}
#endif

/* The arena's bytes for `budget` positions of `key_stride` bytes of key each,
 * and its table's slots (a power of two, at least two a position: linear
 * probing stays short at half full or less). */
static u64 arena_bytes(u64 budget, u64 *slots_out) {
    u64 slots = 1, n = budget + 2;  /* the start, the budget, and the one that ends it at budget 0 */
    while (slots < 2 * n) slots <<= 1;
    if (slots_out) *slots_out = slots;
    return n * (sizeof(Node) + key_stride + sizeof(Entry)) + slots * 4;
}

/* The largest budget whose arena ends by `limit` (bytes from address 0), or
 * -1 if not even a budget of 0 fits. For each size of table, the most
 * positions the rest holds, at most half its slots; the best of those. */
long long budget_within(u64 limit) {
    u64 start = (u64)(unsigned long)arena_base(), per = sizeof(Node) + key_stride + sizeof(Entry);
    u64 slots;
    long long best = -1;
    if (limit > ARENA_LIMIT) limit = ARENA_LIMIT;
    if (limit <= start) return -1;
    for (slots = 4; slots * 4 < limit - start; slots <<= 1) {
        u64 room = (limit - start - slots * 4) / per, n = slots / 2;
        if (room < n) n = room;
        if (n > NODE_MASK) n = NODE_MASK;   /* (the most nodes a slot can name) */
        if (n >= 2 && (long long)(n - 2) > best) best = (long long)(n - 2);
    }
    return best;
}

/* Carve the arena for `budget` positions. */
int make_arena(u32 budget) {
    u64 slots, bytes = arena_bytes(budget, &slots), start = (u64)(unsigned long)arena_base();
    cap = budget + 2;
    if (start + bytes > ARENA_LIMIT || cap > NODE_MASK) return E_BUDGET;
    if (!reserve(start + bytes)) return E_BUDGET;   /* the host would not give it */
    nodes = (Node *)arena_base();
    keys = (u8 *)(nodes + cap);
    heap = (Entry *)(keys + (u64)cap * key_stride);
    table = (u32 *)(heap + cap);
    table_full = (u32)(slots - 1);
    /* The search starts in the table's first slots and grows into the rest as
     * its nodes come (grow_table): a search of a few hundred thousand
     * positions in an arena laid out for millions (a search by time, whose
     * budget is what the memory holds) then probes a table that stays in the
     * processor's caches, not one spread over a hundred megabytes. */
    table_first = table_mask = table_full < TABLE_FIRST - 1 ? table_full : TABLE_FIRST - 1;
    /* The table is all empty slots when a search starts: each search empties
     * the slots it filled (forget, below), so only a table laid out anew, as
     * a search with another budget or game makes, needs clearing; and only
     * where earlier searches wrote: memory the arena never reached is as
     * memory.grow gave it, zeros. (A first search with a large budget would
     * otherwise write its whole table, hundreds of megabytes, to search a
     * few thousand positions.) */
    if (table != clean_table || table_full != clean_mask) {
        u64 from = (u64)(unsigned long)table, to = from + slots * 4;
        if (to > written_end) to = written_end;
        if (from < to) __builtin_memset(table, 0, to - from);
        clean_table = table;
        clean_mask = table_full;
    }
    return 0;
}

/* Empty the slots the search's nodes fill. Clearing the whole table costs a
 * byte written per byte of it; finding each node's slot again (at or after
 * its hash's slot: linear probing; emptied ones on the way are passed over)
 * costs a random read or several per node: the second is the cheaper while
 * the nodes are fewer than one in eight slots (a short search in a table
 * laid out for a long one), the first beyond. */
void forget(void) {
    u32 i;
    /* What the search wrote besides its table ends with its heap, at most
     * one entry a node (the nodes and keys lie before it). */
    u64 end = (u64)(unsigned long)(heap + n_nodes);
    if (end > written_end) written_end = end;
    if ((u64)n_nodes * 8 > (u64)table_mask + 1) {
        __builtin_memset(table, 0, ((u64)table_mask + 1) * 4);
    } else {
        for (i = 0; i < n_nodes; i++) {
            u32 slot = nodes[i].hash & table_mask;
            while (table[slot] != slot_of(i, nodes[i].hash)) slot = (slot + 1) & table_mask;
            table[slot] = 0;
        }
    }
    n_nodes = 0;
    table_mask = table_first;   /* (every slot past it was empty and still is) */
}
