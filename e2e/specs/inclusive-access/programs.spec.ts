import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  addDays,
  getAdoptionMaterials,
  getIaTerms,
  modifyAdoption,
  saveIaProgram,
  sectionList,
  setIaTermDates,
  type AdoptionMaterialDTO,
  type IaTerm,
  type SectionRow,
  type SessionResponse,
} from '@csp/contracts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { portalApi, portalPage, startOwnPortal, type OwnPortal } from '../../support/own-portal.ts';
import { today } from '../../support/wizard.ts';
import { shot } from '../../support/shots.ts';

/*
 * Issue 32, point 1 and the staff screens of point 6, as the course materials team would on the
 * demo store: a Biology section's title, adopted as inclusive access, joins the program at
 * $59.99 with the term's opt-out deadline; the term page lists it with its participation and the
 * participants' history. The spec changes a section's adoption kind (its cost figures, which
 * the catalog's and the dashboard's specs compare on the shared server), its program and the
 * term's dates: it runs on a portal of its own.
 */
const SHOTS = '/tmp/ia-shots';

let portal: OwnPortal;
test.beforeAll(async () => {
  portal = await startOwnPortal('ia-programs');
});
test.afterAll(async () => portal?.stop());

const api = <T>(
  session: SessionResponse,
  endpoint: Parameters<typeof portalApi>[2],
  params: Record<string, string | number> = {},
  call: Parameters<typeof portalApi>[4] = {},
) => portalApi<T>(portal, session, endpoint, params, call);

interface Picked {
  row: SectionRow;
  adoption: AdoptionMaterialDTO;
}

/**
 * A Biology section starting within 180 days with a required adoption of a catalog title
 * covering it, from the middle of the list.
 */
async function biologySection(session: SessionResponse): Promise<Picked> {
  const { sections } = await api<{ sections: SectionRow[] }>(
    session,
    sectionList,
    {},
    {
      body: {
        searchString: 'BIOL',
        sectionStartDate: today(),
        sectionEndDate: addDays(today(), 180),
        sortField: 'courseCode',
        sortDirection: 'asc',
        pageSize: 100,
      },
    },
  );
  const middle = [
    ...sections.slice(sections.length / 2),
    ...sections.slice(0, sections.length / 2),
  ];
  for (const row of middle) {
    if (row.adoptionStatus !== 'ADOPTED') continue;
    const { divisionId, departmentCode, courseCode } = row;
    const { adoptionMaterials } = await api<{ adoptionMaterials: AdoptionMaterialDTO[] }>(
      session,
      getAdoptionMaterials,
      { divisionId, departmentCode, courseCode },
    );
    const adoption = adoptionMaterials.find(
      (a) =>
        a.required &&
        a.title &&
        !a.ia &&
        (a.adoptionType === 'AUTO_ADOPTION' ||
          a.sections.some((s) => s.sectionId === row.sectionId)),
    );
    if (adoption) return { row, adoption };
  }
  throw new Error('The demo seed has no adopted Biology section');
}

