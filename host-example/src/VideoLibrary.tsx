import type { MenuNode } from '@cloudportal/core';
import { ProgressBar, useLoad, usePortalClient, useT } from '@cloudportal/react';
import { useCallback } from 'react';

/**
 * The video library route (spec §2 "informational-videos-main-dashboard": the menu loaded with the
 * videos flag). Lists the guidance videos by section; the full video player comes with the shell.
 */
export function VideoLibrary() {
  const client = usePortalClient();
  const t = useT();
  const [menu] = useLoad(useCallback(() => client.api.portal.menu({ videoLibrary: true }), [client]));
  if (menu.state === 'loading') return <ProgressBar label={t('progress.loading')} />;
  if (menu.state === 'failed') return <p role="alert">{t('videos.failed')}</p>;
  return (
    <section aria-labelledby="video-library-title">
      <h1 id="video-library-title">{t('route.videoLibrary')}</h1>
      <VideoList nodes={menu.value} />
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
