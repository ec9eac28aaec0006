/** Placeholder: the student's required materials (replaced by the real panel). */
export function RequiredMaterialsPanel(_props: { customerId: number }) {
  return null;
}
