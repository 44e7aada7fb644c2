import { Button, usePortalClient } from '@cloudportal/react';
import { useStore } from '@nanostores/react';

/** Switches the portal between light and dark (spec §3 darkModeOn). */
export function DarkModeToggle() {
  const client = usePortalClient();
  const { darkModeOn } = useStore(client.layout.$layout);
  return (
    <Button aria-pressed={darkModeOn} onClick={() => client.setDarkMode(!darkModeOn)}>
      Dark mode
    </Button>
  );
}
