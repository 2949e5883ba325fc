// Writes schema/client-profile.schema.json from the zod schema the engine parses profiles with
// (schema/client-profile.ts), and schema/parley-config.schema.json, the config file's
// (schema/parley-config.ts). Run it after changing a profile or config field; the in-step tests say when.
import { build } from "esbuild";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const PROFILE_SCHEMA_FILE = ROOT + "schema/client-profile.schema.json";
export const CONFIG_SCHEMA_FILE = ROOT + "schema/parley-config.schema.json";

const bundled = await build({
  absWorkingDir: ROOT,
  stdin: { contents: 'export * from "./schema/client-profile.ts"; export * from "./schema/parley-config.ts";', resolveDir: ROOT, loader: "ts" },
  bundle: true,
  write: false,
  platform: "node",
  format: "esm",
  logLevel: "warning",
});
const { clientProfileJsonSchema, parleyConfigJsonSchema } = await import("data:text/javascript;base64," + Buffer.from(bundled.outputFiles[0].text).toString("base64"));
writeFileSync(PROFILE_SCHEMA_FILE, JSON.stringify(clientProfileJsonSchema(), null, 2) + "\n");
writeFileSync(CONFIG_SCHEMA_FILE, JSON.stringify(parleyConfigJsonSchema(), null, 2) + "\n");
console.log(`wrote ${PROFILE_SCHEMA_FILE.replace(ROOT, "")} and ${CONFIG_SCHEMA_FILE.replace(ROOT, "")}`);
