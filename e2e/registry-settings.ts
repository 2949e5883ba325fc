/** The team token of the registry journeys' server (playwright.config.ts starts it; e2e/registry*.spec.ts sign in with it). */
export const REGISTRY_TOKEN = "e2e-registry-team-token";
