// Filled by the launch sub-area (issue 33).
export {};
