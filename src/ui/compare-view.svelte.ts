// Where a comparison is looking: zoom, pan and the divider. Kept outside CompareSlider.svelte so
// that it outlives the images: a new encode (another quality, format or size) replaces the
// pictures, and the view stays where the user left it.
export class CompareView {
  /** Image pixels → CSS pixels; undefined until the user zooms (the image fits). */
  scale = $state<number>();
  /** Where the image's top-left corner is, in viewport CSS pixels. */
  x = $state(0);
  y = $state(0);
  /** The divider, as a fraction of the viewport's width. */
  split = $state(0.5);
  /** The image width the scale was set for: a new size keeps the same picture on screen. */
  width = $state<number>();
}
