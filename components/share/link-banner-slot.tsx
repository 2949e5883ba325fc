"use client";

import { useEffect } from "react";
import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import type { LinkBannerProps } from "./link-banner";
import { leaveLinkLabel } from "./link-pending";

/**
 * The link banner and the wording of every notice load with the link they describe (preloaded
 * next to the link codec, see useLinkFragment), not with the page: most visits open no link.
 */
export const LINK_BANNER = lazyModule(() => import("./link-banner"));

export function LinkBannerSlot(props: LinkBannerProps) {
  const banner = useLazyModule(LINK_BANNER);
  const { request } = banner;
  useEffect(request, [request]);
  if (banner.module) return <banner.module.LinkBanner {...props} />;
  if (banner.failed) return <PlainLinkNotice {...props} />;
  return null;
}

/** When the banner itself could not be loaded (the network is down): still say what happened. */
function PlainLinkNotice({ notice, onStartFresh, kept }: LinkBannerProps) {
  return (
    <div
      data-testid="link-notice"
      data-notice={notice.kind}
      role="alert"
      className="mb-4 flex flex-wrap items-start justify-between gap-2 rounded-lg border border-rose-400 bg-rose-50 p-3 text-sm text-rose-950"
    >
      <p className="min-w-0 break-words">
        {notice.kind === "failed"
          ? notice.message
          : "This review was opened from a link, but Parley could not load the part of the page that describes the link (the network may be down)."}
      </p>
      <button type="button" className="rounded border border-current/30 bg-white px-2 py-0.5 text-slate-900 hover:bg-slate-100" onClick={onStartFresh}>
        {leaveLinkLabel("Dismiss", kept)}
      </button>
    </div>
  );
}
