import type { FeatureNavItem, FeatureRoute } from '../../../platform/feature-types.ts';

/**
 * The pages a launch from a learning platform lands on (issue 33): public, shown inside the
 * platform's frame without the staff's navigation.
 */
export const routes: readonly FeatureRoute[] = [];
export const navItems: readonly FeatureNavItem[] = [];
