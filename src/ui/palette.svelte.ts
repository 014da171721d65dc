// Whether the command palette is open: shared by the header's search button, the home page and
// the palette's own shortcuts (Ctrl/Cmd-K anywhere, `/` when not typing).
class Palette {
  open = $state(false);
}
export const palette = new Palette();

/** Whether a key press lands in something the user types into (then `/` is just a slash). */
export function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}
