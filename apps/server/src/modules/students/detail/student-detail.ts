import {
  NO_CURRENT_ENROLLMENT,
  type FulfillmentPreference,
  type StudentDetail,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { preferenceRows } from './student-detail-repository.ts';
import type { StudentRow } from '../access/student-repository.ts';

/** The address as the student gave it; null when they gave none. */
function addressOf(student: StudentRow): StudentDetail['shippingAddress'] {
  const address = {
    streetOne: student.streetOne,
    city: student.city,
    state: student.state,
    postalCode: student.postalCode,
  };
  return Object.values(address).some((part) => part.trim() !== '') ? address : null;
}

const byName = (a: FulfillmentPreference, b: FulfillmentPreference) =>
  a.divisionName < b.divisionName ? -1 : a.divisionName > b.divisionName ? 1 : 0;

/**
 * student/details: who the student is and how they want materials, per division (a
 * preference without a division is NO_CURRENT_ENROLLMENT, docs/behaviour/entities.md), by division name. The
 * shipping address only when `addressVisible` (VIEW_STUDENT_ADDRESS): it is never sent to a
 * caller who may not see it, not merely hidden by the screen.
 */
export async function studentDetailOf(
  db: Db,
  student: StudentRow,
  addressVisible: boolean,
): Promise<StudentDetail> {
  const preferences = (await preferenceRows(db, student.id))
    .map((p) => ({
      divisionName: p.divisionName ?? NO_CURRENT_ENROLLMENT,
      fulfillment: p.fulfillment,
      fulfillmentFriendlyName: p.fulfillmentFriendlyName,
      updatedAt: p.updatedAt.toISOString(),
    }))
    .sort(byName);
  return {
    customerId: student.id,
    name: `${student.firstName} ${student.lastName}`,
    firstName: student.firstName,
    lastName: student.lastName,
    studentIdNum: student.studentIdNum,
    email: student.email,
    fulfillmentPreferences: preferences,
    shippingPreference: student.shippingPreference,
    shippingAddress: addressVisible ? addressOf(student) : null,
    addressVisible,
    deliveryNote: student.deliveryNote,
  };
}
