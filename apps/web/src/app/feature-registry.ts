import { accountFeature } from '../features/account/index.ts';
import { adoptionFeature } from '../features/adoption/index.ts';
import { campaignsFeature } from '../features/campaigns/index.ts';
import { dataFeature } from '../features/data/index.ts';
import { fundingFeature } from '../features/funding/index.ts';
import { helpFeature } from '../features/help/index.ts';
import { inclusiveAccessFeature } from '../features/inclusive-access/index.ts';
import { ltiFeature } from '../features/lti/index.ts';
import { metricsFeature } from '../features/metrics/index.ts';
import { permissionsFeature } from '../features/permissions/index.ts';
import { researchFeature } from '../features/research/index.ts';
import { samlFeature } from '../features/saml/index.ts';
import { storeFeature } from '../features/store/index.ts';
import { studentsFeature } from '../features/students/index.ts';
import type { Feature } from '../platform/feature-types.ts';

/**
 * Every area with pages, in drawer order (docs/behaviour/routes-and-guard.md): adding an area is its folder plus one line
 * here. Routes are matched by how specific their paths are, so only the drawer cares about order.
 */
export const FEATURES: readonly Feature[] = [
  metricsFeature,
  researchFeature,
  studentsFeature,
  adoptionFeature,
  campaignsFeature,
  inclusiveAccessFeature,
  dataFeature,
  fundingFeature,
  permissionsFeature,
  storeFeature,
  helpFeature,
  accountFeature,
  samlFeature,
  ltiFeature,
];
