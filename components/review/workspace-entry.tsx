"use client";

import dynamic from "next/dynamic";

/**
 * The workspace, loaded as a chunk of its own (the name marks it for eager compilation: see
 * next.config.mjs). Its modules and the engine modules they import, whose schemas are built as
 * they load, were about a third of the one task that starts React and the router on a first visit;
 * now they run in a task of their own once that one is done, and hydration resumes when they are
 * there. The server still renders the workspace in full (the same first view) and has the browser
 * preload its scripts.
 */
export const Workspace = dynamic(() => import(/* webpackChunkName: "workspace" */ "./workspace").then((m) => m.Workspace));
