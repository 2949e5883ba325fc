"use client";

import { lazy, Suspense, type ComponentProps } from "react";

// Loaded when a fetched card is on screen: most reviews never need it.
const LiveCheck = lazy(() => import("./live-check").then((m) => ({ default: m.LiveCheck })));

export function LazyLiveCheck(props: ComponentProps<typeof LiveCheck>) {
  return (
    <Suspense fallback={null}>
      {/* Another card starts afresh: the last check was about the old one. */}
      <LiveCheck key={props.cardUrl} {...props} />
    </Suspense>
  );
}
