/**
 * Packages that take hundreds of milliseconds to import (exceljs about 2 s on this machine,
 * pdfkit over 1 s) and serve a few endpoints: imported on first use, not at start, so the server
 * answers sooner (issue 26). Each import runs once; later calls share it.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

export const loadExcelJs = once(async () => (await import('exceljs')).default);
export const loadPdfKit = once(async () => (await import('pdfkit')).default);
export const loadBwipJs = once(async () => (await import('bwip-js/node')).default);
export const loadNodeSaml = once(() => import('@node-saml/node-saml'));
export const loadNodemailer = once(async () => (await import('nodemailer')).default);
// Tens of milliseconds each, for one upload kind or one settings form.
export const loadYauzl = once(async () => (await import('yauzl')).default);
export const loadImageSize = once(async () => (await import('image-size')).imageSize);
export const loadXmlDom = once(() => import('@xmldom/xmldom'));
