"use client";

import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { postFetchCard } from "@/components/queries/fetch-card";
import { agentById, cardByDigest, RegistryCallError } from "@/components/queries/registry";
import { diffLinkFor } from "@/components/registry/version-links";
import { digestCardTextAsync } from "@/components/session/card-digest";
import { LINK_CARD_LIMITS } from "@/components/session/link-limits";
import { BUTTON, ERROR, FIELD, HINT, LABEL } from "@/components/ui/form-styles";
import { JsonFilePicker } from "@/components/ui/json-file-picker";
import { readCardFile } from "@/components/ui/read-card-file";
import { checkGivenCard, type CardCheck, type CardNeed } from "./open-review";
import { RecordCheckView } from "./record-check-view";

type Given = { text: string; origin: string; fetchedFrom?: string };
type State =
  | { status: "idle" }
  | { status: "working"; what: string }
  | { status: "failed"; message: string }
  | { status: "checked"; check: Extract<CardCheck, { ok: true }>; digest: string; origin: string; text: string };

const PRIMARY =
  "inline-block rounded bg-sky-700 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600";

/**
 * A decision record without a review link names its card only by digest. This asks for that card
 * (a URL fetched through Parley's fetch route, a file, or a paste), checks it against the record's
 * digest, says plainly whether it is the card the decision was made on, and only then offers the
 * review: it never opens a review with no card in it.
 */
