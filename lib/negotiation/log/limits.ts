/** How much pasted text the log reader takes at once. Hostile pastes are normal input. */
export const MAX_LOG_INPUT_CHARS = 1_048_576;
/** Non-blank lines read from one paste; the rest are counted, not read. */
export const MAX_LOG_LINES = 500;
/** Characters of a line kept for display: a 1 MB line is shown by its start. */
export const MAX_EXCERPT_CHARS = 300;
/** Longest review link read from a line (the share codec caps fragments at 2 MiB; a line is shorter). */
export const MAX_LINK_CHARS = MAX_LOG_INPUT_CHARS;
