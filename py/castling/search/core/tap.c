/* The player's side of a move, over movegen.c's position: where one tap
 * sends a card, where dragged cards may go (a supermove's plan included),
 * which counts of cards can be picked up, and the cards auto-play sends home.
 * The page's early table (web/first-table/play.js) answers taps and drags
 * with these before Python is up; the app answers with the Python they mirror
 * line for line, in the same order:
 *
 *   castling.app.table.tap    tap_places, next_place, tap_choice
 *   castling.app.table.board  supermove, targets, pickable_counts, turn_move
 *   castling.hint             homeward_moves, safe_foundation_moves (and the
 *                             _is_founding_choice, _to_foundation they ask)
 *   castling.movegen          MoveTables.is_won
 *
 * tests/engine/test_core_tap.py holds them equal, every pile and count, along
 * random play and a won line of every game. */

#include "tap.h"
#include "movegen.h"    /* R, pile, len, depth, moves, base_rank, generate, apply, revert */

/* The legal moves of the position, kept apart from movegen's buffer (a
 * supermove's trial play generates again). */
static u8 legal[MAX_MOVES * 3];
static int n_legal;

static int list_legal(void) {
    int n = generate();
    if (n < 0) return n;
    __builtin_memcpy(legal, moves, 3 * n);
    n_legal = n;
    return n;
}

static int is_found(int i) { return i >= R.first_found && i < R.first_found + R.n_found; }

static int is_legal(int src, int dst, int count) {
    int i;
    for (i = 0; i < n_legal; i++)
        if (legal[3 * i] == src && legal[3 * i + 1] == dst && legal[3 * i + 2] == count) return 1;
    return 0;
}

/* hint.homeward_moves: legal moves to a foundation from any other pile,
 * sorted; none while a chosen base is not chosen. Into out; returns how many. */
static int homeward(u8 *out) {
    int i, j, n = 0;
    if ((R.flags & FLAG_CHOSEN_BASE) && base_rank() < 0) return 0;
    for (i = 0; i < n_legal; i++) {
        const u8 *m = legal + 3 * i;
        if (!is_found(m[1]) || is_found(m[0])) continue;
        /* insertion into sorted order (src, dst, count) */
        for (j = n; j > 0; j--) {
            const u8 *p = out + 3 * (j - 1);
            if (p[0] < m[0] || (p[0] == m[0] && (p[1] < m[1] || (p[1] == m[1] && p[2] <= m[2]))))
                break;
            out[3 * j] = p[0]; out[3 * j + 1] = p[1]; out[3 * j + 2] = p[2];
        }
        out[3 * j] = m[0]; out[3 * j + 1] = m[1]; out[3 * j + 2] = m[2];
        n++;
    }
    return n;
}

/* hint.safe_foundation_moves: the homeward moves of a card no tableau card
 * could still need to build on (every card that could be laid on it is home
 * in every deck, or follows it home). */
static u8 home_moves[MAX_MOVES * 3], tap_home[MAX_MOVES * 3], tap_safe[MAX_MOVES * 3];

static int safe_home(u8 *out) {
    u8 home[NCARDS];
    int i, k, c, n = 0, count = homeward(home_moves);
    for (c = 0; c < NCARDS; c++) home[c] = 0;
    for (k = 0; k < R.n_found; k++) {
        int f = R.first_found + k;
        for (i = 0; i < len[f]; i++)
            if (pile[f][i] < NCARDS) home[pile[f][i]]++;
    }
    for (i = 0; i < count; i++) {
        const u8 *m = home_moves + 3 * i;
        u8 card = pile[m[0]][len[m[0]] - 1];
        u64 successors = R.found_next[m[1] - R.first_found][card];
        int safe = 1;
        for (c = 0; c < NCARDS && safe; c++)
            if ((R.children[card] >> c & 1) && home[c] + (int)(successors >> c & 1) < R.decks) safe = 0;
        if (safe) {
            __builtin_memcpy(out + 3 * n, m, 3);
            n++;
        }
    }
    return n;
}

