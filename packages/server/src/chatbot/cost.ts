/**
 * Spec §2 / §3: a chat shows its cost (chat_cost with chat_cost_currency). An exchange costs its
 * size — the characters of the question (input) and of the answer (output) — at the configured
 * price per 1,000 characters (ASSISTANT_PRICE_PER_1K_CHARS), rounded to a millionth of the currency.
 */

/** Characters as a reader counts them: code points, so an emoji is one. */
export const characters = (text: string) => Array.from(text).length;

/** What one exchange costs: (input + output characters) / 1000 × price, to six decimals. */
export function exchangeCost(input: string, output: string, pricePer1kChars: number): number {
  return Math.round(((characters(input) + characters(output)) / 1000) * pricePer1kChars * 1e6) / 1e6;
}
