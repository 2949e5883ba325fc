/**
 * Profile evidence in the Form view: a pointer from an explanation ("/callback/mtls",
 * "/liveOnlyInputModes/0") → the form control that edits it, or the nearest one that contains it.
 * Form fields carry data-profile-field with their pointer.
 */
export function findProfileField(root: HTMLElement | null, pointer: string): HTMLElement | null {
  if (!root) return null;
  const fields = new Map<string, HTMLElement>();
  for (const element of root.querySelectorAll<HTMLElement>("[data-profile-field]")) {
    const field = element.dataset.profileField;
    if (field) fields.set(field, element);
  }
  for (let current = pointer; current !== ""; current = current.slice(0, current.lastIndexOf("/"))) {
    const found = fields.get(current);
    if (found) return found;
  }
  return null;
}

const FLASH_CLASS = "parley-field-highlight";
let flashed: { element: HTMLElement; timer: ReturnType<typeof setTimeout> } | undefined;

/** Scrolls the field into view, marks it for a few seconds and puts the keyboard in it. */
export function flashField(element: HTMLElement): void {
  if (flashed) {
    clearTimeout(flashed.timer);
    flashed.element.classList.remove(FLASH_CLASS);
  }
  element.classList.add(FLASH_CLASS);
  element.scrollIntoView({ block: "center", behavior: "smooth" });
  element.querySelector<HTMLElement>("input, select, textarea")?.focus({ preventScroll: true });
  flashed = { element, timer: setTimeout(() => element.classList.remove(FLASH_CLASS), 4000) };
}
