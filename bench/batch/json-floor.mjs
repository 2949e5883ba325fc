// The JSON floor for the batch bench: the least any program must do with batch's input. It reads
// JSON Lines from stdin in chunks, JSON.parses each line and, when the card comes as text, the card
// too, and writes one line per input line of the same size (the parsed line serialised again),
// once per chunk with backpressure. Plain JavaScript on plain node, so its start-up is node's own.
// With --echo it writes the input line back instead of serialising it: a lower floor, printed for
// comparison (a program answering in JSON has to serialise something).
import { argv, stdin, stdout } from "node:process";

const echo = argv.includes("--echo");

function write(text) {
  if (stdout.write(text)) return undefined;
  return new Promise((resolve) => stdout.once("drain", resolve));
}

let rest = "";
let lines = 0;
for await (const chunk of stdin) {
  const text = rest + chunk.toString("utf8");
  let start = 0;
  let out = "";
  for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
    const line = text.slice(start, nl);
    start = nl + 1;
    if (line.trim() === "") continue;
    const value = JSON.parse(line);
    if (typeof value.cardText === "string") JSON.parse(value.cardText);
    out += (echo ? line : JSON.stringify(value)) + "\n";
    lines++;
  }
  rest = text.slice(start);
  if (out) await write(out);
}
if (rest.trim() !== "") {
  const value = JSON.parse(rest);
  if (typeof value.cardText === "string") JSON.parse(value.cardText);
  await write((echo ? rest : JSON.stringify(value)) + "\n");
  lines++;
}
process.stderr.write(`json-floor: ${lines} lines\n`);
