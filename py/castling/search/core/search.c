/* The solver's search (part of core.c's one translation unit). */

/* ------------------------------------------------------------------------
 * The search: castling.search.solver mirrored node for node.
 *
 * Best-first over positions, the most promising first (the score below), a
 * transposition table of canonical keys so that every position counts once,
 * in two stages as solver.solve runs them: greedy with a quarter of the
 * budget, then, if that did not decide, with the rest of it and a cost per
 * move made. "won" comes with the line to the won position; "lost" only when
 * a stage searched every position it could reach (each stage is a whole
 * search, so either one exhausted is a proof); "unknown" when the budget is
 * spent. (A third stage, a beam that only finds wins, follows when the host
 * asks for it, as solver 5 does for every game: below, after the stages; the
 * Python search has none, and mirrors the core asked for two.)
 * The positions are visited in exactly the Python search's order: the
 * same moves in the same order (generate above), the same score, and the
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

#define WON 1
#define LOST 2
#define UNKNOWN 3

#define TABLE_FIRST (1u << 16)     /* the table's slots when a search starts (grow_table) */
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
 * (below), ARENA_LIMIT holds fewer. */
#define NODE_BITS 25
#define NODE_MASK ((1u << NODE_BITS) - 1)

static u32 slot_of(u32 node, u32 hash) { return (hash & ~NODE_MASK) | (node + 1); }
typedef struct { i32 priority; u32 depth, node; } Entry;

EXPORT(core_solver_version) int core_solver_version(void) { return SOLVER_VERSION; }

