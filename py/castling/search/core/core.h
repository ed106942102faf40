/* What every part of the compiled core shares: the integer types, how an export
 * is named, the constants shared with Python (core_shared.h, written by
 * scripts/build_core.py at each build: the error codes, verdicts and the other
 * codes the exports return among them), the fixed sizes, the rules table and
 * play record as the core holds them, and the host's I/O buffer (core.c).
 * core.c explains how the parts make one module. */

#ifndef CASTLING_CORE_H
#define CASTLING_CORE_H

typedef unsigned char u8;
typedef signed char i8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef int i32;

#ifdef __wasm__
#define EXPORT(name) __attribute__((export_name(#name)))
#else
#define EXPORT(name)
#endif

/* Every constant shared with the Python side (the tables' format and bits, the
   cards, movegen's record bits, the search's version and weights, the deal's
   limits, the codes the exports return: E_* errors, all negative, the
   verdicts WON, LOST, UNKNOWN, the stages' RUNNING_*, core_tap's TAP_*):
   written from the Python definitions at each build by scripts/build_core.py
   (from castling.search.core.codes among others), so nothing is copied here
   by hand. */
#include "core_shared.h"

/* Far more than any position of the 31 games has (their most is about 200). */
#define MAX_MOVES 4096
#define MAX_DEPTH 8192
#define MAX_FOUNDED 65536
#define IO_SIZE 65536

typedef struct {
    u8 n_piles, n_tableau, first_found, n_found, first_reserve, n_reserves;
    u8 stock, waste, first_cell, n_cells, cell_holds, n_sources, found_size, decks;
    u16 flags;
    u8 kinds[MAX_PILES];
    u8 sources[MAX_PILES];
    i8 step[NCARDS * NCARDS];
    i8 run_step[NCARDS * NCARDS];
    u8 fills_space[NCARDS];
    u8 own_found[NCARDS];
    u8 found_suit[MAX_FOUND];
    u64 found_start[MAX_FOUND];
    u64 found_next[MAX_FOUND][NCARDS];
    u32 feeds[MAX_PILES];
    u8 found_alike[MAX_FOUND];
    u16 limit[(MAX_PILES + 1) * (MAX_CELLS + 1)][2];
    /* castling.rules.Deal, as the deal section spells it */
    u8 deal_flags, reserve_plan, reserve_rounds, to_waste, n_faces, n_rounds;
    u8 faces[255], rounds[255][2];
    /* Made from step at load, lower cards ascending as MoveTables makes
     * hosts and hosts_by_step: the order is what keeps moves in step. */
    u8 n_hosts[NCARDS], hosts[NCARDS][NCARDS];
    u8 n_hosts_by[2][NCARDS], hosts_by[2][NCARDS][NCARDS]; /* [0]: up, [1]: down */
    u64 children[NCARDS];   /* MoveTables.children as sets: the cards that go on each */
} Rules;

typedef struct {
    u8 src, dst, count, flags;
    u32 founded_at;
    u16 n_founded;
} Record;

/* The one buffer the host writes and reads (core.c), and its exports. */
extern u8 io[IO_SIZE];
u8 *core_io(void);
int core_io_size(void);
int core_format(void);

#endif
