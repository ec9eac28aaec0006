// The emulator's own HTTP contract: what a browser (CORS, Private Network Access, the
// certificate page) and another process (the inspection route) see.
import { connect, type PeerCertificate } from 'node:tls';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeInsecureAgent, insecureFetch } from '../test-support/insecure-fetch.ts';
import { startDymoEmulator, type DymoEmulator } from './index.ts';

let service: DymoEmulator | undefined;

async function start(options: Parameters<typeof startDymoEmulator>[0] = {}) {
  service = await startDymoEmulator({ port: 0, ...options });
  const url = (path: string): string => `${service?.origin ?? ''}${path}`;
  return { service, url };
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

afterEach(async () => {
  await service?.close();
  service = undefined;
});

afterAll(async () => {
  await closeInsecureAgent();
});

describe('DYMO Connect emulator', () => {
  it('serves HTTPS with a self-signed certificate for localhost and 127.0.0.1', async () => {
    const { service } = await start();
    const certificate = await new Promise<PeerCertificate>((resolve, reject) => {
      const socket = connect(
        {
          host: '127.0.0.1',
          port: service.port,
          rejectUnauthorized: false,
          servername: 'localhost',
        },
        () => {
          resolve(socket.getPeerCertificate());
          socket.end();
        },
      );
      socket.once('error', reject);
    });
    expect(certificate.subject.CN).toBe('localhost');
    expect(certificate.issuer.CN).toBe('localhost');
    expect(certificate.subjectaltname).toContain('DNS:localhost');
    expect(certificate.subjectaltname).toContain('IP Address:127.0.0.1');
    expect(service.origin).toBe(`https://127.0.0.1:${service.port}`);
  });

  it('echoes the Origin for CORS, or allows any origin', async () => {
    const { url } = await start();
    const withOrigin = await insecureFetch(url('/DYMO/DLS/Printing/StatusConnected'), {
      headers: { Origin: 'https://store.portal.test' },
    });
    expect(withOrigin.headers.get('access-control-allow-origin')).toBe('https://store.portal.test');
    expect(await withOrigin.text()).toBe('true');
    const without = await insecureFetch(url('/DYMO/DLS/Printing/StatusConnected'));
    expect(without.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers preflights with Private Network Access allowed', async () => {
    const { url, service } = await start();
    const reply = await insecureFetch(url('/DYMO/DLS/Printing/PrintLabel'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://store.portal.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-private-network')).toBe('true');
    expect(reply.headers.get('access-control-allow-origin')).toBe('https://store.portal.test');
    expect(reply.headers.get('access-control-allow-methods')).toContain('POST');
    expect(reply.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(service.requests).toEqual([]);
  });

  it('has the certificate Check page', async () => {
    const { url } = await start();
    const reply = await insecureFetch(url('/DYMO/DLS/Printing/Check'));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(await reply.text()).toContain('Certificate accepted');
  });

  it('refuses an unknown printer and an unreadable label itself, with the 400 text shape', async () => {
    const { url, service } = await start();
    const unknown = await insecureFetch(
      url('/DYMO/DLS/Printing/PrintLabel'),
      form({ printerName: 'Nope', printParamsXml: '', labelXml: '<L/>', labelSetXml: '' }),
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe(
      "Error printing label. Exception: Printer 'Nope' is not found.",
    );
    const broken = await insecureFetch(
      url('/DYMO/DLS/Printing/PrintLabel'),
      form({ printerName: 'DYMO LabelWriter 450', labelXml: '<L>' }),
    );
    expect(broken.status).toBe(400);
    expect(await broken.text()).toMatch(
      /^Error printing label\. Exception: The label XML is not valid/,
    );
    expect(service.printed).toEqual([]);
  });

  it('answers unknown commands 404 and the wrong method 405, as ASP.NET JSON', async () => {
    const { url } = await start();
    const missing = await insecureFetch(url('/DYMO/DLS/Printing/GetJobStatus'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      exceptionMessage: expect.stringContaining('GetJobStatus') as unknown,
    });
    const wrong = await insecureFetch(url('/DYMO/DLS/Printing/PrintLabel'));
    expect(wrong.status).toBe(405);
    expect(await wrong.json()).toEqual({
      message: "The requested resource does not support http method 'GET'.",
    });
  });

  it('shows what it printed to another process', async () => {
    const { url } = await start();
    expect(await (await insecureFetch(url('/__emulator/printed'))).json()).toEqual([]);
    await insecureFetch(
      url('/DYMO/DLS/Printing/PrintLabel'),
      form({
        printerName: 'DYMO LabelWriter 450',
        printParamsXml: '<P/>',
        labelXml: '<L/>',
        labelSetXml: '',
      }),
    );
    const printed = (await (await insecureFetch(url('/__emulator/printed'))).json()) as unknown[];
    expect(printed).toEqual([
      {
        printerName: 'DYMO LabelWriter 450',
        printParamsXml: '<P/>',
        labelXml: '<L/>',
        labelSetXml: '',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      },
    ]);
  });

  it('closes promptly with a slow answer still pending', async () => {
    const { url, service } = await start({ fault: 'slow', slowMs: 60_000 });
    const pending = insecureFetch(url('/DYMO/DLS/Printing/StatusConnected')).then(
      () => 'answered',
      () => 'dropped',
    );
    await expect.poll(() => service.requests.length).toBe(1);
    await service.close();
    await expect(pending).resolves.toBe('dropped');
  });
});
