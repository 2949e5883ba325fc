import { ENGINE_VERSION, type ClientProfile } from "@/lib/negotiation";
import { describeDiffLinkError, describeLinkError, tryEncodeDiffLink, tryEncodeReviewLink } from "@/lib/share";
import { cardByDigest } from "../queries/registry";
import { workspaceHref } from "../session/task-class-param";
import { shortDigest } from "./registry-words";

/**
 * One click from a stored card version to its review, or from a decision change to the diff of
 * its two versions: the card texts come from the registry (GET /api/v1/cards/{digest}) and go into
 * an ordinary review or diff link, so the workspace and /diff open them as they open any link.
 */
export type VersionLink = { ok: true; href: string } | { ok: false; why: string };

export async function reviewLinkFor(digest: string, profile: ClientProfile, taskClasses: string[], taskClass?: string): Promise<VersionLink> {
  const card = await cardByDigest(digest);
  const encoded = tryEncodeReviewLink({ cardText: card.text, profile, context: {}, taskClasses, engineVersion: ENGINE_VERSION });
  if (!encoded.ok) return { ok: false, why: `This version cannot be opened as a review link: ${describeLinkError(encoded.error)}` };
  return { ok: true, href: workspaceHref(encoded.fragment, taskClass) };
}

export async function diffLinkFor(fromDigest: string, toDigest: string, profiles: ClientProfile[], taskClasses: string[]): Promise<VersionLink> {
  const [before, after] = await Promise.all([cardByDigest(fromDigest), cardByDigest(toDigest)]);
  const encoded = tryEncodeDiffLink({
    before: { text: before.text, origin: `registry, card ${shortDigest(fromDigest)}` },
    after: { text: after.text, origin: `registry, card ${shortDigest(toDigest)}` },
    profiles,
    context: {},
    taskClasses,
    engineVersion: ENGINE_VERSION,
  });
  if (!encoded.ok) return { ok: false, why: `These versions cannot be opened as a diff link: ${describeDiffLinkError(encoded.error)}` };
  return { ok: true, href: `/diff#${encoded.fragment}` };
}
