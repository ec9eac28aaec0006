import type { WebsiteConfig } from '@csp/contracts';

/** Adds the CSP nonce to every `<script` tag of a snippet. */
function withNonce(snippet: string, nonce: string): string {
  return snippet.replace(/<script\b/gi, `<script nonce="${nonce}"`);
}

/**
 * Injects the website's Google Tag Manager snippets into the SPA's index.html: the header
 * snippet just before `</head>`, the body snippet right after the opening `<body>` tag.
 */
export function injectTagManager(
  html: string,
  config: WebsiteConfig | undefined,
  nonce: string,
): string {
  if (!config || !nonce) return html;
  let out = html;
  const header = config.googleTagManagerHeader?.trim() ?? '';
  const body = config.googleTagManagerBody?.trim() ?? '';
  if (header) out = out.replace(/<\/head>/i, () => `${withNonce(header, nonce)}\n</head>`);
  if (body) out = out.replace(/<body\b[^>]*>/i, (tag) => `${tag}\n${withNonce(body, nonce)}`);
  return out;
}
