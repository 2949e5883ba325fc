/**
 * The files of a drop, folders included (read recursively: dropping a folder of cards is the quick
 * way to triage a registry export). In a folder only *.json files are taken, and the rest counted,
 * so a README beside the cards is not listed as a refused card; a file dropped by itself is always
 * taken, whatever its name, and said to be refused if it is not a card.
 */
export interface DroppedFile {
  name: string;
  file: File;
}

export interface DropReading {
  files: DroppedFile[];
  /** Files inside dropped folders that do not end in .json. */
  skippedInFolders: number;
}

/** Must be called while the drop event is dispatched: the browser empties the items right after. */
export function readDrop(transfer: DataTransfer): Promise<DropReading> {
  const direct: DroppedFile[] = [];
  const folders: FileSystemDirectoryEntry[] = [];
  const items = Array.from(transfer.items ?? []);
  if (items.length > 0) {
    for (const item of items) {
      if (item.kind !== "file") continue;
      const entry = typeof item.webkitGetAsEntry === "function" ? item.webkitGetAsEntry() : null;
      if (entry?.isDirectory) {
        folders.push(entry as FileSystemDirectoryEntry);
        continue;
      }
      const file = item.getAsFile();
      if (file) direct.push({ name: file.name, file });
    }
  } else {
    for (const file of Array.from(transfer.files)) direct.push({ name: file.name, file });
  }
  return (async () => {
    const reading: DropReading = { files: direct, skippedInFolders: 0 };
    for (const folder of folders) await readFolder(folder, `${folder.name}/`, reading);
    return reading;
  })();
}

async function readFolder(folder: FileSystemDirectoryEntry, prefix: string, into: DropReading, depth = 0): Promise<void> {
  if (depth > 8) return;
  for (const entry of await readAllEntries(folder)) {
    if (entry.isDirectory) {
      await readFolder(entry as FileSystemDirectoryEntry, `${prefix}${entry.name}/`, into, depth + 1);
    } else if (!entry.name.toLowerCase().endsWith(".json")) {
      into.skippedInFolders++;
    } else {
      const file = await new Promise<File | null>((resolve) => (entry as FileSystemFileEntry).file(resolve, () => resolve(null)));
      if (file) into.files.push({ name: `${prefix}${entry.name}`, file });
    }
  }
}

/** A directory reader hands out entries in chunks (100 at a time in Chromium) until an empty one. */
async function readAllEntries(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const chunk = await new Promise<FileSystemEntry[]>((resolve) => reader.readEntries(resolve, () => resolve([])));
    if (chunk.length === 0) return all;
    all.push(...chunk);
  }
}

/** Does this drag carry files (and not text or a link dragged from the page)? */
export function carriesFiles(transfer: DataTransfer | null): boolean {
  return Boolean(transfer && Array.from(transfer.types).includes("Files"));
}
