// The installed app's face, derived at build time (docs/ui.md "Install and share"): the web app
// manifest (icons, screenshots, shortcuts, file_handlers from the tools' `accepts`), the
// theme colours of both schemes read from src/ui/theme.css (one source of truth for colours),
// and `virtual:file-openers`, the tools' `accepts` without their code, for src/ui/launch.ts.
import type { Plugin } from 'vite';
import type { ToolDefinition } from '../tools/define';
import type { FileOpener } from './shapes';
import { SHARE_ACTION, SHARE_FIELD, shareOpener } from '../lib/share-target';

type Scheme = { bg: string; surface: string };
export type ThemeColors = { light: Scheme; dark: Scheme };

/**
 * `--bg` and `--surface` of theme.css: a `light-dark(<light>, <dark>)` pair, or else light is the
 * first declaration outside any rule that names `dark` and dark the first inside one
 * (`@media (prefers-color-scheme: dark)`, `[data-theme='dark']`).
 * Throws when one is missing, so a theme.css that moved its colours fails the build instead of
 * shipping a stale manifest.
 */
export function themeColors(css: string): ThemeColors {
  const found: Record<string, string> = {};
  const preludes: string[] = []; // the selectors and at-rules of the blocks we are inside
  let start = 0;
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char !== '{' && char !== '}' && char !== ';') continue;
    const piece = text.slice(start, at).trim();
    start = at + 1;
    if (char === '{') preludes.push(piece);
    else {
      const pair = /^--(bg|surface)\s*:\s*light-dark\(\s*(#[0-9a-fA-F]{3,8})\s*,\s*(#[0-9a-fA-F]{3,8})\s*\)$/.exec(
        piece,
      );
      if (pair) {
        found[`light --${pair[1]}`] ??= pair[2]!.toLowerCase();
        found[`dark --${pair[1]}`] ??= pair[3]!.toLowerCase();
      }
      const declaration = /^--(bg|surface)\s*:\s*(#[0-9a-fA-F]{3,8})$/.exec(piece);
      if (declaration)
        found[`${preludes.some((prelude) => /dark/.test(prelude)) ? 'dark' : 'light'} --${declaration[1]}`] ??=
          declaration[2]!.toLowerCase();
      if (char === '}') preludes.pop();
    }
  }
  const pick = (key: string) => {
    const value = found[key];
    if (!value) throw new Error(`src/ui/theme.css: no ${key} colour for the manifest and theme-color`);
    return value;
  };
  return {
    light: { bg: pick('light --bg'), surface: pick('light --surface') },
    dark: { bg: pick('dark --bg'), surface: pick('dark --surface') },
  };
}

/** The wide and narrow screenshots (scripts/manifest-screenshots.mjs writes them into static/). */
export const SCREENSHOTS = [
  {
    src: 'screenshots/wide.png',
    sizes: '1280x800',
    type: 'image/png',
    form_factor: 'wide',
    label: 'The tools on a desktop screen',
  },
  {
    src: 'screenshots/narrow.png',
    sizes: '390x844',
    type: 'image/png',
    form_factor: 'narrow',
    label: 'A tool on a phone, with its example loaded',
  },
] as const;

/** Shortcut icons, one per shortcut tool (96×96 is the size every platform takes). */
export const shortcutIcon = (slug: string) => `icons/shortcut-${slug}.png`;

export interface ManifestOptions {
  tools: readonly ToolDefinition[];
  /** The everyday tools of the app icon's menu, by slug (each must be registered). */
  shortcuts: readonly string[];
  description: string;
  colors: ThemeColors;
}

/** The web app manifest: what VitePWA writes as manifest.webmanifest. */
export function webManifest({ tools, shortcuts, description, colors }: ManifestOptions) {
  const shortcutTools = shortcuts.map((slug) => {
    const tool = tools.find((entry) => entry.slug === slug);
    if (!tool) throw new Error(`manifest shortcut names no tool: ${slug}`);
    return tool;
  });
  return {
    id: '/',
    name: 'Developer Toolbox',
    short_name: 'Toolbox',
    description,
    // Relative to the manifest's own URL, so the app installs under any base path (`/tools/`);
    // `id` stays '/' (resolved against the origin): an install at `/` keeps its identity.
    start_url: './',
    scope: './',
    display: 'standalone' as const,
    // One value for both schemes: the splash and title bar follow the light theme, the default of
    // most systems; pages override theme_color per scheme with <meta name="theme-color" media>.
    background_color: colors.light.bg,
    theme_color: colors.light.surface,
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    screenshots: SCREENSHOTS.map((shot) => ({ ...shot })),
    shortcuts: shortcutTools.map((tool) => ({
      name: tool.name,
      short_name: tool.name.split(' ')[0],
      description: tool.summary,
      url: tool.slug,
      icons: [{ src: shortcutIcon(tool.slug), sizes: '96x96', type: 'image/png' }],
    })),
    // Images shared from other apps: the service worker keeps them and opens the converter
    // (src/lib/share-target.ts); its accepted types, plus any image the platform labels image/*.
    share_target: shareTarget(tools),
    // Opened files land on "/", where src/ui/launch.ts reads them and opens the tool.
    file_handlers: tools.flatMap((tool) =>
      tool.accepts
        ? [
            {
              action: './',
              accept: Object.fromEntries(Object.entries(tool.accepts.types).map(([type, exts]) => [type, [...exts]])),
            },
          ]
        : [],
    ),
  };
}

/** The manifest's `share_target`: the types and extensions of the tool that opens shared files. */
export function shareTarget(tools: readonly ToolDefinition[]) {
  const opener = shareOpener(tools);
  if (!opener.accepts) throw new Error(`share_target: ${opener.slug} takes no files`);
  const accept = ['image/*', ...Object.keys(opener.accepts.types), ...Object.values(opener.accepts.types).flat()];
  return {
    action: SHARE_ACTION.slice(1), // relative to the manifest: under any base path
    method: 'POST' as const,
    enctype: 'multipart/form-data' as const,
    params: { files: [{ name: SHARE_FIELD, accept: [...new Set(accept)] }] },
  };
}

const OPENERS_ID = 'virtual:file-openers';

/**
 * The theme-color metas of both schemes in index.html, and `virtual:file-openers` (the tools that
 * open files, without their code: the main bundle must not load the registry).
 */
export function appHead(tools: readonly ToolDefinition[], colors: ThemeColors): Plugin {
  const openers: FileOpener[] = tools.flatMap((tool) =>
    tool.accepts ? [{ slug: tool.slug, accepts: tool.accepts }] : [],
  );
  return {
    name: 'toolbox-app-head',
    resolveId: (id) => (id === OPENERS_ID ? '\0' + id : undefined),
    load: (id) => (id === '\0' + OPENERS_ID ? `export default ${JSON.stringify(openers)};` : undefined),
    transformIndexHtml: () => themeColorTags(colors),
  };
}

/** `<meta name="theme-color">` per scheme: the browser's bar takes the colour of the app's bar (--surface). */
export function themeColorTags(colors: ThemeColors) {
  return (['light', 'dark'] as const).map((scheme) => ({
    tag: 'meta',
    attrs: { name: 'theme-color', media: `(prefers-color-scheme: ${scheme})`, content: colors[scheme].surface },
    // Before static/theme.js, which gives them the chosen theme's colour before the first paint.
    injectTo: 'head-prepend' as const,
  }));
}
