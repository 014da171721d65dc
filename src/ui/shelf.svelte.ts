// Favourites (pinned by the user) and recently used tools, kept on this device
// (localStorage `devtoolbox:favourites`, `devtoolbox:recent`): shown at the top of the sidebar,
// the home page and the palette. Unknown slugs (a tool renamed since) are dropped on load.
import catalog from 'virtual:catalog';
import { load, save, watch } from './storage';

/** How many recently used tools are remembered. */
export const RECENT_COUNT = 5;

const known = new Set(catalog.map((tool) => tool.slug));
const isSlugList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((slug) => typeof slug === 'string');
const read = (key: string) => load(key, [], isSlugList).filter((slug) => known.has(slug));

class Shelf {
  favourites: string[] = $state(read('favourites'));
  recent: string[] = $state(read('recent'));

  constructor() {
    watch('favourites', () => (this.favourites = read('favourites')));
    watch('recent', () => (this.recent = read('recent')));
  }

  isFavourite(slug: string): boolean {
    return this.favourites.includes(slug);
  }

  toggleFavourite(slug: string): void {
    this.favourites = this.isFavourite(slug)
      ? this.favourites.filter((entry) => entry !== slug)
      : [...this.favourites, slug];
    save('favourites', this.favourites);
  }

  /** Records a visit: the tool moves to the front of the recent list. */
  used(slug: string): void {
    if (!known.has(slug) || this.recent[0] === slug) return;
    this.recent = [slug, ...this.recent.filter((entry) => entry !== slug)].slice(0, RECENT_COUNT);
    save('recent', this.recent);
  }
}

export const shelf = new Shelf();
