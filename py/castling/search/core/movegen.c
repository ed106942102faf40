/* Move generation, play and undo over a game's rules table: the rules table
 * read from core_io, positions in and out, MoveTables.generate / apply / revert /
 * found_forced mirrored line for line (movegen.h: what it offers). */

#include "movegen.h"

Rules R;
int loaded;
u8 pile[MAX_PILES][PILE_CAP + 1];
u8 len[MAX_PILES];
Record stack[MAX_DEPTH];
int depth;
u8 founded[MAX_FOUNDED][2];
u32 n_founded;
u8 moves[MAX_MOVES * 3];

static u32 get16(const u8 *p) { return p[0] | (u32)p[1] << 8; }
static u32 get32(const u8 *p) { return get16(p) | get16(p + 2) << 16; }
static u64 get64(const u8 *p) { return get32(p) | (u64)get32(p + 4) << 32; }

/* The rules table is in io[0..size). Returns 0, or an error. */
EXPORT(core_load_rules) int core_load_rules(int size) {
    const u8 *h = io, *p;
    int i, c, k;
    loaded = 0;
    if (size < HEADER_SIZE || h[0] != 'C' || h[1] != 'S' || h[2] != 'T' || h[3] != 'L')
        return E_MAGIC;
    if (get16(h + 4) != FORMAT) return E_FORMAT;
    if (get16(h + 6) != HEADER_SIZE || get32(h + 8) != (u32)size) return E_SIZE;
    R.n_piles = h[12]; R.n_tableau = h[13]; R.first_found = h[14]; R.n_found = h[15];
    R.first_reserve = h[16]; R.n_reserves = h[17]; R.stock = h[18]; R.waste = h[19];
    R.first_cell = h[20]; R.n_cells = h[21]; R.cell_holds = h[22]; R.n_sources = h[23];
    R.found_size = h[24]; R.decks = h[25]; R.flags = get16(h + 26);
    R.n_rounds = h[28]; R.n_faces = h[29];
    if (R.n_piles > MAX_PILES || R.n_found > MAX_FOUND || R.n_cells > MAX_CELLS
        || R.decks > MAX_DECKS || R.n_sources > R.n_piles || R.n_tableau > R.n_piles)
        return E_LIMITS;
    {   /* the sections' total must match before any is read */
        u32 want = HEADER_SIZE + R.n_piles + R.n_sources + 2 * NCARDS * NCARDS + 2 * NCARDS
                   + R.n_found * (1 + 8 + 8 * NCARDS + 1) + 4 * R.n_tableau
                   + 4 * (R.n_tableau + 1) * (R.n_cells + 1)
                   + 4 + R.n_faces + 2 * R.n_rounds;
        if (want != (u32)size) return E_SIZE;
    }
    p = h + HEADER_SIZE;
    __builtin_memcpy(R.kinds, p, R.n_piles); p += R.n_piles;
    __builtin_memcpy(R.sources, p, R.n_sources); p += R.n_sources;
    __builtin_memcpy(R.step, p, NCARDS * NCARDS); p += NCARDS * NCARDS;
    __builtin_memcpy(R.run_step, p, NCARDS * NCARDS); p += NCARDS * NCARDS;
    __builtin_memcpy(R.fills_space, p, NCARDS); p += NCARDS;
    __builtin_memcpy(R.own_found, p, NCARDS); p += NCARDS;
    __builtin_memcpy(R.found_suit, p, R.n_found); p += R.n_found;
    for (k = 0; k < R.n_found; k++, p += 8) R.found_start[k] = get64(p);
    for (k = 0; k < R.n_found; k++)
        for (c = 0; c < NCARDS; c++, p += 8) R.found_next[k][c] = get64(p);
    for (i = 0; i < R.n_tableau; i++, p += 4) R.feeds[i] = get32(p);
    __builtin_memcpy(R.found_alike, p, R.n_found); p += R.n_found;
    for (i = 0; i < (R.n_tableau + 1) * (R.n_cells + 1); i++, p += 4) {
        R.limit[i][0] = get16(p);
        R.limit[i][1] = get16(p + 2);
    }
    R.deal_flags = p[0]; R.reserve_plan = p[1]; R.reserve_rounds = p[2]; R.to_waste = p[3];
    p += 4;
    __builtin_memcpy(R.faces, p, R.n_faces); p += R.n_faces;
    __builtin_memcpy(R.rounds, p, 2 * R.n_rounds); p += 2 * R.n_rounds;
    /* A plan no Deal makes: an unknown reserve, or a round from pile 0 (it
     * would deal before the first pile) or ending before it starts. */
    if (R.reserve_plan > RESERVE_ONE_EACH) return E_LIMITS;
    for (i = 0; i < R.n_rounds; i++)
        if (!R.rounds[i][0] || R.rounds[i][0] > R.rounds[i][1]) return E_LIMITS;
    for (c = 0; c < NCARDS; c++) R.children[c] = 0;
    for (c = 0; c < NCARDS; c++) {
        R.n_hosts[c] = R.n_hosts_by[0][c] = R.n_hosts_by[1][c] = 0;
        for (i = 0; i < NCARDS; i++) {
            int s = R.step[i * NCARDS + c];
            if (!s) continue;
            R.hosts[c][R.n_hosts[c]++] = (u8)i;
            R.children[i] |= (u64)1 << c;
            k = s > 0 ? 0 : 1;
            R.hosts_by[k][c][R.n_hosts_by[k][c]++] = (u8)i;
        }
    }
    loaded = 1;
    depth = 0;
    n_founded = 0;
    for (i = 0; i < MAX_PILES; i++) len[i] = 0;
    return 0;
}

