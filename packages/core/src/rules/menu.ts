// Spec rules for menu.
export {};
