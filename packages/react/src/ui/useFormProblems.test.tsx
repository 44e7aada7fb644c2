import { createPortalClient, type Translate } from '@cloudportal/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PortalProvider } from '../provider/PortalProvider';
import { useFormProblems } from './useFormProblems';

/** A form whose one field must not be blank; its problem is a catalogue text (any will do: 'common.cancel'). */
function Probe({ value }: { value: string }) {
  const { problems, check } = useFormProblems<'name'>();
  const problemsOf = (t: Translate) => (value.trim() ? {} : { name: t('common.cancel') });
  return (
    <>
      <button type="button" onClick={() => check(problemsOf)}>
        check
      </button>
      <p role="status">{problems.name ?? 'none'}</p>
    </>
  );
}

describe('useFormProblems (issue 24 §2: a text on show follows a change of language)', () => {
  it('given no check yet, then there are no problems; when checked, the problem shows; when the language changes, it reads in the new one', async () => {
    const client = createPortalClient({ storage: {}, navigate: () => {}, locale: 'en' });
    render(
      <PortalProvider client={client} themeTarget="none">
        <Probe value=" " />
      </PortalProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('none');
    await userEvent.click(screen.getByRole('button', { name: 'check' }));
    expect(screen.getByRole('status')).toHaveTextContent('Cancel');
    await act(() => client.requestLocale('de'));
    expect(screen.getByRole('status')).not.toHaveTextContent('Cancel');
    expect(screen.getByRole('status')).toHaveTextContent('Abbrechen');
    client.dispose();
  });
});
