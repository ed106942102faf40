// Part of first-table.js (page.js says how): the early table's pointer, until
// the app is up — a press, a drag and a drop, as castling_web/pointer.py's
// on_down, on_move and on_up: a press that does not move is a tap (play.js's
// EarlyTable.tap); a drag lifts the cards the core lets it pick, marks where
// they may go and drops them on the legal pile they cover most (its moves
// played by the table), or glides them back.

class EarlyPointer {
  constructor(table) {
    this.table = table;              // the EarlyTable it plays on
    this.press = null;               // {x, y, name, count, dragging, lifted, targets, offset}
  }

  down(event) {
    const pile = event.target.closest("#board [data-pile]");
    if (!pile) {
      this.table.putBack();
      return;
    }
    const name = pile.getAttribute("data-pile");
    const card = event.target.closest(".card");
    const count = card && card.getAttribute("data-card") !== "down"
      ? this.table.drawn[name].length - Number(card.getAttribute("data-index")) : null;
    this.press = {x: event.clientX, y: event.clientY, name, count, dragging: false, lifted: [],
                  targets: new Map(), offset: [0, 0]};
  }

  move(event) {
    const press = this.press;
    if (!press) {
      return;
    }
    const [dx, dy] = [event.clientX - press.x, event.clientY - press.y];
    if (!press.dragging && Math.abs(dx) + Math.abs(dy) < this.table.plan.play.drag_threshold) {
      return;
    }
    if (!press.dragging) {
      const source = this.table.index(press.name);
      if (press.count === null || !this.table.game.pickable(source).includes(press.count)) {
        this.press = null;
        return;
      }
      press.dragging = true;
      press.targets = this.table.game.targets(source, press.count);
      press.lifted = this.table.cardsOf(press.name).slice(-press.count);
      for (const card of press.lifted) {
        card.classList.add("dragging");
      }
      this.table.mark("target", [...press.targets.keys()].map((target) => this.table.names[target]));
      this.table.sound("pick-up");
    }
    press.offset = [dx, dy];
    for (const card of press.lifted) {
      card.style.transform = `translate(${dx}px, ${dy}px)`;
    }
  }

  up(event) {
    const press = this.press;
    this.press = null;
    if (!press) {
      return;
    }
    if (!press.dragging) {
      this.table.tap(press.name, press.count, event.timeStamp);
      return;
    }
    const covered = this.covered(press);
    const moves = covered === null ? null : press.targets.get(covered);
    for (const card of press.lifted) {
      card.classList.remove("dragging");
      card.style.transform = "";
    }
    this.table.mark("target");
    if (moves) {
      this.table.play(moves);
      return;
    }
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const pile = under && under.closest("#board [data-pile]");
    if (pile && pile.getAttribute("data-pile") !== press.name) {
      this.table.sound("refused");            // dropped on a pile it may not go to
    }
    this.glideBack(press.lifted, ...press.offset);
  }

  cancel() {
    const press = this.press;
    this.press = null;
    if (press && press.dragging) {
      for (const card of press.lifted) {
        card.classList.remove("dragging");
        card.style.transform = "";
      }
      this.table.mark("target");
      this.glideBack(press.lifted, ...press.offset);
    }
  }

  // The legal pile the dragged cards cover most, with at least a share of
  // them over it (pointer.py's most_covered): the pile's place and its cards' together.
  covered(press) {
    const box = (elements) => {
      const rects = elements.map((element) => element.getBoundingClientRect());
      return [Math.min(...rects.map((r) => r.left)), Math.min(...rects.map((r) => r.top)),
              Math.max(...rects.map((r) => r.right)), Math.max(...rects.map((r) => r.bottom))];
    };
    const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]))
      * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
    const cards = box(press.lifted);
    const area = (cards[2] - cards[0]) * (cards[3] - cards[1]);
    let best = null;
    let most = -1;
    for (const target of [...press.targets.keys()].sort((a, b) => a - b)) {
      const name = this.table.names[target];
      const shared = overlap(cards, box([this.table.elements[name], ...this.table.cardsOf(name)]));
      if (shared > most) {
        [best, most] = [target, shared];
      }
    }
    return area > 0 && best !== null && most >= this.table.plan.play.drop_share * area ? best : null;
  }

  glideBack(elements, dx, dy) {
    const duration = this.table.duration();
    if (duration === null) {
      return;
    }
    for (const element of elements) {
      element.animate([{transform: `translate(${dx}px, ${dy}px)`, zIndex: 100},
                       {transform: "none", zIndex: 100}],
                      {duration: duration * 1.5, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)"});
    }
  }

  // Listen until the app is up (hold-input.js's untilReady).
  listen() {
    const ready = () => html.dataset.ready === "true";
    const mine = (event) => !ready() && event.target.closest
      && (event.type !== "pointerdown" || event.target.closest("#board"));
    const guard = (handler) => (event) => {
      if (mine(event) && (event.isPrimary !== false)) {
        if (event.type === "pointerdown") {
          if (event.button !== 0) {
            return;
          }
          event.preventDefault();
        }
        handler(event);
      }
    };
    untilReady([[document, "pointerdown", guard((event) => this.down(event))],
                [document, "pointermove", guard((event) => this.move(event))],
                [document, "pointerup", guard((event) => this.up(event))],
                [document, "pointercancel", guard(() => this.cancel())]], this.table.texts);
  }
}
