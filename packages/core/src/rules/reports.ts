// Spec rules for reports.
export {};
