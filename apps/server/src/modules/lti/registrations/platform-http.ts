/**
 * The portal's calls to a learning platform during dynamic registration (reading its
 * openid_configuration, posting the tool's registration): each bounded in time and size, with
 * no redirect followed, so an address a platform (or whoever holds an invite) names cannot keep
 * a request waiting, fill the memory or send the portal elsewhere.
 */
export const PLATFORM_TIMEOUT_MS = 10_000;
export const PLATFORM_MAX_BYTES = 256 * 1024;

/** A call that did not give JSON: `why` is a short sentence for the page. */
export class PlatformCallError extends Error {}

export async function platformJson(
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown; bearer?: string },
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.bearer) headers['authorization'] = `Bearer ${init.bearer}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new PlatformCallError(
      timedOut
        ? `${url} did not answer within ${PLATFORM_TIMEOUT_MS / 1000} seconds.`
        : `${url} could not be reached.`,
    );
  }
  const text = await boundedText(response, url);
  if (!response.ok) {
    throw new PlatformCallError(`${url} answered ${response.status}${detailOf(text)}.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PlatformCallError(`${url} did not answer JSON.`);
  }
}

/** The body of a platform's answer, or a {@link PlatformCallError} past PLATFORM_MAX_BYTES. */
export async function boundedText(response: Response, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > PLATFORM_MAX_BYTES) await tooLarge(response, url);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > PLATFORM_MAX_BYTES) await tooLarge(response, url);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function tooLarge(response: Response, url: string): Promise<never> {
  await response.body?.cancel().catch(() => undefined);
  throw new PlatformCallError(`${url} answered more than ${PLATFORM_MAX_BYTES / 1024} KB.`);
}

/** The start of an error body, which platforms use to say what they refused. */
function detailOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return line ? `: ${line}` : '';
}
