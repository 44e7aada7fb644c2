// Not in the spec: the label of an action an answer proposes. A module of its own: the
// chat's view shows it without the rules that check what a page registers (loaded when it does).
import type { PageActionProposal } from './pageActions';

/**
 * What a proposal's button says: its description followed by its arguments' values that are text,
 * numbers or true/false, in the order they were given (`Open invoice` + `{ invoice: '4711' }` →
 * `Open invoice 4711`).
 * @public
 */
export function pageActionLabel(proposal: Pick<PageActionProposal, 'description' | 'arguments'>): string {
  const values = Object.values(proposal.arguments)
    .filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map(String)
    .filter((v) => v !== '' && !proposal.description.includes(v));
  return [proposal.description, ...values].join(' ');
}
