"use client";

import { describeSignatureReport, signatureStatusLabel } from "@/lib/negotiation/explain";
import type { SignatureReport } from "@/lib/negotiation";

const STYLE: Record<string, string> = {
  valid: "bg-emerald-50 text-emerald-900 ring-emerald-600",
  unverifiable: "bg-amber-50 text-amber-900 ring-amber-600",
  invalid: "bg-rose-100 text-rose-900 ring-rose-600",
  checking: "bg-slate-100 text-slate-700 ring-slate-400",
};

/** The card's signature status beside its validity: signed and valid, unverifiable, invalid, or checking…. */
export function SignatureBadge({ report, checking }: { report: SignatureReport | undefined; checking: boolean }) {
  if (!report || report.status === "unsigned") return null;
  const status = checking ? "checking" : report.status;
  const label = checking ? "Signature: checking…" : `${report.status === "valid" ? "✓" : report.status === "invalid" ? "✗" : "?"} ${signatureStatusLabel(report.status).toLowerCase()}`;
  return (
    <span
      data-testid="card-signature"
      data-status={status}
      title={checking ? undefined : describeSignatureReport(report)}
      className={`rounded px-2 py-0.5 font-semibold ring-1 ring-inset ${STYLE[status]}`}
    >
      {label}
    </span>
  );
}
