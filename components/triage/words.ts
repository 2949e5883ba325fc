import { describeProblem } from "@/lib/negotiation";
import type { IntakeRefusal } from "@/lib/triage/intake";
import type { TriageLinkError } from "@/lib/triage/link";
import { MAX_TRIAGE_CARD_CHARS } from "@/lib/triage/triage";
import { count, formatBytes, describeNotUtf8 } from "@/components/ui/file-words";

/**
 * The triage page's own sentences: why a file was not added, why a link could not be read. (What a
 * decision or a card problem means comes from lib/negotiation/explain, like everywhere else.)
 */
export function describeRefusal(reason: IntakeRefusal): string {
  switch (reason.code) {
    case "tooLarge":
      return reason.of === "card"
        ? `It is ${formatBytes(reason.size)}; a card may be at most ${formatBytes(reason.limit)}.`
        : `It is ${formatBytes(reason.size)}; Parley reads files of at most ${formatBytes(reason.limit)} (a saved triage; a card may be at most ${formatBytes(MAX_TRIAGE_CARD_CHARS)}).`;
    case "notText":
      return "It is not text (an image, an archive or another binary file?): a card is a JSON document.";
    case "notUtf8":
      return describeNotUtf8(reason.offset, reason.byte);
    case "notJson":
      return describeProblem(reason.problem);
    case "badTriageFile":
      return `It is a Parley triage file that cannot be opened: ${reason.pointer ? `at ${reason.pointer}, ` : ""}${reason.message}.`;
    case "unreadable":
      return `The browser could not read it (${reason.message}).`;
  }
}

export function describeTriageLinkError(error: TriageLinkError): string {
  switch (error.code) {
    case "notATriageLink":
      return `This is not a Parley link: after the # a triage link starts with "t1." and a review link with "v1.", but this one starts with "${JSON.stringify(error.found).slice(1, -1)}".`;
    case "unknownVersion":
      return `This triage link uses format ${error.version}, which this version of Parley cannot read (it reads ${error.supported}). Open it in a newer Parley.`;
    case "tooLarge":
      return `The link is ${count(error.length)} characters long, more than the ${count(error.limit)} a triage link may have. It was not read.`;
    case "truncated":
      return "The link is cut short: part of it is missing. Copy the whole link again.";
    case "corrupt":
      return "The link is damaged: it does not unpack to what was saved. It was probably changed when it was copied.";
    case "decompressedTooLarge":
      return `The link unpacks to more than ${formatBytes(error.limit)}; it was stopped there and not opened.`;
    case "invalid":
      return `The link unpacked, but what it holds is not a triage: ${error.pointer ? `at ${error.pointer}, ` : ""}${error.message}.`;
  }
}
