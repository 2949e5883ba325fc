import { hintForSchemelessUrl } from "@/lib/negotiation/explain";

/** Under a failed fetch of a URL typed without a scheme: which URL was tried, and a plain-http retry when it may help. */
export function SchemeHintLine({ typed, failureCode, onFetch }: { typed: string; failureCode: string; onFetch: (url: string) => void }) {
  const hint = hintForSchemelessUrl(typed, failureCode);
  if (!hint) return null;
  const { plainHttp } = hint;
  return (
    <span className="mt-1 block" data-testid="fetch-scheme-hint">
      {hint.text}{" "}
      {plainHttp && (
        <button type="button" className="font-semibold underline" onClick={() => onFetch(plainHttp)}>
          Fetch {plainHttp}
        </button>
      )}
    </span>
  );
}
