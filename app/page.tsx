import { cookies } from "next/headers";
import { DRAFT_COOKIE } from "@/components/session/draft";
import { Workspace } from "@/components/review/workspace-entry";
import { SiteHeader } from "@/components/ui/site-header";
import { PENDING_LINK_SCRIPT } from "@/components/share/link-location";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { NORTHWIND, review } from "@/lib/negotiation";

/**
 * The review workspace. Opens on the rule's incident (the Contoso card under the Northwind client),
 * or on the review a link in the fragment holds (read in the browser: the fragment never reaches us).
 */
export default async function WorkspacePage() {
  // Only whether a draft exists: the draft itself stays in the browser (localStorage).
  const draftExpected = (await cookies()).get(DRAFT_COOKIE)?.value === "1";
  return (
    <main className="mx-auto max-w-[1600px] p-3 sm:p-4">
      <a
        href="#review-heading"
        className="sr-only rounded bg-slate-800 px-2 py-1 text-sm text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to the review
      </a>
      <SiteHeader current="workspace">
        <h1 className="sr-only">Review workspace</h1>
        <p className="text-sm text-slate-600">
          Can this client complete this kind of task against this A2A agent, given what its card says? Decided per
          task class, before the first task is sent.
        </p>
      </SiteHeader>
      {/* Hides the default example until a review link in the fragment is read: see PENDING_LINK_SCRIPT. */}
      <script dangerouslySetInnerHTML={{ __html: PENDING_LINK_SCRIPT }} />
      <Workspace
        initialCard={{ text: CONTOSO.text, source: { kind: "example", id: CONTOSO.id, title: CONTOSO.title, text: CONTOSO.text } }}
        initialProfile={NORTHWIND}
        initialSelection={{ taskClass: "live-input", invariant: "live-input-needs-streaming" }}
        draftExpected={draftExpected}
        initialReview={review(CONTOSO.text, NORTHWIND, { context: {} })}
      />
    </main>
  );
}
