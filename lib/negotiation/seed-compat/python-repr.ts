/**
 * Python's `repr()` and `str()` for JSON data, byte for byte, so the reference's f-string
 * messages (`{x!r}`, `{sorted(s)}`) come out identical.
 */
import { dictKeys, isDict, isFloat } from "./python-values";

/**
 * `str.isprintable()` is false for categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs (except the
 * space). The categories come from the JS engine's Unicode tables; a Python built on an older
 * Unicode version escapes code points assigned since then (they are Cn there).
 */
const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

const hex = (codePoint: number, width: number) => codePoint.toString(16).padStart(width, "0");

export function reprStr(text: string): string {
  // Python prefers single quotes and switches to double only when that avoids escaping.
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (char === quote || char === "\\") out += "\\" + char;
    else if (char === "\t") out += "\\t";
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (codePoint < 0x20 || codePoint === 0x7f) out += "\\x" + hex(codePoint, 2);
    else if (codePoint < 0x7f) out += char;
    else if (!NON_PRINTABLE.test(char)) out += char;
    else if (codePoint <= 0xff) out += "\\x" + hex(codePoint, 2);
    else if (codePoint <= 0xffff) out += "\\u" + hex(codePoint, 4);
    else out += "\\U" + hex(codePoint, 8);
  }
  return out + quote;
}

/** `repr(float)`: shortest round-trip digits, exponent form when the point is outside [-4, 16]. */
export function reprFloat(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  const [mantissa = "", exponentText = "0"] = Math.abs(value).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const exponent = Number(exponentText);
  const pointAt = exponent + 1; // digits d1d2… stand for 0.d1d2… × 10^pointAt
  if (pointAt <= -4 || pointAt > 16) {
    const fraction = digits.length > 1 ? "." + digits.slice(1) : "";
    const exponentDigits = String(Math.abs(exponent)).padStart(2, "0");
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? "-" : "+"}${exponentDigits}`;
  }
  if (pointAt <= 0) return `${sign}0.${"0".repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return `${sign}${digits}${"0".repeat(pointAt - digits.length)}.0`;
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

/**
 * `repr(value)`. Dict entries come in JS property order, which differs from Python's insertion
 * order for integer-like keys; the reference only searches such text for "mtls", which no
 * reordering of whole entries can create or destroy.
 */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return isFloat(value) ? reprFloat(value) : String(value);
  if (typeof value === "string") return reprStr(value);
  if (Array.isArray(value)) return "[" + value.map((item) => pyRepr(item)).join(", ") + "]";
  if (isDict(value)) {
    const entries = dictKeys(value).map((key) => `${reprStr(key)}: ${pyRepr(value[key])}`);
    return "{" + entries.join(", ") + "}";
  }
  return String(value);
}

/** `str(value)`: a str is itself, everything else is its repr. */
export function pyStr(value: unknown): string {
  return typeof value === "string" ? value : pyRepr(value);
}
