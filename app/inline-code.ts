import { PENDING_LINK_SCRIPT } from "@/components/share/link-location";
import { EARLY_INPUT_SCRIPT } from "@/components/ui/early-input";
import type { InlineCode } from "@/lib/server/security-headers";

/**
 * The app's two inline scripts, every page's (early input) and the workspace's (pending link), as
 * the Content-Security-Policy must allow them by hash: handed to lib/server by proxy.ts, so the
 * server code never imports the components that own these texts.
 */
export const INLINE_CODE: InlineCode = { scripts: [EARLY_INPUT_SCRIPT, PENDING_LINK_SCRIPT], styleAddedBy: PENDING_LINK_SCRIPT };
