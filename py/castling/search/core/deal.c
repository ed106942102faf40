/* Dealing a game by number (deal.h: what it offers). */

#include "deal.h"
#include "movegen.h"    /* R, pile, len, depth, n_founded, found_forced */

/* ------------------------------------------------------------------------
 * Dealing: castling.deal.deal_piles mirrored card for card, so that the
 * browser can show a deal's cards before Python has started (the tests
 * compare the two for every game over numbers of every size).
 *
 * A deal number is PySolFC's: below 32000, Microsoft's FreeCell generator
 * (and, with one deck, FreeCell's order of the cards before the shuffle, so
 * that deal N is Microsoft's deal N); from 32000, the Mersenne Twister seeded
 * as CPython's random.Random(N) seeds it, with PySolFC's randint on top of
 * random(). Numbers go up to 10^20 - 1, 67 bits: they are read from decimal
 * digits into three 32-bit words, the key CPython's seeding uses anyway.
 */

#define MT_N 624
#define MT_M 397

/* The cards to deal, bottom first: the last one is dealt first (deal.py's list). */
static u8 deck[MAX_DECKS * NCARDS];
static int n_deck;
static u32 mt[MT_N];
static int mti;

/* The number in io[0..size) as 32-bit words, least significant first, or 0
 * if it is not one from 1 to 10^20 - 1 (parse_deal_number's digits: leading
 * zeros allowed, at most 20 significant digits, nothing but ASCII digits). */
static int read_number(int size, u32 *word) {
    int i, k, digits = 0;
    word[0] = word[1] = word[2] = 0;
    if (size < 1 || size > IO_SIZE) return 0;
    for (i = 0; i < size; i++) {
        u64 carry;
        if (io[i] < '0' || io[i] > '9') return 0;
        if (!digits && io[i] == '0') continue;      /* a leading zero */
        if (++digits > MAX_DIGITS) return 0;
        /* word = word * 10 + digit: 20 digits are under 2^67, three words hold them */
        for (carry = io[i] - '0', k = 0; k < 3; k++) {
            u64 v = (u64)word[k] * 10 + carry;
            word[k] = (u32)v;
            carry = v >> 32;
        }
    }
    return digits > 0;      /* all zeros (or none): 0, which is no deal */
}

/* CPython's init_by_array (Modules/_randommodule.c), which random.Random(N)
 * runs over N's 32-bit words: the same state, so the same numbers. */
static void mt_seed(const u32 *key, int n_key) {
    int i, j, k;
    mt[0] = 19650218u;      /* init_genrand(19650218) first */
    for (i = 1; i < MT_N; i++) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (u32)i;
    i = 1; j = 0;
    for (k = MT_N > n_key ? MT_N : n_key; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (u32)j;
        i++; j++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
        if (j >= n_key) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (u32)i;
        i++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
    }
    mt[0] = 0x80000000u;    /* a state that is never all zeros */
    mti = MT_N;
}

/* genrand_uint32. (The modulo indexing updates the words in the reference's
 * order: each reads words it has already renewed exactly where it does.) */
