import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@csp/contracts';
import * as fundingContracts from '../../../packages/contracts/src/funding/index.ts';
import { allowanceCsv, type AidTerm } from '../../support/funding.ts';
import type { EndpointCall } from '../../support/own-portal.ts';

/*
 * Every endpoint of the funding contracts, with a request each would accept from a funding
 * manager: the access spec sends them as a user without MANAGE_VOUCHERS and expects a 403 from
 * each, so the refusal is the permission's, never the input's.
 */

/**
 * A request each funding endpoint would accept from a manager (so a 403 is the permission's,
 * never the input's), by the contract's exported name.
 */
export function fundingRequests(ids: {
  term: AidTerm;
  sourceId: number;
  allowanceId: number;
  uploadId: number;
  version: number;
  /** A student of the store without an allowance from the source. */
  studentIdNum: string;
}): Record<string, EndpointCall & { params?: Record<string, number> }> {
  const { term } = ids;
  const sourceInput = {
    name: 'Refused source',
    kind: 'GRANT',
    budgetCents: 100_000,
    termIds: [],
    chargeStartsOn: term.chargeStartsOn,
    chargeEndsOn: term.chargeEndsOn,
    perStudentCapCents: null,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ['NEW'],
    unspentPolicy: 'RETURN_TO_SOURCE',
    promotion: null,
  };
  const source = { sourceId: ids.sourceId };
  const allowance = { allowanceId: ids.allowanceId };
  const upload = { uploadId: ids.uploadId };
  return {
    getFundingSources: {},
    getFundingSource: { params: source },
    createFundingSource: { body: { source: sourceInput, clientKey: randomUUID() } },
    updateFundingSource: { params: source, body: { source: sourceInput, version: ids.version } },
    getFundingTerms: {},
    closeEndedFunding: {},
    getAllowances: { params: source },
    addAllowance: {
      params: source,
      body: {
        studentIdNum: ids.studentIdNum,
        amountCents: 1_000,
        clientKey: randomUUID(),
      },
    },
    setAllowanceAmount: { params: allowance, body: { amountCents: 30_000 } },
    getVoucherPdf: { params: allowance },
    getSourceVouchersPdf: { params: source },
    emailVoucher: { params: allowance },
    getVoucherMailing: { params: source },
    emailSourceVouchers: { params: source },
    getSourceLedger: { params: source },
    getSourceActivity: { params: source },
    uploadAllowances: {
      params: source,
      query: { fileName: 'more.csv' },
      body: allowanceCsv([[ids.studentIdNum, '10.00']]),
      contentType: 'text/csv',
    },
    getAllowanceUploads: { params: source },
    getAllowanceUpload: { params: upload },
    getAllowanceUploadIssues: { params: upload },
    applyAllowanceUpload: { params: upload },
    getSpendingReport: {},
    getNearExpiryReport: {},
    getAccessDayReport: { query: { termId: term.termId } },
  };
}

/** Every endpoint the funding contracts export, by name. */
export const FUNDING_ENDPOINTS = Object.entries(fundingContracts).flatMap(([name, value]) =>
  value && typeof value === 'object' && 'method' in value && 'path' in value
    ? [{ name, endpoint: value as Pick<Endpoint, 'method' | 'path'> }]
    : [],
);
