// The table before Python is up, for every way in (docs/internals.md, "Start-up").
//
// Python takes seconds to start on a first visit and about a second on a
// return; the table should not. Whatever the router and the session will open
// (castling_web/routing.py), where it can be known without Python, is drawn
// here, laid out as castling.app.table.arrangement.arrange would lay it out for
// this board, with the hooks the app's renderer gives it (data-pile,
// data-card, the same classes and names), so that when Python is up it draws
// the same table over this one and nothing moves:
//
// * the front door (no link, nothing stored; a transfer link on a new device
//   too): build.py drew one deal (castling.app.first_visit) into the page,
//   <template id="first-table">, with what arrange() weighs for it in
//   <script id="first-table-plan">;
// * a deal link (#/GAME/NUMBER), a replay link (its deal, the viewer's panel
//   open), a return visit (the last game's save) and the deal in hand: the
//   page fetches that game's plan (tables/GAME.json: the arrangements, its
//   piles, its words) and rules table (tables/GAME.bin) and the compiled
//   search core (castling-core.wasm), the engine's tested mirror, which deals
//   the number and plays the save's moves. Nothing of a link or a save is
//   ever inserted as markup. What cannot be read draws nothing: the app says why.
//
// A first visit's welcome opens over the table (a link's says what was
// shared). Until data-ready the table plays (play.js): a tap, a drag and Undo
// are answered at once by the core, as the app answers them, and saved; the
// app, once up, plays on from there (html[data-early-moves]). A key gets a
// word, a button pressed is remembered (html[data-asked]) and pressed again
// once the app is up, and so is a game chosen in the list (html[data-asked-game]). Python's start waits
// for the table to be painted (window.castlingEarlyTable, interpreter.mjs).
//
// The page loads it as one classic script (first-table.js) at the end of the
// body, so that it runs as soon as the page is parsed, before the deferred
// modules. build.py joins it from this folder's parts, a file for each job, in
// the order scripts/first_table.py states, inside one function: one request
// and one scope, as when it was one file. This part is first: its names are
// shared by all.

const html = document.documentElement;
const board = document.getElementById("board");
// The build's plan of the front door's table (scripts/first_table.py), which
// names the languages the page speaks too (any other way in fetches its
// game's words in the player's language only).
const pagePlanElement = document.getElementById("first-table-plan");
const pagePlan = pagePlanElement ? JSON.parse(pagePlanElement.textContent) : null;
// Python's start waits for this (interpreter.mjs): it holds the main thread
// for a second or more on a slow phone, and no frame is drawn meanwhile, so
// the table drawn here is painted first. Settled once it is, or once there
// is nothing to draw (and by interpreter.mjs's own timeout at the latest).
let painted;
window.castlingEarlyTable = new Promise((resolve) => {
  painted = resolve;
});
// The early table's play, once it can play (play.js): the other input's
// guards leave the table and Undo to it.
let earlyPlay = null;
