
/**
 * The Content-Security-Policy of every page (set per request by proxy.ts, which also hands the
 * nonce to Next through the request's own CSP header: Next puts it on its scripts and inline
 * styles). No 'unsafe-inline', no 'unsafe-eval' in production.
 *
 * - Scripts: those carrying this response's nonce, what they load ('strict-dynamic': Next's
 *   chunks), and the app's two inline scripts by hash: every page's early-input recorder and the
 *   workspace's pending-link script (they run while the page is parsed, before any nonce could be
 *   handed to them).
 * - Styles: files from this origin, <style> elements with the nonce (CodeMirror injects its theme
 *   as one, and is given the nonce), and the one <style> the pending-link script adds, by hash.
 * - Nothing may frame a page, and a page may frame, embed or post forms to nothing else.
 */
export function buildPageCsp(nonce: string, hashes: InlineHashes, dev = false): string {
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...hashes.scripts, ...(dev ? ["'unsafe-eval'"] : [])]],
    // Next's dev overlay writes styles without a nonce; production never does.
    ["style-src", dev ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`, ...hashes.styles]],
    // CodeMirror draws its lint underlines and gutter markers as data: SVG images.
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'"]],
    ["connect-src", dev ? ["'self'", "ws:"] : ["'self'"]],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["frame-src", ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/** A fresh nonce per response: 128 random bits, base64. */
export function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The inline style the pending-link script adds: the text between `textContent="` and `"`. */
export function pendingLinkStyleText(script: string): string | null {
  return /\.textContent="([^"\\]*)"/.exec(script)?.[1] ?? null;
}

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/**
 * The app's fixed inline code, as its caller hands it over: the pages own these texts (they live
 * with the components that render them), and the server only hashes them.
 */
export interface InlineCode {
  scripts: readonly string[];
  /** The script that adds an inline style (the pending-link one): its style is hashed too. */
  styleAddedBy?: string;
}

let inlineHashes: { code: InlineCode; hashes: Promise<InlineHashes> } | undefined;

/** Hashes of the app's fixed inline code, computed once per process (per code handed over). */
export function getInlineHashes(code: InlineCode): Promise<InlineHashes> {
  if (inlineHashes?.code === code) return inlineHashes.hashes;
  const hashes = (async () => {
    const style = code.styleAddedBy === undefined ? null : pendingLinkStyleText(code.styleAddedBy);
    return {
      scripts: await Promise.all(code.scripts.map(sha256Source)),
      styles: style === null ? [] : [await sha256Source(style)],
    };
  })();
  inlineHashes = { code, hashes };
  return hashes;
}
