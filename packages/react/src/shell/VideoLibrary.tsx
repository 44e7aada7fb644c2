import { flattenMenu, type MenuNode, pagesEn, registerMessages } from '@cloudportal/core';
import { useCallback, useId, type MouseEvent, type ReactNode } from 'react';
import { useLocale, usePortalClient, useT } from '../provider/PortalProvider';
import { ProgressBar } from '../ui/ProgressBar';
import { useLoad } from '../ui/useLoad';
import { useStyles } from '../ui/useStyles';
import { VideoFrame } from './GuidanceDialog';
import { PagePlaceholder } from './placeholders';
import { VIDEO_LIBRARY_ROUTE } from './SettingsDrawer';
import { isPlainClick } from './plainClick';
import { shellCss as css } from './shellStyles';

// The portal pages' messages (sign-in, tenants, onboarding, terms, route titles) are not in the core catalogue.
registerMessages(pagesEn);

/**
 * Props of {@link VideoLibrary}.
 * @public
 */
export interface VideoLibraryProps {
  /** The name of the menu item whose video plays (the route's child path). */
  selected: string;
  /** Route of the library; a video is `{basePath}/{item name}`. @default '/informational-videos-main-dashboard' */
  basePath?: string;
}

// spec §2
/**
 * The video library ("informational-videos-main-dashboard"): the menu loaded with the
 * videos flag, by section, and the chosen item's guidance video playing beside it.
 * @public
 */
export function VideoLibrary({ selected, basePath = VIDEO_LIBRARY_ROUTE }: VideoLibraryProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const client = usePortalClient();
  const t = useT();
  const id = useId();
  const locale = useLocale();
  // The menu's names are the server's, in the request's locale: a new locale asks again.
  const [menu, reload] = useLoad(
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `locale` is the reason to ask again.
    useCallback(() => client.api.portal.menu({ videoLibrary: true }), [client, locale]),
  );
  let body: ReactNode;
  if (menu.state === 'loading') body = <ProgressBar label={t('progress.loading')} />;
  else if (menu.state === 'failed')
    body = <PagePlaceholder title={t('videos.failed')} role="alert" onRetry={reload} home={false} />;
  else {
    const playing = flattenMenu(menu.value).find((n) => n.name === selected && n.assistanceSrc);
    const follow = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      client.navigate(path);
    };
    body = (
      <div className="cp-videos">
        <nav aria-labelledby={`${id}-menu`}>
          <h2 id={`${id}-menu`}>{t('videos.menu')}</h2>
          {menu.value.length ? (
            <VideoList nodes={menu.value} selected={playing?.name} basePath={basePath} onFollow={follow} />
          ) : (
            <p>{t('videos.empty')}</p>
          )}
        </nav>
        <section aria-labelledby={`${id}-playing`}>
          {playing?.assistanceSrc ? (
            <>
              <h2 id={`${id}-playing`}>{playing.displayName}</h2>
              <VideoFrame src={playing.assistanceSrc} title={playing.displayName} />
              {playing.description ? <p>{playing.description}</p> : null}
            </>
          ) : (
            <h2 id={`${id}-playing`}>{t('videos.choose')}</h2>
          )}
        </section>
      </div>
    );
  }
  return (
    <div ref={ref} className="cp-page">
      <header className="cp-page__head">
        <h1>{t('route.videoLibrary')}</h1>
      </header>
      {body}
    </div>
  );
}

function VideoList({
  nodes,
  selected,
  basePath,
  onFollow,
}: {
  nodes: readonly MenuNode[];
  selected?: string;
  basePath: string;
  onFollow: (e: MouseEvent<HTMLAnchorElement>, path: string) => void;
}) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.uuid}>
          {node.assistanceSrc ? (
            <a
              href={`${basePath}/${node.name}`}
              aria-current={node.name === selected ? 'page' : undefined}
              onClick={(e) => onFollow(e, `${basePath}/${node.name}`)}
            >
              {node.displayName}
            </a>
          ) : (
            <span>{node.displayName}</span>
          )}
          {node.children.length ? (
            <VideoList nodes={node.children} selected={selected} basePath={basePath} onFollow={onFollow} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
