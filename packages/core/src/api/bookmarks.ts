// Filled in by the bookmarks service work.
export {};
