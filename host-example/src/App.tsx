import { ConfirmHost, Toaster, useStyles } from '@cloudportal/react';
import { Navigate, Route, Routes } from 'react-router';
import css from './App.css?inline';
import { DarkModeToggle } from './DarkModeToggle';
import { DialogsDemo } from './DialogsDemo';

/** The reference portal's frame. Sign-in, the shell and the pieces arrive with their issues. */
export function App() {
  const ref = useStyles<HTMLDivElement>(css);
  return (
    <div ref={ref} className="host-frame">
      <header className="host-topbar">
        <h1>Cloud Portal</h1>
        <DarkModeToggle />
      </header>
      <main className="host-main">
        <Routes>
          {/* Spec §2 routes: the empty path and /billing redirect to /billing/overview. */}
          <Route path="/" element={<Navigate to="/billing/overview" replace />} />
          <Route path="/billing" element={<Navigate to="/billing/overview" replace />} />
          <Route path="*" element={<DialogsDemo />} />
        </Routes>
      </main>
      <ConfirmHost />
      <Toaster />
    </div>
  );
}
