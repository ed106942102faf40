/* The stages run in turn, resumable, and the exports that run them (search_solve.h). */

#include "search_solve.h"
#include "movegen.h"        /* R, loaded, pile, len, core_set_position */
#include "search.h"         /* the arena, the start, forget */
#include "search_keys.h"    /* sift_down */
#include "search_stage.h"   /* the stage's state, set_root, stage_begin, stage_run */
#include "search_beam.h"    /* beam_begin, beam_run, beam_forget, beam_start */

/* -- solver.solve: the stages, resumable -----------------------------------
 * Two stages, each a whole search: greedy with a quarter of the budget, then
 * the rest of it with a cost per move made; or, when the host asks for the
 * third (the beam, search_beam.c: plan.stages_for), the second ends early and the
 * beam has the rest, a share of the budget the host chooses (half of it, or
 * a quarter: search_plan.beam_share). The host starts a search
 * (core_solve_start), runs it in slices of positions (core_solve_step) and,
 * with a time budget, may end the stage under way between slices as if its
 * budget were spent (core_solve_stop: the stage then hands the rest of the
 * budget to the next, as a stage that ran out of positions does).
 * core_solve does all of it in one call, for a budget of positions only. */

/* (core_solve_step returns RUNNING_FIRST, RUNNING_SECOND, RUNNING_SCAN,
 * RUNNING_SHUFFLED or RUNNING_THIRD while a stage runs: core_shared.h's, from
 * castling.search.core.codes.) */

/* -- the scan: depth first, after the best-first stages (solver 7) -------
 * A best-first stage whose cost per move is -SCAN_DEEPER, far more than any
 * score differs by: the deepest position waiting is always the next, its
 * children tried best score first, so the search goes down one line and
 * backs up only when that line is spent, as a depth-first search with a
 * transposition table does (Freecell Solver's "soft DFS"). Best-first
 * stages spread over many lines at one score and may not get deep enough
 * to win where a deal's wins are long; the scan commits to one, and wins
 * such deals within a few thousand positions or not at all. It searches
 * afresh, with 1/scan of the budget (the host's: plan.scan_share), when
 * the two best-first stages are over undecided (the second ends that much
 * sooner), before the beam. Not first: what the best-first stages decide
 * is then decided as before, by their lines, and the scan's lines wander
 * (a player following hint after hint from them went round in circles).
 * Positions SCAN_DEPTH moves deep are counted, not expanded (a line so
 * long would not fit io, and the heap's priorities stay within an i32):
 * a scan that ran dry then proved nothing; one that ran dry with none cut
 * searched every position reachable, a proof of a loss as either
 * best-first stage's is.
 *
 * The shuffled scan (solver 8), when the host asks for it, follows with as
 * much again: a scan whose positions of one depth come in an order their
 * hashes give (search_stage.c's priority_of), not their scores. Where the
 * wins are few, which line a scan commits to first decides whether it
 * finds one: the two orders win different deals (Freecell Solver's
 * random-order scans, raced beside its others, are there for the same
 * reason). */

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

static int phase;               /* 0: no search; 1, 2: that stage runs; 3: decided; 4: the beam;
                                 * 5: the scan; 6: the shuffled scan */
static long long solve_budget;  /* the whole budget, every stage's */
static long long solve_asked;   /* the budget before a memory cap cut it (see stage_over) */
static u32 first_total;         /* positions the stages before this one counted */
static int decided;             /* the verdict, once phase is 3 */
static int third;               /* 0, or the beam follows the second stage and has
                                 * 1/third of the budget (2: half, 4: a quarter) */
static int scan;                /* 0, or the scan follows the second stage and has
                                 * 1/scan of the budget */
static int shuffled;            /* 1: the shuffled scan follows the scan, with as much */

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
    return phase == 1 ? RUNNING_FIRST : phase == 2 ? RUNNING_SECOND
         : phase == 5 ? RUNNING_SCAN : phase == 6 ? RUNNING_SHUFFLED : RUNNING_THIRD;
}

