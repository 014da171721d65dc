// Places a popover (top layer, `position: fixed`) under the button that opened it, its right edge
// on the button's, inside the viewport; above the button when there is no room below.
export function placeUnder(popover: HTMLElement, button: HTMLElement): void {
  const at = button.getBoundingClientRect();
  const width = popover.offsetWidth;
  const height = popover.offsetHeight;
  const left = Math.max(8, Math.min(at.right - width, innerWidth - width - 8));
  const below = at.bottom + 4;
  const top = below + height > innerHeight - 8 && at.top - height - 4 > 8 ? at.top - height - 4 : Math.max(8, Math.min(below, innerHeight - height - 8));
  popover.style.left = `${left}px`;
  popover.style.top = `${top}px`;
}
