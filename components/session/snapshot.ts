import { type Acknowledgement, type ClientProfile, outcomeOf, type Review, type ReviewContext } from "@/lib/negotiation";
import { runReview, type TaskClassSelection } from "./workspace-review";
import type { DecisionMap, SnapshotLinkState } from "@/lib/share";
import type { MatrixSelection } from "./selection";

/** What the workspace holds that a link reproduces. */
export interface WorkspaceState {
  cardText: string;
  profile: ClientProfile;
  context: ReviewContext;
  /** From a link; absent means every built-in task class. */
  taskClasses?: TaskClassSelection;
  /** Where the card was fetched from, when it was: makes a live link possible. */
  cardUrl?: string;
  /** The cell open in the explanation: a link opens on it again (beside the fragment, see task-class-param.ts). */
  selection?: MatrixSelection;
  /** The acknowledged findings on screen (imported with a config file, or from a link): a link carries them. */
  acknowledgements?: readonly Acknowledgement[];
}

export function decisionMapOf(review: Review): DecisionMap {
  // Outcomes, not decisions: "not for this client" is what the workspace shows, and what a later opening compares.
  return Object.fromEntries(review.decisions.map((d) => [d.taskClass, outcomeOf(d)]));
}

/**
 * The snapshot link state of what the workspace shows, with the review it was made from. The
 * review is run again here (not taken from the screen) so the decisions in the link are exactly
 * the decisions of the card text in the link, even mid-typing.
 */
export function snapshotOf(workspace: WorkspaceState): { state: SnapshotLinkState; review: Review } {
  const review = runReview(workspace.cardText, workspace.profile, workspace.context, workspace.taskClasses);
  // The task classes reviewed, listed: a link opened after the engine gains a built-in still shows the same rows.
  const taskClasses = workspace.taskClasses
    ? [...workspace.taskClasses]
    : review.taskClasses.map((taskClass) => taskClass.id);
  const state: SnapshotLinkState = {
    cardText: workspace.cardText,
    profile: workspace.profile,
    context: workspace.context,
    taskClasses,
    engineVersion: review.engine.version,
    ...(workspace.cardUrl ? { cardUrl: workspace.cardUrl } : {}),
    decisions: decisionMapOf(review),
    ...(workspace.acknowledgements?.length ? { acknowledgements: [...workspace.acknowledgements] } : {}),
  };
  return { state, review };
}
