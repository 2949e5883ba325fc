import type { CardSource } from "./card-source";
import type { MatrixSelection } from "./selection";
import type { LinkNotice } from "./link-notice";
import type { Acknowledgement, ClientProfile, ReviewContext } from "@/lib/negotiation";
import type { TaskClassSelection } from "./workspace-review";
import type { DroppedPart } from "./draft";
import type { ImportedConfig } from "@/lib/config/workspace";

/**
 * What one workspace session starts from: the default example, a review link, or nothing (a link
 * that failed). A new seed remounts the session, so every editor starts from it cleanly and no
 * programmatic load is mistaken for the user's first edit.
 */
export interface SessionSeed {
  cardText: string;
  source: CardSource | null;
  profile: ClientProfile;
  context: ReviewContext;
  /** Absent: every built-in task class. */
  taskClasses?: TaskClassSelection;
  selection?: MatrixSelection;
  /** The acknowledged findings a review link (v2) or the draft carried: shown as acknowledged, as an imported config file's are. */
  acknowledgements?: Acknowledgement[];
  /** The config file the draft's session had imported, for the export to write back. */
  importedConfig?: ImportedConfig;
  /** What to say about the link this session was opened from. */
  notice?: LinkNotice;
  /** The default session of a visit: it says whose client this is and applies the one this browser chose. */
  offerClients?: boolean;
  /** Set when the session is the draft this browser kept: when it was saved, and what no longer fitted. */
  draft?: { savedAt: string; dropped: DroppedPart[] };
}
