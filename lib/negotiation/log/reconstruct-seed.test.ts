import { describe, expect, it } from "vitest";
import { RECONSTRUCTION_LABELS } from "../explain/reconstruction";
import { review } from "../review";
import { readSeedMessage, type SeedMessage } from "./seed-message";
import { reconstructFromSeed } from "./reconstruct-seed";

function seed(line: string): SeedMessage {
  const read = readSeedMessage(line);
  if (!read?.ok) throw new Error(`not a seed message: ${line}`);
  return read.message;
}

const LINES = {
  liveInput: "task_class='live-input': card advertises live-only input modes ['audio/pcm', 'video/h264'] but capabilities.streaming is False; client cannot buffer these modes.",
  push: "task_class='async-completion': server push notifications require mTLS under scheme 'contosoMtls', but client callback listener is plain HTTPS; registration would silently drop callbacks.",
  resubscribe: "task_class='async-completion': output modes ['audio/pcm'] are emitted only on tasks/resubscribe, but streaming is disabled; these modes are declared and unreachable.",
};

describe("reconstructFromSeed", () => {
  it.each(Object.entries(LINES))("rebuilds a valid card whose review fires the message's invariant for its task class (%s)", (_name, line) => {
    const message = seed(line);
    const rebuilt = reconstructFromSeed(message, RECONSTRUCTION_LABELS);
    const result = review(rebuilt.cardText, rebuilt.profile, { context: rebuilt.context, taskClasses: rebuilt.taskClasses });
    expect(result.validity.valid).toBe(true);
    expect(result.inputErrors).toBeUndefined();
    expect(result.decisions.map((d) => d.taskClass)).toEqual([message.taskClass]);
    const finding = result.decisions[0]?.findings.find((f) => f.invariant === message.invariant);
    expect(finding?.status).toBe("violated");
  });

  it("says what the message says and nothing more: the live-only modes, no buffering, streaming off", () => {
    const rebuilt = reconstructFromSeed(seed(LINES.liveInput), RECONSTRUCTION_LABELS);
    const card = JSON.parse(rebuilt.cardText) as { capabilities: unknown; defaultInputModes: string[]; name: string };
    expect(card.capabilities).toEqual({ streaming: false });
    expect(card.defaultInputModes).toEqual(["audio/pcm", "video/h264"]);
    expect(card.name).toBe(RECONSTRUCTION_LABELS.cardName);
    expect(rebuilt.profile).toEqual({
      name: RECONSTRUCTION_LABELS.profileName,
      description: RECONSTRUCTION_LABELS.profileDescription,
      inputModes: ["audio/pcm", "video/h264"],
      liveOnlyInputModes: ["audio/pcm", "video/h264"],
      bufferableInputModes: [],
    });
  });

  it("names the push scheme as the message printed it, as an mTLS scheme, and a plain listener", () => {
    const rebuilt = reconstructFromSeed(seed(LINES.push), RECONSTRUCTION_LABELS);
    const card = JSON.parse(rebuilt.cardText) as { securitySchemes: Record<string, unknown> };
    expect(Object.keys(card.securitySchemes)).toEqual(["contosoMtls"]);
    expect(rebuilt.profile.callback).toEqual({ supported: true, mtls: false });
    expect(rebuilt.profile.canPoll).toBeUndefined();
  });

  it("reviews every built-in task class when the message names one Parley does not have", () => {
    const message = { ...seed(LINES.resubscribe), taskClass: "nightly-batch" };
    expect(reconstructFromSeed(message, RECONSTRUCTION_LABELS).taskClasses).toBeUndefined();
  });
});
