import { type NextRequest, NextResponse } from "next/server";
import { INLINE_CODE } from "@/app/inline-code";
import { COMMON_HEADERS } from "@/lib/server/common-headers.mjs";
import { buildPageCsp, getInlineHashes, makeNonce } from "@/lib/server/security-headers";

/**
 * Every page gets a Content-Security-Policy with a fresh nonce. The same policy goes on the request
 * (Next reads the nonce from it and puts it on its own scripts) and on the response (what the
 * browser enforces). The other security headers come from next.config.mjs, for every path.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const nonce = makeNonce();
  const policy = buildPageCsp(nonce, await getInlineHashes(INLINE_CODE), process.env.NODE_ENV === "development");
  const redirect = trailingSlashRedirect(request, policy);
  if (redirect) return redirect;
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

/**
 * `/explain/` → `/explain` (308), as Next would, but with every security header on it (Next's own
 * redirect had none; next.config.mjs turns it off). The Location is a path on this origin: leading
 * slashes are collapsed, so `//other.example/` never becomes a protocol-relative address.
 */
function trailingSlashRedirect(request: NextRequest, policy: string): NextResponse | undefined {
  const { pathname, search } = request.nextUrl;
  if (pathname.length <= 1 || !pathname.endsWith("/")) return undefined;
  const target = `/${pathname.replace(/^\/+/, "").replace(/\/+$/, "")}${search}`;
  // The target is a path (leading slashes collapsed), so the absolute URL stays on the request's own origin.
  const response = NextResponse.redirect(new URL(target, request.nextUrl), 308);
  for (const { key, value } of COMMON_HEADERS) response.headers.set(key, value);
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: API routes carry their own fixed policy, static files need none.
      source: "/((?!api/|_next/static/|_next/image).*)",
      // Prefetches too: a browser may keep a prefetched document (Purpose: prefetch, a <link
      // rel=prefetch>) and show it later, and a page served without the policy runs unguarded.
    },
  ],
};
