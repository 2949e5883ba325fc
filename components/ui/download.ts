/** Saves text as a file through the browser's download (a blob URL, released once the download has started). */
export function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "parley-triage-2026-11-30" — today's date in the file name, so a week's files sort. */
export function datedName(stem: string, extension: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return `${stem}-${day}.${extension}`;
}
