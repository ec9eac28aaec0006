import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DYMO_SERVICE_PATH } from '../constants.ts';
import { json, text } from './answers.ts';
import { selfSignedCertificate } from './certificate.ts';
import { handleCommand, isPostCommand } from './commands.ts';
import type {
  Answer,
  DymoEmulatorFault,
  EmulatedPrinter,
  EmulatorState,
  PrintedLabel,
  PrinterErrorStatus,
} from './types.ts';

export type {
  DymoEmulatorFault,
  EmulatedPrinter,
  PrintedLabel,
  PrinterErrorStatus,
} from './types.ts';

export interface DymoEmulator {
  readonly port: number;
  readonly origin: string;
  /** Labels PrintLabel/PrintLabel2 accepted, oldest first (also GET /__emulator/printed). */
  readonly printed: PrintedLabel[];
  /** Names of the commands received, in order (preflights not included). */
  readonly requests: string[];
  /** printerErrorStatus picks the printer-error shape: 400 text (default) or 500 JSON. */
  setFault(fault: DymoEmulatorFault, printerErrorStatus?: PrinterErrorStatus): void;
  setPrinters(printers: EmulatedPrinter[]): void;
  close(): Promise<void>;
}

export interface DymoEmulatorOptions {
  /** 0 picks a free port; default 41951, the service's first. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default one connected 'DYMO LabelWriter 450'. */
  printers?: EmulatedPrinter[];
  fault?: DymoEmulatorFault;
  /** How late every answer is under the slow fault; default 4000 ms. */
  slowMs?: number;
  printerErrorStatus?: PrinterErrorStatus;
  /** What OpenLabelFile finds, by file name; any other name is a FileNotFoundException. */
  labelFiles?: Record<string, string>;
}

export const DEFAULT_EMULATED_PRINTERS: readonly EmulatedPrinter[] = [
  { name: 'DYMO LabelWriter 450', modelName: 'DYMO LabelWriter 450', isConnected: true },
];

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const INSPECT_PRINTED = '/__emulator/printed';

/** A stand-in for the DYMO Connect web service: HTTPS, the doc's commands, fault modes. */
export async function startDymoEmulator(options: DymoEmulatorOptions = {}): Promise<DymoEmulator> {
  const state: EmulatorState = {
    printers: [...(options.printers ?? DEFAULT_EMULATED_PRINTERS)],
    fault: options.fault ?? 'none',
    printerErrorStatus: options.printerErrorStatus ?? 400,
    printed: [],
    labelFiles: { ...options.labelFiles },
    nextJobId: 0,
  };
  const requests: string[] = [];
  const slowMs = options.slowMs ?? 4000;
  const delays = new Set<NodeJS.Timeout>();
  const host = options.host ?? '127.0.0.1';

  /** Answers (late under the slow fault unless `delayed` is false), always with CORS headers. */
  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    answer: Answer,
    delayed: boolean,
    headers: Record<string, string> = {},
  ): void => {
    const write = (): void => {
      if (res.destroyed || res.writableEnded) return;
      res.writeHead(answer.status, {
        ...corsHeaders(req),
        ...(answer.contentType ? { 'Content-Type': answer.contentType } : {}),
        'Cache-Control': 'no-store',
        ...headers,
      });
      res.end(answer.body);
    };
    if (!delayed || state.fault !== 'slow') return write();
    const timer = setTimeout(() => {
      delays.delete(timer);
      write();
    }, slowMs);
    delays.add(timer);
  };

  const server: Server = createServer(await selfSignedCertificate(), (req, res) => {
    const url = new URL(req.url ?? '/', 'https://emulator.invalid');
    if (req.method === 'OPTIONS') {
      return send(
        req,
        res,
        { status: 204, contentType: '', body: '' },
        true,
        preflightHeaders(req),
      );
    }
    if (url.pathname === INSPECT_PRINTED && req.method === 'GET') {
      return send(req, res, json(state.printed), false);
    }
    const prefix = `${DYMO_SERVICE_PATH}/`.toLowerCase();
    if (!url.pathname.toLowerCase().startsWith(prefix)) {
      return send(req, res, text('Not found', 404), true);
    }
    const command = url.pathname.slice(prefix.length);
    requests.push(command);
    if (req.method !== 'POST' || !isPostCommand(command)) {
      return send(
        req,
        res,
        handleCommand(state, command, req.method ?? 'GET', url.searchParams),
        true,
      );
    }
    readBody(req).then(
      (body) =>
        send(req, res, handleCommand(state, command, 'POST', new URLSearchParams(body)), true),
      () => send(req, res, text('Request body too large', 413), false),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 41951, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | null = null;

  return {
    port,
    origin,
    printed: state.printed,
    requests,
    setFault(fault, printerErrorStatus) {
      state.fault = fault;
      if (printerErrorStatus) state.printerErrorStatus = printerErrorStatus;
    },
    setPrinters(printers) {
      state.printers = [...printers];
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of delays) clearTimeout(timer);
        delays.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return { 'Access-Control-Allow-Origin': req.headers.origin ?? '*', Vary: 'Origin' };
}

function preflightHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Content-Type',
    'Access-Control-Allow-Private-Network': 'true',
    'Access-Control-Max-Age': '600',
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size > MAX_BODY_BYTES) {
        req.destroy();
        reject(new Error('body too large'));
      } else parts.push(part);
    });
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}
