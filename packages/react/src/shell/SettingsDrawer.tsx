import { availableLocales, RECOMMENDED_RESOLUTION } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useAccount, useSession } from '../auth/useSession';
import { useLocale, usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useStyles } from '../ui/useStyles';
import { ShellIcon } from './icons';
import { shellCss as css } from './shellStyles';
import type { ShellNavigate } from './SideNav';
import { useShell } from './useShell';

// spec §2
/** The video library route, opened in a new tab from the drawer. */
export const VIDEO_LIBRARY_ROUTE = '/informational-videos-main-dashboard';

/**
 * Props of {@link SettingsDrawer}.
 * @public
 */
export interface SettingsDrawerProps {
  /** Follows My Metrics and Legacy Homepage. @default the portal client's `navigate` */
  onNavigate?: ShellNavigate;
  /** Origin put before the portal's routes in links. @default '' */
  origin?: string;
}

/**
 * The language picker: the registered locales, each named in its own language, showing
 * the user's remembered choice, else the active locale. A choice is remembered and switches the
 * portal's texts without a reload, once the locale's messages have loaded.
 */
function LanguagePicker() {
  const client = usePortalClient();
  const t = useT();
  const id = useId();
  const active = useLocale();
  const [chosen, setChosen] = useState(() => client.chosenLocale());
  const locales = availableLocales({ pseudo: client.config.pseudoLocale });
  const value = chosen ?? active;
  const choose = (tag: string) => {
    setChosen(tag);
    void client.setLocale(tag);
  };
  return (
    <div className="cp-drawer__section cp-drawer__language">
      <label htmlFor={`${id}-language`}>{t('settings.language')}</label>
      <select id={`${id}-language`} value={value} onChange={(e) => choose(e.currentTarget.value)}>
        {locales.map(({ tag, name }) => (
          <option key={tag} value={tag} lang={tag}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

// spec §2
/**
 * The settings and help drawer: persona selection (none chosen = all personas), links to
 * My Metrics, Legacy Homepage and the Video Library (a new tab), the demo banner when the token's
 * demo flag is set, the recommended resolution, and the language picker. Opened by the navbar's Help button; a modal
 * drawer on the shared dialog, so focus stays in it and returns to Help on close.
 * @public
 */
export function SettingsDrawer({ onNavigate, origin = '' }: SettingsDrawerProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const client = usePortalClient();
  const shell = useShell();
  const t = useT();
  const id = useId();
  const { isSettingsSidenavOpen } = useStore(client.layout.$layout);
  const available = useStore(shell.navigation.$availablePersonas);
  const selected = useStore(shell.navigation.$personas);
  const { claims } = useSession();
  const { settings } = useAccount();
  const close = () => client.layout.close('settings');
  const homepage = `/${shell.prefix}/legacy-homepage`;
  const go = (path: string) => {
    close();
    (onNavigate ?? ((p: string) => client.navigate(p)))(path, null);
  };
  const toggle = (persona: string, on: boolean) =>
    shell.navigation.setPersonas(on ? [...selected, persona] : selected.filter((p) => p !== persona));
  const { width, height } = RECOMMENDED_RESOLUTION;

  return (
    <div ref={ref}>
      <Dialog
        open={isSettingsSidenavOpen}
        onClose={close}
        labelledBy={`${id}-title`}
        className="cp-drawer"
        part="settings-drawer"
      >
        <div className="cp-shell-dialog__head">
          <h2 id={`${id}-title`}>{t('settings.title')}</h2>
          <Button variant="icon" aria-label={t('settings.close')} onClick={close}>
            <ShellIcon name="close" />
          </Button>
        </div>
        {claims?.d ? (
          <p className="cp-drawer__banner" role="note">
            {t('settings.demo')}
          </p>
        ) : null}
        <fieldset className="cp-drawer__section">
          <legend>{t('settings.personas')}</legend>
          <p className="cp-drawer__hint">{available.length ? t('settings.personasHint') : t('settings.noPersonas')}</p>
          {/* The tenant's persona names: data, which browsers' translators leave alone. */}
          <ul translate="no">
            {available.map((persona) => (
              <li key={persona}>
                <label>
                  <input
                    type="checkbox"
                    checked={selected.includes(persona)}
                    onChange={(e) => toggle(persona, e.currentTarget.checked)}
                  />
                  {persona}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <LanguagePicker />
        <section className="cp-drawer__section" aria-labelledby={`${id}-links`}>
          <h3 id={`${id}-links`}>{t('settings.links')}</h3>
          <ul>
            <li>
              <a href={origin + homepage} onClick={(e) => (e.preventDefault(), go(homepage))}>
                {t('settings.myMetrics')}
              </a>
            </li>
            <li>
              <a href={origin + homepage} onClick={(e) => (e.preventDefault(), go(homepage))}>
                {t('settings.legacyHomepage')}
              </a>
            </li>
            <li>
              <a href={origin + VIDEO_LIBRARY_ROUTE} target="_blank" rel="noopener noreferrer">
                {t('settings.videoLibrary')} <span className="cp-visually-hidden">{t('settings.newTab')}</span>
              </a>
            </li>
          </ul>
        </section>
        <p className="cp-drawer__hint">{t('settings.resolution', { width, height })}</p>
        {settings ? (
          <p className="cp-drawer__hint">{t('settings.version', { version: settings.productVersion })}</p>
        ) : null}
      </Dialog>
    </div>
  );
}
