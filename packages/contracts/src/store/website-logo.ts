import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import {
  MANAGE_STORE_ACCESS,
  STORE_BASE,
  storeSettingsAnswer,
  storeWebsiteParams,
} from './store-settings.ts';

/** A logo file: PNG, JPEG or WebP (no SVG: it may carry script), 512 KB at most. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** Wider or taller images are refused: a logo is shown at most 320 × 56 px. */
export const LOGO_MAX_PIXELS = { width: 4000, height: 2000 } as const;
/** The heights a website shows its logos at (the config's logoHeight, logoMobileHeight). */
export const LOGO_HEIGHTS = { wide: 56, mobile: 40 } as const;
/** The widest a wide logo is shown at; a wider image is shown narrower and shorter. */
export const LOGO_MAX_WIDTH = 320;

/**
 * Replaces one of a website's logos with the uploaded image (the raw body). The wide logo's
 * shown width follows the image's proportions at 56 px high (at most 320 px wide).
 */
export const uploadWebsiteLogo = endpoint({
  method: 'PUT',
  path: `${STORE_BASE}/websites/:websiteId/logo`,
  summary:
    "Replaces a website's wide or phone logo with the uploaded PNG, JPEG or WebP (the raw body, 512 KB at most)",
  auth: true,
  access: MANAGE_STORE_ACCESS,
  params: storeWebsiteParams,
  query: z.object({ kind: z.enum(['wide', 'mobile'], { error: 'must be wide or mobile' }) }),
  response: storeSettingsAnswer,
});

export const LOGO_MESSAGES = {
  notAFile: 'file: send the image itself as the request body.',
  empty: 'file: the file is empty.',
  tooLarge: 'file: a logo may be at most 512 KB; save it smaller or as a JPEG.',
  notAnImage: 'file: must be a PNG, JPEG or WebP image (SVG is not accepted).',
  tooManyPixels: (width: number, height: number) =>
    `file: ${width} × ${height} pixels is more than a logo needs (at most 4000 × 2000).`,
  interrupted: 'file: the upload stopped before its end; send it again.',
} as const;
