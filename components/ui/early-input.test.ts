import { afterEach, describe, expect, it } from "vitest";
import { EARLY_INPUT_SCRIPT, firstHash, hashOfChange, takeEarlyEdit } from "./early-input";

/** A field as the recorder sees it: the text it was rendered with, the text in it now. */
interface FakeField {
  key: string | null;
  defaultValue: string;
  value: string;
}

const ORIGIN = "https://parley.test";

/** A page's address, history and fields, as far as the recorder, firstHash, hashOfChange and takeEarlyEdit use them. */
function fakePage(pathname: string, hash = "") {
  const hashListeners: Array<(event: { newURL: string }) => void> = [];
  const inputListeners: Array<(event: { target: unknown }) => void> = [];
  const location = { origin: ORIGIN, pathname, search: "", hash };
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
    addEventListener(type: string, listener: (event: { newURL: string }) => void) {
      if (type === "hashchange") hashListeners.push(listener);
    },
  };
  const document = {
    addEventListener(type: string, listener: (event: { target: unknown }) => void, capture: boolean) {
      expect(capture).toBe(true);
      if (type === "input") inputListeners.push(listener);
    },
  };
  Object.assign(globalThis, { window: page });
  // The inline script, as the browser runs it: `window`, `location` and `document` are the page's.
  new Function("window", "location", "document", EARLY_INPUT_SCRIPT)(page, location, document);
  return {
    replaced,
    /** The user puts a new fragment into the address bar; its hashchange fires. */
    paste(fragment: string) {
      location.hash = fragment;
      return this.hashchangeFires(fragment);
    },
    /** A hashchange to `fragment` reaches the page's listeners: the event that each is given. */
    hashchangeFires(fragment: string) {
      const event = { newURL: `${ORIGIN}${location.pathname}${location.search}${fragment}` };
      for (const listener of hashListeners) listener(event);
      return event as unknown as Event;
    },
    /** Next's router hydrates and writes back the address it started from. */
    routerRewrites(url: string) {
      page.history.replaceState(page.history.state, "", url);
    },
    navigate(path: string) {
      location.pathname = path;
      location.hash = "";
    },
    field(key: string | null, rendered: string): FakeField {
      return { key, defaultValue: rendered, value: rendered };
    },
    /** The user types into a field: its value changes, then an input event bubbles. */
    type(field: FakeField, value: string) {
      field.value = value;
      const target = { ...field, getAttribute: (name: string) => (name === "data-early-input" ? field.key : null) };
      for (const listener of inputListeners) listener({ target });
    },
  };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe("firstHash: a link pasted while the page hydrates", () => {
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

  it("is read from its event when the router wrote the address over it before the event fired", () => {
    const page = fakePage("/diff");
    page.routerRewrites("/diff#live.garbage");
    // The router's commit lands between the change of fragment and its hashchange.
    page.routerRewrites("/diff");
    page.hashchangeFires("#live.garbage");
    expect(firstHash()).toBe("#live.garbage");
    expect(page.replaced.at(-1)).toBe("/diff#live.garbage");
  });

  it("with no recorder on the page (a page cached from before it), reads the address", () => {
    Object.assign(globalThis, { window: { location: { pathname: "/", search: "", hash: "#v1.x" }, history: {} } });
    expect(firstHash()).toBe("#v1.x");
  });
});

describe("hashOfChange: a page's own hashchange listener, once it listens", () => {
  it("reads the fragment the event brought when the router wrote the address over it, and puts it back", () => {
    const page = fakePage("/diff");
    firstHash();
    page.routerRewrites("/diff#live.garbage");
    page.routerRewrites("/diff");
    const event = page.hashchangeFires("#live.garbage");
    expect(hashOfChange(event)).toBe("#live.garbage");
    expect(page.replaced.at(-1)).toBe("/diff#live.garbage");
  });

  it("reads the address when it has a fragment of its own: a later change, whose own event follows", () => {
    const page = fakePage("/");
    firstHash();
    page.routerRewrites("/#v1.second");
    const event = page.hashchangeFires("#v1.first");
    expect(hashOfChange(event)).toBe("#v1.second");
    expect(page.replaced).toEqual(["/#v1.second"]);
  });

  it("a change to no fragment is none", () => {
    const page = fakePage("/", "#v1.link");
    firstHash();
    page.routerRewrites("/");
    expect(hashOfChange(page.hashchangeFires(""))).toBe("");
    expect(hashOfChange(page.hashchangeFires("#"))).toBe("");
    expect(page.replaced).toEqual(["/"]);
  });

  it("an event from another path is not put into this one's address", () => {
    const page = fakePage("/diff");
    const event = { newURL: `${ORIGIN}/triage#t1.abc` } as unknown as Event;
    expect(hashOfChange(event)).toBe("");
    expect(page.replaced).toEqual([]);
  });

  it("an event that carries no URL (a popstate) reads the address", () => {
    const page = fakePage("/", "#v1.back");
    expect(hashOfChange({ type: "popstate" } as unknown as Event)).toBe("#v1.back");
    page.routerRewrites("/");
    expect(hashOfChange({ type: "popstate" } as unknown as Event)).toBe("");
    expect(page.replaced).toEqual(["/"]);
  });
});

describe("takeEarlyEdit: a field typed into while the page hydrates", () => {
  it("gives the field's last text, once", () => {
    const page = fakePage("/");
    const card = page.field("card", '{"name": "Contoso"}');
    page.type(card, '{"name": "Contoso"');
    page.type(card, '{"name": "Contoso", "x": 1}');
    expect(takeEarlyEdit("card", '{"name": "Contoso"}')).toBe('{"name": "Contoso", "x": 1}');
    expect(takeEarlyEdit("card", '{"name": "Contoso"}')).toBeUndefined();
  });

  it("stops recording once taken: the field's own change events carry later edits", () => {
    const page = fakePage("/");
    const card = page.field("card", "a");
    expect(takeEarlyEdit("card", "a")).toBeUndefined();
    page.type(card, "ab");
    expect(takeEarlyEdit("card", "a")).toBeUndefined();
  });

  it("is not given to a field rendered with another text (a link's card, not the example typed into)", () => {
    const page = fakePage("/");
    page.type(page.field("card", "the example"), "the example, edited");
    expect(takeEarlyEdit("card", "the link's card")).toBeUndefined();
  });

  it("reads a text rendered with CRLF line breaks as the text area does", () => {
    const page = fakePage("/");
    page.type(page.field("card", "{\n}"), "{\n  1\n}");
    expect(takeEarlyEdit("card", "{\r\n}")).toBe("{\n  1\n}");
  });

  it("an edit typed back to the rendered text is no edit", () => {
    const page = fakePage("/");
    const card = page.field("card", "same");
    page.type(card, "samex");
    page.type(card, "same");
    expect(takeEarlyEdit("card", "same")).toBeUndefined();
  });

  it("records only fields that ask for it, each under its own key", () => {
    const page = fakePage("/");
    page.type(page.field(null, "search"), "searched");
    page.type(page.field("log", ""), "a log line");
    expect(takeEarlyEdit("card", "")).toBeUndefined();
    expect(takeEarlyEdit("log", "")).toBe("a log line");
  });

  it("with no recorder on the page, there is nothing to take", () => {
    Object.assign(globalThis, { window: {} });
    expect(takeEarlyEdit("card", "x")).toBeUndefined();
  });
});
