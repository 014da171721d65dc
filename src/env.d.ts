/// <reference types="svelte" />
/// <reference types="vite/client" />

declare module 'virtual:catalog' {
  import type { Tag } from './tools/define';
  const catalog: { slug: string; name: string; summary: string; tag: Tag }[];
  export default catalog;
}
/// <reference types="vite-plugin-pwa/client" />
/// <reference types="vite-plugin-pwa/info" />
