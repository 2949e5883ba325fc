import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { readRegistrySettings } from "@/lib/settings/registry";
import { NavLink } from "./nav-link";
import { readTheme, THEME_COOKIE } from "./theme";
import { ThemePicker } from "./theme-picker";

const LINKS = [
  { href: "/", label: "Workspace", key: "workspace" },
  { href: "/check", label: "Card check", key: "check" },
  { href: "/triage", label: "Triage", key: "triage" },
  { href: "/diff", label: "Diff", key: "diff" },
  { href: "/explain", label: "Explain a log line", key: "explain" },
  { href: "/rules", label: "Rules", key: "rules" },
  { href: "/registry", label: "Registry", key: "registry" },
] as const;

/**
 * Title and navigation shared by every page; `children` is an optional tagline beside the title.
 * `current` marks the page's own link; a page that is none of them (the 404 page) leaves it out.
 */
export async function SiteHeader({ current, children }: { current?: (typeof LINKS)[number]["key"]; children?: ReactNode }) {
  const theme = readTheme((await cookies()).get(THEME_COOKIE)?.value);
  // The Registry link shows only on a server that has one (PARLEY_DATABASE_URL); /registry itself says how to turn it on.
  const registryOn = readRegistrySettings().databaseUrl !== null;
  const links = LINKS.filter((link) => link.key !== "registry" || registryOn || current === "registry");
  return (
    <header className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2 border-b border-slate-200 pb-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <NavLink href="/" className="text-xl font-bold tracking-tight text-slate-900">
          Parley
        </NavLink>
        {children}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <nav aria-label="Main">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {links.map((link) => (
            <li key={link.key}>
              <NavLink
                href={link.href}
                aria-current={current === link.key ? "page" : undefined}
                className="text-sky-800 underline-offset-2 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-slate-900"
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ThemePicker initial={theme} />
      </div>
    </header>
  );
}
