import { describe, expect, it } from "vitest";
import { parseProfileText } from "./parse-profile";

/** The messages a user reads under the profile JSON: the profile's own words, the field, what was found. */
function messages(text: string): string[] {
  const result = parseProfileText(text);
  return result.ok ? [] : result.issues.map((i) => `${i.pointer ?? `@${i.offset}`}: ${i.message}`);
}

describe("profile JSON problems, in the workspace's words", () => {
  it("a quoted boolean names the field, what it is, and how to write it", () => {
    expect(messages('{"name": "x", "streaming": "yes"}')).toMatchInlineSnapshot(`
      [
        "/streaming: "streaming" must be true or false; it is the text "yes". Write true or false without quotes, or leave the field out if it is unknown.",
      ]
    `);
  });

  it("a nested field is named with its path", () => {
    expect(messages('{"name": "x", "callback": {"mtls": 1}}')).toMatchInlineSnapshot(`
      [
        "/callback/mtls: "callback.mtls" must be true or false; it is the number 1.",
      ]
    `);
  });

  it("a misspelt field gets the likely intended one", () => {
    expect(messages('{"name": "x", "bufferable": ["audio/pcm"], "callback": {"mTLS": true}}')).toMatchInlineSnapshot(`
      [
        "/callback/mTLS: "mTLS" is not a field of "callback": did you mean "mtls"?",
        "/bufferable: "bufferable" is not a field of a client profile: did you mean "bufferableInputModes"?",
      ]
    `);
  });

  it("an unknown field nothing resembles lists the fields there are", () => {
    expect(messages('{"name": "x", "callback": {"port": 8443}}')[0]).toMatch(
      /^\/callback\/port: "port" is not a field of "callback"\. Its fields are supported, mtls, mtlsConfigurable(, [a-zA-Z]+)*\.$/,
    );
  });

  it("an empty name and an empty mode say what must not be empty", () => {
    expect(messages('{"name": " ", "inputModes": ["text/plain", ""]}')).toMatchInlineSnapshot(`
      [
        "/name: "name" must not be empty.",
        "/inputModes/1: "inputModes[1]" must not be empty.",
      ]
    `);
  });

  it("a list given as text, and a profile that is not an object", () => {
    expect(messages('{"name": "x", "inputModes": "text/plain"}')).toEqual(['/inputModes: "inputModes" must be a list in [ ]; it is the text "text/plain".']);
    expect(messages("[1]")).toEqual([": The profile must be an object in { }; it is a list."]);
  });

  it("a syntax error says what is expected where", () => {
    expect(messages('{"name": "x",}')).toEqual(["@13: This is not JSON yet: a field name in double quotes is expected here."]);
  });
});
