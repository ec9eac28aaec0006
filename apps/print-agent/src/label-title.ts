/** The job title when the portal does not name the label file. */
export const DEFAULT_LABEL_TITLE = 'Campus Store label';

const MAX_TITLE_LENGTH = 100;

/**
 * The label's file name from a Content-Disposition header (`filename*=UTF-8''...` preferred
 * over `filename="..."`, as RFC 6266 says), made safe as a job title: one line, no path,
 * printable, at most 100 characters. Queues and printer displays show it, and cups-pdf names
 * its output file after it.
 */
export function labelTitle(contentDisposition: string | null): string {
  if (!contentDisposition) return DEFAULT_LABEL_TITLE;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)'[^']*'([^;]+)/.exec(contentDisposition);
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(contentDisposition);
  const raw = extended?.[1]
    ? decode(extended[1].trim())
    : (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2] ?? '');
  const name = (raw.split(/[/\\]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, MAX_TITLE_LENGTH)
    .trim();
  return name || DEFAULT_LABEL_TITLE;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
