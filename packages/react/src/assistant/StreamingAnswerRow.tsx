import { portalChat } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { lazy, Suspense, useMemo } from 'react';
import { usePortalClient } from '../provider/PortalProvider';

const loadStreamingAnswer = () => import('./StreamingAnswer');
const StreamingAnswer = lazy(loadStreamingAnswer);

/** Fetches the answer-being-written view (with the Markdown renderer, when a question is sent). */
export function preloadStreamingAnswer(): void {
  loadStreamingAnswer().catch(() => undefined);
}

/**
 * The answer being written, as the last row of the conversation: shown once its first
 * words came, busy until it is complete. Not a live region — the chat's announcer reads the answer
 * once it is complete. It renders with React only when it appears; its text follows outside.
 */
export function StreamingAnswerRow({ assistantName }: { assistantName: string }) {
  const client = usePortalClient();
  const { $answer } = portalChat(client);
  const $writing = useMemo(() => computed($answer, (answer) => !!answer), [$answer]);
  const writing = useStore($writing);
  if (!writing) return null;
  return (
    <Suspense fallback={null}>
      <StreamingAnswer $answer={$answer} assistantName={assistantName} />
    </Suspense>
  );
}
