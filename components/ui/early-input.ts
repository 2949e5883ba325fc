/**
 * What a user does to a page before it hydrates, kept for the page to take up once it does.
 *
 * The server renders every page, so it can be typed into and its address changed before React
 * listens. Two things would then be lost:
 * - A fragment put into the address bar (a review link pasted there): Next's router, once it
 *   hydrates, writes the address it started from back, and the hashchange fired before any reader
 *   listened.
 * - An edit in a server-rendered text area: no change event reached React, and hydration puts the
 *   text area back to the text it was rendered with.
 * EARLY_INPUT_SCRIPT runs inline at the top of every page, before Next's scripts, and records both:
 * the last hashchange, and the last value of every field marked `data-early-input="<key>"` with the
 * text that field was rendered with. Each is taken once, by the first reader that asks.
 */

/** Where EARLY_INPUT_SCRIPT keeps what it saw, on `window`. */
const EARLY_KEY = "__parleyEarly";

interface EarlyRecord {
  /** The address's fragment after the last hashchange, with the path it was on; null before any. */
  hash: string | null;
  path: string;
  /** Set by the first reader of the address: from then on the page's own listeners read it. */
  taken: boolean;
  /** Per field key: its text as rendered (`from`) and as the user left it; false once taken. */
  edits: Record<string, { from: string; value: string } | false>;
}

export const EARLY_INPUT_SCRIPT = `(function(){try{var r={hash:null,path:location.pathname,taken:false,edits:{}};window.${EARLY_KEY}=r;window.addEventListener("hashchange",function(){if(!r.taken){r.hash=location.hash;r.path=location.pathname}});document.addEventListener("input",function(e){var t=e.target,k=t&&t.getAttribute&&t.getAttribute("data-early-input");if(!k||r.edits[k]===false)return;var from=r.edits[k]?r.edits[k].from:t.defaultValue;r.edits[k]={from:from,value:t.value}},true)}catch(e){}})();`;

function record(): EarlyRecord | undefined {
  return (window as unknown as Record<string, EarlyRecord | undefined>)[EARLY_KEY];
}

/**
 * The fragment a page reads when it starts. A hashchange the page missed while it hydrated, and
 * whose fragment Next's router has since dropped from the address bar, wins over the bare address:
 * it is put back in the address bar (a reload then opens it again) and returned. Only the first
 * reader on the page it was recorded on gets it; later ones read the address alone.
 */
export function firstHash(): string {
  const { location, history } = window;
  const early = record();
  if (!early || early.taken) return location.hash;
  early.taken = true;
  const missed = early.hash;
  if (location.hash !== "" || !missed || missed === "#" || early.path !== location.pathname) return location.hash;
  history.replaceState(history.state, "", `${location.pathname}${location.search}${missed}`);
  return missed;
}

/**
 * The text the user left in the field marked `data-early-input={key}` before the page hydrated,
 * when it was rendered with `renderedText` (an edit of another text is not this field's); undefined
 * when there was no such edit. Taken once: the field's own change events carry every later edit.
 */
export function takeEarlyEdit(key: string, renderedText: string): string | undefined {
  const early = record();
  if (!early) return undefined;
  const edit = early.edits[key];
  early.edits[key] = false;
  if (!edit || edit.value === edit.from) return undefined;
  // A text area reads line breaks as "\n" whatever the text it was given.
  return edit.from === renderedText || edit.from === renderedText.replace(/\r\n?/g, "\n") ? edit.value : undefined;
}
