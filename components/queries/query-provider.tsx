"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

let browserClient: QueryClient | undefined;

/**
 * One query client per page, shared by every island that fetches (the fetch form, a live link),
 * so they share one cache. Only code loaded on demand imports this module: react-query is not
 * part of the workspace's first download, and most visits never fetch a card.
 */
function getQueryClient(): QueryClient {
  browserClient ??= new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return browserClient;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
