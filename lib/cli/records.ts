import {
  type Acknowledgement,
  acknowledgeReview,
  digestCardText,
  ENGINE_VERSION,
  findTaskClass,
  formatDecisionRecord,
  type RecordOptions,
  type Review,
  type ReviewContext,
} from "../negotiation";
import { describeLinkError, tryEncodeReviewLink } from "../share";
import type { LoadedCard } from "./inputs";
import { UsageError } from "./io";

/**
 * One decision record per task class (docs/decision-record.md), as objects so `--format json`
 * stays one JSON document; re-serialize one with JSON.stringify to get its log line. A fetched card
 * records where it came from. Every record carries its review as a snapshot review link: the bare
 * fragment (`#v1.…`, which /explain opens on its own origin, so no flag is needed for one click
 * from the log line to the review), or a whole URL under `linkBase`. `reviewLink: false`
 * (`--no-review-link`) leaves it out; a card too large for a link is recorded without one.
 *
 * With a config file's acknowledgements, the link carries those that bear on this review (in force
 * or expired, for any of its classes), so the review it opens marks the same findings acknowledged
 * as the run did: a v2 link. Those about other cards or rules stay in the config file; a review
 * none bears on gets the v1 link it always had.
 */
export function buildRecords(
  review: Review,
  card: LoadedCard,
  opts: { context?: ReviewContext; linkBase?: string; reviewLink?: boolean; acknowledgements?: readonly Acknowledgement[] } = {},
): unknown[] {
  const options: RecordOptions = {};
  if (card.fetched) options.cardSource = card.fetched.finalUrl;
  // One digest for all records: the card is the same for every task class.
  const digest = digestCardText(card.text);
  const acknowledgements = bearingOn(review, digest, opts.acknowledgements ?? []);
  // --no-review-link wins over a link base (PARLEY_BASE_URL sets one without the user asking).
  if (opts.reviewLink !== false) {
    if (opts.linkBase) options.reviewLink = reviewLink(review, card, opts.context ?? {}, acknowledgements, opts.linkBase);
    else {
      const fragment = reviewFragment(review, card, opts.context ?? {}, acknowledgements);
      if (fragment.ok) options.reviewLink = `#${fragment.fragment}`;
    }
  }
  return review.decisions.map((d) => JSON.parse(formatDecisionRecord(review, d.taskClass, digest, options)) as unknown);
}

/** The acknowledgements that cover a finding of this review, in force or expired (so the choice does not depend on the day), in the config's order. */
function bearingOn(review: Review, cardDigest: string, acknowledgements: readonly Acknowledgement[]): Acknowledgement[] {
  if (acknowledgements.length === 0) return [];
  const used = new Set<number>();
  for (const entry of acknowledgeReview(review, acknowledgements, { now: new Date(), cardDigest })) {
    for (const a of [...entry.applied, ...entry.expired]) used.add(a.index);
  }
  return acknowledgements.filter((_, index) => used.has(index));
}

function reviewLink(review: Review, card: LoadedCard, context: ReviewContext, acknowledgements: Acknowledgement[], linkBase: string): string {
  const encoded = reviewFragment(review, card, context, acknowledgements);
  if (!encoded.ok) {
    const what = acknowledgements.length ? `this card and the ${acknowledgements.length} acknowledgement${acknowledgements.length === 1 ? "" : "s"} that bear on it` : "this card";
    throw new UsageError(`check: cannot make a review link for ${what}: ${describeLinkError(encoded.error)}`);
  }
  return `${linkBase.replace(/\/+$/, "")}/#${encoded.fragment}`;
}

function reviewFragment(review: Review, card: LoadedCard, context: ReviewContext, acknowledgements: Acknowledgement[]) {
  return tryEncodeReviewLink({
    cardText: card.text,
    profile: review.profile,
    context,
    engineVersion: ENGINE_VERSION,
    // Built-in classes by id; a user-defined (or skill-aimed) class in full, so the link reproduces it.
    taskClasses: review.taskClasses.map((t) => (findTaskClass(t.id) === t ? t.id : t)),
    decisions: Object.fromEntries(review.decisions.map((d) => [d.taskClass, d.decision])),
    ...(card.fetched ? { cardUrl: card.fetched.finalUrl } : {}),
    ...(acknowledgements.length ? { acknowledgements } : {}),
  });
}

/** `--link-base URL`: the workspace's address (http or https), e.g. https://parley.example.com. */
export function parseLinkBase(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`check: --link-base must be an absolute http(s) URL of the Parley workspace, not "${value}".`, true);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`check: --link-base must be an http(s) URL, not "${url.protocol}".`, true);
  }
  // As PARLEY_BASE_URL: a link's state goes after the path, so a query or fragment here would be
  // dropped or would swallow it; refused rather than changed behind the user's back.
  if (url.username || url.password || url.search || url.hash) {
    throw new UsageError(`check: --link-base must be an http(s) URL without credentials, query or fragment, not "${value}".`, true);
  }
  return url.origin + url.pathname;
}
