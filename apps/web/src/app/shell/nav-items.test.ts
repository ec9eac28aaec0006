import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_ACTIONS } from '@csp/contracts';
import type { ActionName, RoleName } from '@csp/contracts';
import { navItem, visibleNavItems } from './nav-items.ts';

function actionsOf(...roles: RoleName[]): ActionName[] {
  return [...new Set(roles.flatMap((role) => DEFAULT_ROLE_ACTIONS[role]))];
}

describe('visibleNavItems', () => {
  it('shows only Help and Login when logged out', () => {
    expect(visibleNavItems(false, actionsOf('CMA_MEMBER'))).toEqual(['help', 'login']);
  });

  it('gives a user with no roles the common pages, Help and Logout', () => {
    expect(visibleNavItems(true, [])).toEqual([
      'dashboard',
      'research',
      'students',
      'help',
      'logout',
    ]);
  });

  it.each<[RoleName, string[]]>([
    ['FULL_REPORTER', []],
    ['PERMISSION_ADMINISTRATOR', ['permissions']],
    ['SUBMITTER', ['my-courses', 'adopt']],
    ['INSTRUCTOR', ['my-courses', 'adopt']],
    [
      'CMA_MEMBER',
      [
        'my-courses',
        'adopt',
        'rollover',
        'adoption-deadlines',
        'department-contacts',
        'inclusive-access',
        'data-summary',
        'funding',
      ],
    ],
    [
      'STORE_ADMINISTRATOR',
      ['rollover', 'adoption-deadlines', 'department-contacts', 'store-settings'],
    ],
  ])('%s adds %j', (role, extra) => {
    expect(visibleNavItems(true, actionsOf(role))).toEqual([
      'dashboard',
      'research',
      'students',
      ...extra,
      'help',
      'logout',
    ]);
  });

  it('shows Permissions for CREATE_USER alone and never shows Login when logged in', () => {
    const items = visibleNavItems(true, ['CREATE_USER']);
    expect(items).toContain('permissions');
    expect(items).not.toContain('login');
  });

  it('shows Store settings only with MANAGE_STORE, under Settings right after Permissions', () => {
    const admin = visibleNavItems(
      true,
      actionsOf('PERMISSION_ADMINISTRATOR', 'STORE_ADMINISTRATOR'),
    );
    expect(admin.slice(admin.indexOf('permissions'), admin.indexOf('permissions') + 2)).toEqual([
      'permissions',
      'store-settings',
    ]);
    expect(navItem('store-settings')).toMatchObject({ label: 'Store settings', group: 'Settings' });
    const withoutIt = actionsOf('CMA_MEMBER', 'PERMISSION_ADMINISTRATOR', 'FULL_REPORTER');
    expect(visibleNavItems(true, withoutIt)).not.toContain('store-settings');
    expect(visibleNavItems(false, ['MANAGE_STORE'])).not.toContain('store-settings');
  });

  it('shows everything for a user holding every role', () => {
    const every = actionsOf('CMA_MEMBER', 'PERMISSION_ADMINISTRATOR', 'STORE_ADMINISTRATOR');
    expect(visibleNavItems(true, every)).toEqual([
      'dashboard',
      'research',
      'students',
      'my-courses',
      'adopt',
      'rollover',
      'adoption-deadlines',
      'department-contacts',
      'inclusive-access',
      'data-summary',
      'funding',
      'permissions',
      'store-settings',
      'help',
      'logout',
    ]);
  });
});
