/** Engine version: part of every review, decision record, share link and cache key.
 * Bump the minor when a decision for the same input can change. */
export const ENGINE_VERSION = "0.2.0";
export const ENGINE_NAME = "parley";
