import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PENDING_LINK_SCRIPT } from "@/components/share/link-location";
import { EARLY_INPUT_SCRIPT } from "@/components/ui/early-input";
import { getInlineHashes, pendingLinkStyleText } from "@/lib/server/security-headers";
import { INLINE_CODE } from "./inline-code";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the inline code the policy allows", () => {
  it("is exactly the app's two inline scripts (every page's, the workspace's) and the style one adds", async () => {
    const hashes = await getInlineHashes(INLINE_CODE);
    expect(hashes.scripts).toEqual([sha(EARLY_INPUT_SCRIPT), sha(PENDING_LINK_SCRIPT)]);
    const style = pendingLinkStyleText(PENDING_LINK_SCRIPT);
    expect(style).toMatch(/^\[data-parley-default\]\{display:none!important\}/);
    expect(hashes.styles).toEqual([sha(style!)]);
  });
});
