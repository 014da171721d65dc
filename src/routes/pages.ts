// slug → its page, loaded on demand (each page is its own chunk). Exhaustive over the slugs.
import type { Component } from 'svelte';
import type { Slug } from '../tools/index';

type PageLoader = () => Promise<{ default: Component }>;

export const pages = {
  'jwt-decoder': () => import('../tools/jwt-decoder/page.svelte'),
  'json-formatter': () => import('../tools/json-formatter/page.svelte'),
  'image-converter': () => import('../tools/image-converter/page.svelte'),
  'background-remover': () => import('../tools/background-remover/page.svelte'),
  'lcov-viewer': () => import('../tools/lcov-viewer/page.svelte'),
  'image-resizer': () => import('../tools/image-resizer/page.svelte'),
  base64: () => import('../tools/base64/page.svelte'),
  'hash-generator': () => import('../tools/hash-generator/page.svelte'),
  'url-encoder': () => import('../tools/url-encoder/page.svelte'),
  'timestamp-converter': () => import('../tools/timestamp-converter/page.svelte'),
  'uuid-generator': () => import('../tools/uuid-generator/page.svelte'),
  'text-case-converter': () => import('../tools/text-case-converter/page.svelte'),
  'json-to-csv': () => import('../tools/json-to-csv/page.svelte'),
  'color-converter': () => import('../tools/color-converter/page.svelte'),
  'number-base-converter': () => import('../tools/number-base-converter/page.svelte'),
} satisfies Record<Slug, PageLoader> as Record<string, PageLoader | undefined>;
