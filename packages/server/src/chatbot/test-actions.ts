// The host page's action the chatbot's tests register, and how a question with it is asked.
import type { ChatAnswer, ChatApi } from '@cloudportal/core';
import type { PageAction } from '@cloudportal/core/rules';

/** Opens an invoice by its number (4 to 8 digits): what the demo connected site offers. */
export const OPEN_INVOICE: PageAction = {
  name: 'openInvoice',
  description: 'Open invoice',
  parameters: {
    type: 'object',
    properties: { invoice: { type: 'string', pattern: '^[0-9]{4,8}$' } },
    required: ['invoice'],
    additionalProperties: false,
  },
};

/** The proposal of opening invoice 4711, as an answer carries it. */
export const OPEN_4711 = { name: 'openInvoice', description: 'Open invoice', arguments: { invoice: '4711' } };

/** `question`, asked in a new chat of `api`'s user with {@link OPEN_INVOICE} registered: the chat and the answer. */
export async function askWithActions(api: ChatApi, question: string): Promise<{ chatId: string; reply: ChatAnswer }> {
  const { chatId } = await api.create();
  const reply = await api.generate({ chatId, question, chat_dataset: 'all', pageActions: [OPEN_INVOICE] });
  return { chatId, reply };
}
