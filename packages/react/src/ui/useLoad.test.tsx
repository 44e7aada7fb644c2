import { act, render, screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useLoad } from './useLoad';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function Probe({ load, enabled = true }: { load: () => Promise<string>; enabled?: boolean }) {
  const [result, reload] = useLoad(enabled ? load : null);
  return (
    <>
      <p>{result.state === 'loaded' ? `value ${result.value}` : result.state}</p>
      <button onClick={reload}>again</button>
    </>
  );
}

describe('useLoad', () => {
  it('shows loading, then the value', async () => {
    const d = deferred<string>();
    render(<Probe load={() => d.promise} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => d.resolve('ok'));
    expect(screen.getByText('value ok')).toBeInTheDocument();
  });

  it('shows failed, and reload tries again', async () => {
    let attempt = 0;
    const loads = [deferred<string>(), deferred<string>()];
    render(<Probe load={() => loads[attempt++]!.promise} />);
    await act(async () => loads[0]!.reject(new Error('down')));
    expect(screen.getByText('failed')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'again' }).click());
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => loads[1]!.resolve('second'));
    expect(screen.getByText('value second')).toBeInTheDocument();
  });

  it('given no load, then it waits without calling anything', () => {
    let called = false;
    render(
      <Probe
        enabled={false}
        load={async () => {
          called = true;
          return 'x';
        }}
      />,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('drops an answer that arrives after the load changed', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    function Switcher() {
      const [which, setWhich] = useState(0);
      const load = useCallback(() => (which === 0 ? first.promise : second.promise), [which]);
      const [result] = useLoad(load);
      return (
        <>
          <p>{result.state === 'loaded' ? `value ${result.value}` : result.state}</p>
          <button onClick={() => setWhich(1)}>switch</button>
        </>
      );
    }
    render(<Switcher />);
    act(() => screen.getByRole('button', { name: 'switch' }).click());
    await act(async () => first.resolve('stale'));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => second.resolve('fresh'));
    expect(screen.getByText('value fresh')).toBeInTheDocument();
  });
});
