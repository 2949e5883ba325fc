import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { decodeReviewLink, encodeLiveLink, encodeReviewLink, type LiveLinkState, type SnapshotLinkState } from "./index";
import { DICTIONARY_V1 } from "./dictionary-v1";
import { readLinkByTheBook } from "./v1-reference.testkit";

/**
 * The v1 format is frozen: links made with these exact strings are out in tickets and chats.
 * - decode(golden) must keep giving the state: if this fails, old links broke. Never "fix" it by
 *   editing a golden; restore the format (or read v1 the old way alongside a new v2).
 * - encode(state) === golden pins the writer too, so a format change cannot slip in unnoticed.
 *   (A compressor upgrade may legitimately change these bytes; then the decode half must still pass.)
 */
const CARD =
  '{\n  "name": "Contoso Voice Desk",\n  "capabilities": { "streaming": false, "pushNotifications": true },\n' +
  '  "defaultInputModes": ["text/plain", "audio/pcm"],\n  "defaultOutputModes": ["text/plain"],\n  "skills": []\n}\n';

// A copy of the Northwind preset as it was when these goldens were made, not an import: the golden
// must keep pinning these bytes even if the preset changes later (old links still carry this copy).
const NORTHWIND_V1 = {
  name: "Northwind discovery agent",
  description:
    "The client of the rule's incidents: JSON-RPC, live-only audio/pcm it cannot buffer, a plain HTTPS callback listener, can poll.",
  transports: ["JSONRPC"],
  streaming: true,
  inputModes: ["text/plain", "audio/pcm"],
  liveOnlyInputModes: ["audio/pcm"],
  bufferableInputModes: [],
  acceptedOutputModes: ["text/plain", "audio/pcm"],
  callback: { supported: true, mtls: false, mtlsConfigurable: false },
  canPoll: true,
  fixed: true,
};

const snapshots: { name: string; golden: string; state: SnapshotLinkState }[] = [
  {
    name: "empty card, minimal profile",
    golden: "v1.__tEVqMsUVQAUyWyabUMAA",
    state: { cardText: "", profile: { name: "x" }, context: {}, engineVersion: "0.1.0" },
  },
  {
    name: "unicode card, decisions, task classes",
    golden:
      "v1.qx32uKMsUYQcXgkuCpDsQjEea1MaqAItOyPlJaD3UbIgtmxWW8sAd4Hv4ZUlh1fmK3yY37Ps_Y5-hZsdN5tvdt1sAU7dAAA",
    state: {
      cardText: '{"name":"Météo 🌦️ وكيل"}\n',
      profile: { name: "Té", canPoll: true },
      context: { cardKnownStale: true },
      engineVersion: "0.1.0",
      taskClasses: ["live-input"],
      decisions: { "live-input": "reject" },
    },
  },
  {
    name: "Northwind reviewing a fetched Contoso card",
    golden:
      "v1.wP-r6htNFKOJAiNR4Czdi4ElTF5JfnE-rMQhUMRTVJrW1jKgTGoA_QSyWiEsPzM5VcEltTgbMnqPPhKNOgoNCRTck92weQZihkyQ4oO4sRL0cRFQ_xcA",
    state: {
      cardText: CARD,
      profile: NORTHWIND_V1,
      context: {},
      engineVersion: "0.1.0",
      cardUrl: "https://agents.contoso.example/.well-known/agent-card.json",
      decisions: { "request-response": "accept", "live-input": "reject" },
    },
  },
  {
    name: "every profile and context field, a user-defined task class",
    golden:
      "v1.I-2QBKMsUbiCk0FaZmpOCs5WTk6OAlQjRGExsGAuIdhoHRplM2X1JkZcQWOVmLYrrrFO_URw0GE2a-HNWORmK3JSIK8zBnUktt4YficS6qehBTPePht69kHtvsHCEWv_DZgMCVUt1eABDKW8zPSMkpxK3aTEEtBYglJJZgnIdCU_iLgCTBw1-QeVAocnQKUlWDso2cPqDHBbBVSRIlcWwDIPPkgO6nLAaoG8_DxgDQD1HGXVLtE1HKqHYZVUbS0DtuyvVAsA",
    state: {
      cardText: '{"name":"Every field"}',
      profile: {
        name: "Every field client",
        description: "All profile fields set.",
        transports: ["JSONRPC", "GRPC"],
        streaming: true,
        inputModes: ["text/plain", "audio/pcm"],
        liveOnlyInputModes: ["audio/pcm"],
        bufferableInputModes: ["audio/pcm"],
        acceptedOutputModes: ["text/plain"],
        callback: { supported: true, mtls: true, mtlsConfigurable: false },
        canPoll: false,
        fixed: false,
        supportedExtensions: ["https://example.com/ext/a"],
        securitySchemes: ["oauth2", "mutualTLS"],
      },
      context: {
        priorTaskHistory: true,
        outOfBandCapabilityExchange: false,
        honoredExtensions: ["https://example.com/ext/a"],
        documentedFallbackOutputModes: ["text/plain"],
        resubscribeOnlyOutputModes: ["audio/pcm"],
        cardKnownStale: false,
        serverKnownGood: true,
      },
      taskClasses: [
        "request-response",
        {
          id: "nightly-batch",
          title: "Nightly batch",
          description: "Runs overnight.",
          input: "whole",
          completion: "notification",
          output: "none",
        },
      ],
      engineVersion: "0.1.0",
      cardUrl: "https://agent.example.com/.well-known/agent-card.json",
      decisions: { "request-response": "accept", "nightly-batch": "defer" },
    },
  },
];

