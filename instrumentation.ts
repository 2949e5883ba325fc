/** Next calls this once per server process before it serves anything. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The build loads this file too; settings belong to the server that runs, not to the build.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServerSide } = await import("./lib/server/startup");
  startServerSide();
  // The registry (docs/registry.md) opens its database now, so one that cannot be reached stops the server.
  await (await import("./lib/registry/instance")).startRegistry();
}
