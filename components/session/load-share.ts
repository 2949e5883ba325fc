import { loadOnce } from "@/components/ui/load-once";

/**
 * The review-link codec (fflate, its dictionary, the link schemas) is loaded only when a link is
 * copied or the page opens with a fragment: most visits do neither, so it stays out of the
 * workspace's first bundle. One promise per page; a failed chunk load may be retried.
 */
export type ShareModule = typeof import("@/lib/share");

export const loadShare: () => Promise<ShareModule> = loadOnce(() => import("@/lib/share"));

/** What the share bar says when the codec (or the text maker) could not be loaded. */
export const SHARE_LOAD_FAILED = "Could not load the link maker (the network may be down); try again.";
