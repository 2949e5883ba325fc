import { formatResult, type BenchResult } from "./harness";
import { SECTIONS } from "./sections";

/**
 * `npm run bench [-- --only id,id]`: runs every section (or the named ones), prints one line per
 * measurement with PASS/FAIL against its target, and exits 1 when a target is missed.
 */
async function main(argv: string[]): Promise<number> {
  const onlyIndex = argv.indexOf("--only");
  const only = onlyIndex >= 0 ? (argv[onlyIndex + 1] ?? "").split(",").filter(Boolean) : undefined;
  const unknown = only?.filter((id) => !SECTIONS.some((s) => s.id === id)) ?? [];
  if (unknown.length > 0 || (onlyIndex >= 0 && !only?.length)) {
    console.error(`bench: unknown section ${unknown.join(", ") || "(none given)"}; sections: ${SECTIONS.map((s) => s.id).join(", ")}`);
    return 2;
  }
  console.log(`Parley bench — node ${process.version}, ${process.platform}/${process.arch}`);
  const all: BenchResult[] = [];
  const skipped: string[] = [];
  for (const section of SECTIONS) {
    if (only && !only.includes(section.id)) continue;
    console.log(`\n## ${section.title} [${section.id}]`);
    const skip = section.skipReason?.();
    if (skip) {
      console.log(`SKIP  ${skip}`);
      skipped.push(section.id);
      continue;
    }
    const results = await section.run((line) => console.log(line));
    for (const r of results) console.log(formatResult(r));
    all.push(...results);
  }
  const failed = all.filter((r) => r.pass === false);
  const notRun = skipped.length > 0 ? ` Not measured: ${skipped.join(", ")} (skipped, see above).` : "";
  console.log(`\n${failed.length === 0 ? "All targets measured were met." : `${failed.length} target(s) missed.`}${notRun}`);
  return failed.length === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exitCode = 2;
  },
);
