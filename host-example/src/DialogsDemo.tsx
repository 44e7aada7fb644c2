import type { ConfirmResult } from '@cloudportal/core';
import { Button, usePortalClient } from '@cloudportal/react';
import { useState } from 'react';

const show = (r: ConfirmResult) => (r ? 'Result: {result: true}' : 'Result: null');

/** Exercises the confirmation dialog and toasts from the reference host. */
export function DialogsDemo() {
  const client = usePortalClient();
  const [result, setResult] = useState('No dialog answered yet.');
  return (
    <section aria-labelledby="dialogs-demo-title">
      <h1 id="dialogs-demo-title">Dialogs and notifications</h1>
      <div className="host-actions">
        <Button
          variant="primary"
          onClick={async () =>
            setResult(
              show(
                await client.confirm({
                  icon: 'question',
                  title: 'Delete the selected views?',
                  text: 'Deleted views cannot be restored.',
                  showCancelButton: true,
                  confirmButtonText: 'Delete',
                }),
              ),
            )
          }
        >
          Ask for confirmation
        </Button>
        <Button
          onClick={async () =>
            setResult(
              show(
                await client.confirm({
                  icon: 'success',
                  title: 'View Saved',
                  text: 'This message closes by itself.',
                  timer: 3000,
                }),
              ),
            )
          }
        >
          Timed confirmation
        </Button>
        <Button onClick={() => client.toast({ title: 'View Saved', kind: 'success' })}>Show toast</Button>
        <Button onClick={() => client.toast({ title: 'Permission not granted', kind: 'error' })}>
          Show error toast
        </Button>
      </div>
      <p className="host-result" role="status">
        {result}
      </p>
    </section>
  );
}
