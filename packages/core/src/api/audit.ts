// Filled in by the audit service work.
export {};
