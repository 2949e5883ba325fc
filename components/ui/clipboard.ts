/**
 * Writes text to the clipboard; false when the browser refuses. `navigator.clipboard` is missing
 * outside a secure context (plain http on a LAN address), where calling it would throw.
 */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