/* A position is in io[0..size): pile count, then each pile's length and cards. */
EXPORT(core_set_position) int core_set_position(int size) {
    int i, at = 1;
    if (!loaded) return E_NO_RULES;
    if (size < 1 || io[0] != R.n_piles) return E_POSITION;
    for (i = 0; i < R.n_piles; i++) {
        int n;
        if (at >= size) return E_POSITION;
        n = io[at++];
        if (at + n > size) return E_POSITION;
        __builtin_memcpy(pile[i], io + at, n);
        len[i] = (u8)n;
        at += n;
    }
    if (at != size) return E_POSITION;
    depth = 0;
    n_founded = 0;
    return 0;
}

/* The position into io; returns its size. */
EXPORT(core_get_position) int core_get_position(void) {
    int i, at = 1;
    if (!loaded) return E_NO_RULES;
    io[0] = R.n_piles;
    for (i = 0; i < R.n_piles; i++) {
        io[at++] = len[i];
        __builtin_memcpy(io + at, pile[i], len[i]);
        at += len[i];
    }
    return at;
}

int base_rank(void) {
    int k;
    for (k = 0; k < R.n_found; k++) {
        int f = R.first_found + k;
        if (len[f]) return pile[f][0] % 13;
    }
    return -1;
}

/* MoveTables.wants as a set of cards per foundation: a card's foundations
 * are then those whose set holds it, in foundation order, which is the
 * order of the tuples wants() builds. base < 0: not chosen (yet). */
void wants(int base, u64 *want) {
    int k;
    for (k = 0; k < R.n_found; k++) want[k] = 0;
    if (base < 0 && (R.flags & FLAG_CHOSEN_BASE)) return;
    for (k = 0; k < R.n_found; k++) {
        int f = R.first_found + k, n = len[f];
        if (n) {
            u8 top = pile[f][n - 1];
            if (n == R.found_size || top >= NCARDS) continue;
            want[k] = R.found_next[k][top];
        } else if (R.found_start[k]) {
            want[k] = R.found_start[k];
        } else if (base >= 0) {
            want[k] = (u64)1 << (R.found_suit[k] * 13 + base);
        }
    }
}

static int n_moves, overflow;

static void add(int src, int dst, int count) {
    if (n_moves >= MAX_MOVES) { overflow = 1; return; }
    moves[3 * n_moves] = (u8)src;
    moves[3 * n_moves + 1] = (u8)dst;
    moves[3 * n_moves + 2] = (u8)count;
    n_moves++;
}

/* Tableau piles by their face-up top card: several decks give a card up to
 * `decks` piles, listed in pile order as MoveTables' tops tuples are. */
static u8 n_tops[NCARDS], tops[NCARDS][MAX_DECKS];
static u8 empties[MAX_PILES], n_empties;

static void add_runs(int n_empty_cells) {
    int one_way = R.flags & FLAG_ONE_WAY_RUNS;
    int to_empties = (R.flags & FLAG_EMPTY_TAKES_RUNS) && n_empties;
    int row = n_empties * (R.n_cells + 1) + n_empty_cells;
    int longest = R.limit[row][0], longest_to_empty = R.limit[row][1];
    int s;
    for (s = 0; s < R.n_tableau; s++) {
        const u8 *cards = pile[s];
        int size = len[s], direction = 0, count = 1;
        while (count < size) {
            int lower = cards[size - count - 1], upper = cards[size - count], step, i, j;
            const u8 *hosts;
            int n_hosts;
            u8 bottom;
            if (lower >= NCARDS || upper >= NCARDS) break;
            step = R.run_step[lower * NCARDS + upper];
            if (!step) break;
            if (one_way) {
                if (direction && step != direction) break;
                direction = step;
            }
            count++;
            if (count > longest) break;
            bottom = cards[size - count];
            if (one_way) {
                hosts = R.hosts_by[direction > 0 ? 0 : 1][bottom];
                n_hosts = R.n_hosts_by[direction > 0 ? 0 : 1][bottom];
            } else {
                hosts = R.hosts[bottom];
                n_hosts = R.n_hosts[bottom];
            }
            for (i = 0; i < n_hosts; i++)
                for (j = 0; j < n_tops[hosts[i]]; j++)
                    /* A run that wraps all the way round may fit on its own top. */
                    if (tops[hosts[i]][j] != s) add(s, tops[hosts[i]][j], count);
            if (to_empties && count <= longest_to_empty && R.fills_space[bottom])
                for (i = 0; i < n_empties; i++)
                    if (empties[i] != s) add(s, empties[i], count);
        }
    }
}

