import { describe, expect, it } from "vitest";
import { decodeFetchedCard, encodeFetchedCard, type FetchedCardResponse } from "./fetch-card";

const card = (text: string): FetchedCardResponse => ({
  requestedUrl: "https://agent.example/",
  finalUrl: "https://agent.example/.well-known/agent-card.json",
  discoveredVia: "agent-card.json",
  status: 200,
  contentType: "application/json",
  size: text.length,
  sha256: "0".repeat(64),
  text,
  redirects: ["https://agent.example/x"],
});

describe("the fetch route's card answer", () => {
  it.each([
    ["a plain card", '{"name":"A"}'],
    ["line breaks and CRs", '{\n  "name": "A"\r\n}\n'],
    ["control bytes", "\u0001\u0000\u001b[31m"],
    ["an empty text", ""],
    ["text that looks like metadata", '{"requestedUrl":"x"}\n{"a":1}'],
  ])("round-trips %s, its text unchanged", (_what, text) => {
    expect(decodeFetchedCard(encodeFetchedCard(card(text)))).toEqual(card(text));
  });

  it("is the card once plus its metadata, whatever the card's bytes", () => {
    const text = "\u0001".repeat(100_000);
    expect(encodeFetchedCard(card(text)).length).toBeLessThan(text.length + 1024);
  });

  it.each([["no metadata line", "just text"], ["metadata not JSON", "{oops\ntext"], ["metadata missing fields", '{"status":200}\ntext'], ["metadata an array", "[]\ntext"]])(
    "refuses %s",
    (_what, body) => {
      expect(decodeFetchedCard(body)).toBeUndefined();
    },
  );
});
