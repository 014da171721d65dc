// index.html carries the pages' Content-Security-Policy as a <meta>: a static host (the built
// dist/ on any file server, docs/deploy.md) sends no security headers, and without a policy a
// document injected into the app's origin could run script there. The policy is the Node
// server's (src/core/security-headers.ts), less what a <meta> cannot say (frame-ancestors). It
// goes right after <meta charset>, before any script: a meta policy governs only what follows it,
// and the charset must stay within the document's first 1024 bytes.
import type { Plugin } from 'vite';
import { META_CONTENT_SECURITY_POLICY } from '../core/security-headers';

const CHARSET = /<meta charset="utf-8"\s*\/?>/i;

export function cspMeta(): Plugin {
  return {
    name: 'toolbox-csp-meta',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!CHARSET.test(html) || META_CONTENT_SECURITY_POLICY.includes('"'))
          throw new Error('index.html: no <meta charset="utf-8"> to put the Content-Security-Policy after');
        return html.replace(
          CHARSET,
          (charset) =>
            `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${META_CONTENT_SECURITY_POLICY}" />`,
        );
      },
    },
  };
}
