// Issue 32: this sub-area's calls (filled in by its work).
export {};
