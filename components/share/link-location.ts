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
