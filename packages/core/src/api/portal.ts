// Filled in by the portal service work.
export {};
