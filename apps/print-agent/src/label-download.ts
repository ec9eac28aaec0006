import { AppError } from '@csp/http-kit';
import { labelTitle } from './label-title.ts';

export interface DownloadLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = {
  timeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
};

export interface Label {
  pdf: Uint8Array;
  /** The job title: the label's file name, as the portal names it. */
  title: string;
}

const PDF_MAGIC = '%PDF-';
const FIELD = 'labelUrl';

/**
 * Downloads a label PDF from a trusted portal. The URL is a capability (whoever holds it gets
 * the label), so it is fetched exactly as given: a redirect is refused rather than followed
 * to wherever it points, and errors name the portal's origin, never the URL. Every failure is
 * a 502 for the clerk: the portal, not the request, is at fault.
 */
export async function downloadLabel(url: URL, limits: DownloadLimits): Promise<Label> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const origin = url.origin;
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'manual',
      signal,
      headers: { accept: 'application/pdf' },
    });
  } catch (error) {
    throw fetchFailure(error, origin, limits);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw bad(
      `The portal ${origin} answered the label link with a redirect, which is not followed.`,
    );
  }
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel();
    const hint =
      response.status === 404 || response.status === 410
        ? ' (the label link is unknown or has expired)'
        : '';
    throw bad(`The portal ${origin} answered ${response.status} for the label${hint}.`);
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw tooLarge(origin, limits);
  }
  let pdf: Uint8Array;
  try {
    pdf = await readAtMost(response, limits.maxBytes);
  } catch (error) {
    throw error instanceof TooLarge
      ? tooLarge(origin, limits)
      : fetchFailure(error, origin, limits);
  }
  if (pdf.byteLength === 0) throw bad(`The portal ${origin} returned an empty label.`);
  if (Buffer.from(pdf.subarray(0, PDF_MAGIC.length)).toString('latin1') !== PDF_MAGIC) {
    throw bad(`The portal ${origin} did not return a label PDF.`);
  }
  return { pdf, title: labelTitle(response.headers.get('content-disposition')) };
}

class TooLarge extends Error {}

/** Reads the body, stopping (and dropping the connection) as soon as it passes maxBytes. */
async function readAtMost(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, total);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(value);
  }
}

function fetchFailure(error: unknown, origin: string, limits: DownloadLimits): AppError {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return bad(`The portal ${origin} did not send the label within ${limits.timeoutMs / 1000} s.`);
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const detail = typeof cause?.code === 'string' ? cause.code : String(cause?.message ?? error);
  return bad(`The print service could not reach the portal ${origin} (${detail}).`);
}

function tooLarge(origin: string, limits: DownloadLimits): AppError {
  const mb = Math.round((limits.maxBytes / (1024 * 1024)) * 10) / 10;
  return bad(`The label from ${origin} is larger than ${mb} MB: it is not a label.`);
}

function bad(message: string): AppError {
  return AppError.badGateway(message, FIELD);
}