static Node *nodes;
static u8 *keys;
static Entry *heap;
static u32 *table;
static u32 n_nodes, n_heap, table_mask, cap;
static u32 table_full, table_first;     /* the table's most slots and its first, less one */
static u32 *clean_table, clean_mask;   /* the table known to hold no node */
static u64 written_end;     /* past every byte a search wrote outside its (emptied) table */
static int key_len, key_size, key_stride, n_sorted;
static u8 korder[MAX_PILES];
static u8 root_pile[MAX_PILES][PILE_CAP + 1], root_len[MAX_PILES];
static u8 first_moves[MAX_MOVES * 3];
static int n_first;     /* -1: every move from the start, as the search picks them */

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
static long long budget_within(u64 limit) {
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
static int make_arena(u32 budget) {
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
static void forget(void) {
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
static int in_cells(int p);

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

static void make_key(u8 *out) {
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

static void parent_sorted(void) {
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
static void key_after(u8 *key, int src, int dst) {
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

static void restore(const u8 *key) {
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

static u32 hash_key(const u8 *key) {
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
static int add_key(const u8 *key, u32 h, u32 parent, int src, int dst, int count, u8 mark) {
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

static void push(i32 priority, u32 at_depth, u32 node) {
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
static void sift_down(u32 i, Entry e) {
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

static Entry pop(void) {
    Entry top = heap[0], last = heap[--n_heap];
    if (n_heap) sift_down(0, last);
    return top;
}

/* -- the score: python_search._Search.score ---------------------------------
 * The sum over the piles of what each is worth: an empty tableau pile SPACE,
 * every card (face up or down) lying on a card some foundation takes next
 * -BURIED for each card above it, every tableau card not built on the card
 * below it -DISORDER; plus HOME a card on the foundations. Higher is better.
 * (A move that changed no foundation is rescored from its parent's score:
 * worth_change_reverted, below; the same integers, only quicker.) */

static int is_won(void) {
    int i;
    for (i = 0; i < R.n_piles; i++)
        if (R.kinds[i] != KIND_F && len[i]) return 0;
    return 1;
}

static u64 wanted_cards(void) {
    u64 want[MAX_FOUND], all = 0;
    int k;
    wants((R.flags & FLAG_CHOSEN_BASE) ? base_rank() : -1, want);
    for (k = 0; k < R.n_found; k++) all |= want[k];
    return all;
}

static i32 pile_worth(int p, u64 wanted, int tableau) {
    const u8 *cards = pile[p];
    int n = len[p], i;
    i32 value = 0;
    if (!n) return tableau ? SPACE : 0;
    if (tableau)
        for (i = 1; i < n; i++) {
            u8 below = cards[i - 1], card = cards[i];
            if (below >= FACE_DOWN || card >= FACE_DOWN || !R.step[below * NCARDS + card])
                value -= DISORDER;
        }
    if (wanted)
        for (i = 0; i < n; i++) {
            u8 card = cards[i] >= FACE_DOWN ? cards[i] - FACE_DOWN : cards[i];
            if (card < NCARDS && (wanted >> card & 1)) value -= BURIED * (n - 1 - i);
        }
    return value;
}

static i32 score(void) {
    u64 wanted = wanted_cards();
    i32 total = 0;
    int i;
    for (i = 0; i < R.n_piles; i++) {
        if (R.kinds[i] == KIND_F) total += HOME * len[i];
        else total += pile_worth(i, wanted, i < R.n_tableau);
    }
    return total;
}

/* python_search._Search.rescore: a move that changed no foundation (none is
 * its source or destination, none founded after it) leaves the cards wanted
 * next as they were, so every pile is worth what it was in the parent but
 * those the move changed (and a space refilled from the reserve changes the
 * reserve): the child's score is the parent's with their worth replaced,
 * the very integer score() sums afresh. The best-first stages and the beam
 * rescore so (summed afresh over Zerline (3 decks)'s 156 cards, the score
 * took a fifth of a search's time there, 14% rescored). The parent's worths
 * are remembered for the expansion: rescore_begin, at the parent, forgets
 * the last one's. */
static i32 parent_worth[MAX_PILES];
static u8 worth_known[MAX_PILES];
static u64 parent_wanted;
static int parent_wanted_known;

static void rescore_begin(void) {
    int i;
    for (i = 0; i < R.n_piles; i++) worth_known[i] = 0;
    parent_wanted_known = 0;
}

static int changes_foundations(int src, int dst) {
    return R.kinds[src] == KIND_F || R.kinds[dst] == KIND_F || stack[0].n_founded;
}

/* Called with the move src -> dst played (one that changed no foundation);
 * returns with it taken back (revert), giving what its piles' worth changed
 * by: the child's score less the parent's. */
static i32 worth_change_reverted(int src, int dst) {
    int changed[3], n_changed = 2, c;
    i32 change = 0;
    changed[0] = src;
    changed[1] = dst;
    if (stack[0].flags & REFILLED_SOURCE) changed[n_changed++] = R.first_reserve;
    if (!parent_wanted_known) { parent_wanted = wanted_cards(); parent_wanted_known = 1; }
    for (c = 0; c < n_changed; c++)
        change += pile_worth(changed[c], parent_wanted, changed[c] < R.n_tableau);
    revert();
    for (c = 0; c < n_changed; c++) {
        int p = changed[c];
        if (!worth_known[p]) {
            parent_worth[p] = pile_worth(p, parent_wanted, p < R.n_tableau);
            worth_known[p] = 1;
        }
        change -= parent_worth[p];
    }
    return change;
}

/* -- the moves worth trying: python_search._Search.moves ---------------- */

/* A foundation move that cannot be wrong, in games without take-back: the
 * card's every possible tableau partner (every card that may be laid on it)
 * is home in all its copies, so it has no use left in the tableau. The first
 * such move among the legal ones is the only one tried. */
static int forced(int n) {
    u8 home[NCARDS];
    int i, f;
    if ((R.flags & FLAG_TAKE_BACK) || ((R.flags & FLAG_CHOSEN_BASE) && base_rank() < 0)) return -1;
    for (i = 0; i < NCARDS; i++) home[i] = 0;
    for (f = R.first_found; f < R.first_found + R.n_found; f++)
        for (i = 0; i < len[f]; i++)
            if (pile[f][i] < NCARDS) home[pile[f][i]]++;
    for (i = 0; i < n; i++) {
        int src = moves[3 * i], dst = moves[3 * i + 1], c;
        u64 partners;
        if (R.kinds[dst] != KIND_F || R.kinds[src] == KIND_F) continue;
        partners = R.children[pile[src][len[src] - 1]];
        for (c = 0; c < NCARDS; c++)
            if ((partners >> c & 1) && home[c] < R.decks) break;
        if (c == NCARDS) return i;
    }
    return -1;
}

static int in_cells(int p) {
    return R.n_cells && p >= R.first_cell && p < R.first_cell + R.n_cells;
}

/* The legal moves less those proved redundant, into `out`; returns their count. */
static int worth_trying(u8 *out) {
    int n = generate(), i, j, kept = 0;
    int alike_piles = n_sorted > 0, spaces = 0, empty_cells = 0, empty_alike = 0;
    int alike_foundations = 0;
    u8 space_src[MAX_MOVES], space_count[MAX_MOVES], cell_src[MAX_MOVES];
    u8 found_src[MAX_MOVES], found_kind[MAX_MOVES];
    int n_space = 0, n_cell = 0, n_found = 0;
    if (n < 0) return n;
    i = forced(n);
    if (i >= 0) {
        __builtin_memcpy(out, moves + 3 * i, 3);
        return 1;
    }
    for (i = 0; i < R.n_tableau; i++) spaces |= !len[i];
    for (i = 0; i < R.n_cells; i++) empty_cells |= !len[R.first_cell + i];
    /* Only games with two alike foundations look at the empty ones (Python's
     * empty_foundations is then every empty foundation, else none). */
    for (i = 0; i < R.n_found; i++) alike_foundations |= R.found_alike[i] != i;
    if (alike_foundations)
        for (i = 0; i < R.n_found; i++) empty_alike |= !len[R.first_found + i];
    /* With no empty pile, cell or foundation among the alike, nothing below
     * applies (the usual case). */
    if (!(alike_piles && spaces) && !(R.n_cells && empty_cells) && !empty_alike) {
        __builtin_memcpy(out, moves, 3 * n);
        return n;
    }
    for (i = 0; i < n; i++) {
        int src = moves[3 * i], dst = moves[3 * i + 1], count = moves[3 * i + 2];
        if (dst < R.n_tableau && !len[dst] && alike_piles) {
            /* A whole pile into a space: the same position (piles are alike). */
            if (src < R.n_tableau && len[src] == count) continue;
            /* The same cards into a second space: a position already counted. */
            for (j = 0; j < n_space; j++)
                if (space_src[j] == src && space_count[j] == count) break;
            if (j < n_space) continue;
            space_src[n_space] = (u8)src; space_count[n_space++] = (u8)count;
        } else if (in_cells(dst) && !len[dst]) {
            /* From one free cell to another: the same position (cells are alike). */
            if (in_cells(src) && R.cell_holds == 1) continue;
            /* The same card into a second empty cell: already counted. */
            for (j = 0; j < n_cell; j++)
                if (cell_src[j] == src) break;
            if (j < n_cell) continue;
            cell_src[n_cell++] = (u8)src;
        } else if (empty_alike && R.kinds[dst] == KIND_F && !len[dst]) {
            /* The same card into a second empty foundation that starts and
             * builds alike and is fed by the same piles: already counted. */
            u8 kind = R.found_alike[dst - R.first_found];
            for (j = 0; j < n_found; j++)
                if (found_src[j] == src && found_kind[j] == kind) break;
            if (j < n_found) continue;
            found_src[n_found] = (u8)src; found_kind[n_found++] = kind;
        }
        __builtin_memcpy(out + 3 * kept, moves + 3 * i, 3);
        kept++;
    }
    return kept;
}

/* -- one stage: python_search._Search.run -----------------------------------
 * Resumable: stage_begin lays out the start, stage_run expands positions
 * until a number of them is counted or the stage ends, and the next
 * stage_run goes on where it stopped. Stopping between two expansions only
 * leaves the loop: the search's whole state (heap, nodes, table, count) is
 * kept here, so a stage run in slices visits the very positions, in the very
 * order, that it visits in one go; the host only looks at its clock between
 * slices (the core has none). */

#define RUNNING 0

static u8 expand[MAX_MOVES * 3];
static u32 last_node, stage_nodes;
static long long stage_max;     /* the stage's budget */
static i32 stage_cost;          /* its cost per move made */
/* Where a stage ran out of positions in the middle of an expansion (the
 * count reached its budget at a new position, as in Python), when the second
 * stage is to carry on from the first (carry_on): the position expanded and
 * the new one's score, to expand the first again and push the second. */
static Entry cut_entry;
static i32 cut_score;
static int cut;
static int carry;       /* 1: the second stage carries on from the first's (carry_on) */

static void set_root(void) {
    int i;
    for (i = 0; i < R.n_piles; i++) {
        len[i] = root_len[i];
        __builtin_memcpy(pile[i], root_pile[i], root_len[i]);
    }
    depth = 0;
    n_founded = 0;
}

/* (max_nodes may be below 0: the second stage's, when the first took more
 * than the whole budget, as solve's arithmetic makes it; then the first new
 * position ends it, as in Python.) */
static int stage_begin(long long max_nodes, i32 move_cost) {
    set_root();
    stage_nodes = 0;
    stage_max = max_nodes;
    stage_cost = move_cost;
    last_node = 0;
    cut = 0;
    n_nodes = n_heap = 0;
    if (is_won()) return WON;
    make_key(keys);
    add_key(keys, hash_key(keys), 0, 0, 0, 0, 0);     /* (made by no move) */
    push(-score(), 0, 0);
    return RUNNING;
}

/* A batch of the positions one expansion makes (stage_run): their keys,
 * hashes, marks and moves. Most of a long search's time was the misses of
 * the processor's caches in the table and among the keys, one position at a
 * time: looked at for a batch together, they are waited for together. */
#define BATCH 32
static u8 batch_keys[BATCH * KEY_MAX + 8];     /* (+8: copy_cards's slack) */
static u32 batch_hash[BATCH];
static u8 batch_mark[BATCH], batch_move[BATCH][3];
static volatile u32 looked;     /* what look_ahead read (volatile: else the reads are dropped) */

/* Read each batch position's first slot and, where its tag matches, the
 * first bytes of that node's key: the reads do not wait for one another,
 * so their misses overlap, and the probes after (add_key) find them in the
 * caches. It changes nothing but when memory is read. */
static void look_ahead(int made) {
    u32 sum = 0;
    int b;
    for (b = 0; b < made; b++) {
        u32 h = batch_hash[b], v = table[h & table_mask];
        if (v && (v & ~NODE_MASK) == (h & ~NODE_MASK))
            sum += keys[(u64)((v & NODE_MASK) - 1) * key_stride];
    }
    looked = sum;
}

/* Expand positions until `until` are counted in this stage (checked before
 * each expansion) or the stage ends: RUNNING, or its verdict. */
/* One step of every stage: the position of ``node`` on the board, and the moves to
 * try from it in ``*list`` (the moves asked for at the start, where the host named
 * them; else every move worth trying); their count, or an error. The score and
 * the key of each child are then made relative to this position. */
static int moves_from(u32 node, const u8 **list) {
    int n;
    restore(keys + (u64)node * key_stride);
    if (node == 0 && n_first >= 0) {
        *list = first_moves;
        n = n_first;
    } else {
        n = worth_trying(expand);
        if (n < 0) return n;
        *list = expand;
    }
    rescore_begin();
    parent_sorted();
    return n;
}

static int stage_run(u32 until) {
    u32 count = stage_nodes;
    long long max_nodes = stage_max;
    i32 move_cost = stage_cost;
    i32 s, parent_score;
    Node undoing;   /* the node expanded: the move that made it */
    while (n_heap) {
        Entry e;
        const u8 *list;
        int n, i;
        if (count >= until) return RUNNING;
        e = pop();
        n = moves_from(e.node, &list);
        if (n < 0) return n;
        parent_score = move_cost * (i32)e.depth - e.priority;
        undoing = nodes[e.node];
        for (i = 0; i < n;) {
            int made = 0, b;
            /* The keys of the next BATCH positions the moves make, then
             * their slots looked at all at once (look_ahead), then each
             * kept or not, in the moves' order, as one at a time would. */
            for (; i < n && made < BATCH; i++) {
                int src = list[3 * i], dst = list[3 * i + 1], cnt = list[3 * i + 2], err, plain;
                u8 *key = batch_keys + made * key_stride;
                err = apply(src, dst, cnt);
                if (err < 0) return err;
                plain = !stack[0].flags && !stack[0].n_founded;
                /* A plain move that takes back the plain move that made this
                 * position gives back its parent, a node of this stage's
                 * table: known, so passed over without making its key or
                 * probing the table for it (a sixth of all the moves tried
                 * in the games of one deck). */
                if (plain && undoing.mark == PLAIN && src == undoing.dst && dst == undoing.src
                    && cnt == undoing.count) {
                    revert();
                    continue;
                }
                key_after(key, src, dst);
                batch_hash[made] = hash_key(key);
                batch_mark[made] = plain ? PLAIN : 0;
                __builtin_memcpy(batch_move[made], list + 3 * i, 3);
                revert();
                made++;
            }
            look_ahead(made);
            for (b = 0; b < made; b++) {
                int src = batch_move[b][0], dst = batch_move[b][1], cnt = batch_move[b][2];
                if (!add_key(batch_keys + b * key_stride, batch_hash[b], e.node, src, dst, cnt,
                             batch_mark[b]))
                    continue;
                apply(src, dst, cnt);   /* (played once already: it cannot fail) */
                count++;
                stage_nodes = count;
                last_node = n_nodes - 1;
                if (is_won()) return WON;
                if ((long long)count >= max_nodes) {
                    if (carry) {
                        cut = 1;
                        cut_entry = e;
                        cut_score = score();
                    }
                    return UNKNOWN;     /* (the move stays played: decide takes it back) */
                }
                if (changes_foundations(src, dst)) {
                    s = score();
                    revert();
                } else {
                    s = parent_score + worth_change_reverted(src, dst);
                }
                push(move_cost * (i32)(e.depth + 1) - s, e.depth + 1, n_nodes - 1);
            }
        }
    }
    return LOST;
}

/* -- the third stage: a beam that only finds wins ---------------------------
 * When the host asks for it (search_plan.stages_for: every game since solver 5,
 * the games of several decks in solver 4), after the first two stages, with
 * what is left of the budget. Best-first over boards of two to four decks
 * spends its positions on the many ways of shuffling alike cards between
 * piles at one score, and with a stock (the Zerlines, Soother) on the same
 * tableau before and after each card dealt: it rarely gets deep enough to
 * win; in the one-deck games, given room, it wins deals whose wins lie
 * deeper than the best-first stages get in the time. A beam must go one
 * move deeper every level: from each of the `beam_width` best positions of
 * a level (the same score as the other stages), every move worth trying is
 * played, and the best `beam_width` of the new positions make the next
 * level. A beam that
 * dies out (no new position), or goes deeper than BEAM_DEPTH moves a card,
 * is started again, four times as wide (BEAM_FIRST, 4 x BEAM_FIRST, ...).
 *
 * It never proves a loss, so it may drop positions freely: it answers
 * "won", with the line (which solver.solve replays in the engine), or
 * "unknown" when its positions or memory are spent; never "lost" (only the
 * first two stages, whole searches, prove that). So its table is smaller
 * than theirs: a set of 28-bit hashes, no keys compared, and a position
 * whose hash is taken by another is only dropped, which the beam may do
 * anyway. Only the levels' positions are kept (their keys, to play on from
 * them, and their parents, for the line); the new positions a level makes
 * are kept only until the best of them are chosen.
 *
 * The table's slots hold a hash's upper 28 bits and the number of the
 * beam's start (1..15) in the lower four: a slot of an earlier start counts
 * as empty, so a new start needs no clearing of the table, but every
 * fifteenth; at the end the table is emptied for the next search. (Linear
 * probing stays right: within one start, no slot on the way to one of its
 * entries was empty or stale when that entry went in, nor is it later.) */

#define BEAM_FIRST 8        /* the first beam's width */
#define BEAM_GROWTH 4       /* each new start's width over the last's */
#define BEAM_DEPTH 4        /* a start gives up deeper than this many moves a card */

static u32 beam_width, beam_lo, beam_hi, beam_at, beam_levels, beam_most;
static u32 beam_start;      /* the start's number, 1..15, in the table's slots */
static int beam_full;       /* a level ran out of room for its new positions */
static int beam_cut;        /* a level made more new positions than the width */
static u64 beam_end;        /* past the last heap entry the beam wrote */

static void beam_clear_table(void) {
    __builtin_memset(table, 0, ((u64)table_mask + 1) * 4);
}

static u32 beam_seen;        /* slots filled under the current number */

static void beam_forget_seen(void) {
    if (++beam_start > 15) {
        beam_clear_table();
        beam_start = 1;
    }
    beam_seen = 0;
}

/* Whether the position of hash h is new in this start (and now seen). */
static int beam_new(u32 h) {
    u32 tag = (h & ~15u) | beam_start, slot = h & table_mask;
    for (;; slot = (slot + 1) & table_mask) {
        u32 v = table[slot];
        if (!v || (v & 15u) != beam_start) break;
        if (v == tag) return 0;
    }
    table[slot] = tag;
    /* Half full: forget every position seen so far (a new number for the
     * slots, as a new start takes), so that probes stay short and a slot is
     * always found. The beam may then meet a position again, which costs
     * positions, not correctness; its depth is bounded all the same. */
    if (++beam_seen > (table_mask + 1) / 2) beam_forget_seen();
    return 1;
}

/* A new start of the beam, `beam_width` wide, from the position itself. */
static void beam_restart(void) {
    u32 h;
    beam_forget_seen();
    set_root();
    make_key(keys);
    h = hash_key(keys);
    beam_new(h);
    nodes[0].parent = 0; nodes[0].hash = h;
    nodes[0].src = nodes[0].dst = nodes[0].count = nodes[0].mark = 0;
    n_nodes = 1;
    beam_lo = 0; beam_hi = 1; beam_at = 0; beam_levels = 0; beam_full = beam_cut = 0;
}

static void beam_begin(long long max_nodes) {
    int i, cards = 0;
    table_mask = table_full;    /* (the beam's table is the whole one, empty: forget) */
    for (i = 0; i < R.n_piles; i++) cards += root_len[i];
    stage_nodes = 0;
    stage_max = max_nodes;
    beam_most = BEAM_DEPTH * (u32)cards;
    beam_width = BEAM_FIRST;
    beam_start = 0;
    beam_end = 0;
    beam_restart();
}

/* The level's new positions [beam_hi, n_nodes) are made: keep the best
 * beam_width of them (by score, then by when they were made: heap order),
 * moved down after the level, in the order they were made. */
static void beam_choose(void) {
    u32 made = n_nodes - beam_hi, i, kept;
    u64 end = (u64)(unsigned long)(heap + made);
    if (end > beam_end) beam_end = end;
    n_heap = 0;
    for (i = 0; i < made; i++) {
        Entry e = heap[i];     /* (push writes at or below i) */
        push(e.priority, e.depth, e.node);
    }
    if (made > beam_width) beam_cut = 1;
    for (i = 0; i < made && i < beam_width; i++) nodes[pop().node].mark = 1;
    kept = beam_hi;
    for (i = beam_hi; i < n_nodes; i++) {
        if (!nodes[i].mark) continue;
        nodes[i].mark = 0;
        if (i != kept) {
            nodes[kept] = nodes[i];
            __builtin_memcpy(keys + (u64)kept * key_stride, keys + (u64)i * key_stride, key_stride);
        }
        kept++;
    }
    beam_lo = beam_hi;
    beam_hi = n_nodes = kept;
    beam_at = beam_lo;
    beam_levels++;
}

/* Expand the beam until `until` positions are counted in this stage
 * (checked before each expansion) or it ends: RUNNING, WON or UNKNOWN. */
static int beam_run(u32 until) {
    u32 count = stage_nodes;
    for (;;) {
        const u8 *list;
        int n, i;
        u32 parent;
        i32 parent_score = 0;
        int parent_scored = 0;
        if (count >= until) return RUNNING;
        if (beam_at == beam_hi) {
            beam_choose();
            if (beam_lo == beam_hi || beam_levels > beam_most) {
                /* Died out, or lost its way: wider, unless it had no room,
                 * or no level had more positions than it kept (a wider
                 * beam would search the very same). */
                if (beam_full || !beam_cut) return UNKNOWN;
                beam_width *= BEAM_GROWTH;
                beam_restart();
            }
            continue;
        }
        parent = beam_at++;
        n = moves_from(parent, &list);
        if (n < 0) return n;
        for (i = 0; i < n; i++) {
            int src = list[3 * i], dst = list[3 * i + 1], cnt = list[3 * i + 2], err;
            u8 *key;
            u32 h;
            i32 s;
            if (n_nodes >= cap) {   /* no room for more: the level is what it has */
                beam_full = 1;
                beam_at = beam_hi;
                break;
            }
            key = keys + (u64)n_nodes * key_stride;
            err = apply(src, dst, cnt);
            if (err < 0) return err;
            key_after(key, src, dst);
            h = hash_key(key);
            if (!beam_new(h)) { revert(); continue; }
            count++;
            stage_nodes = count;
            nodes[n_nodes].parent = parent;
            nodes[n_nodes].hash = h;
            nodes[n_nodes].src = (u8)src;
            nodes[n_nodes].dst = (u8)dst;
            nodes[n_nodes].count = (u8)cnt;
            nodes[n_nodes].mark = 0;
            if (is_won()) {
                last_node = n_nodes++;
                return WON;
            }
            if ((long long)count >= stage_max) { revert(); return UNKNOWN; }
            if (changes_foundations(src, dst)) {
                s = score();
                revert();
            } else {
                s = worth_change_reverted(src, dst);
                if (!parent_scored) { parent_score = score(); parent_scored = 1; }  /* (at the parent) */
                s += parent_score;
            }
            heap[n_nodes - beam_hi].priority = -s;
            heap[n_nodes - beam_hi].depth = 0;
            heap[n_nodes - beam_hi].node = n_nodes;
            n_nodes++;
        }
    }
}

/* The beam is over: its table emptied and its writes noted, as forget does
 * for the other stages (the nodes stay, for the line). */
static void beam_forget(void) {
    u64 end = (u64)(unsigned long)(heap + (n_nodes > beam_hi ? n_nodes - beam_hi : 0));
    if (beam_end > end) end = beam_end;
    if (end > written_end) written_end = end;
    beam_clear_table();
    beam_start = 0;
    table_mask = table_first;
}

/* The line from the start to the last node, into io after the two counts. */
static int write_line(void) {
    u32 n = 0, at = last_node, i;
    while (at) { n++; at = nodes[at].parent; }
    if (8 + 3 * (u64)n > IO_SIZE) return E_FULL;
    at = last_node;
    for (i = n; i > 0; i--) {
        io[8 + 3 * (i - 1)] = nodes[at].src;
        io[9 + 3 * (i - 1)] = nodes[at].dst;
        io[10 + 3 * (i - 1)] = nodes[at].count;
        at = nodes[at].parent;
    }
    return (int)n;
}

static void put32(u8 *p, u32 v) {
    p[0] = (u8)v; p[1] = (u8)(v >> 8); p[2] = (u8)(v >> 16); p[3] = (u8)(v >> 24);
}

/* -- solver.solve: the stages, resumable -----------------------------------
 * Two stages, each a whole search: greedy with a quarter of the budget, then
 * the rest of it with a cost per move made; or, when the host asks for the
 * third (the beam above: search_plan.stages_for), the second ends early and the
 * beam has the rest, a share of the budget the host chooses (half of it, or
 * a quarter: search_plan.beam_share). The host starts a search
 * (core_solve_start), runs it in slices of positions (core_solve_step) and,
 * with a time budget, may end the stage under way between slices as if its
 * budget were spent (core_solve_stop: the stage then hands the rest of the
 * budget to the next, as a stage that ran out of positions does).
 * core_solve does all of it in one call, for a budget of positions only. */

#define RUNNING_FIRST 4     /* what core_solve_step returns while a stage runs */
#define RUNNING_SECOND 5
#define RUNNING_THIRD 6

/* -- the second stage carrying on from the first (solver 6) ---------------
 * Solver 5's second stage searched afresh, so a deal the first did not
 * decide had its first positions searched twice, and a loss was proved only
 * if its reachable positions fitted in the second stage's share alone. When
 * the host asks (core_solve_start's `carry`), the second stage keeps the
 * first's table, nodes and heap and goes on from them: each waiting
 * position's priority gains the cost of the moves that led to it, as if the
 * second stage had pushed it, and the heap is put in order again. A loss is
 * still a proof: every position the two stages found was pushed once and is
 * expanded once before the heap runs dry (the pruning above does not depend
 * on the order), and a first stage that ran out of positions in the middle of
 * an expansion has the position it was expanding pushed again, with the new
 * position it had just counted: expanded again, it makes the rest of its
 * positions (those it had made are known and not counted twice). Positions
 * keep the depth they were first found at, which need not be their least:
 * that only orders the search (keeping the least found instead, a position
 * pushed again when found by fewer moves, decided no more deals of ten games
 * at 20,000 positions). The Python search has no such stage: its two stages
 * are the reference for the core's without `carry` (the tests compare them
 * so); with it, the core's "lost" is checked against exhaustive searches of
 * small boards. */
static void carry_on(long long max_nodes) {
    u32 i;
    stage_max = max_nodes;
    stage_cost = MOVE_COST;
    for (i = 0; i < n_heap; i++) heap[i].priority += MOVE_COST * (i32)heap[i].depth;
    if (cut) {
        Entry child;
        child.priority = MOVE_COST * (i32)(cut_entry.depth + 1) - cut_score;
        child.depth = cut_entry.depth + 1;
        child.node = n_nodes - 1;
        cut_entry.priority += MOVE_COST * (i32)cut_entry.depth;
        heap[n_heap++] = cut_entry;
        heap[n_heap++] = child;
        cut = 0;
    }
    for (i = n_heap / 2; i-- > 0;) sift_down(i, heap[i]);
}

static int phase;               /* 0: no search; 1, 2: that stage runs; 3: decided; 4: the beam */
static long long solve_budget;  /* the whole budget, every stage's */
static long long solve_asked;   /* the budget before a memory cap cut it (see stage_over) */
static u32 first_total;         /* positions the stages before this one counted */
static int decided;             /* the verdict, once phase is 3 */
static int third;               /* 0, or the beam follows the second stage and has
                                 * 1/third of the budget (2: half, 4: a quarter) */

/* A search decided (or failed): its figures and line into io, the position
 * back to the start. */
static int decide(int verdict) {
    u32 total = first_total + stage_nodes;     /* (first_total is 0 in the first) */
    int line;
    line = verdict == WON ? write_line() : 0;
    set_root();
    phase = 0;
    if (verdict < 0) return verdict;
    if (line < 0) return line;
    put32(io, total);
    put32(io + 4, (u32)line);
    phase = 3;
    decided = verdict;
    return verdict;
}

static int running(void) {
    return phase == 1 ? RUNNING_FIRST : phase == 2 ? RUNNING_SECOND : RUNNING_THIRD;
}

/* The stage under way has ended with `verdict` (UNKNOWN: its budget spent). */
static int stage_over(int verdict) {
    long long second_end = third ? solve_budget * (third - 1) / third : solve_budget;
    if (phase == 4) {
        beam_forget();
        return decide(verdict);
    }
    if (phase == 1 && verdict == UNKNOWN && carry) {
        phase = 2;
        carry_on(second_end);       /* (its count goes on from the first's) */
        return RUNNING_SECOND;
    }
    forget();       /* (the nodes stay, for the line: only the table forgets them) */
    if (phase == 1 && verdict == UNKNOWN) {
        first_total = stage_nodes;
        phase = 2;
        verdict = stage_begin(second_end - first_total, MOVE_COST);
        if (verdict == RUNNING) return RUNNING_SECOND;
    } else if (phase == 2 && verdict == UNKNOWN && third) {
        /* Only a win can come of the beam: "lost" stays the first two stages'. */
        first_total += stage_nodes;
        phase = 4;
        /* The beam keeps only its levels, far fewer positions than it
         * counts: a memory cap, which cut the budget to the positions the
         * other stages' table holds, does not cut its own (its room is the
         * arena's all the same: beam_full). */
        if (solve_asked - first_total > 0) {
            beam_begin(solve_asked - first_total);
            return RUNNING_THIRD;
        }
        beam_start = 0;
        stage_nodes = 0;
    }
    return decide(verdict);
}

/* Start deciding a position, searching at most max_nodes positions. io holds
 * the position (size bytes, as core_set_position reads it) and after it, if
 * first >= 0, the only moves tried from the position itself (first moves,
 * three bytes each, each legal there); first = -1: all worth trying.
 * memory_pages > 0: the memory (in 64 KiB pages, static data included) is
 * never grown past that many, and the budget is cut to the most positions
 * whose arena fits below it. beam: n >= 2 for the third stage (the beam)
 * after the second, with 1/n of the budget (the second then ends at
 * (n - 1)/n of it); 0 for the first two only (as solver.python_solve
 * searches). Returns the budget searched with
 * (or an error; E_BUDGET: more than the memory holds, or not even one
 * position within the cap); the position is the core's afterwards. */
EXPORT(core_solve_start) int core_solve_start(int size, int max_nodes, int first, int memory_pages,
                                              int beam, int carry_over) {
    int verdict, i, cards = 0;
    if (phase == 1 || phase == 2) forget();     /* (a search left unfinished) */
    if (phase == 4) beam_forget();
    phase = 0;
    if (!loaded) return E_NO_RULES;
    if (max_nodes < 0 || memory_pages < 0) return E_BUDGET;
    if (beam < 0 || beam == 1) return E_SHARE;
    if (first > MAX_MOVES || size < 0 || (u64)size + 3 * (u64)(first > 0 ? first : 0) > IO_SIZE)
        return E_FULL;
    verdict = core_set_position(size);
    if (verdict < 0) return verdict;
    n_first = first;
    if (first > 0) __builtin_memcpy(first_moves, io + size, 3 * first);
    for (i = 0; i < R.n_piles; i++) {
        root_len[i] = len[i];
        __builtin_memcpy(root_pile[i], pile[i], len[i]);
        cards += len[i];
    }
    n_sorted = (R.flags & FLAG_FEEDS) ? 0 : R.n_tableau;
    key_len = R.n_piles + cards;
    key_size = (key_len + 7) & ~7;
    /* After the key, the places (rounded up to 8 bytes), or 8 bytes for the
     * seven that copy_cards may write past the last pile when there are none. */
    key_stride = key_size + (n_sorted + R.n_cells ? (n_sorted + R.n_cells + 7) & ~7 : 8);
    if (key_stride > KEY_MAX) return E_LIMITS;
    solve_asked = max_nodes;
    if (memory_pages) {
        long long most = budget_within((u64)memory_pages << 16);
        if (most < 0) return E_BUDGET;
        if (max_nodes > most) max_nodes = (int)most;
    }
    verdict = make_arena((u32)max_nodes);
    if (verdict < 0) return verdict;
    solve_budget = max_nodes;
    first_total = 0;
    third = beam;
    carry = carry_over != 0;
    phase = 1;
    verdict = stage_begin(max_nodes / FIRST_STAGE, 0);
    if (verdict != RUNNING) {
        forget();
        decide(verdict);
    }
    return max_nodes;
}

/* Search on until `slice` more positions are counted (at the end of the
 * expansion that reaches them) or the search is decided: RUNNING_FIRST,
 * RUNNING_SECOND or RUNNING_THIRD (the stage under way), or the verdict
 * (WON, LOST or UNKNOWN) with io holding the positions searched (u32), the
 * winning line's length (u32) and its moves (3 bytes each); or an error.
 * Once decided, the core's position is the start again, its move stack empty. */
EXPORT(core_solve_step) int core_solve_step(int slice) {
    u32 left = (u32)slice;
    if (phase == 3) return decided;
    if (phase == 0) return E_NO_RULES;
    if (slice < 0) return E_BUDGET;
    for (;;) {
        u32 before = stage_nodes, used, until = before + left < before ? 0xFFFFFFFFu : before + left;
        int verdict = phase == 4 ? beam_run(until) : stage_run(until);
        if (verdict == RUNNING) return running();
        if (verdict < 0) {
            if (phase == 4) beam_forget(); else forget();
            return decide(verdict);
        }
        used = stage_nodes - before;
        left = used >= left ? 0 : left - used;
        /* A stage over, the next goes on with what is left of the slice. */
        verdict = stage_over(verdict);
        if (verdict != RUNNING_SECOND && verdict != RUNNING_THIRD) return verdict;
    }
}

/* End the stage under way now, as if its budget were spent (the host's time
 * for it is up): the first hands the rest of the budget to the second, the
 * second to the third if there is one, the last decides "unknown". Returns
 * what core_solve_step would. */
EXPORT(core_solve_stop) int core_solve_stop(void) {
    if (phase == 3) return decided;
    if (phase == 0) return E_NO_RULES;
    return stage_over(UNKNOWN);
}

/* solver.solve in one call, for a budget of positions only: core_solve_start
 * (no memory cap) and core_solve_step to the end. */
EXPORT(core_solve) int core_solve(int size, int max_nodes, int first, int beam, int carry_over) {
    int verdict = core_solve_start(size, max_nodes, first, 0, beam, carry_over);
    if (verdict < 0) return verdict;
    return core_solve_step(0x7FFFFFFF);
}
