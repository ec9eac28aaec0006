/** Content types stored as their text rather than base64. */
const TEXT_TYPES = /^(image\/svg\+xml|text\/|application\/(json|xml))/i;

/**
 * website_assets.content is text. Decoding rule: a `data:` URL is decoded as such; SVG and other
 * text types are the file's own text; anything else (PNG, JPEG, WebP...) is base64.
 */
export function decodeAssetContent(contentType: string, content: string): Buffer {
  const dataUrl = /^data:[^,]*?(;base64)?,(.*)$/s.exec(content);
  if (dataUrl) {
    const payload = dataUrl[2] ?? '';
    if (dataUrl[1]) return Buffer.from(payload, 'base64');
    try {
      return Buffer.from(decodeURIComponent(payload));
    } catch {
      // A malformed percent-escape: serve the text as stored rather than fail the request.
      return Buffer.from(payload, 'utf8');
    }
  }
  if (TEXT_TYPES.test(contentType)) return Buffer.from(content, 'utf8');
  return Buffer.from(content, 'base64');
}

export function isSvg(contentType: string): boolean {
  return /^image\/svg\+xml/i.test(contentType);
}
