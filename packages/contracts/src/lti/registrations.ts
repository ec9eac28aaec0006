// Filled by the registrations sub-area (issue 33).
export {};
