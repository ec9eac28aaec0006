import { z } from 'zod';
import { FILE_MEDIA_TYPES, endpoint } from '../common/endpoint.ts';
import { withoutNul } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { RENTAL_LABEL_PATH } from '../students/rentals.ts';

/**
 * What a label says, for printers that compose the label themselves (the DYMO LabelWriter
 * renders a 30256 label from XML; it cannot print a PDF). The PDF at the label URL and this
 * content come from the same rows, so both paths print the same facts.
 */
export const labelContent = z.object({
  kind: z.enum(['RETURN', 'SHIPMENT', 'TEST']),
  /** The print job's title, e.g. "Rental return 12345". */
  jobTitle: z.string(),
  /** The large block: the ship-to address, or the store and student of a counter return. */
  addressLines: z.array(z.string()),
  /** The caption and the items, one short line each. */
  textLines: z.array(z.string()),
  /** What the Code 128 barcode encodes: the tracking number or the serial item label. */
  barcode: z.string(),
});
export type LabelContent = z.infer<typeof labelContent>;

export const getRentalLabelPdf = endpoint({
  method: 'GET',
  path: RENTAL_LABEL_PATH,
  summary:
    "A rental label as a PDF at the DYMO 30256 size (a counter return, or a return-shipping label with its Code 128 tracking number). No Auth-Token: the URL is the key; it answers on its store's websites until it expires (410)",
  auth: false,
  access: { kind: 'public', credentials: true },
  params: z.object({ token: withoutNul(z.string().min(1).max(200)) }),
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.pdf },
});

/** The content of a label, beside its PDF: `{label URL}/content`. Same capability rules. */
export const RENTAL_LABEL_CONTENT_PATH = `${RENTAL_LABEL_PATH}/content`;

export const getRentalLabelContent = endpoint({
  method: 'GET',
  path: RENTAL_LABEL_CONTENT_PATH,
  summary:
    "A rental label's content for label printers that compose labels (DYMO). No Auth-Token: like the PDF, the URL is the key; it answers on its store's websites until the label expires (410)",
  auth: false,
  access: { kind: 'public' },
  params: z.object({ token: withoutNul(z.string().min(1).max(200)) }),
  response: labelContent,
});

/** The content URL of a label URL (a label's `reportUrl`). */
export function labelContentUrl(labelUrl: string): string {
  return `${labelUrl.replace(/\/+$/, '')}/content`;
}

/**
 * A test label of the website's store (its name and return address, the date): what the
 * printer panel prints to check a path end to end. It holds no student's data, so it needs
 * no token; it answers on every website, as the store's own.
 */
export const TEST_LABEL_PATH = `${ADMIN_BASE}/print/testLabel`;

export const getTestLabelPdf = endpoint({
  method: 'GET',
  path: TEST_LABEL_PATH,
  summary:
    "The printer panel's test label as a PDF at the DYMO 30256 size: the website's store name and return address and when it was printed. No Auth-Token: it holds no student's data",
  auth: false,
  access: { kind: 'public' },
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.pdf },
});

export const getTestLabelContent = endpoint({
  method: 'GET',
  path: `${TEST_LABEL_PATH}/content`,
  summary: "The test label's content for label printers that compose labels (DYMO)",
  auth: false,
  access: { kind: 'public' },
  response: labelContent,
});
