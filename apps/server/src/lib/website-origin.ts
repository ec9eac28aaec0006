/**
 * The address of a store's website for links sent by e-mail, from configuration only: the
 * website's own `public_url`, else PUBLIC_URL, else its host on the server's own port. Never
 * the request's Host header or a URL the caller sent: an unauthenticated caller must not be
 * able to have us mail a live token that points anywhere else.
 */
export function websiteOrigin(
  website: { host: string; publicUrl: string | null },
  config: { publicUrl: string | undefined; port: number },
): string {
  const configured = website.publicUrl ?? config.publicUrl;
  if (configured) return new URL(configured).origin;
  const port = config.port === 0 || config.port === 80 ? '' : `:${config.port}`;
  return `http://${website.host}${port}`;
}
