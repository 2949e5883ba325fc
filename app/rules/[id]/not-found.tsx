import { SiteHeader } from "@/components/ui/site-header";
import { docsPath, INVARIANT_IDS } from "@/lib/negotiation";

/** An id that is not a rule of this engine (a typo, or a rule from a newer Parley). */
export default function UnknownRule() {
  return (
    <main className="mx-auto max-w-5xl p-3 sm:p-4">
      <SiteHeader current="rules" />
      <h1 className="text-lg font-semibold">No such rule</h1>
      <p className="mt-1 text-sm text-slate-700">
        This engine has no rule with that id. It may come from a newer version of Parley, or be mistyped. The rules are:
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {INVARIANT_IDS.map((id) => (
          <li key={id}>
            <a href={docsPath(id)} className="text-sky-800 underline">
              {id}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
