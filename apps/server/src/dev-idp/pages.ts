import type { DevIdpUser } from './repository.ts';
import { escapeHtml } from '../lib/escape-html.ts';

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2328; margin: 0; }
  main { max-width: 34rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px;
         border-top: 4px solid #5f6368; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .note { background: #fff4e5; border-left: 4px solid #b35c00; padding: .6rem .8rem; }
  ul { list-style: none; padding: 0; }
  li { margin: .5rem 0; }
  button { width: 100%; text-align: left; padding: .7rem 1rem; font-size: 1rem; cursor: pointer;
           border: 1px solid #8c959f; border-radius: 6px; background: #fff; }
  button:hover, button:focus { background: #eef1f4; }
  .email { display: block; color: #57606a; font-size: .9rem; }
`;

function page(title: string, body: string, script = ''): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`,
    `<body><main>${body}</main>${script}</body></html>`,
  ].join('');
}

/** The sign-in page: one button per active account of the store, no passwords (dev only). */
export function loginPage(input: { pendingId: string; spName: string; users: DevIdpUser[] }) {
  const buttons = input.users
    .map(
      (u) =>
        `<li><button type="submit" name="user" value="${escapeHtml(u.userName)}">` +
        `${escapeHtml(u.name)}<span class="email">${escapeHtml(u.userName)}</span></button></li>`,
    )
    .join('');
  const list = input.users.length
    ? `<form method="post" action="/sso"><input type="hidden" name="pending" value="${escapeHtml(input.pendingId)}"><ul>${buttons}</ul></form>`
    : '<p>No active accounts belong to this website&#39;s store.</p>';
  return page(
    'Development identity provider',
    `<h1>Development identity provider</h1>
     <p class="note">For local development only: choose who to sign in as. No password is asked.</p>
     <p>Signing in to <strong>${escapeHtml(input.spName)}</strong> as:</p>${list}`,
  );
}

/** An HTML form that posts a SAML message to the SP at once (HTTP-POST binding). */
export function autoPostPage(input: {
  title: string;
  action: string;
  field: 'SAMLResponse' | 'SAMLRequest';
  message: string;
  relayState?: string;
}) {
  const relay = input.relayState
    ? `<input type="hidden" name="RelayState" value="${escapeHtml(input.relayState)}">`
    : '';
  return page(
    input.title,
    `<h1>${escapeHtml(input.title)}</h1>
     <form method="post" action="${escapeHtml(input.action)}">
       <input type="hidden" name="${input.field}" value="${escapeHtml(input.message)}">${relay}
       <button type="submit">Continue</button>
     </form>`,
    '<script>document.forms[0].submit();</script>',
  );
}

export function errorPage(message: string): string {
  return page(
    'Development identity provider: error',
    `<h1>The development identity provider could not do that</h1><p>${escapeHtml(message)}</p>`,
  );
}
