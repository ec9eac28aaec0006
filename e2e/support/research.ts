import {
  AUTH_HEADER,
  fillPath,
  getSectionDetail,
  getStudentRequiredMaterials,
  type RequiredMaterial,
  type SectionDetailDTO,
  type SessionResponse,
} from '@csp/contracts';
import { callApi } from './api.ts';
import { expect } from './fixtures.ts';

/*
 * Helpers for the section research specs: facts of the demo seed read from the API as the
 * signed-in user sees them, so the specs do not depend on generated names or ids.
 */

async function get<T>(session: SessionResponse, path: string): Promise<T> {
  const res = await callApi<T>('localhost', 'GET', path, undefined, {
    [AUTH_HEADER]: session.token,
  });
  expect(res.status, `GET ${path}`).toBe(200);
  return res.body;
}

/** A section of the student's with a required material they have not bought or rented. */
export async function sectionStillNeeded(
  session: SessionResponse,
  customerId: number,
): Promise<{ section: SectionDetailDTO; material: RequiredMaterial }> {
  const path = `${fillPath(getStudentRequiredMaterials.path, { userAccountId: session.accountId })}?customerId=${customerId}`;
  const { requiredMaterials } = await get<{ requiredMaterials: RequiredMaterial[] }>(session, path);
  const material = requiredMaterials.find((m) => m.required && !m.owned && m.title);
  if (!material) throw new Error(`Student ${customerId} needs nothing in the demo seed`);
  return { section: await sectionDetail(session, material.sectionId), material };
}

export async function sectionDetail(
  session: SessionResponse,
  sectionId: number,
): Promise<SectionDetailDTO> {
  const path = `${fillPath(getSectionDetail.path, { userAccountId: session.accountId })}?sectionId=${sectionId}`;
  return get<SectionDetailDTO>(session, path);
}