/* MoveTables.generate into moves[]; returns the count, or E_FULL. */
int generate(void) {
    u64 want[MAX_FOUND];
    u8 empty_cells[MAX_CELLS];
    int n_empty_cells = 0, base = -1, unchosen = 0, tableau_open, i, j, k;
    int chosen = R.flags & FLAG_CHOSEN_BASE;
    int cells_take_any = !(R.flags & FLAG_CELLS_TAKE_TABLEAU_ONLY);
    int has_feeds = R.flags & FLAG_FEEDS;
    n_moves = overflow = 0;
    if (chosen) {
        base = base_rank();
        unchosen = base < 0;
    }
    wants(base, want);
    for (i = 0; i < NCARDS; i++) n_tops[i] = 0;
    n_empties = 0;
    for (i = 0; i < R.n_tableau; i++) {
        if (!len[i]) { empties[n_empties++] = (u8)i; continue; }
        {
            u8 top = pile[i][len[i] - 1];
            if (top < NCARDS && n_tops[top] < MAX_DECKS) tops[top][n_tops[top]++] = (u8)i;
        }
    }
    tableau_open = !(unchosen && (R.flags & FLAG_FOUND_FIRST));
    for (i = 0; i < R.n_cells; i++)
        if (len[R.first_cell + i] < R.cell_holds) empty_cells[n_empty_cells++] = (u8)(R.first_cell + i);
    if (R.stock != NONE && R.waste != NONE && len[R.stock]) add(R.stock, R.waste, 1);
    for (i = 0; i < R.n_sources; i++) {
        int s = R.sources[i], kind = R.kinds[s];
        u8 card;
        if (!len[s]) continue;
        card = pile[s][len[s] - 1];
        if (card >= NCARDS) continue;    /* face down */
        if (kind == KIND_F) {
            /* A chosen base card never leaves its foundation. */
            if (chosen && len[s] == 1) continue;
        } else if (unchosen) {
            add(s, R.own_found[card], 1);
        }
        if (!unchosen && (!has_feeds || kind == KIND_T)) {
            u64 bit = (u64)1 << card;
            for (k = 0; k < R.n_found; k++)
                if ((want[k] & bit) && (!has_feeds || (R.feeds[s] >> k & 1)))
                    add(s, R.first_found + k, 1);
        }
        if (tableau_open) {
            for (j = 0; j < R.n_hosts[card]; j++) {
                u8 host = R.hosts[card][j];
                for (k = 0; k < n_tops[host]; k++) add(s, tops[host][k], 1);
            }
            if (n_empties && R.fills_space[card])
                for (j = 0; j < n_empties; j++) add(s, empties[j], 1);
        }
        if (n_empty_cells && (kind == KIND_T || cells_take_any))
            for (j = 0; j < n_empty_cells; j++)
                if (empty_cells[j] != s) add(s, empty_cells[j], 1);
    }
    if ((R.flags & FLAG_RUN_MOVES) && tableau_open) add_runs(n_empty_cells);
    return overflow ? E_FULL : n_moves;
}

/* The legal moves into io, three bytes each; returns their count. */
EXPORT(core_moves) int core_moves(void) {
    int n;
    if (!loaded) return E_NO_RULES;
    n = generate();
    if (n < 0) return n;
    if (3 * n > IO_SIZE) return E_FULL;
    __builtin_memcpy(io, moves, 3 * n);
    return n;
}

/* MoveTables.found_forced: the founded pairs go on the shared founded[] stack. */
int found_forced(Record *r) {
    u64 want[MAX_FOUND];
    int s, k;
    for (;;) {
        int done = 1;
        wants(-1, want);
        for (s = 0; s < R.n_tableau && done; s++) {
            u8 top;
            if (!len[s]) continue;
            top = pile[s][len[s] - 1];
            if (top >= NCARDS) continue;
            for (k = 0; k < R.n_found; k++) {
                int f = R.first_found + k;
                if (!(want[k] >> top & 1)) continue;
                if ((R.flags & FLAG_FEEDS) && !(R.feeds[s] >> k & 1)) continue;
                if (n_founded >= MAX_FOUNDED || len[f] >= PILE_CAP) return E_FULL;
                pile[f][len[f]++] = pile[s][--len[s]];
                founded[n_founded][0] = (u8)s;
                founded[n_founded][1] = (u8)f;
                n_founded++;
                r->n_founded++;
                done = 0;
                break;
            }
        }
        if (done) return 0;
    }
}

