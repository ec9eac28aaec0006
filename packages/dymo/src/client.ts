import {
  DYMO_COMMAND_TIMEOUT_MS,
  DYMO_DISCOVERY_TIMEOUT_MS,
  DYMO_HOSTS,
  DYMO_PORTS,
  DYMO_SERVICE_PATH,
  DYMO_STORAGE_HOST_KEY,
  DYMO_STORAGE_PORT_KEY,
} from './constants.ts';
import { findService, serviceLocation, type ServiceLocation } from './discovery.ts';
import { DymoError } from './errors.ts';
import {
  asText,
  decodeBody,
  formEncode,
  globalFetch,
  serviceError,
  timedRequest,
  type FetchLike,
} from './http.ts';
import { DYMO_MESSAGES } from './messages.ts';
import { parsePrintersXml, type DymoPrinter } from './printers.ts';
import { createMemoryStore, tolerantStore, type KeyValueStore } from './storage.ts';

export interface DymoClientOptions {
  fetch?: typeof fetch;
  /** Where the found host:port is remembered (keys ServicePort/ServiceHost, as the framework). */
  storage?: KeyValueStore;
  hosts?: readonly string[];
  ports?: readonly number[];
  discoveryTimeoutMs?: number;
  commandTimeoutMs?: number;
}

/**
 * A client of the local DYMO Connect web service (see /work/shared/docs/dymo-web-service.md).
 * Commands find the service themselves the first time; while a discovery runs, other commands
 * are refused (DISCOVERY_IN_PROGRESS), as the framework does.
 */
export class DymoClient {
  readonly #fetch: FetchLike;
  readonly #storage: KeyValueStore;
  readonly #hosts: readonly string[];
  readonly #ports: readonly number[];
  readonly #discoveryTimeoutMs: number;
  readonly #commandTimeoutMs: number;
  #service: ServiceLocation | null = null;
  #discovery: Promise<ServiceLocation> | null = null;

  constructor(options: DymoClientOptions = {}) {
    this.#fetch = options.fetch ?? globalFetch;
    this.#storage = tolerantStore(options.storage ?? createMemoryStore());
    this.#hosts = options.hosts ?? DYMO_HOSTS;
    this.#ports = options.ports ?? DYMO_PORTS;
    this.#discoveryTimeoutMs = options.discoveryTimeoutMs ?? DYMO_DISCOVERY_TIMEOUT_MS;
    this.#commandTimeoutMs = options.commandTimeoutMs ?? DYMO_COMMAND_TIMEOUT_MS;
  }

  /** The service found by the last discovery; null before, or after it stopped answering. */
  get service(): ServiceLocation | null {
    return this.#service;
  }

  /** True while a discovery runs (commands are refused meanwhile). */
  get discovering(): boolean {
    return this.#discovery !== null;
  }

