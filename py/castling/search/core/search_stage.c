/* One best-first stage of the search (search_stage.h: what it offers). */

#include "search_stage.h"
#include "movegen.h"        /* R, pile, len, stack, depth, n_founded, apply, revert */
#include "search_keys.h"    /* make_key, key_after, restore, hash_key, add_key, push, pop */
#include "search_score.h"   /* is_won, score, rescore_begin, the change of worth, worth_trying */

/* -- one stage: python_search._Search.run -----------------------------------
 * Resumable: stage_begin lays out the start, stage_run expands positions
 * until a number of them is counted or the stage ends, and the next
 * stage_run goes on where it stopped. Stopping between two expansions only
 * leaves the loop: the search's whole state (heap, nodes, table, count) is
 * kept here, so a stage run in slices visits the very positions, in the very
 * order, that it visits in one go; the host only looks at its clock between
 * slices (the core has none). */

static u8 expand[MAX_MOVES * 3];
u32 last_node, stage_nodes;
long long stage_max;
i32 stage_cost;
Entry cut_entry;
i32 cut_score;
int cut;
int carry;
int scan_cut;
static int stage_shuffled;      /* 1: the shuffled scan (stage_begin) */

void set_root(void) {
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
int stage_begin(long long max_nodes, i32 move_cost, int shuffled) {
    set_root();
    stage_nodes = 0;
    stage_max = max_nodes;
    stage_cost = move_cost;
    stage_shuffled = shuffled;
    last_node = 0;
    cut = 0;
    scan_cut = 0;
    n_nodes = n_heap = 0;
    if (is_won()) return WON;
    make_key(keys);
    add_key(keys, hash_key(keys), 0, 0, 0, 0, 0);     /* (made by no move) */
    push(-score(), 0, 0);
    return RUNNING;
}

/* A position's priority, made `at_depth` moves from the start with score s
 * and hash h: the cost of its moves less its score; in the shuffled scan,
 * less SHUFFLED_BITS of its hash instead of the score, so that of the
 * positions one move makes each comes in an order of its own, the same in
 * every search (less than SCAN_DEEPER: the deepest still comes first). */
static i32 priority_of(i32 move_cost, u32 at_depth, i32 s, u32 h) {
    return move_cost * (i32)at_depth - (stage_shuffled ? (i32)(h >> (32 - SHUFFLED_BITS)) : s);
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
int moves_from(u32 node, const u8 **list) {
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

int stage_run(u32 until) {
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
        /* (The score a position was pushed with: none in the shuffled scan,
         * whose scores order nothing.) */
        parent_score = stage_shuffled ? 0 : move_cost * (i32)e.depth - e.priority;
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
                if (move_cost < 0 && e.depth + 1 >= SCAN_DEPTH) {
                    scan_cut = 1;       /* (the scan goes no deeper: see search_solve.c) */
                    continue;
                }
                push(priority_of(move_cost, e.depth + 1, s, batch_hash[b]), e.depth + 1,
                     n_nodes - 1);
            }
        }
    }
    return LOST;
}
