/**
 * What a user does to a page before it hydrates, kept for the page to take up once it does.
 *
 * The server renders every page, so it can be typed into and its address changed before React
 * listens. Three things would then be lost:
 * - A fragment put into the address bar (a review link pasted there): Next's router, once it
 *   hydrates, writes the address it started from back, and the hashchange fired before any reader
 *   listened. That write can even come between the change and its hashchange, so the fragment is
 *   taken from the event, never from the address bar alone (see hashOfChange).
 * - An edit in a server-rendered text area React does not control (the card editor's): no change
 *   event reached React, and hydration puts it back to the text it was rendered with.
 * - An edit in any other field: React shows it but never hears of it, so the page acts on the
 *   rendered value while the field shows the typed one (a profile's name, a URL to fetch, a log
 *   line, a version of a card to compare).
 * EARLY_INPUT_SCRIPT runs inline at the top of every page, before Next's scripts, and records: the
 * last hashchange; the last value of every field marked `data-early-input="<key>"` with the text
 * that field was rendered with, taken once by the component that owns it; and every other text
 * field typed into, which replayEarlyInput() hands to React once the page has hydrated.
 */

/** Where EARLY_INPUT_SCRIPT keeps what it saw, on `window`. */
const EARLY_KEY = "__parleyEarly";

interface EarlyRecord {
  /**
   * The fragment the last hashchange brought (its event's newURL: the router may already have written
   * the address over it when the event fires), with the path it was on; null before any.
   */
  hash: string | null;
  path: string;
  /** Set by the first reader of the address: from then on the page's own listeners read it. */
  taken: boolean;
  /** Per field key: its text as rendered (`from`) and as the user left it; false once taken. */
  edits: Record<string, { from: string; value: string } | false>;
  /** Unmarked text fields typed into (at most MAX_TOUCHED); null once replayed. */
  touched: Element[] | null;
}

/** More fields than a page has: a script dispatching input events in a loop cannot grow the list. */
const MAX_TOUCHED = 64;

export const EARLY_INPUT_SCRIPT = `(function(){try{var r={hash:null,path:location.pathname,taken:false,edits:{},touched:[]};window.${EARLY_KEY}=r;window.addEventListener("hashchange",function(e){if(!r.taken){var u=String(e&&e.newURL||location.href),i=u.indexOf("#");r.hash=i<0?"":u.slice(i);r.path=location.pathname}});document.addEventListener("input",function(e){var t=e.target,k=t&&t.getAttribute&&t.getAttribute("data-early-input");if(!k){if(r.touched&&t&&(t.tagName==="INPUT"||t.tagName==="TEXTAREA")&&r.touched.indexOf(t)<0&&r.touched.length<${MAX_TOUCHED})r.touched.push(t);return}if(r.edits[k]===false)return;var from=r.edits[k]?r.edits[k].from:t.defaultValue;r.edits[k]={from:from,value:t.value}},true)}catch(e){}})();`;

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
  const { location } = window;
  const early = record();
  if (!early || early.taken) return location.hash;
  early.taken = true;
  const missed = early.hash;
  if (location.hash !== "" || !isFragment(missed) || early.path !== location.pathname) return location.hash;
  return putBack(missed);
}

/**
 * The fragment a hashchange brought, for a page's own listener. Next's router writes the address it
 * knows back in its commits, and one that lands between a change of fragment and its event leaves
 * the address bar without it: the event's newURL still has it, and it is put back. The address wins
 * whenever it has a fragment of its own (a later change, whose own event follows). Any other event
 * (a popstate) reads the address.
 */
export function hashOfChange(event: Event): string {
  const { location } = window;
  const newURL = (event as Partial<HashChangeEvent>).newURL;
  if (location.hash !== "" || typeof newURL !== "string") return location.hash;
  const at = newURL.indexOf("#");
  const missed = at < 0 ? "" : newURL.slice(at);
  if (!isFragment(missed) || newURL.slice(0, at) !== `${location.origin}${location.pathname}${location.search}`) return location.hash;
  return putBack(missed);
}

/** A fragment with something in it ("#" alone is none). */
function isFragment(hash: string | null): hash is string {
  return hash !== null && hash !== "" && hash !== "#";
}

/** Puts a fragment the router wrote over back into the address, in the same history entry and keeping the router's state; returns it. */
function putBack(fragment: string): string {
  const { location, history } = window;
  history.replaceState(history.state, "", `${location.pathname}${location.search}${fragment}`);
  return fragment;
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

/** Input types whose value is text: React 19 already replays a checkbox or radio changed before hydration. */
const TEXT_TYPES = new Set(["text", "search", "url", "email", "tel", "password", "number"]);

/**
 * Once the page has hydrated: every unmarked text field the user typed into before, and whose text
 * now differs from what it was rendered with, gets its input event again, so the page's change
 * handler hears it. React tracks the value it last saw on the element itself: the rendered value
 * is put back through that tracking, then the typed one set underneath it, as typing does.
 */
export function replayEarlyInput(): void {
  const early = record();
  const touched = early?.touched;
  if (!early || !touched) return;
  early.touched = null;
  for (const field of touched) {
    const isText = field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && TEXT_TYPES.has(field.type));
    if (!isText || !field.isConnected || field.readOnly || field.disabled) continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
