import { describe, expect, it } from 'vitest';
import {
  NO_CATALOG,
  chooseLevel,
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

  it('resets the levels below the one chosen', () => {
    const chosen = { division: '3', department: 'BIO', course: '101' };
    expect(chooseLevel(chosen, 'division', '4')).toEqual({ ...NO_CATALOG, division: '4' });
    expect(chooseLevel(chosen, 'department', 'CHEM')).toEqual({
      division: '3',
      department: 'CHEM',
      course: 'All',
    });
    expect(chooseLevel(chosen, 'course', '202')).toEqual({ ...chosen, course: '202' });
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
