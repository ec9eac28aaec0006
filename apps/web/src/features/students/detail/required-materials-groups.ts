import type { RequiredMaterial } from '@csp/contracts';

/** One of the student's sections and the materials adopted for it. */
export interface RequiredMaterialsSection {
  sectionId: number;
  courseCode: string;
  courseName: string;
  sectionCode: string;
  termName: string;
  divisionName: string;
  startDate: string;
  /** The section's adoption says no text is required (and nothing else is adopted for it). */
  noTextRequired: boolean;
  /** The materials to have, required ones first; empty for a no-text-required section. */
  materials: RequiredMaterial[];
}

/**
 * The flat list the server sends, grouped by section: the sections that start first come first
 * (the counter deals with the nearest need), then by course and section code.
 */
export function groupBySection(rows: readonly RequiredMaterial[]): RequiredMaterialsSection[] {
  const sections = new Map<number, RequiredMaterialsSection>();
  for (const row of rows) {
    let section = sections.get(row.sectionId);
    if (!section) {
      section = {
        sectionId: row.sectionId,
        courseCode: row.courseCode,
        courseName: row.courseName,
        sectionCode: row.sectionCode,
        termName: row.termName,
        divisionName: row.divisionName,
        startDate: row.startDate,
        noTextRequired: false,
        materials: [],
      };
      sections.set(row.sectionId, section);
    }
    if (row.noTextRequired) section.noTextRequired = true;
    else section.materials.push(row);
  }
  const grouped = [...sections.values()].map((section) => ({
    ...section,
    // A section with a real material is not "no text required", whatever else it lists.
    noTextRequired: section.noTextRequired && section.materials.length === 0,
    materials: [...section.materials].sort((a, b) => Number(b.required) - Number(a.required)),
  }));
  return grouped.sort(
    (a, b) =>
      a.startDate.localeCompare(b.startDate) ||
      a.courseCode.localeCompare(b.courseCode) ||
      a.sectionCode.localeCompare(b.sectionCode),
  );
}

/** What the student has of a material, as the counter says it. */
export interface OwnedStatus {
  text: string;
  /** have: fulfilled; ordered: pending; missing: nothing yet (stressed on screen). */
  tone: 'have' | 'ordered' | 'missing';
}

const HAD: Record<string, string> = {
  RENT_NEW: 'Rented new',
  RENT_USED: 'Rented used',
  BUY_NEW: 'Bought new',
  BUY_USED: 'Bought used',
  DIGITAL: 'Bought digital',
};

const ORDERED: Record<string, string> = {
  RENT_NEW: 'rent new',
  RENT_USED: 'rent used',
  BUY_NEW: 'buy new',
  BUY_USED: 'buy used',
  DIGITAL: 'digital',
};

export const NOT_YET_ORDERED = 'Not yet ordered';

/** 'Rented new — fulfilled', 'Ordered: buy used — pending', or 'Not yet ordered'. */
export function ownedStatus(material: Pick<RequiredMaterial, 'owned'>): OwnedStatus {
  const owned = material.owned;
  if (!owned) return { text: NOT_YET_ORDERED, tone: 'missing' };
  const type = owned.fulfillmentType;
  if (owned.status === 'FULFILLED') {
    return { text: `${HAD[type] ?? type} — fulfilled`, tone: 'have' };
  }
  return {
    text: `Ordered: ${ORDERED[type] ?? type.toLowerCase()} — ${owned.status.toLowerCase()}`,
    tone: 'ordered',
  };
}