/* MoveTables.apply, for a move known to be legal. */
int apply(int src, int dst, int count) {
    Record *r;
    u8 *from = pile[src];
    if (depth >= MAX_DEPTH || len[dst] + count > PILE_CAP) return E_FULL;
    r = &stack[depth];
    r->src = (u8)src; r->dst = (u8)dst; r->count = (u8)count;
    r->flags = 0; r->founded_at = n_founded; r->n_founded = 0;
    if (src == R.stock) {
        /* The stock's cards are face down: the one turned over shows. */
        pile[dst][len[dst]++] = (u8)(from[--len[src]] - FACE_DOWN);
        r->flags = TURNED_OVER;
    } else {
        __builtin_memcpy(pile[dst] + len[dst], from + len[src] - count, count);
        len[dst] += count;
        len[src] -= count;
        if (len[src]) {
            if (from[len[src] - 1] >= FACE_DOWN) {
                from[len[src] - 1] -= FACE_DOWN;
                r->flags = FLIPPED_SOURCE;
            }
        } else if ((R.flags & FLAG_REFILLS) && src < R.n_tableau) {
            int v = R.first_reserve;
            if (len[v]) {
                from[len[src]++] = pile[v][--len[v]];
                r->flags = REFILLED_SOURCE;
                if (len[v] && pile[v][len[v] - 1] >= FACE_DOWN) {
                    pile[v][len[v] - 1] -= FACE_DOWN;
                    r->flags |= FLIPPED_RESERVE;
                }
            }
        }
    }
    depth++;
    if (R.flags & FLAG_FORCED_FOUNDING) return found_forced(r);
    return 0;
}

/* MoveTables.revert of the last record. */
void revert(void) {
    Record *r = &stack[--depth];
    u8 *from = pile[r->src];
    int n;
    for (n = r->n_founded; n > 0; n--) {
        const u8 *pair = founded[r->founded_at + n - 1];
        pile[pair[0]][len[pair[0]]++] = pile[pair[1]][--len[pair[1]]];
    }
    n_founded = r->founded_at;
    if (r->flags & TURNED_OVER) {
        from[len[r->src]++] = (u8)(pile[r->dst][--len[r->dst]] + FACE_DOWN);
        return;
    }
    if (r->flags & REFILLED_SOURCE) {
        int v = R.first_reserve;
        if (r->flags & FLIPPED_RESERVE) pile[v][len[v] - 1] += FACE_DOWN;
        pile[v][len[v]++] = from[--len[r->src]];
    }
    if (r->flags & FLIPPED_SOURCE) from[len[r->src] - 1] += FACE_DOWN;
    len[r->dst] -= r->count;
    __builtin_memcpy(from + len[r->src], pile[r->dst] + len[r->dst], r->count);
    len[r->src] += r->count;
}

/* Play a legal move; its record goes into io (flags, foundings, then each
 * founding's two piles). Returns the record's size, or an error: the host's
 * move is checked against the legal ones, as Position.play checks it. */
EXPORT(core_play) int core_play(int src, int dst, int count) {
    int n, i, err;
    Record *r;
    if (!loaded) return E_NO_RULES;
    n = generate();
    if (n < 0) return n;
    for (i = 0; i < n; i++)
        if (moves[3 * i] == src && moves[3 * i + 1] == dst && moves[3 * i + 2] == count) break;
    if (i == n) return E_ILLEGAL;
    err = apply(src, dst, count);
    if (err < 0) return err;
    r = &stack[depth - 1];
    if (2 + 2 * (int)r->n_founded > IO_SIZE) return E_FULL;
    io[0] = r->flags;
    io[1] = (u8)r->n_founded;
    for (i = 0; i < r->n_founded; i++) {
        io[2 + 2 * i] = founded[r->founded_at + i][0];
        io[3 + 2 * i] = founded[r->founded_at + i][1];
    }
    return 2 + 2 * r->n_founded;
}

/* Take back the last move played. */
EXPORT(core_undo) int core_undo(void) {
    if (!loaded) return E_NO_RULES;
    if (!depth) return E_EMPTY;
    revert();
    return 0;
}

/* How many moves are played since the position was set. */
EXPORT(core_depth) int core_depth(void) { return depth; }
