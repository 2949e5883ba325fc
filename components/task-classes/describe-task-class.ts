import type { TaskClass } from "@/lib/negotiation";

const COMPLETION: Record<TaskClass["completion"], string> = {
  response: "result in the reply",
  notification: "learns of completion by push or polling",
  push: "learns of completion by push only",
  polling: "learns of completion by polling only",
  stream: "results over a server stream",
  none: "waits for nothing",
};

/** One line on what a task class needs, for the lists that offer it. */
export function describeTaskClass(t: TaskClass): string {
  const parts = [
    `${t.input === "live" ? "live" : "whole"} input${t.inputModes ? ` (${t.inputModes.join(", ")})` : ""}`,
    COMPLETION[t.completion],
    t.output === "required" ? `output awaited${t.outputModes ? ` (${t.outputModes.join(", ")})` : ""}` : "no output awaited",
  ];
  if (t.skill) parts.push(`aimed at skill ${t.skill}`);
  return `${parts.join(" · ")}.`;
}

export const COMPLETION_CHOICES: ReadonlyArray<{ value: TaskClass["completion"]; label: string }> = [
  { value: "response", label: "In the reply to the send call" },
  { value: "notification", label: "Later, by push or polling (either will do)" },
  { value: "push", label: "Later, by push only" },
  { value: "polling", label: "Later, by polling only" },
  { value: "stream", label: "Over a server stream" },
  { value: "none", label: "It does not wait (fire and forget)" },
];
