/// <reference types="svelte" />
/// <reference types="vite/client" />

/// <reference types="vite-plugin-pwa/client" />
/// <reference types="vite-plugin-pwa/info" />
