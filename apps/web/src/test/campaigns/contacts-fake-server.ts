import { CONTACT_MESSAGES, type ActionName, type DepartmentContact } from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

export const CONTACTS_PATH = '/app-rest/admin_portal/v1/7/departmentContacts';
export const contactPath = (departmentId: number) => `${CONTACTS_PATH}/${departmentId}`;
export const CONTACTS_PAGE = '/campaigns/contacts';

type Handler = (request: StubRequest) => Response | Promise<Response>;

const MAIN = { divisionId: 1, divisionName: 'Main Campus' };

export const BIOLOGY: DepartmentContact = {
  departmentId: 51,
  ...MAIN,
  code: 'BIO',
  name: 'Biology',
  contactName: 'Ada Lovelace',
  contactEmail: 'ada@demo.edu',
  sections: 12,
};

export const HISTORY: DepartmentContact = {
  departmentId: 52,
  ...MAIN,
  code: 'HIST',
  name: 'History',
  contactName: null,
  contactEmail: null,
  sections: 1,
};

export const LAW: DepartmentContact = {
  departmentId: 61,
  divisionId: 2,
  divisionName: 'School of Law',
  code: 'LAW',
  name: 'Law',
  contactName: null,
  contactEmail: null,
  sections: 4,
};

/** The addresses the fake store knows: its domain, as the server's rule (ADR 0024). */
const knows = (email: string) => email.endsWith('@demo.edu');

/**
 * A stand-in for the two department contact endpoints as the server answers them: the list
 * (search over code and name, without a contact, 50 a page) and a PUT that refuses a
 * malformed address (400 naming `contactEmail`, as the contract's validation words it) or one
 * the store does not know, and answers the department's new row.
 */
export class FakeContactsServer {
  departments: DepartmentContact[] = [structuredClone(BIOLOGY), structuredClone(HISTORY)];

  answer(url: URL) {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const without = url.searchParams.get('withoutContact') === 'true';
    const page = Number(url.searchParams.get('page') ?? '1');
    const matching = this.departments.filter(
      (d) =>
        (!search || `${d.code} ${d.name}`.toLowerCase().includes(search)) &&
        (!without || d.contactEmail === null),
    );
    return {
      departments: matching.slice((page - 1) * 50, page * 50),
      recordCount: matching.length,
    };
  }

  private setContact(
    departmentId: number,
    body: { contactName: string | null; contactEmail: string | null },
  ): Response {
    const department = this.departments.find((d) => d.departmentId === departmentId);
    if (!department) {
      return json(404, { message: CONTACT_MESSAGES.departmentNotFound, field: 'departmentId' });
    }
    const email = body.contactEmail;
    if (email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      return json(400, {
        message: `contactEmail: ${CONTACT_MESSAGES.badEmail}`,
        field: 'contactEmail',
      });
    }
    if (email && !knows(email)) {
      return json(400, {
        message: `A department contact can only be someone this store knows: ${email} is not an account of this store or an address at one of its domains.`,
        field: 'contactEmail',
      });
    }
    Object.assign(department, { contactName: body.contactName, contactEmail: email });
    return json(200, department);
  }

  handlers(): Record<string, Handler> {
    const handlers: Record<string, Handler> = {
      [`GET ${CONTACTS_PATH}`]: (request) => json(200, this.answer(request.url)),
    };
    for (const d of [BIOLOGY, HISTORY, LAW]) {
      handlers[`PUT ${contactPath(d.departmentId)}`] = (request) =>
        this.setContact(
          d.departmentId,
          request.body as { contactName: string | null; contactEmail: string | null },
        );
    }
    return handlers;
  }
}

/** The whole app at the contacts page, signed in (remember-me) as Pat with the given actions. */
export function renderContacts(
  server: FakeContactsServer,
  options: { actions?: ActionName[]; path?: string; handlers?: Record<string, Handler> } = {},
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(options.path ?? CONTACTS_PAGE, {
    session: sessionResponse({ actions: options.actions ?? ['MANAGE_ADOPTION_CAMPAIGNS'] }),
    handlers: { ...server.handlers(), ...options.handlers },
  });
}
