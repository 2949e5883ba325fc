import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "fixtures/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts", "bench/**/*.test.ts"],
    environment: "node",
  },
});
