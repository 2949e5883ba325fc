/**
 * The commands the docs show, for lib/docs-commands.test.ts: each ```console block holds `$ `
 * lines (a command, continued by a trailing backslash) each followed by the output it prints.
 */
export interface DocCommand {
  file: string;
  /** Line of the `$ ` in the file (1-based). */
  line: number;
  command: string;
  /** What the command prints, as the doc shows it (`…` for what varies). */
  sample: string;
  exitCode: number;
}

const FENCE = /^(\s*)(`{3,})(\S*)\s*$/;

/** Fenced blocks: their info string, first line number (1-based) and lines. */
function fencedBlocks(text: string): Array<{ info: string; start: number; lines: string[] }> {
  const out: Array<{ info: string; start: number; lines: string[] }> = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent, ticks, info] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !(lines[j]!.trim() === ticks); j++) body.push(lines[j]!.startsWith(indent!) ? lines[j]!.slice(indent!.length) : lines[j]!);
    out.push({ info: info!, start: i + 2, lines: body });
    i = j;
  }
  return out;
}

export function extractCommands(file: string, text: string): DocCommand[] {
  const out: DocCommand[] = [];
  for (const block of fencedBlocks(text).filter((b) => b.info === "console")) {
    let current: DocCommand | undefined;
    const sample: string[] = [];
    const finish = () => {
      if (current) out.push({ ...current, sample: sample.length ? sample.join("\n") + "\n" : "" });
      sample.length = 0;
    };
    for (let i = 0; i < block.lines.length; i++) {
      const line = block.lines[i]!;
      if (!line.startsWith("$ ")) {
        sample.push(line);
        continue;
      }
      finish();
      const at = block.start + i;
      let command = line.slice(2);
      while (command.endsWith("\\") && i + 1 < block.lines.length) command = command + "\n" + block.lines[++i]!;
      const exit = /#\s*exit (\d+)\s*$/.exec(command);
      current = { file, line: at, command, sample: "", exitCode: exit ? Number(exit[1]) : 0 };
    }
    finish();
  }
  return out;
}

/** Lines outside console blocks that start like a CLI command (synopses: they must hold placeholders), unindented. */
export function extractSynopses(text: string): string[] {
  return fencedBlocks(text)
    .filter((b) => b.info !== "console")
    .flatMap((b) => b.lines)
    // A command starts its line; an indented line is output (a table of timings naming commands).
    .map((l) => l.trimEnd())
    .filter((l) => /^(?:\$ )?(?:npx parley|npm run -s review|node build\/cli\/review\.mjs|parley(?= (?:check|batch|triage|diff|seed-check|--)(?:\s|$)))/.test(l));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Does the output match the sample: `…` any text within a line, a `…` line any number of lines. */
export function sampleMatches(sample: string, output: string): boolean {
  const lines = sample.replace(/\n$/, "").split("\n");
  let pattern = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const last = i === lines.length - 1;
    if (line.trim() === "…") pattern += "(?:[^\\n]*\\n)*?";
    else pattern += line.split("…").map(escape).join("[^\\n]*?") + "\\n";
    if (last && sample === "") pattern = "";
  }
  return new RegExp(`^${pattern}$`).test(output);
}
