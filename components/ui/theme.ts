/**
 * The colour theme: "system" follows prefers-color-scheme; "light" and "dark" are the user's choice,
 * remembered in a cookie so the server renders <html data-theme> right and nothing flashes (no
 * script has to run before the first paint, which a strict Content-Security-Policy would block).
 */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_COOKIE = "parley-theme";

export function readTheme(value: string | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : "system";
}

/** Applies a theme to the page now and remembers it for a year ("system" forgets the choice). */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie =
    theme === "system"
      ? `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
