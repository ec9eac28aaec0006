import { LTI_MEMBERSHIP_ROLE_BASE, LTI_ROLE_NAMES, type LtiLaunchRole } from '@csp/contracts';

/**
 * The membership role names a roles claim entry carries: `…/membership#Instructor` is
 * Instructor, `…/membership/Instructor#TeachingAssistant` both Instructor and
 * TeachingAssistant, a simple name ("Learner", deprecated but allowed) itself. Institution and
 * system roles carry none.
 */
function membershipNames(role: string): string[] {
  if (!/[/#:]/.test(role)) return [role];
  if (!role.startsWith(LTI_MEMBERSHIP_ROLE_BASE)) return [];
  return role
    .slice(LTI_MEMBERSHIP_ROLE_BASE.length)
    .split(/[#/]/)
    .filter((name) => name !== '');
}

/** Who the roles claim makes the user in the portal, or null when no role gives access. */
export function launchRole(roles: readonly string[]): LtiLaunchRole | null {
  const names = new Set(roles.flatMap(membershipNames));
  const holds = (list: readonly string[]) => list.some((name) => names.has(name));
  if (holds(LTI_ROLE_NAMES.INSTRUCTOR)) return 'INSTRUCTOR';
  if (holds(LTI_ROLE_NAMES.LEARNER)) return 'LEARNER';
  return null;
}
