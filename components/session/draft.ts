import type { CardSource, DraftOrigin } from "./card-source";
import type { MatrixSelection } from "./selection";
import { type Acknowledgement, ClientProfile, readAcknowledgements, ReviewContext } from "@/lib/negotiation";
import type { TaskClassSelection } from "./workspace-review";
import { type ImportedConfig, readImportedConfig } from "@/lib/config/workspace";

/**
 * The workspace draft: what the user was reviewing, kept in this browser (localStorage) after
 * every pause in editing, so a reload or a closed tab loses nothing. A review link in the address
 * wins over it; "Start fresh" forgets it. A cookie says only that a draft exists, so the server can
 * render "Restoring your draft…" instead of flashing the default example first.
 */
export const DRAFT_KEY = "parley.workspaceDraft.v1";
export const DRAFT_COOKIE = "parley-draft";

export interface WorkspaceDraft {
  savedAt: string;
  cardText: string;
  /** Where the card came from, as far as it can be said again later (a fetch keeps its URL). */
  origin?: DraftOrigin;
  profile: ClientProfile;
  context: ReviewContext;
  taskClasses?: TaskClassSelection;
  selection?: MatrixSelection;
  /** The acknowledged findings imported (or opened with a link) in this session: a reload keeps them. */
  acknowledgements?: Acknowledgement[];
  /** The parley.config.json imported last, as it was: an export after a reload still writes it back with only the edits in it. */
  importedConfig?: ImportedConfig;
}

/** What a restored draft says, beside the draft itself: parts that no longer fit and were reset. */
export interface DraftRead {
  draft: WorkspaceDraft;
  dropped: DroppedPart[];
}

/** A part of a stored draft that no longer reads (a profile field renamed, an acknowledgement of a rule since removed). */
export type DroppedPart = "profile" | "context" | "acknowledgements" | "imported config file";

export function originOf(source: CardSource | null, edited = false): DraftOrigin | undefined {
  if (!source) return undefined;
  switch (source.kind) {
    case "example":
      return { kind: "example", id: source.id, title: source.title, ...(edited ? { edited: true as const } : {}) };
    case "file":
      return { kind: "file", name: source.name };
    case "fetch":
      return { kind: "url", url: source.card.requestedUrl };
    case "link":
      return source.cardUrl ? { kind: "url", url: source.cardUrl } : undefined;
    case "draft":
      return source.origin?.kind === "example" && edited ? { ...source.origin, edited: true } : source.origin;
  }
}

/** Reads a stored draft; anything unreadable is no draft, a part that no longer validates is reset. */
export function decodeDraft(raw: string | null, fallbackProfile: ClientProfile): DraftRead | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.cardText !== "string" || typeof value.savedAt !== "string") return undefined;
  const dropped: DraftRead["dropped"] = [];
  const profile = ClientProfile.safeParse(value.profile);
  if (!profile.success) dropped.push("profile");
  const context = ReviewContext.safeParse(value.context ?? {});
  if (!context.success) dropped.push("context");
  const draft: WorkspaceDraft = {
    savedAt: value.savedAt,
    cardText: value.cardText,
    profile: profile.success ? profile.data : fallbackProfile,
    context: context.success ? context.data : {},
  };
  const origin = readOrigin(value.origin);
  if (origin) draft.origin = origin;
  if (Array.isArray(value.taskClasses)) draft.taskClasses = value.taskClasses as TaskClassSelection;
  if (isRecord(value.selection) && typeof value.selection.taskClass === "string") {
    draft.selection =
      typeof value.selection.invariant === "string"
        ? { taskClass: value.selection.taskClass, invariant: value.selection.invariant }
        : { taskClass: value.selection.taskClass };
  }
  if (value.acknowledgements !== undefined) {
    // Read as a config file's are: the ones that still read are kept, and a reset is said.
    const read = readAcknowledgements(value.acknowledgements);
    if (read.acknowledgements.length) draft.acknowledgements = read.acknowledgements;
    if (read.problems.length) dropped.push("acknowledgements");
  }
  if (value.importedConfig !== undefined) {
    const imported = readImportedConfig(value.importedConfig);
    if (imported) draft.importedConfig = imported;
    else dropped.push("imported config file");
  }
  return { draft, dropped };
}

function readOrigin(value: unknown): DraftOrigin | undefined {
  if (!isRecord(value)) return undefined;
  if (value.kind === "example" && typeof value.id === "string" && typeof value.title === "string") {
    return { kind: "example", id: value.id, title: value.title, ...(value.edited === true ? { edited: true as const } : {}) };
  }
  if (value.kind === "file" && typeof value.name === "string") return { kind: "file", name: value.name };
  if (value.kind === "url" && typeof value.url === "string") return { kind: "url", url: value.url };
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function readStoredDraft(fallbackProfile: ClientProfile): DraftRead | undefined {
  try {
    return decodeDraft(window.localStorage.getItem(DRAFT_KEY), fallbackProfile);
  } catch {
    return undefined; // storage disabled: there is no draft
  }
}

/** False when the browser would not keep it (storage full or disabled). */
export function storeDraft(draft: WorkspaceDraft): boolean {
  try {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    setDraftCookie(true);
    return true;
  } catch {
    return false;
  }
}

export function forgetDraft(): void {
  try {
    window.localStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing stored, or storage disabled
  }
  setDraftCookie(false);
}

function setDraftCookie(present: boolean): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = present
    ? `${DRAFT_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
    : `${DRAFT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/**
 * The draft as the page found it when it opened, for useSyncExternalStore: read once per mount
 * (later saves of the session being edited must not swap the session out), and forgotten on
 * "Start fresh". On the server (and while hydrating) there is no reading yet: undefined.
 */
export function createDraftReader(fallbackProfile: ClientProfile) {
  let reading: DraftRead | null | undefined;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get(): DraftRead | null {
      if (reading === undefined) {
        reading = readStoredDraft(fallbackProfile) ?? null;
        // A cookie without a draft (storage cleared elsewhere): forget the cookie too.
        if (reading === null) setDraftCookie(false);
      }
      return reading;
    },
    getServer: (): undefined => undefined,
    forget(): void {
      forgetDraft();
      reading = null;
      for (const listener of listeners) listener();
    },
    /**
     * Reads the stored draft again: after a review link (opened in this same page, by a hashchange)
     * the draft to come back to is the one kept now, not the one the page found when it opened.
     */
    refresh(): void {
      const now = readStoredDraft(fallbackProfile) ?? null;
      if (now?.draft.savedAt === reading?.draft.savedAt && now?.draft.cardText === reading?.draft.cardText) return;
      reading = now;
      for (const listener of listeners) listener();
    },
  };
}
