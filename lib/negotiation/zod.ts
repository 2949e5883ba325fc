import { config } from "zod/mini";
import en from "zod/v4/locales/en.js";

/**
 * The one zod every schema in Parley imports, as `import * as z from ".../zod"`. It is zod/mini
 * (functional API) because classic zod's method chains cannot be tree-shaken: in the workspace
 * bundle a tiny schema cost 92 KB gzipped with classic, 5.9 KB with mini.
 *
 * Mini loads no locale, so without the line below every issue would read "Invalid input"; the
 * English locale is ~1 KB gzipped and keeps the messages the profile editor, the CLI and the
 * review-link errors show exactly as classic zod wrote them. Configuring here, not in an entry
 * point, means whatever builds a schema has run it first.
 *
 * Re-exported with `export *`, never as a `z` namespace object: a namespace object used as a value
 * defeats tree-shaking (Turbopack then shipped all of zod/mini and its 40 locales, 83 KB gzipped).
 */
config(en());

export * from "zod/mini";
