import { loadEngine } from "@/components/session/workspace-review";
import { renderDecisionMarkdown } from "@/lib/report/markdown";
import { workspaceHref } from "@/components/session/task-class-param";
import { profileLabel } from "@/components/profile-editor/profile-label";
import { loadShare, SHARE_LOAD_FAILED } from "@/components/session/load-share";
import { snapshotOf, type WorkspaceState } from "@/components/session/snapshot";
import { acknowledgedMarkdown } from "./acknowledged-markdown";

/**
 * The text each share button copies: a review link, a live link, or a Markdown table with the
 * link. Loaded on a press (warmed on hover or focus) by the share bar, with the link codec.
 */
export type CopyKind = "link" | "live" | "markdown";

export async function textFor(kind: CopyKind, workspace: WorkspaceState): Promise<{ ok: true; value: string } | { ok: false; message: string }> {
  let share;
  try {
    [share] = await Promise.all([loadShare(), loadEngine()]);
  } catch {
    return { ok: false, message: SHARE_LOAD_FAILED };
  }
  const { state, review } = snapshotOf(workspace);
  const origin = window.location.origin;
  if (kind === "live") {
    const live = share.liveStateFromSnapshot(state);
    if (!live) return { ok: false, message: "A live link needs the URL the card was fetched from." };
    const encoded = share.tryEncodeLiveLink(live);
    return encoded.ok ? { ok: true, value: `${origin}${workspaceHref(encoded.fragment)}` } : { ok: false, message: `No live link: ${share.describeLinkError(encoded.error)}` };
  }
  const encoded = share.tryEncodeReviewLink(state);
  if (!encoded.ok) return { ok: false, message: `No link: ${share.describeLinkError(encoded.error)}` };
  // The open cell rides beside the fragment: the link reopens where the person was.
  const url = `${origin}${workspaceHref(encoded.fragment, workspace.selection?.taskClass, workspace.selection?.invariant)}`;
  // An edited preset is named as edited (profile-label.ts), in the ticket as on screen.
  const named = { ...review, profile: { ...review.profile, name: profileLabel(workspace.profile) } };
  if (kind === "link") return { ok: true, value: url };
  // The acknowledgements the link carries are said before it, after the decisions they bear on.
  const body = renderDecisionMarkdown(named);
  const withLink = renderDecisionMarkdown(named, url);
  const acknowledged = acknowledgedMarkdown(review, workspace.cardText, workspace.acknowledgements ?? []);
  return { ok: true, value: withLink.startsWith(body) ? `${body}${acknowledged}${withLink.slice(body.length)}` : `${withLink}\n${acknowledged}` };
}
