/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { explainFinding } from "../explain";
import { templatePlaceholders } from "../explain/template";
import type { ReviewContext } from "../context";
import type { ClientProfile } from "../profile";
import { BUILT_IN_TASK_CLASSES, type TaskClass } from "../task-classes";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { loadCard } from "../card/load";
import { PRESETS } from "../profile";
import { newReviewScope } from "../review-scope";
import { getInvariant, INVARIANTS } from "./index";
import { inputModes, makeCard, outputModes, push, requirement, scheme, streaming, testInterface } from "./test-card";
import { INVARIANT_IDS } from "./types";
import type { SignatureEntry } from "../signatures/types";

/** Cards with a signature report, one per outcome the signed-card invariant words. */
const signatureEntry = (status: SignatureEntry["status"], reason: SignatureEntry["reason"], extra: Partial<SignatureEntry> = {}): SignatureEntry => ({
  index: 0,
  pointer: "/signatures/0",
  status,
  reason,
  data: {},
  ...extra,
});
const SIGNED_CARDS = [
  signatureEntry("valid", "verified", { keySource: "supplied" }),
  signatureEntry("valid", "verified", { keySource: "jku", jku: "https://agent.example/jwks.json" }),
  signatureEntry("unverifiable", "notChecked"),
  signatureEntry("unverifiable", "unknownKid", { kid: "k1" }),
  signatureEntry("unverifiable", "noKey"),
  signatureEntry("invalid", "badSignature"),
].map((e) => makeCard({ signature: { status: e.status, total: 1, signatures: [e] } }));