static u32 mt_next(void) {
    u32 y;
    int k;
    if (mti >= MT_N) {
        for (k = 0; k < MT_N; k++) {
            y = (mt[k] & 0x80000000u) | (mt[(k + 1) % MT_N] & 0x7fffffffu);
            mt[k] = mt[(k + MT_M) % MT_N] ^ (y >> 1) ^ (y & 1 ? 0x9908b0dfu : 0);
        }
        mti = 0;
    }
    y = mt[mti++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

/* PySolFC's randint(0, n) on random.random(): the float products are the
 * very IEEE doubles CPython computes (both exact up to the last multiply,
 * which rounds alike), so the truncation picks the same card. */
static int mt_randint(int n) {
    u32 a = mt_next() >> 5, b = mt_next() >> 6;
    double r = ((double)a * 67108864.0 + (double)b) * (1.0 / 9007199254740992.0);
    return (int)(r * (double)(n + 1));
}

/* deal.shuffled_cards into deck[]. */
static void shuffle(const u32 *number) {
    static const u8 freecell[4] = {0, 39, 26, 13};  /* per rank: C, D, H, S */
    int n = R.decks * NCARDS, i, j;
    for (i = 0; i < n; i++) deck[i] = (u8)(i % NCARDS);
    n_deck = n;
    if (!number[1] && !number[2] && number[0] < LCG_LIMIT) {
        u32 state = number[0];
        if (n == NCARDS)
            for (i = 0; i < NCARDS; i++) deck[i] = (u8)(i / 4 + freecell[i % 4]);
        for (i = n - 1; i > 0; i--) {
            u8 card;
            /* (u32 arithmetic wraps at 2^32: the low 31 bits kept are Python's) */
            state = (state * 214013u + 2531011u) & 0x7FFFFFFF;
            j = (int)(((state >> 16) & 0x7FFF) % (u32)(i + 1));
            card = deck[i]; deck[i] = deck[j]; deck[j] = card;
        }
    } else {
        /* random.Random(N)'s key: as many words as N needs, at least one */
        mt_seed(number, number[2] ? 3 : number[1] ? 2 : 1);
        for (i = n - 1; i > 0; i--) {
            u8 card;
            j = mt_randint(i);
            card = deck[i]; deck[i] = deck[j]; deck[j] = card;
        }
    }
}

/* One card onto a pile: the next to deal (draw) or a given one (put). Both
 * fail where deal_piles would raise (no card left) or a pile would pass
 * what the core holds (position_bytes refuses such a pile too). */
static int put(int at, int card) {
    if (len[at] >= PILE_CAP) return E_FULL;
    pile[at][len[at]++] = (u8)card;
    return 0;
}

static int draw(int at, int face_down) {
    if (!n_deck) return E_DEAL;
    return put(at, deck[--n_deck] + (face_down ? FACE_DOWN : 0));
}

/* The first foundation of a card's suit that is empty (want_empty) or whose
 * top card is the rank below it (deal._deal_founding), or -1. A foundation's
 * suit is found_suit: rules.foundation(k)[0], as deal.py's by_suit reads it. */
static int suit_foundation(int card, int want_empty) {
    int k;
    for (k = 0; k < R.n_found; k++) {
        int f = R.first_found + k;
        if (R.found_suit[k] != card / 13) continue;
        if (want_empty ? !len[f]
                       : len[f] && (pile[f][len[f] - 1] & ~FACE_DOWN) % 13 + 1 == card % 13)
            return f;
    }
    return -1;
}

#define TRY(call) do { int err_ = (call); if (err_ < 0) return err_; } while (0)

/* deal.deal_piles after the shuffle, step for step, onto empty piles. */
static int deal_cards(void) {
    int i, r, n_t = R.n_tableau, for_tableau, n_rounds;
    for (i = 0; i < R.n_piles; i++) len[i] = 0;
    if (R.deal_flags & DEAL_ACES_TO_FOUNDATIONS) {
        /* Each Ace, in the list's order, to the first empty foundation of its
         * suit; the other cards keep their order. */
        int kept = 0;
        for (i = 0; i < n_deck; i++) {
            int card = deck[i], f;
            if (card % 13) { deck[kept++] = (u8)card; continue; }
            f = suit_foundation(card, 1);
            if (f < 0) return E_DEAL;
            TRY(put(f, card));
        }
        n_deck = kept;
    }
    if (R.deal_flags & DEAL_FOUND_WHILE_DEALING) {
        /* Citadel: face-up rounds, a card a foundation takes going there and
         * its pile getting none that turn; nothing else is dealt. */
        if (!n_t && n_deck) return E_DEAL;     /* (deal.py would never end) */
        while (n_deck)
            for (i = 0; i < n_t && n_deck; i++) {
                int card = deck[n_deck - 1], home = suit_foundation(card, 0);
                n_deck--;
                TRY(put(home < 0 ? i : home, card));
            }
        return 0;
    }
    for (r = 0; r < R.reserve_rounds; r++)          /* Castle of Indolence */
        for (i = 0; i < R.n_reserves; i++) TRY(draw(R.first_reserve + i, 0));
    for (r = 0; r < R.n_rounds; r++) {              /* Somerset, Canister */
        int last = R.rounds[r][1] < n_t ? R.rounds[r][1] : n_t;   /* a slice's end */
        for (i = R.rounds[r][0] - 1; i < last; i++) TRY(draw(i, 0));
    }
    /* Rounds over the whole tableau take what the reserves will not, the
     * last round stopping short; given faces say how many rounds. */
    for_tableau = n_deck - (R.reserve_plan == RESERVE_ONE_EACH ? R.n_reserves : 0);
    if (for_tableau < 0 || (!R.n_faces && !n_t)) return E_DEAL;
    n_rounds = R.n_faces ? R.n_faces : (for_tableau + n_t - 1) / n_t;
    for (r = 0; r < n_rounds; r++) {
        int face_down = R.n_faces && !R.faces[r];
        for (i = 0; i < n_t && for_tableau; i++, for_tableau--) TRY(draw(i, face_down));
        if (R.flags & FLAG_FORCED_FOUNDING) {
            /* Rittenhouse: found_forced between rounds, as play does after a
             * move; nothing to undo, so its record and pairs are let go. */
            Record scratch;
            int err;
            scratch.n_founded = 0;
            n_founded = 0;
            err = found_forced(&scratch);
            n_founded = 0;
            if (err < 0) return err;
        }
    }
    if (R.reserve_plan == RESERVE_ONE_EACH) {
        for (i = 0; i < R.n_reserves; i++) TRY(draw(R.first_reserve + i, 0));
    } else if (R.reserve_plan == RESERVE_REST) {
        /* r1 becomes the rest, bottom first, only its top card face up */
        int v = R.first_reserve;
        if (!R.n_reserves) return E_DEAL;
        len[v] = 0;
        for (i = 0; i < n_deck; i++) TRY(put(v, deck[i] + (i < n_deck - 1 ? FACE_DOWN : 0)));
        n_deck = 0;
    }
    if (R.stock != NONE) {
        /* The stock face down, the next card to deal on top; some turned over. */
        if (R.waste == NONE) return E_DEAL;
        for (i = 0; i < n_deck; i++) TRY(put(R.stock, deck[i] + FACE_DOWN));
        n_deck = 0;
        for (r = 0; r < R.to_waste; r++) {
            if (!len[R.stock]) return E_DEAL;
            TRY(put(R.waste, pile[R.stock][--len[R.stock]] - FACE_DOWN));
        }
    }
    return n_deck ? E_DEAL : 0;     /* (deal_piles asserts every card dealt) */
}

/* Deal the game number io[0..size) (ASCII decimal digits) as deal_piles
 * does: the dealt position becomes the core's, its move stack empty, as
 * after core_set_position. A number refused (E_NUMBER) leaves the position
 * and its moves as they were: it is refused before anything is touched. A
 * plan the cards cannot fit (E_DEAL, or E_FULL: none of the engine's games)
 * leaves every pile empty, a position still, rather than half a deal. */
EXPORT(core_deal) int core_deal(int size) {
    u32 number[3];
    int err, i;
    if (!loaded) return E_NO_RULES;
    if (!read_number(size, number)) return E_NUMBER;
    depth = 0;
    n_founded = 0;
    shuffle(number);
    err = deal_cards();
    if (err < 0)
        for (i = 0; i < R.n_piles; i++) len[i] = 0;
    return err;
}