/* board._run_is_built: the top ``count`` cards of ``source`` are a built run. */
static int run_is_built(int source, int count) {
    int k, size = len[source];
    if (count > size) return 0;
    for (k = 1; k < count; k++) {
        u8 lower = pile[source][size - k - 1], upper = pile[source][size - k];
        if (lower >= NCARDS || upper >= NCARDS || !R.step[lower * NCARDS + upper]) return 0;
    }
    return 1;
}

/* A supermove's plan, as board.supermove makes it (half to a free pile, the
 * rest across, the half back on top). */
static u8 super_plan[MAX_MOVES * 3];
static int super_len, super_full;

static int super_carry(int n, int src, int dst, const u8 *spare, int n_spare) {
    int half;
    if (n == 1) {
        if (super_len >= MAX_MOVES) { super_full = 1; return 0; }
        super_plan[3 * super_len] = (u8)src; super_plan[3 * super_len + 1] = (u8)dst; super_plan[3 * super_len + 2] = 1;
        super_len++;
        return 1;
    }
    if (!n_spare) return 0;
    half = n / 2;
    return super_carry(half, src, spare[0], spare + 1, n_spare - 1)
        && super_carry(n - half, src, dst, spare + 1, n_spare - 1)
        && super_carry(half, spare[0], dst, spare + 1, n_spare - 1);
}

/* The plan into super_plan[] (super_len moves), checked by playing it on the
 * position and taking it back (board.supermove plays it on a copy): 1 when
 * it can be done, 0 when not, or an error (too many moves to hold, to play). */
static int supermove(int source, int target, int count) {
    u8 spare[MAX_PILES];
    int i, j, n_spare = 0, ok = 1, start = depth;
    if (count == 1 || !(R.flags & FLAG_SUPERMOVE)) return 0;
    if (!run_is_built(source, count)) return 0;
    for (i = 0; i < R.n_tableau; i++)
        if (!len[i] && i != source && i != target) spare[n_spare++] = (u8)i;
    super_len = super_full = 0;
    if (!super_carry(count, source, target, spare, n_spare)) return super_full ? E_FULL : 0;
    for (i = 0; i < super_len && ok == 1; i++) {
        int n = generate(), found = 0;
        const u8 *m = super_plan + 3 * i;
        if (n < 0) { ok = n; break; }
        for (j = 0; j < n && !found; j++)
            found = moves[3 * j] == m[0] && moves[3 * j + 1] == m[1] && moves[3 * j + 2] == m[2];
        if (!found) ok = 0;                                 /* trial.is_legal fails */
        else if (apply(m[0], m[1], m[2]) < 0) ok = E_FULL;
    }
    /* (apply may fail after its move is on the stack: back to where it began) */
    while (depth > start) revert();
    return ok;
}

/* board.targets: where ``count`` cards of ``source`` may go, each target with
 * the moves that put them there, in the dict's order (the legal moves', then
 * the supermoves' in table order). */
static struct {
    int n;
    u8 target[MAX_PILES];
    int start[MAX_PILES], count[MAX_PILES];     /* moves in tmoves[] */
    u8 tmoves[MAX_MOVES * 3];
    int used;
} T;

static int target_at(int target) {
    int k;
    for (k = 0; k < T.n; k++)
        if (T.target[k] == target) return k;
    return -1;
}

