// Part of first-table.js (page.js says how): what the player keeps, read as Python reads it.

// What the browser keeps of Castling (castling.app.storage.records' keys): whether
// anything, whether the welcome is still due (castling.app.session:
// neither closed nor a last game), the settings, the last game, the saves,
// the puzzles' record.
// Storage refused: as if a player of before; Python says why, on its table.
function stored() {
  try {
    let any = false;
    for (let at = 0; at < localStorage.length; at++) {
      any = any || String(localStorage.key(at)).startsWith("castling:");
    }
    const last = localStorage.getItem("castling:last");
    let settings = {};
    try {
      const text = JSON.parse(localStorage.getItem("castling:settings"));
      settings = text && typeof text === "object" ? text : {};
    } catch {
      // damaged: Python falls back to the defaults too (records.read_settings)
    }
    return {
      any, settings, last,
      welcome: localStorage.getItem("castling:welcomed") === null && last === null,
      save: (game) => localStorage.getItem(`castling:save:${game}`),
      puzzles: () => localStorage.getItem("castling:puzzles"),
    };
  } catch {
    return {any: true, welcome: false, settings: {}, last: null, save: () => null, puzzles: () => null};
  }
}

// A setting as Python reads it: one of its choices, else its default.
function setting(kept, plan, name) {
  const value = kept.settings[name];
  return plan.looks.choices[name].includes(value) ? value : plan.looks.defaults[name];
}

// The player's looks, as classes on the page (castling_web/settings.py's
// apply_look), and the card size, as a plan sized for it.
function wear(kept, plan) {
  for (const [name, className] of Object.entries(plan.looks.switches)) {
    html.classList.toggle(className, kept.settings[name] === true);
  }
  for (const [name, prefix] of Object.entries(plan.looks.classes)) {
    const chosen = setting(kept, plan, name);
    for (const value of plan.looks.choices[name]) {
      html.classList.toggle(`${prefix}-${value}`, value === chosen);
    }
  }
  const [share, largest] = plan.looks.card_sizes[setting(kept, plan, "card_size")];
  return {...plan, share, largest};
}

// The language the page speaks, one of the page's (``pagePlan.languages``): the
// player's choice (Settings → Language, ``chosen``) if it is one, else the
// first of the browser's languages that the page has words in, the same region
// first, else the language in any region (castling.i18n.preferred: "de-AT" ->
// de, "pt-PT" -> pt-BR); else the default.
function spokenLanguage(chosen) {
  const codes = pagePlan.languages;
  if (typeof chosen === "string" && codes.includes(chosen)) {
    return chosen;
  }
  const base = (tag) => tag.split("-")[0];
  for (const tag of navigator.languages || [navigator.language]) {
    const wanted = String(tag).toLowerCase();
    const code = codes.find((code) => code.toLowerCase() === wanted)
      ?? codes.find((code) => base(code.toLowerCase()) === base(wanted));
    if (code) {
      return code;
    }
  }
  return pagePlan.default_language;
}

// The words for a count in their plural form ({one, other, …}: the
// language's CLDR forms, as castling.plurals picks them), by the browser's
// own copy of the same rules.
function inPluralForm(texts, forms, count) {
  return forms[new Intl.PluralRules(texts.language).select(count)] ?? forms.other;
}

// A whole number as the language writes it (castling.numbers.number: its
// grouping, ``numbers``, from four digits or, where CLDR says so, from five).
function grouped(numbers, value) {
  let digits = String(Math.abs(value));
  if (digits.length >= 3 + numbers.grouping_from) {
    const groups = [];
    while (digits.length > 3) {
      groups.unshift(digits.slice(-3));
      digits = digits.slice(0, -3);
    }
    digits = [digits, ...groups].join(numbers.group);
  }
  return (value < 0 ? "-" : "") + digits;
}
