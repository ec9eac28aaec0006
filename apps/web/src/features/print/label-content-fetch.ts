import { apiError, labelContent, labelContentUrl, type LabelContent } from '@csp/contracts';

/**
 * The content of a label URL (or of the test label), for the DYMO printer. Asked of this
 * page's own origin: the label URL carries the store's configured address, which may be
 * another name for the same website (CSP allows this origin only).
 */
export async function fetchLabelContent(url: string): Promise<LabelContent> {
  const path = new URL(labelContentUrl(url), window.location.origin).pathname;
  const response = await fetch(path, { credentials: 'omit' });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiError.safeParse(body);
    throw new Error(parsed.success ? parsed.data.message : `HTTP ${response.status}`);
  }
  return labelContent.parse(body);
}
