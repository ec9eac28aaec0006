import { describe, expect, it } from 'vitest';
import {
  NO_CATALOG,
  chosenDepartment,
  chosenDivisionId,
  toCatalogInput,
} from './catalog-selection.ts';
import { auditChange, auditEventLabel } from './audit-change.ts';

describe('catalog selection', () => {
  it("treats division 'all' as no catalog and loads nothing below it", () => {
    expect(toCatalogInput(NO_CATALOG)).toBeNull();
    expect(chosenDivisionId(NO_CATALOG)).toBeNull();
    expect(chosenDepartment({ ...NO_CATALOG, department: 'BIO' })).toBeNull();
  });

  it("stops at department 'All' and course 'All'", () => {
    expect(toCatalogInput({ division: '3', department: 'All', course: '101' })).toEqual({
      divisionId: 3,
      departmentCode: null,
      courseCode: null,
    });
    expect(toCatalogInput({ division: '3', department: 'BIO', course: 'All' })).toEqual({
      divisionId: 3,
      departmentCode: 'BIO',
      courseCode: null,
    });
    expect(toCatalogInput({ division: '3', department: 'BIO', course: '101' })).toEqual({
      divisionId: 3,
      departmentCode: 'BIO',
      courseCode: '101',
    });
  });
});

describe('audit entries', () => {
  it('label known and unknown events', () => {
    expect(auditEventLabel('ROLE_SCOPE_UNASSIGNED')).toBe('Catalog removed from a role');
    expect(auditEventLabel('PASSWORD_SET')).toBe('Password set');
  });

  it('describe what was added and removed', () => {
    const before = [
      { role: 'SUBMITTER', friendly: 'Submitter', scopes: ['Main / BIO', 'Main / CHEM'] },
    ];
    const after = [
      { role: 'SUBMITTER', friendly: 'Submitter', scopes: ['Main / BIO'] },
      { role: 'CMA_MEMBER', friendly: 'Course Materials Team', scopes: [] },
    ];
    expect(auditChange({ before, after })).toEqual({
      added: ['Course Materials Team (store-wide)'],
      removed: ['Submitter (Main / CHEM)'],
    });
    expect(auditChange({ before: null, after: [] })).toEqual({ added: [], removed: [] });
  });
});
