// The colour theme: the system's, or light or dark as chosen, remembered on this device
// (localStorage `devtoolbox:theme`). static/theme.js applies a choice before the first paint;
// this module keeps <html data-theme> and the theme-color metas in step when it changes.
// theme.css reads `data-theme` through `color-scheme` (its colours are light-dark() pairs).
import { load, save, watch } from './storage';

export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEMES)[number];

const isChoice = (value: unknown): value is ThemeChoice => THEMES.includes(value as ThemeChoice);

function apply(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  // index.html has one theme-color meta per scheme (media="(prefers-color-scheme: …)"); its own
  // colour is kept in data-scheme, and a chosen theme gives every meta the colour of that scheme.
  const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
  for (const meta of metas) meta.dataset.scheme ??= meta.content;
  const chosen = metas.find((meta) => meta.media.includes(choice))?.dataset.scheme;
  for (const meta of metas) meta.content = chosen ?? meta.dataset.scheme!;
}

class Theme {
  choice: ThemeChoice = $state(load('theme', 'system', isChoice));

  constructor() {
    apply(this.choice);
    watch('theme', () => this.set(load('theme', 'system', isChoice), false));
  }

  set(choice: ThemeChoice, remember = true): void {
    this.choice = choice;
    apply(choice);
    if (remember) save('theme', choice);
  }

  /** The next choice of the header's switch: system → light → dark → system. */
  get next(): ThemeChoice {
    return THEMES[(THEMES.indexOf(this.choice) + 1) % THEMES.length]!;
  }
}

export const theme = new Theme();
