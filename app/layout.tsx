import type { Metadata } from "next";
import { cookies } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { EARLY_INPUT_SCRIPT } from "@/components/ui/early-input";
import { EarlyInputReplay } from "@/components/ui/early-input-replay";
import { readTheme, THEME_COOKIE } from "@/components/ui/theme";
import "./globals.css";

export const metadata: Metadata = {
  title: "Parley — can this client complete this task against this A2A agent?",
  description:
    "Review an A2A Agent Card against a client profile: per task class, accept, degrade, reject, escalate or defer.",
};

/**
 * Rendered per request: every page's scripts carry the nonce of its own Content-Security-Policy
 * (see proxy.ts), and a page prerendered at build time would have none.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  // The remembered theme is rendered here, so the first paint is already in it (no script needed).
  const theme = readTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang="en" data-theme={theme}>
      <body className="bg-slate-50 font-sans text-slate-900 antialiased">
        {/* Before anything hydrates: a link pasted into the address, or a card typed, meanwhile is kept (see EARLY_INPUT_SCRIPT). */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />
        {children}
        <EarlyInputReplay />
      </body>
    </html>
  );
}
