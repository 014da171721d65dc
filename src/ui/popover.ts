// Places a popover (top layer, `position: fixed`) under the button that opened it, inside the
// viewport: lined up with the button's left edge when the button is in the left half of the
// window, else with its right edge (so it opens towards the page, not over the sidebar); above
// the button when there is no room below.
export function placeUnder(popover: HTMLElement, button: HTMLElement): void {
  const at = button.getBoundingClientRect();
  const width = popover.offsetWidth;
  const height = popover.offsetHeight;
  const start = at.left + at.width / 2 < innerWidth / 2 ? at.left : at.right - width;
  const left = Math.max(8, Math.min(start, innerWidth - width - 8));
  const below = at.bottom + 4;
  const top =
    below + height > innerHeight - 8 && at.top - height - 4 > 8
      ? at.top - height - 4
      : Math.max(8, Math.min(below, innerHeight - height - 8));
  popover.style.left = `${left}px`;
  popover.style.top = `${top}px`;
}
