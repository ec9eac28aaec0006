import { checkContractAnswer } from '../fetch-stub.ts';

/**
 * An XMLHttpRequest a test drives by hand: it records what was sent, then the test reports
 * upload progress and answers (or fails, or the page aborts).
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name] ?? null;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  /** Answers JSON; a 2xx answer must match the contract endpoint, as the fetch stub's do. */
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    const pathname = new URL(this.url, window.location.origin).pathname;
    const problem = checkContractAnswer({ method: this.method, pathname, status, json: { body } });
    if (problem) throw problem;
    this.answerOffContract(status, body, headers);
  }
  /** Answers JSON that breaks the contract on purpose (how the app copes with a bad server). */
  answerOffContract(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }

  /** The factory the upload helper takes, or the constructor to stub the global with. */
  static create = () => new FakeXhr() as unknown as XMLHttpRequest;
  static reset() {
    FakeXhr.sent = [];
  }
}
