import { beforeEach, describe, expect, it } from 'vitest';
import { ROLES_VERSION_HEADER } from '@csp/contracts';
import { ApiRequestError, NETWORK_ERROR_MESSAGE, onApiResponse } from '../../../lib/api-client.ts';
import { FakeXhr } from '../../../test/data/fake-xhr.ts';
import { importSummary } from '../../../test/data/data-fixtures.ts';
import { uploadImportFile, type UploadImportRequest, type UploadProgress } from './upload-import.ts';

const csv = (name = 'fall 2025.csv', text = 'CRN\n41758\n') => new File([text], name);

function request(overrides: Partial<UploadImportRequest> = {}): UploadImportRequest {
  return {
    accountId: 7,
    token: 'token-1',
    file: csv(),
    formatId: 'uiuc-grades-by-crn',
    divisionId: 3,
    ...overrides,
  };
}

const lastXhr = () => FakeXhr.sent.at(-1)!;

beforeEach(() => FakeXhr.reset());

describe('uploading a feed file', () => {
  it('sends the File itself as the body, with the token, type and query the contract names', async () => {
    const file = csv();
    const done = uploadImportFile(request({ file }), FakeXhr.create);
    const xhr = lastXhr();
    expect(xhr.body).toBe(file);
    expect(xhr.method).toBe('POST');
    const url = new URL(xhr.url, 'http://x');
    expect(url.pathname).toBe('/app-rest/admin_portal/v1/7/data/imports');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      formatId: 'uiuc-grades-by-crn',
      fileName: 'fall 2025.csv',
      divisionId: '3',
    });
    expect(xhr.headers).toMatchObject({ 'Auth-Token': 'token-1', 'Content-Type': 'text/csv' });
    xhr.answer(202, importSummary({ status: 'VALIDATING' }));
    await expect(done).resolves.toMatchObject({ importId: 31, status: 'VALIDATING' });
  });

  it('names an Excel workbook by its type and leaves out a division the format does not need', async () => {
    const done = uploadImportFile(
      request({ file: csv('Books.XLSX'), divisionId: null }),
      FakeXhr.create,
    );
    const xhr = lastXhr();
    expect(xhr.headers['Content-Type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(new URL(xhr.url, 'http://x').searchParams.has('divisionId')).toBe(false);
    xhr.answer(202, importSummary({ status: 'VALIDATING' }));
    await done;
  });

  it('reports how much of the file has been sent', async () => {
    const seen: UploadProgress[] = [];
    const done = uploadImportFile(request({ onProgress: (p) => seen.push(p) }), FakeXhr.create);
    lastXhr().progress(4, 10);
    lastXhr().progress(10, 10);
    lastXhr().answer(202, importSummary({ status: 'VALIDATING' }));
    await done;
    expect(seen).toEqual([
      { loaded: 4, total: 10 },
      { loaded: 10, total: 10 },
    ]);
  });

  it("fails with the server's message and the field it names", async () => {
    const done = uploadImportFile(request(), FakeXhr.create);
    lastXhr().answer(400, { message: 'Choose the division of this file.', field: 'divisionId' });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Choose the division of this file.',
      field: 'divisionId',
    });
  });

  it('tells the session about the answer, so a 401 ends it and a roles change is heard', async () => {
    const heard: { status: number; token: string; rolesVersion: string | null }[] = [];
    const stop = onApiResponse((info) => heard.push(info));
    const done = uploadImportFile(request(), FakeXhr.create);
    lastXhr().answer(401, { message: 'Your session has ended.' }, { [ROLES_VERSION_HEADER]: '4' });
    await done.catch(() => undefined);
    stop();
    expect(heard).toEqual([{ status: 401, token: 'token-1', rolesVersion: '4' }]);
  });

  it('says the server could not be reached when the connection fails', async () => {
    const done = uploadImportFile(request(), FakeXhr.create);
    lastXhr().fail();
    await expect(done).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('stops when the page cancels, as an abort rather than an error to show', async () => {
    const controller = new AbortController();
    const done = uploadImportFile(request({ signal: controller.signal }), FakeXhr.create);
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('treats an answer that is not the contract’s shape as an unexpected error', async () => {
    const done = uploadImportFile(request(), FakeXhr.create);
    lastXhr().answerOffContract(202, { importId: 'x' });
    await expect(done).rejects.toMatchObject({ message: 'An unexpected error occurred.' });
  });

  it.each([
    ['a file that is neither CSV nor XLSX', csv('notes.txt'), 'fileName', '“notes.txt” is not a .csv or .xlsx file.'],
    ['an empty file', csv('empty.csv', ''), 'file', '“empty.csv” is empty.'],
  ])('refuses %s without sending anything', async (_, file, field, message) => {
    await expect(uploadImportFile(request({ file }), FakeXhr.create)).rejects.toMatchObject({
      status: 400,
      field,
      message,
    });
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
