import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../../lib/escape-html.ts';

/** The origins of URLs, skipping any that is not a URL. */
export function originsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // A registration's field that is not an address frames nothing.
    }
  }
  return [...origins];
}

/**
 * The page that hands the signed answer to the platform: a form posting `JWT` to the return
 * URL, sent at once by its one script and by a visible Continue button without script. Its own
 * Content-Security-Policy allows nothing but that: the script by nonce, the form's post to the
 * return URL's origin, and framing by the platform (the page replaces the frame the
 * confirmation was shown in, so the app's "frame nobody" would blank the platform's frame).
 */
export function sendDeepLinkAnswerPage(
  reply: FastifyReply,
  answer: { returnUrl: string; jwt: string; title: string; frameOrigins: readonly string[] },
): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const [returnOrigin] = originsOf([answer.returnUrl]);
  const ancestors = answer.frameOrigins.length > 0 ? answer.frameOrigins.join(' ') : "'none'";
  const policy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    `form-action ${returnOrigin ?? "'none'"}`,
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
  ].join('; ');
  reply.removeHeader('x-frame-options');
  return reply
    .header('content-security-policy', policy)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(answerPage(answer, nonce));
}

function answerPage(answer: { returnUrl: string; jwt: string; title: string }, nonce: string) {
  const title = escapeHtml(answer.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Adding ${title} to your course</title>
<style nonce="${nonce}">
body { font-family: system-ui, sans-serif; margin: 1.5rem; line-height: 1.5; color: #1a1a1a; }
button { font: inherit; min-height: 44px; padding: 0.5rem 1.25rem; }
</style>
</head>
<body>
<main>
<h1>Adding “${title}” to your course</h1>
<p>Your learning platform is receiving the link. If nothing happens, press Continue.</p>
<form id="answer" method="post" action="${escapeHtml(answer.returnUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(answer.jwt)}">
<button type="submit">Continue</button>
</form>
</main>
<script nonce="${nonce}">document.getElementById('answer').submit();</script>
</body>
</html>
`;
}