// Each invariant's folder, found by the bundler (no node:fs in lib/negotiation).
const sources = import.meta.glob("./*/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

describe("invariant registry", () => {
  it("lists every id of INVARIANT_IDS once, in that order", () => {
    expect(INVARIANTS.map((i) => i.meta.id)).toEqual([...INVARIANT_IDS]);
  });

  it.each(INVARIANT_IDS)("%s has its own folder: check, rule page and table test", (id) => {
    expect(Object.keys(sources)).toContain(`./${id}/index.ts`);
    expect(Object.keys(sources)).toContain(`./${id}/page.ts`);
    expect(Object.keys(sources)).toContain(`./${id}/${id}.test.ts`);
    expect(sources[`./${id}/index.ts`]).toContain(`id: "${id}"`);
    expect(sources[`./${id}/page.ts`]).toContain(`id: "${id}"`);
    expect(sources[`./${id}/${id}.test.ts`]).toContain("testInvariant(");
    expect(getInvariant(id)?.meta.id).toBe(id);
  });

  it("has no invariant folder that is not registered", () => {
    const folders = new Set(Object.keys(sources).map((f) => f.split("/")[1]));
    expect([...folders].sort()).toEqual([...INVARIANT_IDS].sort());
  });

  it.each(INVARIANTS.map((i) => [i.meta.id, i.meta] as const))("%s lists fixes only for message ids it has", (_id, meta) => {
    for (const key of Object.keys(meta.fixes)) expect(Object.keys(meta.messages)).toContain(key);
  });

  it.each(INVARIANTS.map((i) => [i.meta.id, i.meta] as const))("%s meta is complete", (_id, meta) => {
    expect(meta.title).not.toBe("");
    expect(meta.shortTitle.length).toBeLessThanOrEqual(20);
    expect(["rule", "parley"]).toContain(meta.origin);
    expect(meta.description).toMatch(/^[A-Z][a-z]+ /); // imperative, ESLint-style
    expect(meta.description.endsWith(".")).toBe(false);
    expect(meta.specRef).toMatch(/^docs\/rule\.md#[a-z0-9-]+$/); // the section exists: lib/docs-in-step.test.ts
    expect(meta.cardFields.length).toBeGreaterThan(0);
    for (const p of [...meta.cardFields, ...meta.profileFields]) expect(p.startsWith("/")).toBe(true);
  });
});

/** What each invariant's check was seen reading of a task class, by invariant id (the grid below and the corpus run fill it). */
const classReads = new Map<string, Set<PropertyKey>>(INVARIANTS.map((i) => [i.meta.id, new Set<PropertyKey>()]));
const readsOf = (id: string) => classReads.get(id)!;

/**
 * The task class as a check sees it, noting into `into` each field the check reads. Listing the
 * fields (a spread, `in`, Object.keys) counts as reading them all: the check could then depend on any.
 */
function recording(taskClass: TaskClass, into: Set<PropertyKey>): TaskClass {
  return new Proxy(taskClass, {
    get(target, field, receiver) {
      into.add(field);
      return Reflect.get(target, field, receiver);
    },
    has(target, field) {
      into.add(field);
      return Reflect.has(target, field);
    },
    ownKeys(target) {
      const fields = Reflect.ownKeys(target);
      for (const field of fields) into.add(field);
      return fields;
    },
    getOwnPropertyDescriptor(target, field) {
      into.add(field);
      return Reflect.getOwnPropertyDescriptor(target, field);
    },
  });
}

/**
 * A review checks an invariant once per distinct value of the fields its meta.reads names and copies
 * the finding to the other classes (reuse-plan.ts): a field the check reads but does not name would
 * give those classes the first class's finding, silently. Every check is run, on classes that record
 * what is read, over the real cards of fixtures/cards × the presets × the built-in classes and
 * variants of them (plus the grid below): each run once, nothing compared pairwise.
 */
describe("meta.reads names every task-class field a check reads", () => {
  const variants: TaskClass[] = [
    ...BUILT_IN_TASK_CLASSES,
    ...BUILT_IN_TASK_CLASSES.map((t) => ({ ...t, id: `${t.id}-aimed`, skill: "s" })),
    ...BUILT_IN_TASK_CLASSES.map((t) => ({ ...t, id: `${t.id}-modes`, inputModes: ["audio/*"], outputModes: ["text/plain"] })),
  ];
  const cards = corpusCardNames().flatMap((name) => loadCard(readCorpusCard(name)).card ?? []);
  for (const card of cards)
    for (const profile of PRESETS) {
      // One scope per card and profile, as a review has: answers shared between classes must not hide a read.
      const scope = newReviewScope();
      for (const taskClass of variants) for (const inv of INVARIANTS) inv.check({ card, profile, context: {}, taskClass: recording(taskClass, readsOf(inv.meta.id)), scope });
    }

  it("ran on the corpus", () => {
    expect(cards.length).toBeGreaterThan(20);
  });

  it.each(INVARIANTS.map((i) => [i.meta.id, i.meta] as const))("%s", (id, meta) => {
    const named = new Set<PropertyKey>(["id", ...meta.reads]);
    const unnamed = [...readsOf(id)].filter((field) => !named.has(field)).map(String);
    expect(unnamed, `${id} reads these task-class fields without naming them in meta.reads`).toEqual([]);
  });
});

/**
 * Runs every invariant over a grid of cards × profiles × contexts × task classes, so every message
 * id a check can emit is emitted at least once: each must have a template whose placeholders the
 * finding's data fills (strict rendering throws otherwise), and no template may be dead.
 */
describe("every message a check can emit", () => {
  const cards = [
    makeCard(),
    makeCard({ streaming: streaming(true), pushNotifications: push(true) }),
    makeCard({ defaultInputModes: inputModes("text/plain", "audio/pcm"), interfaces: [] }),
    makeCard({ interfaces: [testInterface("GRPC", 0, "u", { callable: false })] }),
    makeCard({ interfaces: [testInterface("GRPC", 0, "grpc.a.example:443")] }),
    makeCard({ pushNotifications: push(true, "ghost") }),
    makeCard({ pushNotifications: push(true, "key"), securitySchemes: [scheme("key", false)] }),
    makeCard({ pushNotifications: push(true, "m"), securitySchemes: [scheme("m", true)] }),
    makeCard({ pushNotifications: push(true), securitySchemes: [scheme("m", true)], securityRequirements: [requirement(0, "m")] }),
    makeCard({
      defaultOutputModes: outputModes("text/plain", "audio/pcm"),
      resubscribeOnlyOutputModes: { value: ["audio/pcm"], pointer: "/resubscribeOnlyOutputModes" },
    }),
    makeCard({
      streaming: streaming(true),
      defaultOutputModes: outputModes("text/plain", "audio/pcm"),
      resubscribeOnlyOutputModes: { value: ["audio/pcm", "video/mp4"], pointer: "/resubscribeOnlyOutputModes" },
    }),
    makeCard({ resubscribeOnlyOutputModes: { value: ["video/mp4"], pointer: "/resubscribeOnlyOutputModes" } }),
    makeCard({ extensions: [{ uri: "urn:ext:x", required: true, pointer: "/capabilities/extensions/0" }] }),
    makeCard({ interfaces: [testInterface("JSONRPC", 0, "https://a.example/v03", { speaks: "0.3" })] }),
    // An interface version with patch digits: the A2A-Version header question (issue 39).
    makeCard({ interfaces: [testInterface("JSONRPC", 0, "https://a.example/v1", { speaks: "1.0", speaksFrom: { pointer: "/supportedInterfaces/0/protocolVersion", value: "1.0.0" } })] }),
    makeCard({
      interfaces: [
        testInterface("JSONRPC", 0, "https://a.example/v03", { speaks: "0.3", speaksFrom: { pointer: "/supportedInterfaces/0/protocolVersion", value: "0.3" } }),
      ],
    }),
    makeCard({ securitySchemes: [scheme("m", true)], securityRequirements: [requirement(0, "m")] }),
    makeCard({ securitySchemes: [{ name: "odd", kind: "unknown", pointer: "/securitySchemes/odd" }], securityRequirements: [requirement(0, "odd")] }),
    makeCard({ defaultInputModes: inputModes("audio/mpeg"), defaultOutputModes: outputModes("audio/mpeg") }),
    makeCard({ defaultInputModes: inputModes("audio/pcm") }),
    makeCard({ defaultInputModes: { value: [], pointer: "/defaultInputModes" }, defaultOutputModes: { value: [], pointer: "/defaultOutputModes" } }),
    makeCard({ skills: [{ id: "s", outputModes: ["audio/mpeg"], pointer: "/skills/0" }, { id: "t", pointer: "/skills/1" }] }),
    makeCard({ skills: [{ id: "s", inputModes: ["audio/mpeg"], pointer: "/skills/0" }] }),
    ...SIGNED_CARDS,
  ];
  const base: ClientProfile = { name: "grid", transports: ["JSONRPC"], liveOnlyInputModes: ["audio/pcm"] };
  const profiles: ClientProfile[] = [
    { name: "empty" },
    base,
    { ...base, bufferableInputModes: ["audio/pcm"], streaming: true, canPoll: true, callback: { supported: true, mtls: true } },
    { ...base, streaming: false, canPoll: false, callback: { supported: false }, acceptedOutputModes: ["text/plain"] },
    { ...base, streaming: true, canPoll: false, callback: { supported: true, mtls: false, mtlsConfigurable: true } },
    { ...base, canPoll: false, callback: { supported: true, mtls: false } },
    { ...base, canPoll: false },
    { ...base, streaming: false },
    { ...base, bufferableInputModes: [], liveOnlyInputModes: [] },
    { ...base, bufferableInputModes: [], callback: { supported: true, mtls: false, url: "https://agent.example/hooks" } },
    { ...base, inputModes: ["text/plain", "audio/pcm"], bufferableInputModes: [], acceptedOutputModes: ["text/plain"], supportedExtensions: [], securitySchemes: ["http"] },
    { ...base, inputModes: ["text/plain"], supportedExtensions: ["urn:ext:x"], securitySchemes: ["mutualTLS"], protocolVersions: ["1.0"] },
    { ...base, requireSignedCard: true },
    { ...base, protocolVersions: ["1.0"], a2aVersionHeader: "1.0" },
    { ...base, streamingFallback: true, securitySchemes: ["http"] },
  ];
  const contexts: ReviewContext[] = [{}, { documentedFallbackOutputModes: ["audio/pcm"] }];
  const rr = BUILT_IN_TASK_CLASSES[0]!;
  // User-defined classes: one channel only, their own input and output modes.
  const custom: TaskClass[] = [
    { ...rr, id: "push-only", completion: "push" },
    { ...rr, id: "polling-only", completion: "polling" },
    { ...rr, id: "image-in", inputModes: ["image/png"] },
    { ...rr, id: "live-video", input: "live", inputModes: ["video/*"] },
    { ...rr, id: "audio-out", outputModes: ["audio/*"] },
    { ...rr, id: "json-out", outputModes: ["application/json"] },
  ];
  const classes: TaskClass[] = [...BUILT_IN_TASK_CLASSES, { ...rr, id: "aimed", skill: "nope" }, { ...rr, id: "aimed-s", skill: "s" }, ...custom];

  const emitted = new Map<string, Set<string>>(INVARIANTS.map((i) => [i.meta.id, new Set<string>()]));
  for (const card of cards)
    for (const profile of profiles)
      for (const context of contexts)
        for (const taskClass of classes)
          for (const inv of INVARIANTS) {
            // The grid reaches every branch of every check: what each reads of a class is recorded too.
            const finding = inv.check({ card, profile, context, taskClass: recording(taskClass, readsOf(inv.meta.id)) });
            emitted.get(inv.meta.id)?.add(finding.messageId);
            // Strict rendering: throws on an unfilled placeholder or a message id without a template.
            if (!(finding.messageId in inv.meta.messages)) throw new Error(`${inv.meta.id}: no template for ${finding.messageId}`);
            explainFinding(finding);
            if (finding.status === "violated" && (!finding.cuts || !finding.cause)) throw new Error(`${inv.meta.id}: violated without a cut path and its cause`);
            // Not evaluated names what would settle it: profile fields to declare, or the card fields it does not state readably.
            if (finding.status === "not-evaluated" && finding.missing?.length === 0 && (finding.unclear?.length ?? 0) === 0) throw new Error(`${inv.meta.id}: not evaluated with nothing to declare`);
          }

  it.each(INVARIANTS.map((i) => [i.meta.id, i] as const))("%s: for a class it does not concern, the finding depends on the class alone (a review shares it)", (_id, inv) => {
    const classes: TaskClass[] = [
      ...BUILT_IN_TASK_CLASSES,
      ...BUILT_IN_TASK_CLASSES.map((t) => ({ ...t, id: `${t.id}-aimed`, skill: "s" })),
      ...custom,
      { ...rr, id: "audio-in", inputModes: ["audio/*"] },
    ];
    for (const taskClass of classes) {
      if (inv.meta.concerns(taskClass)) continue;
      const first = inv.check({ card: cards[0]!, profile: profiles[0]!, context: {}, taskClass });
      expect(first.status).toBe("not-applicable");
      for (const card of cards)
        for (const profile of profiles) expect(inv.check({ card, profile, context: {}, taskClass }), `${taskClass.id}`).toEqual(first);
    }
  });

  it.each(INVARIANTS.map((i) => [i.meta.id, i] as const))("%s: every template is emitted, none is dead", (id, inv) => {
    expect([...(emitted.get(id) ?? [])].sort()).toEqual(Object.keys(inv.meta.messages).sort());
  });

  it.each(INVARIANTS.map((i) => [i.meta.id, i] as const))("%s: templates use only known placeholders", (_id, inv) => {
    for (const template of Object.values(inv.meta.messages) as string[]) {
      for (const name of templatePlaceholders(template)) expect(name).toMatch(/^[a-z][A-Za-z]*$/);
    }
  });
});
