/** Spec §9: term names are cut at the first hyphen ('Fall 2025 - Main' shows as 'Fall 2025'). */
export function shortTermName(name: string): string {
  const hyphen = name.indexOf('-');
  return (hyphen === -1 ? name : name.slice(0, hyphen)).trim();
}
