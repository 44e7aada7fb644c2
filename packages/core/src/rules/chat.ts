// Spec rules of the assistant chat.
export {};
