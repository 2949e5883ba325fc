import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildPageCsp, getInlineHashes, makeNonce, pendingLinkStyleText, type InlineCode } from "./security-headers";

// Stand-ins for the pages' inline code (app/inline-code.test.ts checks the real texts).
const EARLY = "window.__early=1";
const PENDING = 'var s=document.createElement("style");s.textContent="[data-parley-default]{display:none!important}";';
const CODE: InlineCode = { scripts: [EARLY, PENDING], styleAddedBy: PENDING };

const directives = (policy: string) => new Map(policy.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));

describe("the page Content-Security-Policy", () => {
  it("allows scripts only by nonce, strict-dynamic and the inline script's hash, in production", async () => {
    const policy = directives(buildPageCsp("abc", await getInlineHashes(CODE)));
    const scripts = policy.get("script-src")!;
    expect(scripts).toContain("'nonce-abc'");
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts.join(" ")).not.toMatch(/unsafe-(inline|eval)/);
    expect(policy.get("style-src")!.join(" ")).not.toContain("unsafe-inline");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
  });

  it("hashes exactly the inline scripts it is handed and the style one adds", async () => {
    const hashes = await getInlineHashes(CODE);
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(hashes.scripts).toEqual([sha(EARLY), sha(PENDING)]);
    const style = pendingLinkStyleText(PENDING);
    expect(style).toMatch(/^\[data-parley-default\]\{display:none!important\}/);
    expect(hashes.styles).toEqual([sha(style!)]);
  });

  it("finds no style in a script that adds none", () => {
    expect(pendingLinkStyleText("console.log(1)")).toBeNull();
  });

  it("needs eval and inline styles only under next dev", async () => {
    const policy = buildPageCsp("abc", await getInlineHashes(CODE), true);
    expect(directives(policy).get("script-src")).toContain("'unsafe-eval'");
  });

  it("makes a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, makeNonce));
    expect(nonces.size).toBe(100);
    expect(Buffer.from([...nonces][0]!, "base64")).toHaveLength(16);
  });
});
