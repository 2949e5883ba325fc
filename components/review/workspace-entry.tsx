"use client";

import dynamic from "next/dynamic";

/** A turn for the browser between two steps of loading the workspace: each is then a task of its own. */
const nextTask = () => (typeof window === "undefined" ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, 0)));

/**
 * The workspace, loaded as a chunk of its own (the name marks it for eager compilation: see
 * next.config.mjs). Its modules and the engine modules they import, whose schemas are built as
 * they load, were about a third of the one task that starts React and the router on a first visit.
 * They now load after it, in three tasks of their own: the engine's schema modules (the profile's,
 * the conditions', the task classes'); the workspace chunk's script (where V8 finishes compiling
 * it); the workspace's own modules. Hydration resumes once they are there. The server still renders
 * the workspace in full (the same first view) and has the browser preload its scripts.
 */
export const Workspace = dynamic(async () => {
  // React calls this while it renders: the first step waits for a task of its own too.
  await nextTask();
  // Not in the workspace's chunk group: loading any import of a group loads all of its chunks.
  await Promise.all([import("@/lib/negotiation/profile"), import("@/lib/negotiation/context"), import("@/lib/negotiation/task-classes")]);
  await nextTask();
  await import(/* webpackChunkName: "workspace" */ "./workspace-chunk");
  await nextTask();
  return (await import(/* webpackChunkName: "workspace" */ "./workspace")).Workspace;
});
