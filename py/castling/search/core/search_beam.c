/* The third stage: a beam that only finds wins (search_beam.h: what it offers). */

#include "search_beam.h"
#include "movegen.h"        /* R, len, apply, revert */
#include "search_keys.h"    /* make_key, key_after, hash_key, push, pop */
#include "search_score.h"   /* is_won, score, changes_foundations, worth_change_reverted */
#include "search_stage.h"   /* set_root, moves_from, the stage's count and budget */

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
u32 beam_start;
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

void beam_begin(long long max_nodes) {
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
int beam_run(u32 until) {
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
void beam_forget(void) {
    u64 end = (u64)(unsigned long)(heap + (n_nodes > beam_hi ? n_nodes - beam_hi : 0));
    if (beam_end > end) end = beam_end;
    if (end > written_end) written_end = end;
    beam_clear_table();
    beam_start = 0;
    table_mask = table_first;
}
