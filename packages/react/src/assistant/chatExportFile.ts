// Download chat's file: loaded with the first download, so the chat does not carry it before.
import { transcriptFileName, transcriptMarkdown, type ChatTranscript, type Translate } from '@cloudportal/core';

/** Saves `text` as a file the browser downloads. */
function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves a transcript as Markdown (for people) or JSON (the shape `exportChat()` answers). */
export function saveTranscript(
  transcript: ChatTranscript,
  format: 'md' | 'json',
  t: Translate,
  assistantName: string,
): void {
  const name = transcriptFileName(transcript, format);
  if (format === 'md') download(transcriptMarkdown(transcript, t, assistantName), name, 'text/markdown;charset=utf-8');
  else download(`${JSON.stringify(transcript, null, 2)}\n`, name, 'application/json');
}