static int targets(int source, int count) {
    int i;
    T.n = T.used = 0;
    for (i = 0; i < n_legal; i++) {
        const u8 *m = legal + 3 * i;
        int k;
        if (m[0] != source || m[2] != count) continue;
        k = target_at(m[1]);
        if (k < 0) {
            if (T.n >= MAX_PILES || T.used >= MAX_MOVES) return E_FULL;
            k = T.n++;
            T.target[k] = m[1];
        }
        /* (one move a target: a later equal one replaces it, as the dict does) */
        T.start[k] = T.used;
        T.count[k] = 1;
        __builtin_memcpy(T.tmoves + 3 * T.used++, m, 3);
    }
    if (count > 1 && (R.flags & FLAG_SUPERMOVE)) {
        int target, done;
        for (target = 0; target < R.n_tableau; target++) {
            if (target == source || target_at(target) >= 0) continue;
            done = supermove(source, target, count);
            if (done < 0) return done;
            if (!done) continue;
            if (T.n >= MAX_PILES || T.used + super_len > MAX_MOVES) return E_FULL;
            T.target[T.n] = (u8)target;
            T.start[T.n] = T.used;
            T.count[T.n] = super_len;
            __builtin_memcpy(T.tmoves + 3 * T.used, super_plan, 3 * super_len);
            T.used += super_len;
            T.n++;
        }
    }
    return T.n;
}

/* board.pickable_counts, as flags: counts[c] for each count c (a move's
 * count is a byte). 0, or an error. */
static u8 counts[256];

static int pickable(int source) {
    int i, count;
    for (count = 0; count < 256; count++) counts[count] = 0;
    for (i = 0; i < n_legal; i++)
        if (legal[3 * i] == source) counts[legal[3 * i + 2]] = 1;
    if ((R.flags & FLAG_SUPERMOVE) && source < R.n_tableau) {
        for (count = 2; count <= len[source]; count++) {
            int n;
            if (!run_is_built(source, count)) break;
            n = targets(source, count);
            if (n < 0) return n;
            if (n) counts[count] = 1;
        }
    }
    return 0;
}

/* tap.tap_places: the piles one tap may send the cards to, best first, into
 * places[]; never a foundation that would choose the base. */
static int tap_places(int source, int count, u8 *places) {
    int ranks[MAX_PILES];
    int n_home = homeward(tap_home), n_safe = safe_home(tap_safe), n = 0, i, j, k;
    int found = targets(source, count);
    if (found < 0) return found;
    for (k = 0; k < T.n; k++) {
        int t = T.target[k], in_home = 0, in_safe = 0, rank;
        for (i = 0; i < n_home; i++)
            in_home |= tap_home[3 * i] == source && tap_home[3 * i + 1] == t;
        for (i = 0; i < n_safe; i++)
            in_safe |= tap_safe[3 * i] == source && tap_safe[3 * i + 1] == t;
        if (is_found(t) && !(count == 1 && in_home)) continue;
        rank = is_found(t) ? (in_safe ? 0 : 2) : t < R.n_tableau ? (len[t] ? 1 : 3) : 4;
        /* insertion by (rank, target) */
        for (j = n; j > 0 && (ranks[j - 1] > rank || (ranks[j - 1] == rank && places[j - 1] > t)); j--) {
            ranks[j] = ranks[j - 1];
            places[j] = places[j - 1];
        }
        ranks[j] = rank;
        places[j] = (u8)t;
        n++;
    }
    return n;
}

/* The answer of core_tap into io: kind (TAP_*), source, count, then moves or places. */
static int answer(int kind, int source, int count, const u8 *items, int n, int width) {
    if (4 + width * n > IO_SIZE) return E_FULL;
    io[0] = (u8)kind;
    io[1] = (u8)(source < 0 ? 255 : source);
    io[2] = (u8)count;
    io[3] = (u8)n;
    if (n) __builtin_memcpy(io + 4, items, width * n);
    return 4 + width * n;
}

static int play_target(int k, int source, int count) {
    if (T.count[k] > 255) return E_FULL;
    return answer(TAP_PLAY, source, count, T.tmoves + 3 * T.start[k], T.count[k], 3);
}

/* tap.tap_choice for a tap on pile ``pile``, on the card ``count`` from its
 * top (0: a face-down card, or none), with ``held_count`` cards of pile
 * ``held_source`` held (-1: none); the piles tried in this run of taps are
 * in io (their count, then each). */
