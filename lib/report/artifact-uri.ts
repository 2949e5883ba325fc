/**
 * The card as SARIF names it: a URI reference (RFC 3986), which a path typed on a command line is
 * not: a space is not allowed, '#' starts a fragment and '%' an escape. An http(s) card keeps its
 * URL (normalised), a relative path stays a relative reference (the repository-relative path code
 * scanning matches against), an absolute path becomes a file:// URI. Every other character is
 * percent-encoded as UTF-8.
 */
export function artifactUri(source: string): string {
  if (/^https?:\/\//i.test(source) && URL.canParse(source)) return new URL(source).href;
  const text = wellFormed(source);
  const drive = /^([A-Za-z]):[\\/]/.exec(text);
  if (drive) {
    // A Windows path: backslashes separate its segments.
    return `file:///${drive[1]}:/${encodeSegments(text.slice(3).split(/[\\/]/))}`;
  }
  if (text.startsWith("/")) return `file://${encodeSegments(text.split("/"))}`;
  const segments = text.split("/");
  // In a relative reference a ':' in the first segment would read as a scheme ("a:b.json").
  return [encodeSegment(segments[0]!).replace(/:/g, "%3A"), ...segments.slice(1).map(encodeSegment)].join("/");
}

function encodeSegments(segments: string[]): string {
  return segments.map(encodeSegment).join("/");
}

/** Percent-encode all but what a path segment may hold as it is (unreserved, sub-delims, ':' and '@'). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(24|26|2B|2C|3B|3D|3A|40)/gi, (escape) => decodeURIComponent(escape));
}

/** Lone surrogates (which encodeURIComponent refuses) become U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}
