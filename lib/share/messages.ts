import type { CorruptReason, LinkError } from "./errors";

/** The only place review-link errors become English. One sentence or two: what is wrong, what to do. */
export function describeLinkError(error: LinkError): string {
  switch (error.code) {
    case "empty":
      return "The link has no review in it (the part after # is empty).";
    case "notAReviewLink":
      if (/^d\d+\./.test(error.found)) return "This is a diff link (it starts with \"d1.\"), not a review link: open it on the /diff page.";
      return `This is not a Parley review link: it should start with "v1." or "v2." after the #, but starts with "${printable(error.found)}".`;
    case "unknownVersion":
      return `This review link uses format ${error.version}, which this version of Parley cannot read (it reads ${error.supported.join(", ")}). Open it in a newer Parley.`;
    case "tooLarge":
      return `The link is ${formatCount(error.length)} characters long, more than the ${formatCount(error.limit)} a review link may have. It was not read.`;
    case "notBase64":
      return `The link contains "${printable(error.character)}" at position ${error.position}, a character review links never contain. It was probably changed when it was copied.`;
    case "truncated":
      return "The link is cut short: part of it is missing. Copy the whole link again.";
    case "corrupt":
      return CORRUPT[error.reason];
    case "decompressedTooLarge":
      return `The link unpacks to more than ${formatBytes(error.limit)}, more than any review needs; it was stopped there and not opened.`;
    case "stateTooLarge":
      return `The profile, context, task classes and acknowledgements in the link take ${formatBytes(error.length)}, more than the ${formatBytes(error.limit)} allowed. It was not opened.`;
    case "tooManyAcknowledgements":
      return `The link holds ${formatCount(error.count)} acknowledged findings, more than the ${formatCount(error.limit)} a review link may hold. It was not opened.`;
    case "invalidState": {
      const shown = error.issues.map((i) => `${i.pointer || "(the whole state)"}: ${i.detail}`).join("; ");
      const more = error.total > error.issues.length ? ` (and ${error.total - error.issues.length} more)` : "";
      return `The link unpacked, but what it holds is not a valid review: ${shown}${more}.`;
    }
  }
}

/** A diff link's errors: its own words where a diff link differs from a review link, the same words elsewhere. */
export function describeDiffLinkError(error: LinkError): string {
  switch (error.code) {
    case "notAReviewLink":
      return `This is not a Parley diff link: it should start with "d1." after the #, but starts with "${printable(error.found)}".`;
    case "unknownVersion":
      return `This diff link uses format ${error.version}, which this version of Parley cannot read (it reads ${error.supported.join(", ")}). Open it in a newer Parley.`;
    case "stateTooLarge":
      return `The profiles, context and task classes in the link take ${formatBytes(error.length)}, more than the ${formatBytes(error.limit)} allowed. It was not opened.`;
    case "corrupt":
      if (error.reason === "framing") return "The link is damaged: it does not hold the two versions of the card its settings announce.";
      return CORRUPT[error.reason];
    case "invalidState":
      return describeLinkError(error).replace("is not a valid review", "is not a valid diff");
    default:
      return describeLinkError(error);
  }
}

const CORRUPT: Record<CorruptReason, string> = {
  deflate: "The link is damaged: its compressed data cannot be unpacked. It was probably changed when it was copied.",
  checksum: "The link is damaged: it unpacks, but not to what was saved (its checksum does not match). Part of it was changed.",
  utf8: "The link is damaged: it unpacks to bytes that are not text.",
  json: "The link is damaged: the review settings in it are not readable JSON.",
  framing: "The link is damaged: it does not hold the parts its kind of link needs (a snapshot without its card, or a live link with one).",
  unreadable: "The link could not be read.",
};

/** Shows control characters and spaces visibly instead of letting them vanish in the message. */
function printable(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}
