// The build's description of the background-removal files (src/build/model-assets.ts).
declare module 'virtual:model-manifest' {
  import type { ModelManifest } from './model';
  const manifest: ModelManifest;
  export default manifest;
}
