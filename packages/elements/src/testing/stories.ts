import { expect, waitFor, within } from 'storybook/test';

/** Queries in the shadow root of the story's element `tag`, once its view (loaded on connection) shows `selector`. */
export async function shadowOf(canvasElement: HTMLElement, tag: string, selector: string, timeout = 4000) {
  const element = canvasElement.querySelector(tag);
  await waitFor(() => expect(element?.shadowRoot?.querySelector(selector)).toBeTruthy(), { timeout });
  return within(element!.shadowRoot as unknown as HTMLElement);
}
