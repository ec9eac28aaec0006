import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * The page a platform's authorization endpoint answers with (response_mode=form_post): a form
 * of hidden fields that posts itself to the tool's redirect_uri, with a button for a browser
 * without script.
 */
export function autoPostPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Launching</title></head>
<body><main><form method="post" action="${escapeHtml(action)}">${inputs}
<noscript><button type="submit">Continue</button></noscript></form></main>
<script>document.forms[0].submit();</script></body></html>`;
}

const unescape = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** What an auto-posting page would post: its action and fields (for tests without a browser). */
export function readAutoPost(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`not an auto-posting page: ${html.slice(0, 200)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescape(match[1]!)] = unescape(match[2]!);
  }
  return { action: unescape(action), fields };
}
