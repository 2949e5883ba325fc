import { describe, expect, it } from "vitest";
import { FetchCardFailure } from "@/components/queries/fetch-card";
import { NO_FETCH_STATUS, RUNNER_LOAD_FAILED, viewFetchForm, type FetchStatus } from "./fetch-status";

const refused = new FetchCardFailure("blockedAddress", "that address is private");
const press = (seq: number) => ({ url: "https://agent.example", seq });
const status = (seq: number, pending: boolean, error: FetchCardFailure | null = null): FetchStatus => ({ seq, pending, error });

describe("viewFetchForm", () => {
  it.each([
    ["nothing pressed yet", null, NO_FETCH_STATUS, false, { pending: false, error: null }],
    ["nothing pressed, the runner failed to warm up", null, NO_FETCH_STATUS, true, { pending: false, error: null }],
    ["pressed while the runner is still loading", press(1), NO_FETCH_STATUS, false, { pending: true, error: null }],
    ["the runner took the press", press(1), status(1, true), false, { pending: true, error: null }],
    ["the fetch succeeded", press(1), status(1, false), false, { pending: false, error: null }],
    ["the fetch was refused", press(1), status(1, false, refused), false, { pending: false, error: refused }],
    ["pressed again after a refusal: the old error is gone", press(2), status(1, false, refused), false, { pending: true, error: null }],
    [
      "pressed, but the runner could not be loaded",
      press(1),
      NO_FETCH_STATUS,
      true,
      { pending: false, error: { code: "network", message: RUNNER_LOAD_FAILED } },
    ],
  ] as const)("%s", (_name, request, current, loadFailed, expected) => {
    expect(viewFetchForm(request, current, loadFailed)).toEqual(expected);
  });
});
