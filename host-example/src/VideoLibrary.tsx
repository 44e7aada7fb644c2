import type { MenuNode } from '@cloudportal/core';
import { ProgressBar, usePortalClient, useT } from '@cloudportal/react';
import { useEffect, useState } from 'react';

/**
 * The video library route (spec §2 "informational-videos-main-dashboard": the menu loaded with the
 * videos flag). Lists the guidance videos by section; the full video player comes with the shell.
 */
export function VideoLibrary() {
  const client = usePortalClient();
  const t = useT();
  const [menu, setMenu] = useState<MenuNode[] | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    client.api.portal.menu({ videoLibrary: true }).then(
      (tree) => live && setMenu(tree),
      () => live && setMenu('failed'),
    );
    return () => {
      live = false;
    };
  }, [client]);
  if (menu === 'loading') return <ProgressBar label={t('progress.loading')} />;
  if (menu === 'failed') return <p role="alert">The video library could not be loaded.</p>;
  return (
    <section aria-labelledby="video-library-title">
      <h1 id="video-library-title">Video Library</h1>
      <VideoList nodes={menu} />
    </section>
  );
}

function VideoList({ nodes }: { nodes: readonly MenuNode[] }) {
  return (
    <ul className="host-videos">
      {nodes.map((node) => (
        <li key={node.uuid}>
          {node.assistanceSrc ? (
            <a href={node.assistanceSrc} target="_blank" rel="noopener noreferrer">
              {node.displayName}
            </a>
          ) : (
            <strong>{node.displayName}</strong>
          )}
          {node.children.length ? <VideoList nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}
