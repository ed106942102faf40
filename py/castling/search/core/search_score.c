/* The search's score and the moves worth trying (search_score.h: what it offers). */

#include "search_score.h"
#include "movegen.h"    /* R, pile, len, stack, moves, base_rank, wants, generate, revert */
#include "search.h"     /* n_sorted */

/* -- the score: python_search._Search.score ---------------------------------
 * The sum over the piles of what each is worth: an empty tableau pile SPACE,
 * every card (face up or down) lying on a card some foundation takes next
 * -BURIED for each card above it, every tableau card not built on the card
 * below it -DISORDER; plus HOME a card on the foundations. Higher is better.
 * (A move that changed no foundation is rescored from its parent's score:
 * worth_change_reverted, below; the same integers, only quicker.) */

int is_won(void) {
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

i32 score(void) {
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

void rescore_begin(void) {
    int i;
    for (i = 0; i < R.n_piles; i++) worth_known[i] = 0;
    parent_wanted_known = 0;
}

int changes_foundations(int src, int dst) {
    return R.kinds[src] == KIND_F || R.kinds[dst] == KIND_F || stack[0].n_founded;
}

/* Called with the move src -> dst played (one that changed no foundation);
 * returns with it taken back (revert), giving what its piles' worth changed
 * by: the child's score less the parent's. */
i32 worth_change_reverted(int src, int dst) {
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

int in_cells(int p) {
    return R.n_cells && p >= R.first_cell && p < R.first_cell + R.n_cells;
}

/* The legal moves less those proved redundant, into `out`; returns their count. */
int worth_trying(u8 *out) {
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
