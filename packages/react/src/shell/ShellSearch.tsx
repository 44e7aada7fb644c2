import { pagePath } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import type { ShellNavigate } from './SideNav';
import { useShell } from './useShell';

// The search dialog loads when search is first opened (the navbar's box, Meta+K or Ctrl+K).
const SearchDialog = lazy(() => import('../search/SearchDialog').then((m) => ({ default: m.SearchDialog })));

// spec §2 "Search dialog"
/**
 * The shell's search: the dialog while `openSearch()` holds it open; a
 * chosen result moves the user to `/{prefix}/{page name}` with its tab (`?tab=`), which the page
 * store makes the active tab.
 */
export function ShellSearch({ onNavigate }: { onNavigate: ShellNavigate }) {
  const shell = useShell();
  const dialog = useStore(shell.$dialog);
  if (dialog !== 'search') return null;
  return (
    <Suspense fallback={null}>
      <SearchDialog
        open
        onClose={shell.closeDialog}
        onChoose={(result) => onNavigate(pagePath(result.name, result.tabName, shell.prefix), null)}
      />
    </Suspense>
  );
}
