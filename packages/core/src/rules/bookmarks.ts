// Spec rules for bookmarks.
export {};
