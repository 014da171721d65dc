// The Lucide icons of the app's own controls (header, sidebar, palette); the build inlines
// exactly these into `virtual:icons` (icons.ts). A leaf of the build floor without Node's modules,
// so the app's types (src/virtual.d.ts) can name it.
export const UI_ICONS = [
  'menu',
  'x',
  'search',
  'star',
  'sun',
  'moon',
  'sun-moon',
  'panel-left',
  'clipboard-paste',
  'history',
  'arrow-left-right',
  'forward',
] as const;
export type UiIcon = (typeof UI_ICONS)[number];
