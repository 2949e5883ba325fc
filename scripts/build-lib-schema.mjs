// Writes schema/client-profile.schema.json from the zod schema the engine parses profiles with
// (schema/client-profile.ts). Run it after changing a profile field; the in-step test says when.
import { build } from "esbuild";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const PROFILE_SCHEMA_FILE = ROOT + "schema/client-profile.schema.json";

const bundled = await build({
  absWorkingDir: ROOT,
  entryPoints: ["schema/client-profile.ts"],
  bundle: true,
  write: false,
  platform: "node",
  format: "esm",
  logLevel: "warning",
});
const { clientProfileJsonSchema } = await import("data:text/javascript;base64," + Buffer.from(bundled.outputFiles[0].text).toString("base64"));
writeFileSync(PROFILE_SCHEMA_FILE, JSON.stringify(clientProfileJsonSchema(), null, 2) + "\n");
console.log(`wrote ${PROFILE_SCHEMA_FILE.replace(ROOT, "")}`);