EXPORT(core_tap) int core_tap(int pile_at, int count, int held_source, int held_count) {
    u8 tried[256], places[MAX_PILES];
    int n_tried, n_places, i, k, err, target = -1;
    if (!loaded) return E_NO_RULES;
    n_tried = io[0];
    __builtin_memcpy(tried, io + 1, n_tried);
    if (pile_at < 0 || pile_at >= R.n_piles || count < 0 || count > 255
        || held_source >= R.n_piles || (held_source >= 0 && (held_count < 0 || held_count > 255)))
        return E_POSITION;
    if (list_legal() < 0) return E_FULL;
    if (R.stock != NONE && pile_at == R.stock && is_legal(R.stock, R.waste, 1)) {
        u8 turn[3] = {R.stock, R.waste, 1};
        return answer(TAP_PLAY, pile_at, 1, turn, 1, 3);
    }
    if (held_source >= 0 && held_source != pile_at) {
        if ((err = targets(held_source, held_count)) < 0) return err;
        k = target_at(pile_at);
        if (k >= 0) return play_target(k, held_source, held_count);
    }
    if (held_source >= 0 && held_source == pile_at && held_count == count)
        return answer(TAP_PUT_BACK, pile_at, held_count, 0, 0, 0);
    if (count && (err = pickable(pile_at)) < 0) return err;
    if (!count || !counts[count])
        return answer(TAP_NOTHING, pile_at, count, 0, 0, 0);
    n_places = tap_places(pile_at, count, places);     /* (T: the targets) */
    if (n_places < 0) return n_places;
    /* next_place: the best not tried, else the best of all */
    for (i = 0; i < n_places && target < 0; i++) {
        int was = 0, j;
        for (j = 0; j < n_tried; j++) was |= tried[j] == places[i];
        if (!was) target = places[i];
    }
    if (target < 0 && n_places) target = places[0];
    if (target < 0) return answer(TAP_HOLD, pile_at, count, T.target, T.n, 1);
    return play_target(target_at(target), pile_at, count);
}

/* board.targets into io: their count, then each target, its number of
 * moves and the moves; returns the size. */
EXPORT(core_targets) int core_targets(int source, int count) {
    int k, at = 1, n;
    if (!loaded) return E_NO_RULES;
    if (source < 0 || source >= R.n_piles) return E_POSITION;
    if (list_legal() < 0) return E_FULL;
    n = targets(source, count);
    if (n < 0) return n;
    io[0] = (u8)n;
    for (k = 0; k < n; k++) {
        if (T.count[k] > 255 || at + 2 + 3 * T.count[k] > IO_SIZE) return E_FULL;
        io[at] = T.target[k];
        io[at + 1] = (u8)T.count[k];
        __builtin_memcpy(io + at + 2, T.tmoves + 3 * T.start[k], 3 * T.count[k]);
        at += 2 + 3 * T.count[k];
    }
    return at;
}

/* board.pickable_counts into io: their count, then each, ascending. */
EXPORT(core_pickable) int core_pickable(int source) {
    int count, err, n = 0;
    if (!loaded) return E_NO_RULES;
    if (source < 0 || source >= R.n_piles) return E_POSITION;
    if (list_legal() < 0) return E_FULL;
    if ((err = pickable(source)) < 0) return err;
    for (count = 1; count < 256; count++)
        if (counts[count]) io[1 + n++] = (u8)count;
    io[0] = (u8)n;
    return 1 + n;
}

/* hint.safe_foundation_moves into io, three bytes each; returns how many. */
EXPORT(core_safe_home) int core_safe_home(void) {
    if (!loaded) return E_NO_RULES;
    if (list_legal() < 0) return E_FULL;
    return safe_home(io);
}

/* hint.homeward_moves into io, three bytes each; returns how many. */
EXPORT(core_homeward) int core_homeward(void) {
    if (!loaded) return E_NO_RULES;
    if (list_legal() < 0) return E_FULL;
    return homeward(io);
}

/* MoveTables.is_won: no card left but on the foundations. */
EXPORT(core_is_won) int core_is_won(void) {
    int i;
    if (!loaded) return E_NO_RULES;
    for (i = 0; i < R.n_piles; i++)
        if (!is_found(i) && len[i]) return 0;
    return 1;
}
