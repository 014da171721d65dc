// Response headers that limit what a page, or an answer opened as a page, may do: the one list,
// sent by the Node server (src/server/app.ts) and by the service worker on its own answers
// (src/sw/sw.ts), and written into index.html as a <meta> policy for static hosts that send no
// headers (src/build/csp-meta.ts).
//
// Pages: a Content-Security-Policy with no inline script and no third-party origin. What the
// app needs, and why each source is there:
// - script-src 'wasm-unsafe-eval': the codecs and hash functions compile WebAssembly; it allows
//   WebAssembly compilation only, not eval().
// - script-src blob:: onnxruntime-web's threads (background removal) are workers made from a
//   blob: URL that load its WASM glue with importScripts(blob:); only code already running
//   here can make such URLs.
// - worker-src 'self' blob: the tool workers and the service worker are our own scripts; blob:
//   is for libraries that start a worker from generated code (onnxruntime-web).
// - img-src data: blob: image results are shown as data: URLs, downloads are blob: URLs.
// - style-src 'self': Svelte's component styles are extracted into the built CSS file; style
//   directives set properties through the CSSOM, which CSP does not restrict.
// - connect-src 'self': the app only ever calls its own /api (the service worker included).
// - frame-ancestors 'none', base-uri, form-action, object-src: against clickjacking and
//   injected markup.
// The same policy goes on every static file: a worker's or service worker's policy is the one
// delivered with its script.
//
// API answers (JSON): `default-src 'none'` so an answer opened in a tab can run nothing.

const POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval' blob:",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

export const CONTENT_SECURITY_POLICY = POLICY.join('; ');

/**
 * The same policy for `<meta http-equiv="Content-Security-Policy">`, the one a static host that
 * sends no headers still delivers. A meta policy may not hold frame-ancestors (nor report-uri or
 * sandbox; browsers ignore them there and say so on the console): framing is refused only where
 * a header says so (the Node server's, or the host's own; docs/deploy.md).
 */
export const META_CONTENT_SECURITY_POLICY = POLICY.filter(
  (directive) => !/^(frame-ancestors|report-uri|sandbox)\b/.test(directive),
).join('; ');

const COMMON: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON,
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  // Only features this app never uses are switched off (clipboard and downloads stay allowed).
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=(), accelerometer=(), gyroscope=(), magnetometer=()',
  // Cross-origin isolation (COOP + COEP): SharedArrayBuffer, so the background-removal model
  // runs on threads in the browser, about twice as fast on two cores.
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'X-Frame-Options': 'DENY',
};

export const API_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/** The same headers as flat lists for writeHead, built once rather than on every answer. */
export const API_HEADER_LIST: readonly string[] = Object.entries(API_HEADERS).flat();
export const PAGE_HEADER_LIST: readonly string[] = Object.entries(PAGE_HEADERS).flat();
