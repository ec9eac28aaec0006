import { escapeXml } from '../xml-text.ts';
import type { Answer, EmulatedPrinter } from './types.ts';

export const json = (value: unknown, status = 200): Answer => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});

export const text = (body: string, status = 200): Answer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
});

export const xml = (body: string): Answer => ({
  status: 200,
  contentType: 'text/xml; charset=utf-8',
  body,
});

/** The service's 400: plain text, "<what> failed. Exception: <why>". */
export const badRequest = (action: string, reason: string): Answer =>
  text(`Error ${action}. Exception: ${reason}`, 400);

/** The service's 500: ASP.NET's exception JSON (camelCase, as the doc gives it). */
export const exception = (message: string, type = 'System.Exception', status = 500): Answer =>
  json(
    {
      message: 'An error has occurred.',
      exceptionMessage: message,
      exceptionType: type,
      stackTrace: '   at DymoWebService.Controllers.PrintingController (emulated)',
    },
    status,
  );

const bool = (value: boolean): string => (value ? 'True' : 'False');

/** GetPrinters' XML; reportsDisconnected makes every printer say IsConnected=False. */
export function printersXml(
  printers: readonly EmulatedPrinter[],
  reportsDisconnected: boolean,
): string {
  const items = printers.map((p) => {
    const kind = p.kind ?? 'LabelWriterPrinter';
    const connected = !reportsDisconnected && (p.isConnected ?? true);
    const extra =
      kind === 'TapePrinter'
        ? '<IsAutoCutSupported>True</IsAutoCutSupported>'
        : '<IsTwinTurbo>False</IsTwinTurbo>';
    return (
      `<${kind}><Name>${escapeXml(p.name)}</Name><ModelName>${escapeXml(p.modelName ?? p.name)}</ModelName>` +
      `<IsConnected>${bool(connected)}</IsConnected><IsLocal>True</IsLocal>${extra}</${kind}>`
    );
  });
  return `<Printers>${items.join('')}</Printers>`;
}

export const CHECK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>DYMO Connect service</title></head>
<body><h1>Certificate accepted</h1>
<p>This browser now trusts the DYMO Connect web service (emulator) on this computer.
You can close this tab and print again.</p></body></html>
`;
