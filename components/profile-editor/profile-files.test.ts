import { describe, expect, it } from "vitest";
import { NORTHWIND, PRESETS } from "@/lib/negotiation";
import { profileFileName, profilesFileText, readProfilesFile } from "./profile-files";

describe("profile files", () => {
  it("reads back an export of all profiles, and of one", () => {
    expect(readProfilesFile(profilesFileText(PRESETS))).toEqual({ profiles: [...PRESETS], problems: [] });
    expect(readProfilesFile(profilesFileText(NORTHWIND))).toEqual({ profiles: [NORTHWIND], problems: [] });
  });

  it("imports the valid entries and names the others with why", () => {
    const text = JSON.stringify([NORTHWIND, { name: "Broken", streaming: "yes" }, 42]);
    const reading = readProfilesFile(text);
    expect(reading.profiles).toEqual([NORTHWIND]);
    expect(reading.problems).toEqual([
      { entry: 2, name: "Broken", message: '"streaming" must be true or false; it is the text "yes". Write true or false without quotes, or leave the field out if it is unknown.' },
      { entry: 3, message: "The profile must be an object in { }; it is the number 42." },
    ]);
  });

  it("says where a file stops being JSON", () => {
    expect(readProfilesFile('{"name": "x",}').problems).toEqual([{ entry: 0, message: "This is not JSON: at line 1, column 14, a field name in double quotes is expected." }]);
    // A binary file read as text: placed at its line and column, never "here" (a file has no cursor).
    expect(readProfilesFile('{\n  "name": "x"\n\uFFFD\uFFFD\u0000garbage').problems).toEqual([
      { entry: 0, message: "This is not JSON: at line 3, column 1, an unexpected character." },
    ]);
  });

  it("makes a safe file name from any profile name", () => {
    expect(profileFileName("Northwind discovery agent")).toBe("northwind-discovery-agent.parley-profile.json");
    expect(profileFileName("../../etc/passwd")).toBe("etc-passwd.parley-profile.json");
    expect(profileFileName("日本")).toBe("profile.parley-profile.json");
  });
});
