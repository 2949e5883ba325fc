/**
 * Real cards written by others, from fixtures/cards/ (MANIFEST.tsv there gives each one's source and
 * licence). The browser bundle cannot read that folder, so the texts are copied here; a test checks
 * every copy is byte for byte the fixture file. Re-copy, never edit by hand.
 */
export interface ExampleEntry {
  id: string;
  title: string;
  description: string;
}

/** Titles only: the texts load on demand (real-card-texts.ts), keeping them out of the first page load. */
export const REAL_CARDS: readonly ExampleEntry[] = [
  { id: "spec-1-0-geospatial", title: "A2A spec 1.0.1 sample (GeoSpatial)", description: "fixtures/cards/a2a-spec-v1.0.1-geospatial-stale-security.json" },
  { id: "python-0-3-mtls", title: "a2a-python test card, 0.3 with mTLS + OAuth2", description: "fixtures/cards/a2a-python-test-complex-030-mtls-oauth2.json" },
  { id: "ms365-hybrid", title: "Dad-joke agent, 0.3/1.0 hybrid (in the wild)", description: "fixtures/cards/wild-ms365-dad-joke-hybrid.json" },
  { id: "spec-0-2-geospatial", title: "A2A spec 0.2.5 sample (GeoSpatial)", description: "fixtures/cards/a2a-spec-v0.2.5-geospatial.json" },
  { id: "cli-invalid-format", title: "Broken card from the A2A CLI test data", description: "fixtures/cards/a2a-pr1323-cli-invalid-format.json" },
];
