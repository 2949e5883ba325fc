/**
 * Nothing but a module in the workspace's chunk: importing it runs the chunk's script (V8 finishes
 * compiling the chunk then) without evaluating the workspace's modules. See workspace-entry.tsx.
 */
export const WORKSPACE_CHUNK = "workspace";
