import type { Metadata } from "next";
import Link from "next/link";
import { SiteHeader } from "@/components/ui/site-header";

export const metadata: Metadata = { title: "Page not found — Parley" };

/**
 * Every address no page answers (and any notFound() without a nearer not-found file). It renders
 * inside the root layout, so it has the app's stylesheet and theme; Next's built-in 404 would
 * instead style itself with inline style attributes, which the page CSP (no 'unsafe-inline') blocks.
 */
export default function NotFound() {
  return (
    <main className="mx-auto max-w-5xl p-3 sm:p-4">
      <SiteHeader />
      <h1 className="text-lg font-semibold">No page at this address</h1>
      <p className="mt-1 text-sm text-slate-700">
        Parley has nothing at this address: it may be mistyped, or come from another version of Parley.
      </p>
      <ul className="mt-3 list-disc pl-5 text-sm">
        <li>
          <Link href="/" data-testid="not-found-home" className="text-sky-800 underline">
            Go to the workspace
          </Link>{" "}
          to review an Agent Card against a client profile.
        </li>
        <li>
          <Link href="/rules" className="text-sky-800 underline">
            Browse the rules
          </Link>{" "}
          the reviews apply.
        </li>
      </ul>
    </main>
  );
}
