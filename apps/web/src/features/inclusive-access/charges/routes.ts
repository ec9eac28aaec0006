import type { FeatureNavItem, FeatureRoute } from '../../../platform/feature-types.ts';

/** Issue 32: this sub-area's pages and drawer entries (filled in by its work). */
export const routes: readonly FeatureRoute[] = [];
export const navItems: readonly FeatureNavItem[] = [];