  /** Finds the service (cached host:port first). Calls made while one runs share it. */
  discover(): Promise<ServiceLocation> {
    this.#discovery ??= this.#runDiscovery().finally(() => {
      this.#discovery = null;
    });
    return this.#discovery;
  }

  /** The page where the user accepts the service's self-signed certificate. */
  certificateCheckUrl(): string {
    const host = this.#service?.host ?? this.#hosts[0] ?? DYMO_HOSTS[0] ?? '127.0.0.1';
    const port = this.#service?.port ?? this.#ports[0] ?? DYMO_PORTS[0] ?? 41951;
    return `${serviceLocation(host, port).origin}${DYMO_SERVICE_PATH}/Check`;
  }

  async getPrinters(): Promise<DymoPrinter[]> {
    return parsePrintersXml(asText(await this.#command('GET', 'GetPrinters')));
  }

  /** A label file on the workstation's disk, read by the service, as label XML. */
  async openLabelFile(fileName: string): Promise<string> {
    return asText(await this.#command('GET', 'OpenLabelFile', { fileName }));
  }

  /** Prints; refuses an empty label and a printer GetPrinters does not list. */
  async printLabel(
    printerName: string,
    printParamsXml: string,
    labelXml: string,
    labelSetXml = '',
  ): Promise<void> {
    const answer = await this.#print(
      'PrintLabel',
      printerName,
      printParamsXml,
      labelXml,
      labelSetXml,
    );
    // The service answers `true`; an explicit `false` means nothing was printed.
    if (answer === false) throw new DymoError('SERVICE_ERROR', DYMO_MESSAGES.serviceRefused);
  }

  /**
   * As printLabel, answering what the service returns: a job id, or 'true' from services that
   * issue none (UNCONFIRMED in the doc). Job status stays Unknown over the local service.
   */
  async printLabel2(
    printerName: string,
    printParamsXml: string,
    labelXml: string,
    labelSetXml = '',
  ): Promise<string> {
    return asText(
      await this.#print('PrintLabel2', printerName, printParamsXml, labelXml, labelSetXml),
    );
  }

  /** A preview: base64 PNG (the service's JSON string, unquoted). */
  async renderLabel(labelXml: string, renderParamsXml = '', printerName = ''): Promise<string> {
    requireLabel(labelXml);
    return asText(
      await this.#command('POST', 'RenderLabel', { labelXml, renderParamsXml, printerName }),
    );
  }

  async loadImageAsPngBase64(imageUri: string): Promise<string> {
    return asText(await this.#command('GET', 'LoadImageAsPngBase64', { imageUri }));
  }

  async is550Printer(printerName: string): Promise<boolean> {
    const answer = await this.#command('GET', 'Is550Printer', { printerName });
    return (
      answer === true || (typeof answer === 'string' && answer.trim().toLowerCase() === 'true')
    );
  }

  /** The service's JSON as it is (UNCONFIRMED shape, e.g. {sku, labelsRemaining}). */
  async getConsumableInfoIn550Printer(printerName: string): Promise<unknown> {
    return this.#command('GET', 'GetConsumableInfoIn550Printer', { printerName });
  }

  async #print(
    command: 'PrintLabel' | 'PrintLabel2',
    printerName: string,
    printParamsXml: string,
    labelXml: string,
    labelSetXml: string,
  ): Promise<unknown> {
    requireLabel(labelXml);
    const printers = await this.getPrinters();
    if (!printers.some((p) => p.name === printerName)) {
      throw new DymoError('UNKNOWN_PRINTER', DYMO_MESSAGES.unknownPrinter(printerName));
    }
    return this.#command('POST', command, {
      printerName,
      printParamsXml: printParamsXml || '',
      labelXml,
      labelSetXml: labelSetXml || '',
    });
  }

  async #command(
    method: 'GET' | 'POST',
    command: string,
    params: Readonly<Record<string, string>> = {},
  ): Promise<unknown> {
    if (this.#discovery) {
      throw new DymoError('DISCOVERY_IN_PROGRESS', DYMO_MESSAGES.discoveryInProgress);
    }
    const service = this.#service ?? (await this.discover());
    const encoded = formEncode(params);
    let url = `${service.origin}${DYMO_SERVICE_PATH}/${command}`;
    let init: RequestInit = { method };
    if (method === 'GET') {
      if (encoded) url += `?${encoded}`;
    } else {
      init = {
        method,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: encoded,
      };
    }
    let reply;
    try {
      reply = await timedRequest(this.#fetch, url, init, this.#commandTimeoutMs);
    } catch (error) {
      // No answer (or none in time): the service may have stopped or moved; find it afresh.
      if (this.#service === service) this.#forget();
      if (error instanceof DymoError) throw error;
      throw new DymoError('SERVICE_UNREACHABLE', DYMO_MESSAGES.serviceUnreachable);
    }
    if (!reply.ok) throw serviceError(reply);
    return decodeBody(reply.body);
  }

  async #runDiscovery(): Promise<ServiceLocation> {
    const found = await findService({
      fetch: this.#fetch,
      hosts: this.#hosts,
      ports: this.#ports,
      timeoutMs: this.#discoveryTimeoutMs,
      cached: this.#cached(),
    });
    if (!found) {
      this.#forget();
      throw new DymoError('SERVICE_UNREACHABLE', DYMO_MESSAGES.serviceUnreachable);
    }
    this.#service = found;
    this.#storage.setItem(DYMO_STORAGE_PORT_KEY, String(found.port));
    this.#storage.setItem(DYMO_STORAGE_HOST_KEY, found.host);
    return found;
  }

  /**
   * The remembered host:port, only when it is one this client would probe anyway: the store is
   * shared with other scripts, and labels (student addresses) must not go anywhere else.
   */
  #cached(): { host: string; port: number } | null {
    const host = this.#storage.getItem(DYMO_STORAGE_HOST_KEY);
    const port = Number(this.#storage.getItem(DYMO_STORAGE_PORT_KEY));
    if (!host || !this.#hosts.includes(host) || !this.#ports.includes(port)) return null;
    return { host, port };
  }

  #forget(): void {
    this.#service = null;
    this.#storage.removeItem(DYMO_STORAGE_PORT_KEY);
    this.#storage.removeItem(DYMO_STORAGE_HOST_KEY);
  }
}

function requireLabel(labelXml: string): void {
  if (typeof labelXml !== 'string' || labelXml.trim() === '') {
    throw new DymoError('NO_LABEL_XML', DYMO_MESSAGES.noLabelXml);
  }
}
