// Filled in by the reports service work.
export {};
