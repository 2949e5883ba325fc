import type { Metadata } from "next";
import { RegistryBoard } from "@/components/registry/registry-board";
import { SiteHeader } from "@/components/ui/site-header";
import { readRegistrySettings } from "@/lib/settings/registry";

export const metadata: Metadata = {
  title: "Registry — Parley",
  description: "The vendor agents a team watches: their decisions per profile and task class, card versions and decision changes.",
};

/** /registry: the team registry (docs/registry.md), or how to turn it on when this server has none. */
export default async function RegistryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const agent = (await searchParams).agent;
  const on = readRegistrySettings().databaseUrl !== null;
  return (
    <main className="mx-auto max-w-[1600px] p-3 sm:p-4">
      <SiteHeader current="registry">
        <h1 className="text-lg font-semibold text-slate-800">Registry</h1>
        <p className="text-sm text-slate-600">The agents your team watches: decisions now, and what changed since.</p>
      </SiteHeader>
      {on ? (
        <RegistryBoard initialAgent={typeof agent === "string" && agent !== "" ? agent.slice(0, 200) : null} />
      ) : (
        <section aria-labelledby="registry-off" className="max-w-2xl rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
          <h2 id="registry-off" className="mb-2 font-semibold text-slate-800">
            The registry is off on this server
          </h2>
          <p>
            Parley is stateless unless it is given a database. To keep a team&apos;s watched agents, their card versions and
            decision changes, start the server with <code className="font-mono">PARLEY_DATABASE_URL</code> (a folder for the
            embedded database, or <code className="font-mono">postgres://…</code>) and <code className="font-mono">PARLEY_TEAM_TOKEN</code>{" "}
            (the bearer token every registry call needs), for example:
          </p>
          <pre className="mt-2 overflow-x-auto rounded bg-slate-100 p-2 font-mono text-xs">
            PARLEY_DATABASE_URL=file:/var/lib/parley PARLEY_TEAM_TOKEN=… npm start
          </pre>
          <p className="mt-2">The settings, the API and can-i-deploy are described in docs/registry.md.</p>
        </section>
      )}
    </main>
  );
}
