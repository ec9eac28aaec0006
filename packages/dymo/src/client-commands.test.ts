import { afterEach, describe, expect, it, vi } from 'vitest';
import { DymoClient } from './client.ts';
import { DymoError } from './errors.ts';
import { DYMO_MESSAGES } from './messages.ts';
import { createMemoryStore } from './storage.ts';
import {
  PRINTERS_XML,
  answersOn,
  fakeService,
  type FakeAnswer,
} from './test-support/fake-service.ts';

const LABEL = '<DieCutLabel Version="8.0"><Id>x</Id></DieCutLabel>';

function clientWith(overrides: Record<string, () => FakeAnswer> = {}) {
  const service = fakeService(answersOn('127.0.0.1', 41951, overrides));
  const storage = createMemoryStore();
  const client = new DymoClient({ fetch: service.fetch, storage, ports: [41951] });
  const commands = (name: string) => service.calls.filter((c) => c.command === name);
  return { client, service, storage, commands };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DymoClient commands (fake service)', () => {
  it('finds the service itself on the first command', async () => {
    const { client, service } = clientWith();
    await expect(client.getPrinters()).resolves.toMatchObject([{ name: 'LW 450' }]);
    expect(service.calls.map((c) => c.command)).toEqual(['StatusConnected', 'GetPrinters']);
  });

  it('sends GET parameters in the query string, encoded as the framework does', async () => {
    const { client, commands } = clientWith();
    await client.openLabelFile('C:\\Labels\\a b+c&d=é.label');
    const [call] = commands('OpenLabelFile');
    expect(call?.method).toBe('GET');
    expect(call?.query).toBe('fileName=C%3A%5CLabels%5Ca%20b%2Bc%26d%3D%C3%A9.label');
  });

  it('posts print parameters form-encoded, in the framework order', async () => {
    const { client, commands } = clientWith();
    await client.printLabel('LW 450', '<P/>', '<L a="1 + 2"/>', '<S>&</S>');
    const [call] = commands('PrintLabel');
    expect(call?.method).toBe('POST');
    expect(call?.contentType).toBe('application/x-www-form-urlencoded');
    expect(call?.query).toBe('');
    expect(call?.body).toBe(
      'printerName=LW%20450&printParamsXml=%3CP%2F%3E&labelXml=%3CL%20a%3D%221%20%2B%202%22%2F%3E&labelSetXml=%3CS%3E%26%3C%2FS%3E',
    );
  });

  it('posts render parameters in the framework order, absent ones empty', async () => {
    const { client, commands } = clientWith({ RenderLabel: () => new Response('"iVBOR"') });
    await expect(client.renderLabel(LABEL)).resolves.toBe('iVBOR');
    expect(commands('RenderLabel')[0]?.body).toBe(
      `labelXml=${encodeURIComponent(LABEL)}&renderParamsXml=&printerName=`,
    );
  });

  it.each([
    ['printLabel', (c: DymoClient) => c.printLabel('LW 450', '', '  ')],
    ['printLabel2', (c: DymoClient) => c.printLabel2('LW 450', '', '')],
    ['renderLabel', (c: DymoClient) => c.renderLabel('')],
  ])('%s refuses a missing label before any request', async (_name, run) => {
    const { client, service } = clientWith();
    await expect(run(client)).rejects.toMatchObject({
      code: 'NO_LABEL_XML',
      message: DYMO_MESSAGES.noLabelXml,
    });
    expect(service.calls).toHaveLength(0);
  });

  it.each(['printLabel', 'printLabel2'] as const)(
    '%s refuses a printer GetPrinters does not list',
    async (method) => {
      const { client, commands } = clientWith();
      await expect(client[method]('LW 999', '', LABEL)).rejects.toMatchObject({
        code: 'UNKNOWN_PRINTER',
        message: DYMO_MESSAGES.unknownPrinter('LW 999'),
      });
      expect(commands('GetPrinters')).toHaveLength(1);
      expect(commands('PrintLabel')).toHaveLength(0);
      expect(commands('PrintLabel2')).toHaveLength(0);
    },
  );

  it('reads JSON-quoted answers and raw ones alike', async () => {
    const { client } = clientWith({
      GetPrinters: () => new Response(JSON.stringify(PRINTERS_XML)),
      LoadImageAsPngBase64: () => new Response('iVBORraw=='),
      OpenLabelFile: () => new Response(JSON.stringify(LABEL)),
    });
    await expect(client.getPrinters()).resolves.toMatchObject([{ name: 'LW 450' }]);
    await expect(client.loadImageAsPngBase64('logo.png')).resolves.toBe('iVBORraw==');
    await expect(client.openLabelFile('a.label')).resolves.toBe(LABEL);
  });

  it.each([
    [
      'a 400 plain text',
      new Response('Error printing label. Exception: Paper out', { status: 400 }),
      'Error printing label. Exception: Paper out',
      400,
    ],
    [
      'a 500 JSON exceptionMessage',
      new Response(
        JSON.stringify({
          message: 'An error has occurred.',
          exceptionMessage: 'Printer jammed',
          exceptionType: 'System.Exception',
          stackTrace: '',
        }),
        { status: 500 },
      ),
      'Printer jammed',
      500,
    ],
    [
      'a 500 PascalCase JSON',
      new Response(
        JSON.stringify({ Message: 'An error has occurred.', ExceptionMessage: 'Printer offline' }),
        { status: 500 },
      ),
      'Printer offline',
      500,
    ],
    [
      'a 500 JSON with only a message',
      new Response(JSON.stringify({ message: 'Object reference not set' }), { status: 500 }),
      'Object reference not set',
      500,
    ],
    [
      'an empty 502',
      new Response('', { status: 502 }),
      'The DYMO Connect service answered with status 502.',
      502,
    ],
  ])(
    'turns %s into SERVICE_ERROR with the service message',
    async (_what, reply, message, status) => {
      const { client } = clientWith({ PrintLabel: () => reply });
      const error: unknown = await client.printLabel('LW 450', '', LABEL).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DymoError);
      expect(error).toMatchObject({ code: 'SERVICE_ERROR', message, status });
    },
  );

  it('treats an explicit false from PrintLabel as not printed', async () => {
    const { client } = clientWith({ PrintLabel: () => new Response('false') });
    await expect(client.printLabel('LW 450', '', LABEL)).rejects.toMatchObject({
      code: 'SERVICE_ERROR',
      message: DYMO_MESSAGES.serviceRefused,
    });
  });

  it('answers PrintLabel2 with the job id, or true as text', async () => {
    const withId = clientWith({ PrintLabel2: () => new Response('"17"') });
    await expect(withId.client.printLabel2('LW 450', '', LABEL)).resolves.toBe('17');
    const withTrue = clientWith({ PrintLabel2: () => new Response('true') });
    await expect(withTrue.client.printLabel2('LW 450', '', LABEL)).resolves.toBe('true');
  });

  it.each([
    ['true', true],
    ['"True"', true],
    ['false', false],
    ['"nope"', false],
  ])('reads Is550Printer %s as %s', async (body, expected) => {
    const { client, commands } = clientWith({ Is550Printer: () => new Response(body) });
    await expect(client.is550Printer('LW 450')).resolves.toBe(expected);
    expect(commands('Is550Printer')[0]?.query).toBe('printerName=LW%20450');
  });

  it('forgets the service when a command gets no answer, and finds it again next time', async () => {
    let down = false;
    const service = fakeService((call) =>
      down && call.command === 'GetPrinters'
        ? new TypeError('fetch failed')
        : answersOn('127.0.0.1', 41951)(call),
    );
    const storage = createMemoryStore();
    const client = new DymoClient({ fetch: service.fetch, storage, ports: [41951] });
    await client.discover();
    down = true;
    await expect(client.getPrinters()).rejects.toMatchObject({ code: 'SERVICE_UNREACHABLE' });
    expect(client.service).toBeNull();
    expect(storage.getItem('ServicePort')).toBeNull();
    down = false;
    await expect(client.getPrinters()).resolves.toHaveLength(1);
    expect(service.calls.map((c) => c.command)).toEqual([
      'StatusConnected',
      'GetPrinters',
      'StatusConnected',
      'GetPrinters',
    ]);
  });

  it('gives a command 10 s by default, then TIMEOUT, and forgets the service', async () => {
    vi.useFakeTimers();
    const { client, storage } = clientWith({ GetPrinters: () => 'hang' });
    await client.discover();
    const outcome = client.getPrinters().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9999);
    expect(client.service).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({
      code: 'TIMEOUT',
      message: DYMO_MESSAGES.timeout,
    });
    expect(client.service).toBeNull();
    expect(storage.getItem('ServiceHost')).toBeNull();
  });
});
