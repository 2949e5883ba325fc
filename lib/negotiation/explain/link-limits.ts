/** English for the limits the workspace puts on what a review link may open (components/session/link-limits.ts). */
export type LinkCardLimitProblem =
  | { code: "cardTooLarge"; bytes: number; limit: number }
  | { code: "cardTooDeep"; limit: number };

export function describeLinkCardLimit(problem: LinkCardLimitProblem): string {
  switch (problem.code) {
    case "cardTooLarge":
      return `The card in this link is ${formatBytes(problem.bytes)} once unpacked; the workspace opens cards up to ${formatBytes(problem.limit)}, the same limit as fetching one. It was not opened.`;
    case "cardTooDeep":
      return `The card in this link nests more than ${problem.limit} levels deep; Agent Cards nest a few levels, and text this deep would stall the page. It was not opened.`;
  }
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}
