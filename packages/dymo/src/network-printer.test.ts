import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chunkPayload,
  networkPayloadJson,
  printToNetworkPrinter,
  readChunkReply,
  type NetworkPrintPayload,
} from './network-printer.ts';

interface ChunkCall {
  url: string;
  j: string;
  cid: number;
  pl: string;
}

type Reply = Response | Error | 'hang';

/** A network printer: `reply` decides the answer to each chunk request. */
function fakePrinter(reply: (call: ChunkCall, index: number) => Reply) {
  const calls: ChunkCall[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input));
    const call: ChunkCall = {
      url: String(input),
      j: url.searchParams.get('j') ?? '',
      cid: Number(url.searchParams.get('cid')),
      pl: url.searchParams.get('pl') ?? '',
    };
    calls.push(call);
    const answer = reply(call, calls.length - 1);
    if (answer === 'hang') {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    }
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { fetch, calls };
}

const status = (value: number, extra: Record<string, unknown> = {}): Response =>
  new Response(JSON.stringify({ status: value, ...extra }));

const payload: NetworkPrintPayload = {
  printerName: 'LW 550 Turbo',
  labelXml: `<DieCutLabel>${'x'.repeat(9000)}Zoë 😀 & +%</DieCutLabel>`,
  printParamsXml: '<LabelWriterPrintParams/>',
  labelSetXml: '',
};

const sentChunks = (calls: readonly ChunkCall[]): string[] =>
  calls.filter((c) => c.cid >= 0).map((c) => c.pl);

afterEach(() => {
  vi.useRealTimers();
});

describe('chunkPayload', () => {
  it('cuts 4000-character chunks by default, the last one shorter', () => {
    const chunks = chunkPayload('a'.repeat(8001));
    expect(chunks.map((c) => c.length)).toEqual([4000, 4000, 1]);
    expect(chunkPayload('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
    expect(chunkPayload('abc', 3)).toEqual(['abc']);
    expect(chunkPayload('')).toEqual([]);
  });

  it('refuses a size that is not a whole number of at least 1', () => {
    expect(() => chunkPayload('abc', 0)).toThrow(RangeError);
    expect(() => chunkPayload('abc', 1.5)).toThrow(RangeError);
  });
});

describe('network payload', () => {
  it('is the framework JSON, in ASCII, so no chunk splits a character', () => {
    const json = networkPayloadJson(payload);
    expect(Object.keys(JSON.parse(json) as object)).toEqual([
      'printerName',
      'labelXml',
      'printParamsXml',
      'labelSetXml',
    ]);
    expect(JSON.parse(json)).toEqual(payload);
    expect(/^[\x20-\x7e]*$/.test(json)).toBe(true);
  });

  it('reads a chunk reply from JSON, JSONP or a bare number', () => {
    expect(readChunkReply('{"status":0}')).toEqual({ status: 0 });
    expect(readChunkReply('{"status":-5,"lastAckChunkId":2}')).toEqual({
      status: -5,
      lastAckChunkId: 2,
    });
    expect(readChunkReply('c({"status":"-5","lastAckChunkId":"1"});')).toEqual({
      status: -5,
      lastAckChunkId: 1,
    });
    expect(readChunkReply(' 0 ')).toEqual({ status: 0 });
    expect(readChunkReply('ok')).toBeNull();
    expect(readChunkReply('{"state":0}')).toBeNull();
    expect(readChunkReply('{"status":null}')).toBeNull();
  });
});

describe('printToNetworkPrinter', () => {
  it('sends every chunk in order, then an empty chunk with cid -1, under one job id', async () => {
    const printer = fakePrinter(() => status(0));
    await printToNetworkPrinter('http://10.0.0.5:8631/', payload, {
      fetch: printer.fetch,
      jobId: 'job-1',
    });
    const json = networkPayloadJson(payload);
    expect(printer.calls.map((c) => c.cid)).toEqual([0, 1, 2, -1]);
    expect(sentChunks(printer.calls)).toEqual(chunkPayload(json));
    expect(sentChunks(printer.calls).join('')).toBe(json);
    expect(printer.calls.at(-1)?.pl).toBe('');
    expect(printer.calls.every((c) => c.j === 'job-1')).toBe(true);
    expect(printer.calls[0]?.url.startsWith('http://10.0.0.5:8631/pl?j=job-1&cid=0&pl=')).toBe(
      true,
    );
  });

  it('makes up a job id when none is given', async () => {
    const printer = fakePrinter(() => status(0));
    await printToNetworkPrinter('http://printer', payload, { fetch: printer.fetch });
    expect(printer.calls[0]?.j).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('on -5 resends from the last acknowledged chunk + 1', async () => {
    let refused = false;
    const printer = fakePrinter((call) => {
      if (call.cid === 2 && !refused) {
        refused = true;
        return status(-5, { lastAckChunkId: 0 });
      }
      return status(0);
    });
    await printToNetworkPrinter('http://printer', payload, { fetch: printer.fetch });
    expect(printer.calls.map((c) => c.cid)).toEqual([0, 1, 2, 1, 2, -1]);
  });

  it('resends the same chunk on any other status, a failed request or a non-2xx answer', async () => {
    const answers: Reply[] = [
      status(0),
      status(3),
      new TypeError('fetch failed'),
      new Response('busy', { status: 503 }),
      new Response('garbage'),
    ];
    const printer = fakePrinter((_call, index) => answers[index] ?? status(0));
    await printToNetworkPrinter('http://printer', payload, { fetch: printer.fetch });
    expect(printer.calls.map((c) => c.cid)).toEqual([0, 1, 1, 1, 1, 1, 2, -1]);
  });

  it('gives up after 10 retries of one chunk', async () => {
    const printer = fakePrinter((call) => (call.cid === 1 ? status(-1) : status(0)));
    await expect(
      printToNetworkPrinter('http://printer', payload, { fetch: printer.fetch }),
    ).rejects.toMatchObject({ code: 'CHUNK_RETRIES_EXHAUSTED' });
    expect(printer.calls.map((c) => c.cid)).toEqual([0, ...Array<number>(11).fill(1)]);
  });

  it('counts retries per chunk: an acknowledgement starts the count again', async () => {
    const attempts = new Map<number, number>();
    const printer = fakePrinter((call) => {
      const n = (attempts.get(call.cid) ?? 0) + 1;
      attempts.set(call.cid, n);
      return n <= 10 ? status(1) : status(0); // each chunk needs its 10 retries
    });
    await printToNetworkPrinter('http://printer', payload, { fetch: printer.fetch });
    expect([...attempts.values()]).toEqual([11, 11, 11, 11]);
  });

  it('retries a chunk whose answer does not come in time (5 s by default)', async () => {
    vi.useFakeTimers();
    const printer = fakePrinter((_call, index) => (index === 0 ? 'hang' : status(0)));
    const done = printToNetworkPrinter('http://printer', payload, { fetch: printer.fetch });
    await vi.advanceTimersByTimeAsync(4999);
    expect(printer.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(printer.calls.map((c) => c.cid)).toEqual([0, 0, 1, 2, -1]);
  });
});
