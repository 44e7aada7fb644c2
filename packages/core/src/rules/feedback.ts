// Spec rules for feedback.
export {};
