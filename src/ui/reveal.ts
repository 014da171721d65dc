// Bringing a new answer into view: within its pane where the pane is pinned and scrolls on its
// own (a wide screen's workbench, docs/ui.md), otherwise by scrolling the page (phones).

export function reveal(element: Element | null | undefined): void {
  if (!(element instanceof HTMLElement)) return;
  const pane = element.closest<HTMLElement>('.pane-in, .pane-out, .pane-side');
  if (pane && getComputedStyle(pane).position === 'sticky') {
    pane.scrollTo({ top: pane.scrollTop + element.getBoundingClientRect().top - pane.getBoundingClientRect().top - 4 });
    // A pane not yet pinned (the page is at its top) may reach below the screen: the page then
    // scrolls as little as brings the element in.
    element.scrollIntoView({ block: 'nearest' });
  } else {
    element.scrollIntoView({ block: 'start' });
  }
}

/**
 * Reveals an element and keeps it in place while it grows (its images load) for a few seconds,
 * until the user scrolls, types or taps.
 */
export function revealWhileGrowing(element: Element | null | undefined, ms = 10_000): void {
  if (!(element instanceof HTMLElement)) return;
  reveal(element);
  const observer = new ResizeObserver(() => reveal(element));
  observer.observe(element);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, ms);
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
    window.addEventListener(type, stop, { passive: true, once: true });
}