export function RecordCardForm({ need, registry = false }: { need: CardNeed; registry?: boolean }) {
  const id = useId();
  const [url, setUrl] = useState(need.suggestedUrl ?? "");
  const [pasted, setPasted] = useState("");
  const [state, setState] = useState<State>({ status: "idle" });

  const check = async (card: Given) => {
    setState({ status: "working", what: "Checking the card against the record's digest…" });
    const digest = await digestCardTextAsync(card.text);
    const result = checkGivenCard(need, { text: card.text, digest, ...(card.fetchedFrom ? { fetchedFrom: card.fetchedFrom } : {}) });
    setState(result.ok ? { status: "checked", check: result, digest, origin: card.origin, text: card.text } : { status: "failed", message: result.why });
  };

  // On a server with a team registry, the card may be stored by its digest (as it was then, even
  // if the agent serves another today): looked up once, and checked like any card given here.
  const [lookup, setLookup] = useState<string | undefined>(registry ? "Looking for this card in the team registry…" : undefined);
  const [since, setSince] = useState<{ href: string; url: string } | { why: string } | undefined>();
  useEffect(() => {
    if (!registry) return;
    let live = true;
    void cardByDigest(need.digest).then(
      (stored) => {
        if (!live) return;
        const seen = stored.seenBy[0];
        setLookup(undefined);
        void check({ text: stored.text, origin: seen ? `the team registry (served at ${seen.url}, first seen ${seen.firstSeen}, last seen ${seen.lastSeen})` : "the team registry" });
        // The agent serves another card now: what changed since, as a diff of the two versions.
        if (seen && !stored.seenBy.some((s) => s.latest)) {
          void agentById(seen.agent)
            .then((agent) => (agent.latestDigest && agent.latestDigest !== need.digest ? diffLinkFor(need.digest, agent.latestDigest, [need.profile], [need.taskClass]) : undefined))
            .then(
              (link) => live && link && setSince(link.ok ? { href: link.href, url: seen.url } : { why: link.why }),
              () => undefined,
            );
        }
      },
      (error: unknown) => {
        if (!live) return;
        const status = error instanceof RegistryCallError ? error.status : 0;
        const code = error instanceof RegistryCallError ? error.code : "";
        setLookup(
          code === "notFound"
            ? "The team registry has no card with this digest: give the card below."
            : status === 401
              ? "The team registry holds cards, but this browser has not signed in to it: sign in on the Registry page, then reload this one; or give the card below."
              : `The team registry could not be asked (${error instanceof Error ? error.message : String(error)}); give the card below.`,
        );
      },
    );
    return () => {
      live = false;
    };
    // Once per record: `check` only sets this form's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [registry, need.digest]);

  const fetchCard = async (event: FormEvent) => {
    event.preventDefault();
    const target = url.trim();
    if (target === "") return setState({ status: "failed", message: "Give the card's URL (or the agent's address) first." });
    setState({ status: "working", what: `Fetching the card from ${target}…` });
    try {
      const fetched = await postFetchCard(target);
      await check({ text: fetched.text, origin: `fetched from ${fetched.finalUrl}`, fetchedFrom: fetched.finalUrl });
    } catch (error) {
      setState({ status: "failed", message: `The card could not be fetched from ${target}: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  const openFile = async (file: File) => {
    const read = await readCardFile(file, LINK_CARD_LIMITS.maxBytes);
    if (!read.ok) return setState({ status: "failed", message: read.message });
    await check({ text: read.text, origin: `the file ${file.name}` });
  };

  const suggestion =
    need.suggestedFrom === "source"
      ? "Filled in from the record's card.source, where the card was fetched from."
      : need.suggestedFrom === "origin"
        ? "The record names no card URL, only the agent's endpoint: this is its origin, where a fetch looks for /.well-known/agent-card.json, then agent.json. If the agent publishes its card elsewhere, give that URL."
        : "The record names neither the card's URL nor the agent's endpoint.";

  return (
    <div className="mt-3 flex flex-col gap-2 rounded border border-slate-300 bg-slate-50 p-2 text-sm" data-testid="record-card-form">
      <p className="text-slate-800" data-testid="record-card-needed">
        This record carries no review link: it names its card only by digest (
        <code className="text-xs break-all">{need.digest}</code>). To open the review with its profile ({need.profile.name}) and task class (
        <code>{need.taskClass}</code>), give the card the decision was made on: its URL, its file, or its text.
      </p>
      {lookup && (
        <p role="status" className={HINT} data-testid="record-card-registry">
          {lookup}
        </p>
      )}
      <form noValidate className="flex flex-col gap-1" onSubmit={(event) => void fetchCard(event)}>
        <label htmlFor={`${id}-url`} className={LABEL}>
          Card URL
        </label>
        <div className="flex min-w-0 flex-wrap gap-2">
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            aria-describedby={`${id}-url-hint`}
            onChange={(event) => setUrl(event.target.value)}
            className={`${FIELD} min-w-0 flex-1 basis-56 font-mono text-xs`}
            data-testid="record-card-url"
          />
          <button type="submit" className={BUTTON} disabled={state.status === "working"}>
            Fetch the card
          </button>
        </div>
        <p id={`${id}-url-hint`} className={HINT}>
          {suggestion} Fetched through Parley&rsquo;s server (public addresses only).
        </p>
      </form>
      <div className="flex flex-wrap items-center gap-2">
        <JsonFilePicker label="Open the card’s file…" className={BUTTON} testId="record-card-file" onFile={(file) => void openFile(file)} />
      </div>
      <details className="group">
        <summary className="cursor-pointer text-xs font-semibold text-slate-700">Or paste the card&rsquo;s text</summary>
        <div className="mt-1 flex flex-col gap-1">
          <label htmlFor={`${id}-paste`} className={LABEL}>
            The card&rsquo;s JSON, exactly as it was served
          </label>
          <textarea
            id={`${id}-paste`}
            rows={5}
            spellCheck={false}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            className={`${FIELD} font-mono text-xs`}
            data-testid="record-card-paste"
          />
          <div>
            <button type="button" className={BUTTON} disabled={pasted.trim() === "" || state.status === "working"} onClick={() => void check({ text: pasted, origin: "the pasted text" })}>
              Check the pasted card
            </button>
          </div>
        </div>
      </details>
      <div aria-live="polite">
        {state.status === "working" && <p role="status" className={HINT}>{state.what}</p>}
        {state.status === "failed" && (
          <p className={ERROR} data-testid="record-card-error">
            {state.message}
          </p>
        )}
        {state.status === "checked" && <Checked need={need} state={state} />}
        {since &&
          ("href" in since ? (
            <a href={since.href} className="mt-2 inline-block text-sm text-sky-800 underline hover:text-sky-950" data-testid="record-card-since">
              What changed since: the diff to the card {since.url} serves now
            </a>
          ) : (
            <p className={HINT} data-testid="record-card-since">
              {since.why}
            </p>
          ))}
      </div>
    </div>
  );
}

function Checked({ need, state }: { need: CardNeed; state: Extract<State, { status: "checked" }> }) {
  const { check, digest, origin, text } = state;
  // The same card: reviewed again with the record's profile and class, so a flipped decision shows.
  const claim = useMemo(() => ({ digest: need.digest, taskClass: need.taskClass, decision: need.decision, engine: need.engine }), [need]);
  const source = useMemo(() => ({ card: { cardText: text, digest, profile: need.profile, context: need.context }, where: origin }), [text, digest, need, origin]);
  return (
    <div className="flex flex-col items-start gap-2" data-testid="record-card-check" data-same={check.same ? "true" : "false"}>
      {check.same ? (
        <p className="text-emerald-900">
          <span className="font-semibold">Same card as the record</span> ({origin}): its digest is the record&rsquo;s, <code className="text-xs break-all">{digest}</code>. The review is the
          one the decision was made on, reviewed again by this engine.
        </p>
      ) : (
        <p className="text-amber-950">
          <span className="font-semibold">A different card</span> ({origin}): the record was made on digest <code className="text-xs break-all">{need.digest}</code>, this card&rsquo;s is{" "}
          <code className="text-xs break-all">{digest}</code>. The review shows this card, not the one decided on: its decisions may differ from the record&rsquo;s.
        </p>
      )}
      {check.same && <RecordCheckView claim={claim} source={source} />}
      {check.note && <p className="text-xs text-slate-700">{check.note}</p>}
      <a href={check.href} className={PRIMARY} data-testid="open-review" data-link-kind="snapshot" data-same={check.same ? "true" : "false"}>
        Open review <span className="font-normal">({check.same ? "the record's card" : "this card, not the record's"})</span>
      </a>
    </div>
  );
}
