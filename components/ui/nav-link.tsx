"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A header link that prefetches its route only once the user shows intent (pointer over it, focus,
 * touch). A plain `Link` prefetches every route in view, so the first visit to the workspace also
 * downloaded the JavaScript of /explain and /rules (about 27 KB gzipped) that most visits never use.
 */
export function NavLink({ onMouseEnter, onFocus, onTouchStart, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={intent ? null : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
