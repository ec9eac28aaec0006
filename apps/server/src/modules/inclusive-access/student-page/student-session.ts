import type { FastifyRequest } from 'fastify';
import { IA_STUDENT_PAGE_MESSAGES as M, STUDENT_SESSION_HEADER } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { findStudentSession } from './sign-in-repository.ts';
import { hashStudentToken } from './student-sign-in.ts';

/** The signed-in student of a student-page request. */
export interface StudentCaller {
  studentId: number;
  firstName: string;
  locationId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the student session hook on the student page's own routes (ADR 0048). */
    iaStudent: StudentCaller | null;
  }
}

/** The student session header's token, if sent. */
export function studentSessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers[STUDENT_SESSION_HEADER.toLowerCase()];
  return (Array.isArray(header) ? header[0] : header)?.trim() || undefined;
}

/**
 * The one check of a student session, as an onRequest hook of the student's routes: a live
 * session (not expired, not signed out) of the store of the Host's website, or 401. A staff
 * Auth-Token is no student session: it is not even read here.
 */
export function studentSessionHook(deps: Pick<AppDeps, 'db' | 'now'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = studentSessionToken(request);
    if (!token) throw AppError.unauthorized(M.sessionMissing);
    const website = request.website;
    if (!website) throw AppError.unauthorized(M.sessionEnded);
    const found = await findStudentSession(
      deps.db,
      website.locationId,
      hashStudentToken(token),
      deps.now(),
    );
    if (!found) throw AppError.unauthorized(M.sessionEnded);
    request.iaStudent = { ...found, locationId: website.locationId };
  };
}

/** The request's student (the hook has run: it is never null on the student's routes). */
export function studentOf(request: FastifyRequest): StudentCaller {
  if (!request.iaStudent) throw AppError.unauthorized(M.sessionMissing);
  return request.iaStudent;
}