const lives: { name: string; golden: string; state: LiveLinkState }[] = [
  {
    name: "live link made from a snapshot",
    golden:
      "v1.h12-paWXwQmAMBAEW7EEEzea7cIWckfyVFC_9m4UfKgEBf_7WW524H7Ofc7IDcs4jyeCL5t_ctXn0FTJQWPxcJc2lwKFFyJnbsp4LHPn4W6g2EitgKVPatSAIUmCerJNQgvbhQgT0YLCBhpARxrpvLPinSsY7IsW1nUD",
    state: {
      cardUrl: "https://agents.contoso.example/.well-known/agent-card.json",
      profile: { name: "Pager bot", transports: ["JSONRPC"], canPoll: true },
      context: { priorTaskHistory: true },
      engineVersion: "0.1.0",
      taskClasses: ["async-completion"],
      snapshotDigest: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      snapshotDecisions: { "async-completion": "accept-degraded" },
    },
  },
];

describe("golden v1 snapshot links", () => {
  it.each(snapshots)("$name decodes to its state", ({ golden, state }) => {
    expect(decodeReviewLink(golden)).toEqual({ ok: true, link: { format: "v1", kind: "snapshot", state } });
  });
  it.each(snapshots)("$name is what the encoder writes", ({ golden, state }) => {
    expect(encodeReviewLink(state)).toBe(golden);
  });
  it.each(snapshots)("$name follows the documented layout", ({ golden, state }) => {
    const { cardText, ...rest } = state;
    expect(readLinkByTheBook(golden)).toEqual({ state: { kind: "snapshot", ...rest }, cardText, checkMatches: true });
  });
});

describe("golden v1 live links", () => {
  it.each(lives)("$name decodes to its state", ({ golden, state }) => {
    expect(decodeReviewLink(golden)).toEqual({ ok: true, link: { format: "v1", kind: "live", state } });
  });
  it.each(lives)("$name is what the encoder writes", ({ golden, state }) => {
    expect(encodeLiveLink(state)).toBe(golden);
  });
  it.each(lives)("$name follows the documented layout", ({ golden, state }) => {
    expect(readLinkByTheBook(golden)).toEqual({ state: { kind: "live", ...state }, checkMatches: true });
  });
});

