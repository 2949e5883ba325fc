import type { Path } from "../task-classes";

const REQUEST_LABELS = {
  extension: "server refuses every request (required extension)",
  security: "server refuses every request (security)",
  signature: "client refuses the card (signature)",
} as const;

/** A short label for the path a violated finding cuts, for a matrix cell (the explanation has the prose). */
export function describeCut(path: Path): string {
  switch (path.kind) {
    // No modes named: the whole path is cut, not some of its modes.
    case "input":
      return path.modes.length > 0 ? `cuts input ${path.modes.join(", ")}` : "cuts the input path";
    case "output":
      return path.modes.length > 0 ? `cuts output ${path.modes.join(", ")}` : "cuts the output path";
    case "completion":
      return `cuts ${path.channel} completion`;
    case "transport":
      return "cuts transport";
    case "request":
      return REQUEST_LABELS[path.reason];
  }
}

/** A short label for what a not-evaluated finding needs declared, for a matrix cell: "declare canPoll". */
export function describeMissing(missing: readonly string[]): string {
  const fields = missing.map((pointer) => pointer.replace(/^\//, "").replaceAll("/", "."));
  return `declare ${fields.join(", ")}`;
}
