/**
 * Where a review link lives in the address bar, and how the workspace tells it from an ordinary
 * in-page anchor ("#review-heading" from the skip link must not be read as a broken link).
 */

export type HashContent =
  | { kind: "empty" }
  /** An id on this page: leave it to the browser, it says nothing about the review. */
  | { kind: "anchor" }
  | { kind: "link"; fragment: string };

/** What the hash holds: nothing, an in-page anchor, or a link attempt to decode (maybe a broken one). */
export function readHash(hash: string, isAnchor: (id: string) => boolean): HashContent {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  if (fragment.trim() === "") return { kind: "empty" };
  if (isPlainAnchor(fragment) && isAnchor(fragment)) return { kind: "anchor" };
  return { kind: "link", fragment };
}

/** Ids on this page are kebab-case words; checking the shape first keeps getElementById off huge hashes. */
function isPlainAnchor(fragment: string): boolean {
  return fragment.length <= 100 && /^[A-Za-z][\w-]*$/.test(fragment);
}

/** Links are absolute so they work pasted anywhere; the workspace is the site's root page. */
export function linkUrl(origin: string, fragment: string): string {
  return `${origin}/#${fragment}`;
}

/**
 * Drops the fragment without a new history entry and without a hashchange event. Called on the
 * first edit after a link was opened: the address bar then no longer claims to be this review, and
 * a reload opens the plain workspace instead of resurrecting the link's state over the edits.
 */
export function clearLocationFragment(): void {
  if (typeof window === "undefined" || window.location.hash === "") return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, "", `${pathname}${search}`);
}

/** Marks the pending state between the server-rendered default workspace and the decoded link. */
export const PENDING_STYLE_ID = "parley-link-pending";

/**
 * Runs inline while the page is parsed, before the server-rendered default workspace is shown: when
 * the address holds something that is not a plain in-page anchor, the default example is hidden
 * (and an "opening" line shown) until the link is read, so it never flashes in place of the link's
 * review or of the empty workspace a broken link gets. The workspace removes the style once it has
 * read the hash. Without JavaScript nothing happens and the default workspace stays readable.
 */
export const PENDING_LINK_SCRIPT = `(function(){try{var h=location.hash;if(h.length>1&&!/^#[A-Za-z][\\w-]*$/.test(h)){var s=document.createElement("style");s.id="${PENDING_STYLE_ID}";s.textContent="[data-parley-default]{display:none!important}[data-parley-pending]{display:block!important}";document.head.appendChild(s)}}catch(e){}})();`;

/** Where EARLY_HASH_SCRIPT keeps what it saw, on `window`. */
const EARLY_HASH_KEY = "__parleyEarlyHash";

interface EarlyHashRecord {
  /** The address's fragment after the last hashchange, with the path it was on; null before any. */
  hash: string | null;
  path: string;
  /** Set by the first reader: from then on the page's own listeners read the address. */
  taken: boolean;
}

/**
 * Runs inline at the top of every page, before Next's scripts hydrate it. Next's router, once it
 * hydrates, writes the address it started from back into the address bar: a link pasted into the
 * address bar of a page still hydrating loses its fragment, and its hashchange fired before any
 * reader listened. This script records every hashchange from the first byte, so the first reader
 * (see firstHash) still gets the link.
 */
export const EARLY_HASH_SCRIPT = `(function(){try{var r={hash:null,path:location.pathname,taken:false};window.${EARLY_HASH_KEY}=r;window.addEventListener("hashchange",function(){if(!r.taken){r.hash=location.hash;r.path=location.pathname}})}catch(e){}})();`;

/**
 * The fragment a page reads when it starts. A hashchange the page missed while it hydrated, and
 * whose fragment Next's router has since dropped from the address bar, wins over the bare address:
 * it is put back in the address bar (a reload then opens it again) and returned. Only the first
 * reader on the page it was recorded on gets it; later ones read the address alone.
 */
export function firstHash(): string {
  const { location, history } = window;
  const record = (window as unknown as Record<string, EarlyHashRecord | undefined>)[EARLY_HASH_KEY];
  if (!record || record.taken) return location.hash;
  record.taken = true;
  const missed = record.hash;
  if (location.hash !== "" || !missed || missed === "#" || record.path !== location.pathname) return location.hash;
  history.replaceState(history.state, "", `${location.pathname}${location.search}${missed}`);
  return missed;
}