async function shoot(page: Page, what: string, visible: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(visible).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shot(page, { path: `${SHOTS}/${what}-${width}.png`, fullPage: true });
    await expectNoAxeViolations(page, `${what} at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the course materials team puts a Biology section in inclusive access at $59.99 with a deadline', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { context, page, session } = await portalPage(browser, portal, 'cma', {
    width: 1280,
    height: 900,
  });
  const baseUrl = portal.baseUrl;
  const { row, adoption } = await biologySection(session);
  const { terms } = await api<{ terms: IaTerm[] }>(session, getIaTerms);
  const term = terms.find((t) => t.termId === row.termId);
  if (!term) throw new Error(`The section's term ${row.termId} is not an inclusive-access term`);
  const before = { optOutDeadline: term.optOutDeadline, refundUntil: term.refundUntil };
  const deadline = addDays(row.startDate > today() ? row.startDate : today(), 14);
  const label = `${term.termName}, ${term.divisionName}`;
  const modify = (ia: boolean, materialKind: string | null) =>
    api(
      session,
      modifyAdoption,
      {},
      {
        body: {
          adoptionMaterial: {
            adoptionMaterialId: adoption.adoptionMaterialId,
            ia,
            ...(materialKind !== null && { materialKind }),
          },
          iapublisher: ia ? 'Pearson' : null,
        },
      },
    );

  try {
    // The adopter's "Inclusive access?" answered yes: the adoption is of the kind Inclusive access.
    await modify(true, 'INCLUSIVE_ACCESS');

    // 1. The term's deadline, from the drawer's Inclusive access page.
    await page.goto(`${baseUrl}/dashboard`);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Inclusive access' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inclusive access' })).toBeVisible();
    const card = page.getByRole('article', { name: label });
    await card.getByRole('button', { name: `Edit dates of ${label}` }).click();
    const dates = page.getByRole('dialog');
    await dates.getByLabel('Opt-out deadline').fill(deadline);
    await dates
      .getByLabel('Refund window ends')
      .fill(addDays(deadline, 14) > term.endDate ? term.endDate : addDays(deadline, 14));
    await dates.getByRole('button', { name: 'Save' }).click();
    await expect(dates).toBeHidden();
    await expect(card).toContainText(/Opt out by \d\d\/\d\d\/\d{4}/);
    await shoot(page, 'inclusive-access-terms', card);

    // 2. The section joins the program at $59.99.
    await card.getByRole('link', { name: `Programs of ${label}` }).click();
    const picker = page.getByRole('combobox', { name: /Add a section/ });
    await picker.fill(`BIOL ${row.courseCode}`);
    await page.getByRole('option', { name: new RegExp(`section ${row.sectionCode}\\b`) }).click();
    await page.getByRole('button', { name: 'Add a section' }).click();
    const editor = page.getByRole('dialog', { name: /Edit program/ });
    await editor.getByRole('checkbox').first().check();
    const price = editor.getByRole('textbox', { name: /Price per student/ }).first();
    await price.fill('59.99');
    await shoot(page, 'inclusive-access-program-editor', editor);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    const section = `BIOL ${row.courseCode}, section ${row.sectionCode}`;
    await expect(page.getByText(section)).toBeVisible();
    await expect(page.getByText(/\(\$59\.99\)/)).toBeVisible();
    await shoot(page, 'inclusive-access-term', page.getByText(section));

    // 3. Its participants, each with the change that brought them in.
    await page.getByRole('button', { name: `Participants of ${section}` }).click();
    const participants = page.getByRole('dialog', { name: /Participants/ });
    await expect(participants.getByText(/\d+ enrolled · \d+ in · 0 opted out/)).toBeVisible();
    await shoot(page, 'inclusive-access-participants', participants);
    await participants.getByRole('button', { name: 'Close' }).click();
    await expect(participants).toBeHidden();

    // 4. The row's access list, the term's reminders, and its charge files.
    await expect(
      page.getByRole('button', { name: `Download access list (CSV) for ${section}` }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Reminders to students' })).toContainText(
      'Start of term',
    );
    await page.getByRole('link', { name: 'Charge files' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Charge files/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create charge file' })).toBeDisabled();
    await shoot(
      page,
      'inclusive-access-charges',
      page.getByRole('heading', { name: 'File layout' }),
    );

    // 5. The store's integration token, from the terms page (cma@ manages it store-wide).
    await page.goto(`${baseUrl}/inclusive-access`);
    const integration = page.getByRole('region', { name: "Publishers' and LMS access" });
    await integration.getByRole('link').click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Access list integration' }),
    ).toBeVisible();
    await shoot(
      page,
      'inclusive-access-integration',
      page.getByRole('button', { name: /token/ }).first(),
    );
  } finally {
    await api(
      session,
      saveIaProgram,
      { sectionId: row.sectionId },
      {
        body: { model: 'OPT_OUT', materials: [] },
      },
    );
    await api(session, setIaTermDates, { termId: row.termId }, { body: before });
    await modify(adoption.ia, adoption.materialKind);
    await context.close();
  }
});
