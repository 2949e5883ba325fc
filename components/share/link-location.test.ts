import { afterEach, describe, expect, it } from "vitest";
import { EARLY_HASH_SCRIPT, firstHash, linkUrl, readHash } from "./link-location";

const anchors = new Set(["review-heading", "card-heading"]);
const isAnchor = (id: string) => anchors.has(id);

describe("readHash", () => {
  it.each([
    ["a review link", "#v1.AbC-_9", { kind: "link", fragment: "v1.AbC-_9" }],
    ["a link from a newer Parley (decoded, so the user hears it needs a newer version)", "#v2.xyz", { kind: "link", fragment: "v2.xyz" }],
    ["garbage is read, so its error is shown instead of the default example", "#garbage", { kind: "link", fragment: "garbage" }],
    ["a skip-link anchor on this page is not a link", "#review-heading", { kind: "anchor" }],
    ["another in-page anchor", "#card-heading", { kind: "anchor" }],
    ["no hash", "", { kind: "empty" }],
    ["an empty hash", "#", { kind: "empty" }],
    ["a blank hash", "#   ", { kind: "empty" }],
  ])("%s", (_, hash, expected) => {
    expect(readHash(hash, isAnchor)).toEqual(expected);
  });

  it("does not look up huge or link-shaped fragments as element ids", () => {
    const looked: string[] = [];
    const spy = (id: string) => (looked.push(id), false);
    readHash(`#${"a".repeat(5000)}`, spy);
    readHash("#v1.abc", spy);
    expect(looked).toEqual([]);
  });
});

describe("linkUrl", () => {
  it("is absolute and rooted at the workspace", () => {
    expect(linkUrl("https://parley.example", "v1.abc")).toBe("https://parley.example/#v1.abc");
  });
});

/** A page's address and history, as far as the early-hash recorder and firstHash use them. */
function fakePage(pathname: string, hash = "") {
  const listeners: Array<() => void> = [];
  const location = { pathname, search: "", hash };
  const replaced: string[] = [];
  const page = {
    location,
    history: {
      state: { tree: "next's" },
      replaceState(state: unknown, _title: string, url: string) {
        expect(state).toEqual({ tree: "next's" });
        replaced.push(url);
        const at = url.indexOf("#");
        location.hash = at < 0 ? "" : url.slice(at);
        location.pathname = at < 0 ? url : url.slice(0, at);
      },
    },
    addEventListener(type: string, listener: () => void) {
      if (type === "hashchange") listeners.push(listener);
    },
  };
  Object.assign(globalThis, { window: page });
  // The inline script, as the browser runs it: `window` and `location` are the page's.
  new Function("window", "location", EARLY_HASH_SCRIPT)(page, location);
  return {
    replaced,
    /** The user puts a new fragment into the address bar. */
    paste(fragment: string) {
      location.hash = fragment;
      for (const listener of listeners) listener();
    },
    /** Next's router hydrates and writes back the address it started from. */
    routerRewrites(url: string) {
      page.history.replaceState(page.history.state, "", url);
    },
    navigate(path: string) {
      location.pathname = path;
      location.hash = "";
    },
  };
}

describe("firstHash: a link pasted while the page hydrates", () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("is read, and put back in the address bar, after the router dropped it", () => {
    const page = fakePage("/");
    page.paste("#v1.pasted");
    page.routerRewrites("/");
    expect(firstHash()).toBe("#v1.pasted");
    expect(page.replaced.at(-1)).toBe("/#v1.pasted");
  });

  it("goes to the first reader only: a later reader on the page reads the address", () => {
    const page = fakePage("/");
    page.paste("#v1.pasted");
    page.routerRewrites("/");
    firstHash();
    page.routerRewrites("/");
    expect(firstHash()).toBe("");
  });

  it("leaves a fragment still in the address alone", () => {
    const page = fakePage("/", "#v1.onload");
    expect(firstHash()).toBe("#v1.onload");
    expect(page.replaced).toEqual([]);
  });

  it("the address wins over an earlier paste the router kept", () => {
    const page = fakePage("/");
    page.paste("#v1.first");
    page.paste("#v1.second");
    expect(firstHash()).toBe("#v1.second");
    expect(page.replaced).toEqual([]);
  });

  it("a fragment the user cleared before the page hydrated stays cleared", () => {
    const page = fakePage("/");
    page.paste("#v1.pasted");
    page.paste("");
    page.routerRewrites("/");
    expect(firstHash()).toBe("");
    expect(page.replaced).toEqual(["/"]);
  });

  it("a fragment seen on another page is not carried to this one", () => {
    const page = fakePage("/rules");
    page.paste("#live-input-needs-streaming");
    page.navigate("/");
    expect(firstHash()).toBe("");
    expect(page.replaced).toEqual([]);
  });

  it("with no recorder on the page (a page cached from before it), reads the address", () => {
    Object.assign(globalThis, { window: { location: { pathname: "/", search: "", hash: "#v1.x" }, history: {} } });
    expect(firstHash()).toBe("#v1.x");
  });
});
