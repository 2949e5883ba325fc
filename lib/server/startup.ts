import { describeSettingsWarnings, getSettings, SettingsError } from "@/lib/settings";
import { installClientStamping } from "./client-address";
import { installDefaultHeaders } from "./default-headers";
import { describeOriginWithoutBaseUrl } from "./request-guard";
import { installSlowReaderGuard } from "./slow-readers";

/**
 * Runs once when the server starts (instrumentation.ts): reads every setting — an invalid one
 * stops the server with the variable named, rather than surfacing on the first fetch — logs the
 * warnings an operator must see, and starts stamping requests with their client address.
 */
export function startServerSide(): void {
  let settings;
  try {
    settings = getSettings();
  } catch (e) {
    if (!(e instanceof SettingsError)) throw e;
    for (const problem of e.problems) console.error(`parley: invalid setting: ${problem}`);
    process.exit(1);
  }
  for (const warning of describeSettingsWarnings(settings)) console.warn(`parley: warning: ${warning}`);
  if (settings.baseUrl === null) console.warn(`parley: ${describeOriginWithoutBaseUrl(process.env.HOSTNAME ?? null)}`);
  installClientStamping(settings.trustForwardedFor);
  installSlowReaderGuard();
  installDefaultHeaders();
}
