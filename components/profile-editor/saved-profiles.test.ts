import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NORTHWIND } from "@/lib/negotiation";
import {
  decodeSavedProfiles,
  deleteSavedProfile,
  getSavedProfiles,
  importProfiles,
  renameSavedProfile,
  restoreSavedProfile,
  saveProfile,
} from "./saved-profiles";

describe("decodeSavedProfiles", () => {
  it("reads back what was saved", () => {
    expect(decodeSavedProfiles(JSON.stringify([NORTHWIND]))).toEqual([NORTHWIND]);
  });

  it.each([
    ["nothing saved", null],
    ["corrupt storage", "{not json"],
    ["not a list", '{"name":"x"}'],
  ])("yields no profiles for %s", (_, raw) => {
    expect(decodeSavedProfiles(raw)).toEqual([]);
  });

  it("skips entries that are not valid profiles and keeps the rest", () => {
    const raw = JSON.stringify([{ name: "" }, NORTHWIND, { name: "x", streaming: "yes" }]);
    expect(decodeSavedProfiles(raw).map((p) => p.name)).toEqual([NORTHWIND.name]);
  });
});

describe("managing saved profiles", () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal("window", {
      localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const names = () => getSavedProfiles().map((p) => p.name);

  it("renames in place, and refuses an empty or taken name", () => {
    saveProfile({ ...NORTHWIND, name: "A" });
    saveProfile({ ...NORTHWIND, name: "B" });
    expect(renameSavedProfile("A", "  Alpha ")).toEqual({ ok: true });
    expect(names()).toEqual(["Alpha", "B"]);
    expect(renameSavedProfile("Alpha", "B")).toEqual({ ok: false, problem: "taken" });
    expect(renameSavedProfile("Alpha", " ")).toEqual({ ok: false, problem: "empty" });
    expect(renameSavedProfile("Gone", "C")).toEqual({ ok: false, problem: "missing" });
  });

  it("deletes, and an undo puts the profile back where it was", () => {
    for (const name of ["A", "B", "C"]) saveProfile({ ...NORTHWIND, name });
    const b = getSavedProfiles()[1]!;
    deleteSavedProfile("B");
    expect(names()).toEqual(["A", "C"]);
    restoreSavedProfile(b, 1);
    expect(names()).toEqual(["A", "B", "C"]);
  });

  it("imports without overwriting: a name already saved gets '(imported)'", () => {
    saveProfile({ ...NORTHWIND, name: "A" });
    const result = importProfiles([{ ...NORTHWIND, name: "A", streaming: true }, { ...NORTHWIND, name: "A" }, { ...NORTHWIND, name: "B" }]);
    expect(result.added).toEqual(["A (imported)", "A (imported 2)", "B"]);
    expect(result.renamed).toEqual([{ from: "A", to: "A (imported)" }, { from: "A", to: "A (imported 2)" }]);
    expect(getSavedProfiles()[0]).toEqual({ ...NORTHWIND, name: "A" });
  });
});
