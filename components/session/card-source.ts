import type { FetchedCardResponse } from "@/lib/wire/fetch-card";

/** Where the card in the editor came from: what the card panel shows and a kept draft remembers. */
export type CardSource =
  | { kind: "example"; id: string; title: string; text: string }
  | { kind: "file"; name: string }
  | { kind: "fetch"; card: FetchedCardResponse }
  /** The exact bytes from a snapshot review link (and where they were once fetched, if they were). */
  | { kind: "link"; cardUrl?: string }
  /** The card of the draft this browser kept (restored on reload), and where it had come from. */
  | { kind: "draft"; savedAt: string; origin?: DraftOrigin };

/** Where a kept draft's card had come from, as the draft remembers it. */
export type DraftOrigin =
  /** `edited`: the card was changed after the example was picked (it is no longer the example). */
  | { kind: "example"; id: string; title: string; edited?: true }
  | { kind: "file"; name: string }
  | { kind: "url"; url: string };