/* The stage under way has ended with `verdict` (UNKNOWN: its budget spent). */
static int stage_over(int verdict) {
    long long second_end = (third ? solve_budget * (third - 1) / third : solve_budget)
                           - (scan ? (1 + shuffled) * (solve_budget / scan) : 0);
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
    if ((phase == 5 || phase == 6) && verdict == LOST && scan_cut)
        verdict = UNKNOWN;                                  /* (not a whole search) */
    if (phase == 1 && verdict == UNKNOWN) {
        first_total = stage_nodes;
        phase = 2;
        verdict = stage_begin(second_end - first_total, MOVE_COST, 0);
        if (verdict == RUNNING) return RUNNING_SECOND;
    } else if (phase == 2 && verdict == UNKNOWN && scan) {
        first_total += stage_nodes;
        phase = 5;
        verdict = stage_begin(solve_budget / scan, -SCAN_DEEPER, 0);
        if (verdict == RUNNING) return RUNNING_SCAN;
    } else if (phase == 5 && verdict == UNKNOWN && shuffled) {
        first_total += stage_nodes;
        phase = 6;
        verdict = stage_begin(solve_budget / scan, -SCAN_DEEPER, 1);
        if (verdict == RUNNING) return RUNNING_SHUFFLED;
    } else if ((phase == 2 || phase == 5 || phase == 6) && verdict == UNKNOWN && third) {
        /* Only a win can come of the beam: "lost" stays the other stages'. */
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
 * searches). scan: n >= 2 for the scan after the second stage, with 1/n of
 * the budget (the second then ends 1/n sooner); 0 for none. shuffled: 1 for
 * the shuffled scan after the scan, with 1/n too (the second ends 2/n
 * sooner), 0 for none.
 * Returns the budget searched with
 * (or an error; E_BUDGET: more than the memory holds, or not even one
 * position within the cap); the position is the core's afterwards. */
EXPORT(core_solve_start) int core_solve_start(int size, int max_nodes, int first, int memory_pages,
                                              int beam, int carry_over, int scan_share,
                                              int shuffled_too) {
    int verdict, i, cards = 0, key_len;
    if (phase == 1 || phase == 2 || phase == 5 || phase == 6) forget();     /* (a search left unfinished) */
    if (phase == 4) beam_forget();
    phase = 0;
    if (!loaded) return E_NO_RULES;
    if (max_nodes < 0 || memory_pages < 0) return E_BUDGET;
    if (beam < 0 || beam == 1 || scan_share < 0 || scan_share == 1
        || (shuffled_too && (shuffled_too != 1 || scan_share < 3))) return E_SHARE;
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
    scan = scan_share;
    shuffled = shuffled_too;
    phase = 1;
    verdict = stage_begin(max_nodes / FIRST_STAGE, 0, 0);
    if (verdict != RUNNING) {
        forget();
        decide(verdict);
    }
    return max_nodes;
}

/* Search on until `slice` more positions are counted (at the end of the
 * expansion that reaches them) or the search is decided: RUNNING_FIRST,
 * RUNNING_SECOND, RUNNING_SCAN, RUNNING_SHUFFLED or RUNNING_THIRD (the stage
 * under way), or the verdict
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
        if (verdict != RUNNING_SECOND && verdict != RUNNING_SCAN && verdict != RUNNING_SHUFFLED
            && verdict != RUNNING_THIRD)
            return verdict;
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
EXPORT(core_solve) int core_solve(int size, int max_nodes, int first, int beam, int carry_over,
                                  int scan, int shuffled_too) {
    int verdict = core_solve_start(size, max_nodes, first, 0, beam, carry_over, scan,
                                   shuffled_too);
    if (verdict < 0) return verdict;
    return core_solve_step(0x7FFFFFFF);
}
