/**
 * The `{error, message}` body of every refusal the server answers: `error` the status's reason
 * phrase, `message` what the user or the caller reads (core's ApiError carries it to the UI).
 */
export const problem = (error: string, message: string) => ({ error, message });
