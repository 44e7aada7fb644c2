import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTelemetry } from './telemetry';

describe("telemetry: what the pieces tell the host's onTelemetry", () => {
  afterEach(() => vi.restoreAllMocks());

  it('given onTelemetry, then each event arrives with its time, and without the text of questions and answers', () => {
    const heard = vi.fn();
    const { report } = createTelemetry({ onTelemetry: heard });
    report({ type: 'question-sent', dataset: 'all', characters: 12, withContext: true, text: 'What is due?' });
    expect(heard).toHaveBeenCalledWith({
      type: 'question-sent',
      dataset: 'all',
      characters: 12,
      withContext: true,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('given telemetryText, then the text is included', () => {
    const heard = vi.fn();
    createTelemetry({ onTelemetry: heard, telemetryText: true }).report({
      type: 'question-sent',
      dataset: 'all',
      characters: 12,
      withContext: false,
      text: 'What is due?',
    });
    expect(heard.mock.calls[0]![0]).toMatchObject({ text: 'What is due?' });
  });

  it('given a handler that throws, then the piece goes on and the console says so', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { report } = createTelemetry({
      onTelemetry: () => {
        throw new Error('analytics down');
      },
    });
    expect(() => report({ type: 'action-chosen', name: 'openInvoice' })).not.toThrow();
    expect(logged).toHaveBeenCalledWith('onTelemetry threw', expect.any(Error));
  });

  it('given no onTelemetry, then reporting does nothing', () => {
    expect(() => createTelemetry({}).report({ type: 'piece-ready', piece: 'assistant', ms: 1 })).not.toThrow();
  });

  it('given a listener added later, then it hears the events too until it is removed', () => {
    const heard = vi.fn();
    const telemetry = createTelemetry({});
    const remove = telemetry.listen(heard);
    telemetry.report({ type: 'action-offered', name: 'openInvoice' });
    remove();
    telemetry.report({ type: 'action-chosen', name: 'openInvoice' });
    expect(heard.mock.calls.map(([e]) => (e as { type: string }).type)).toEqual(['action-offered']);
  });
});