// v2: v1's frame, with the acknowledged findings in the state. Frozen from its first release like v1.
const ACKS_V2 = [
  { invariant: "live-input-needs-streaming" as const, taskClass: "live-input", reason: "Contoso turns streaming on next quarter.", by: "Ana", until: "2099-12-31" },
  { invariant: "push-callback-mtls" as const, reason: "Polling is fine for us.", card: `sha256:${"ab".repeat(32)}` },
];

const v2Snapshots: { name: string; golden: string; state: SnapshotLinkState }[] = [
  {
    name: "a snapshot with two acknowledgements (one per class, until a day; one per card)",
    golden:
      "v2.IVG6qKWZwQrCMAyGfZTRe8FVFLZ38dCxqgPpkDlve3e_dG404EEZO65t0vz5S_7kt6RgsPV3UigPtFEg0nzOyMT9FQe_8YwDCA8Zfg_tddHZjGS6-KLFnxqW2T4bQ2gH6qwF_My8WsgPlghZakNUn_3QF7O-XPcWCM8oJdpj9KCSiu8G2UI_HV1p6FR0wk63rypbOnso8VX7Ja1QnsEZYZvQzMxKxMQMIvMCBkn0jqnEE-oLTDfvjqfaN9s-M52n3Qrj57KMu94",
    state: {
      cardText: '{"name":"Contoso"}\n',
      profile: { name: "Northwind discovery agent", canPoll: true },
      context: {},
      engineVersion: "0.2.0",
      taskClasses: ["live-input"],
      decisions: { "live-input": "reject" },
      acknowledgements: ACKS_V2,
    },
  },
];

const v2Lives: { name: string; golden: string; state: LiveLinkState }[] = [
  {
    name: "a live link with an acknowledgement",
    golden:
      "v2.QVwmuCOc3YGTWrizezEwyeWV5Bfnw5IggTyPma4CgIqKFJLAqRHF0ajuBAUjyNCc1JR0WM8aOAmTmVcGHNQHD1GCBxmBlkHCThccTqC2fiLIZqA9QIOBMQ_qvqUBfQjuTpaCG08g94FyRUaikamZVWISZVCpNrYWAA",
    state: {
      cardUrl: "https://agents.contoso.example/.well-known/agent-card.json",
      profile: { name: "Pager bot", canPoll: true },
      context: {},
      engineVersion: "0.2.0",
      acknowledgements: [ACKS_V2[1]!],
    },
  },
];

describe("golden v2 links (acknowledgements)", () => {
  it.each(v2Snapshots)("$name decodes to its state", ({ golden, state }) => {
    expect(decodeReviewLink(golden)).toEqual({ ok: true, link: { format: "v2", kind: "snapshot", state } });
  });
  it.each(v2Snapshots)("$name is what the encoder writes", ({ golden, state }) => {
    expect(encodeReviewLink(state)).toBe(golden);
  });
  it.each(v2Snapshots)("$name follows the documented layout", ({ golden, state }) => {
    const { cardText, ...rest } = state;
    expect(readLinkByTheBook(golden)).toEqual({ state: { kind: "snapshot", ...rest }, cardText, checkMatches: true });
  });
  it.each(v2Lives)("$name decodes to its state, is what the encoder writes and follows the layout", ({ golden, state }) => {
    expect(decodeReviewLink(golden)).toEqual({ ok: true, link: { format: "v2", kind: "live", state } });
    expect(encodeLiveLink(state)).toBe(golden);
    expect(readLinkByTheBook(golden)).toEqual({ state: { kind: "live", ...state }, checkMatches: true });
  });
});

describe("the v1 dictionary is frozen", () => {
  it("has the exact bytes every v1 link was made with", () => {
    expect(DICTIONARY_V1.length).toBe(7699);
    expect(bytesToHex(sha256(DICTIONARY_V1))).toBe("f5c9a2f6c9c5b4b5147b9deccbe2834bb83035052486c6a92d41d6e49447652d");
  });

  it("is ASCII and within deflate's 32 KiB window", () => {
    expect(DICTIONARY_V1.every((b) => b < 128)).toBe(true);
    expect(DICTIONARY_V1.length).toBeLessThanOrEqual(32 * 1024);
  });
});
