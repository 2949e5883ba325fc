/**
 * What the reference can be handed at all: JSON data (what `json.loads` yields), not nested past
 * Python's recursion limit. Checked iteratively so hostile depth cannot overflow the JS stack.
 */

/** Python's default recursion limit: `json.loads` and `repr` raise RecursionError around it. */
export const MAX_NESTING = 1000;

export type JsonDataProblem =
  | { kind: "not-json"; path: string; what: string }
  | { kind: "too-deep"; path: string };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function joinPath(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  return IDENTIFIER.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describeNonJson(value: unknown): string | null {
  switch (typeof value) {
    case "string":
    case "boolean":
      return null;
    case "number":
      return Number.isNaN(value) ? "NaN" : null;
    case "object":
      if (value === null || Array.isArray(value) || isPlainObject(value)) return null;
      return `an instance of ${value.constructor?.name ?? "a class"}`;
    default:
      return typeof value === "undefined" ? "undefined" : `a ${typeof value}`;
  }
}

interface Frame {
  value: unknown;
  path: string;
  depth: number;
  leave?: boolean;
}

/**
 * True when `value` is JSON data no deeper than MAX_NESTING. The common case, so it builds no
 * path strings and keeps no set of visited objects (a reference cycle simply runs into the depth
 * limit): only when it says no does findJsonDataProblem walk again to say what and where.
 */
export function isPlainJsonData(value: unknown): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop()!;
    switch (typeof current) {
      case "string":
      case "boolean":
        continue;
      case "number":
        if (current !== current) return false; // NaN
        continue;
      case "object": {
        if (current === null) continue;
        if (depth >= MAX_NESTING) return false;
        if (Array.isArray(current)) {
          for (let index = 0; index < current.length; index++) {
            values.push(current[index]);
            depths.push(depth + 1);
          }
          continue;
        }
        if (!isPlainObject(current)) return false;
        const record = current as Record<string, unknown>;
        for (const key in record) {
          if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
          const item = record[key];
          if (item === undefined) continue;
          values.push(item);
          depths.push(depth + 1);
        }
        continue;
      }
      default:
        return false;
    }
  }
  return true;
}

/** The first problem found, or null when `value` is JSON data the reference can hold. */
export function findJsonDataProblem(value: unknown, root: string): JsonDataProblem | null {
  if (isPlainJsonData(value)) return null;
  const onPath = new Set<object>();
  const stack: Frame[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const current = frame.value;
    if (frame.leave) {
      onPath.delete(current as object);
      continue;
    }
    const what = describeNonJson(current);
    if (what) return { kind: "not-json", path: frame.path, what };
    if (typeof current !== "object" || current === null) continue;
    if (onPath.has(current)) return { kind: "not-json", path: frame.path, what: "a reference cycle" };
    if (frame.depth >= MAX_NESTING) return { kind: "too-deep", path: frame.path };
    onPath.add(current);
    stack.push({ ...frame, leave: true });
    const depth = frame.depth + 1;
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], path: joinPath(frame.path, index), depth });
      }
    } else {
      const record = current as Record<string, unknown>;
      // JSON.stringify drops undefined properties: they are absent, not an error.
      for (const key of Object.keys(record).reverse()) {
        if (record[key] !== undefined) stack.push({ value: record[key], path: joinPath(frame.path, key), depth });
      }
    }
  }
  return null;
}
