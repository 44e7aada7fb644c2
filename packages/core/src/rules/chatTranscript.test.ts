import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../api/chat';
import { createTranslator, registerMessages } from '../i18n/messages';
import { chatEn } from '../i18n/chatMessages';
import { chatTranscript, transcriptFileName, transcriptMarkdown } from './chatTranscript';

registerMessages(chatEn);
const t = createTranslator();
const NOW = new Date('2026-12-07T13:20:45.000Z');
const INVOICE = { title: 'Invoice 4711', data: { invoice: '4711' } };
const MESSAGES: ChatMessage[] = [
  {
    sender: 'user',
    message: 'What is *this* invoice about?\nAnd its total?',
    data: { pageContext: INVOICE, screenshot: 'data:image/png;base64,AAAA' },
    created: '2026-12-07T13:01:00.000Z',
  },
  {
    sender: 'assistant',
    message: 'It is **EUR 1,250.50**.',
    relatedLinks: [{ name: 'Cost Analysis', path: 'Azure / Cost Analysis', url: 'azure/cost', description: 'Costs.' }],
    created: '2026-12-07T13:01:05.000Z',
  },
  { sender: 'user', message: 'Go on', created: '2026-12-07T13:02:00.000Z' },
  { sender: 'assistant', type: 'stopped', message: 'Well,', created: '2026-12-07T13:02:03.000Z' },
];
const chat = {
  chatId: 'c-1',
  title: 'Invoice 4711',
  dataset: 'all' as const,
  cost: 0.0375,
  currency: 'USD',
  messages: MESSAGES,
};
const transcript = chatTranscript(chat, NOW, (url) => `https://portal.example/billing/${url}`);

describe('a chat taken away (transcript)', () => {
  it('given a chat, then its transcript holds each message with its time, links (full addresses), context and screenshot flag, without the image', () => {
    expect(transcript).toEqual({
      chatId: 'c-1',
      title: 'Invoice 4711',
      dataset: 'all',
      exported: '2026-12-07T13:20:45.000Z',
      cost: 0.0375,
      currency: 'USD',
      messages: [
        {
          sender: 'user',
          text: 'What is *this* invoice about?\nAnd its total?',
          time: '2026-12-07T13:01:00.000Z',
          screenshot: true,
          pageContext: INVOICE,
        },
        {
          sender: 'assistant',
          text: 'It is **EUR 1,250.50**.',
          time: '2026-12-07T13:01:05.000Z',
          links: [
            { name: 'Cost Analysis', path: 'Azure / Cost Analysis', url: 'https://portal.example/billing/azure/cost' },
          ],
        },
        { sender: 'user', text: 'Go on', time: '2026-12-07T13:02:00.000Z' },
        { sender: 'assistant', text: 'Well,', time: '2026-12-07T13:02:03.000Z', type: 'stopped' },
      ],
    });
    expect(JSON.stringify(transcript)).not.toContain('base64');
  });

  it('given a transcript, then its Markdown has the heading, what it was about, each question quoted literally and each answer as written', () => {
    expect(transcriptMarkdown(transcript, t, 'Cloud Assistant')).toBe(
      [
        '# Invoice 4711',
        '',
        'Dataset: All · Exported 2026-12-07 13:20 UTC · Cost: USD 0.0375',
        '',
        '**You** · 2026-12-07 13:01 UTC',
        '',
        '> What is \\*this\\* invoice about?',
        '> And its total?',
        '>',
        '> _Using: Invoice 4711_',
        '>',
        '> _A screenshot was attached._',
        '',
        '**Cloud Assistant** · 2026-12-07 13:01 UTC',
        '',
        'It is **EUR 1,250.50**.',
        '',
        'Related links:',
        '- [Cost Analysis](https://portal.example/billing/azure/cost) — Azure / Cost Analysis',
        '',
        '**You** · 2026-12-07 13:02 UTC',
        '',
        '> Go on',
        '',
        '**Cloud Assistant** · 2026-12-07 13:02 UTC',
        '',
        'Well,',
        '',
        '_You stopped this answer._',
        '',
      ].join('\n'),
    );
  });

  it('given a chat with no cost or dataset yet, then the line says only when it was exported', () => {
    const empty = chatTranscript({ ...chat, dataset: null, cost: null, messages: [] }, NOW, (u) => u);
    expect(transcriptMarkdown(empty, t, 'Cloud Assistant')).toBe('# Invoice 4711\n\nExported 2026-12-07 13:20 UTC\n');
  });

  it.each([
    ['November spend', 'md', 'november-spend-2026-12-07.md'],
    ['Kosten über Ø 5 % — März?', 'json', 'kosten-uber-ø-5-marz-2026-12-07.json'],
    ['***', 'md', 'chat-2026-12-07.md'],
  ] as const)('given the chat %j, then its file is named %s → %s', (title, extension, name) => {
    expect(transcriptFileName({ ...transcript, title }, extension)).toBe(name);
  });
});
