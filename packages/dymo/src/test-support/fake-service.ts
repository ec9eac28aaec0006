/** One request the fake DYMO service received. */
export interface ServiceCall {
  host: string;
  port: number;
  command: string;
  method: string;
  url: string;
  query: string;
  body: string;
  contentType: string | null;
}

export type FakeAnswer = Response | Error | 'hang';

/**
 * A DYMO service behind a fake fetch: `answer` decides each reply; 'hang' never answers (until
 * the caller's signal aborts). Lets client rules be tested without sockets or timers.
 */
export function fakeService(answer: (call: ServiceCall) => FakeAnswer) {
  const calls: ServiceCall[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const call: ServiceCall = {
      host: url.hostname,
      port: Number(url.port),
      command: url.pathname.replace('/DYMO/DLS/Printing/', ''),
      method: init?.method ?? 'GET',
      url: String(input),
      query: url.search.replace(/^\?/, ''),
      body: typeof init?.body === 'string' ? init.body : '',
      contentType: headers.get('content-type'),
    };
    calls.push(call);
    const reply = answer(call);
    if (reply === 'hang') {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    }
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  };
  return { fetch, calls };
}

export const PRINTERS_XML =
  '<Printers><LabelWriterPrinter><Name>LW 450</Name><ModelName>DYMO LabelWriter 450</ModelName>' +
  '<IsConnected>True</IsConnected><IsLocal>True</IsLocal><IsTwinTurbo>False</IsTwinTurbo></LabelWriterPrinter></Printers>';

/** A healthy service on one host:port: StatusConnected true, one printer, PrintLabel true. */
export function answersOn(
  host: string,
  port: number,
  overrides: Record<string, () => FakeAnswer> = {},
): (call: ServiceCall) => FakeAnswer {
  return (call) => {
    if (call.host !== host || call.port !== port) return new TypeError('fetch failed');
    const override = overrides[call.command];
    if (override) return override();
    switch (call.command) {
      case 'StatusConnected':
      case 'PrintLabel':
        return new Response('true');
      case 'GetPrinters':
        return new Response(PRINTERS_XML);
      default:
        return new Response('"ok"');
    }
  };
}
