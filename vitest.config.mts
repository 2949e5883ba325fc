import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./", import.meta.url)) },
      // Next resolves "server-only" to an empty module on the server; tests are server code too.
      { find: /^server-only$/, replacement: fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)) },
    ],
  },
  test: {
    include: ["lib/**/*.test.ts", "fixtures/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts", "bench/**/*.test.ts", "stress/**/*.test.ts", "scripts/**/*.test.ts", "reality/**/*.test.ts"],
    environment: "node",
  },
});
