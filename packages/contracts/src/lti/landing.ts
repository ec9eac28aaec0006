// Filled by the landing sub-area (issue 33).
export {};
