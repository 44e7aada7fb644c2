import {
  unableToIdentifyText,
  type DevIdentityProvider,
  type IdentityProvider,
  pagesEn,
  registerMessages,
} from '@cloudportal/core';
import { useCallback, useEffect, useId, useState } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { ProgressBar } from '../ui/ProgressBar';
import { Skeleton } from '../ui/Skeleton';
import { useLoad } from '../ui/useLoad';
import { useStyles } from '../ui/useStyles';
import css from './auth.css?inline';
import { useProductName, useSession } from './useSession';

// The portal pages' messages (sign-in, tenants, onboarding, terms, route titles) are not in the core catalogue.
registerMessages(pagesEn);

/**
 * Props of {@link SignInPage}.
 * @public
 */
export interface SignInPageProps {
  /** The identity providers offered: `msal` shows 'Sign in with Microsoft', `dev` lists its demo accounts. */
  providers: readonly IdentityProvider[];
  /** Where a signed-in user goes. @default '/billing/overview' */
  home?: string;
}

const isDev = (p: IdentityProvider): p is DevIdentityProvider => p.kind === 'dev' && 'accounts' in p;

// spec §2 "login"; §8 (the answers of sign-in)
/**
 * The /login page (title suffix Sign In). Each demo account is a button whose
 * accessible name is its e-mail; what follows a sign-in (a toast, /tenant or logout) is the
 * session engine's.
 * @public
 */
export function SignInPage({ providers, home = '/billing/overview' }: SignInPageProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const client = usePortalClient();
  const t = useT();
  const productName = useProductName();
  const { status } = useSession();
  const [busy, setBusy] = useState<string | undefined>();
  const headingId = useId();
  const msal = providers.find((p) => p.kind === 'msal');
  const dev = providers.find(isDev);

  useEffect(() => {
    if (status === 'authenticated') client.navigate(home);
  }, [status, client, home]);

  async function signIn(provider: IdentityProvider, hint?: string) {
    setBusy(hint ?? provider.kind);
    try {
      const identity = await provider.signIn(hint);
      if (!identity) return; // the page is on its way to the identity provider
      const outcome = await client.session.signIn(identity);
      if (outcome.kind === 'signed-in') client.navigate(home);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      client.toast({
        title: client.t('signIn.toast.authenticationError'),
        text: unableToIdentifyText(reason, client.t),
        kind: 'error',
      });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div ref={ref} className="cp-auth-page">
      <section className="cp-auth-card" aria-labelledby={headingId} aria-busy={busy ? true : undefined}>
        <h1 id={headingId} className="cp-auth-card__title">
          {t('signIn.heading', { productName })}
        </h1>
        <p className="cp-auth-card__text">{t('signIn.intro')}</p>
        {busy ? <ProgressBar label={t('signIn.busy')} /> : null}
        {msal ? (
          <Button variant="primary" className="cp-auth-card__wide" disabled={!!busy} onClick={() => void signIn(msal)}>
            {t('signIn.microsoft')}
          </Button>
        ) : null}
        {dev ? <DemoAccounts provider={dev} disabled={!!busy} onChoose={(email) => void signIn(dev, email)} /> : null}
        {!msal && !dev ? <p role="alert">{t('signIn.noProvider')}</p> : null}
      </section>
    </div>
  );
}

function DemoAccounts({
  provider,
  disabled,
  onChoose,
}: {
  provider: DevIdentityProvider;
  disabled: boolean;
  onChoose: (email: string) => void;
}) {
  const t = useT();
  const headingId = useId();
  const [accounts] = useLoad(useCallback(() => provider.accounts(), [provider]));

  return (
    <section className="cp-auth-card__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="cp-auth-card__subtitle">
        {t('signIn.demoHeading')}
      </h2>
      <p className="cp-auth-card__text">{t('signIn.demoIntro')}</p>
      {accounts.state === 'loading' ? (
        <Skeleton height={160} shape="rect" label={t('progress.loading')} />
      ) : accounts.state === 'failed' ? (
        <p role="alert">{t('signIn.accountsFailed')}</p>
      ) : (
        // The accounts' addresses, names and tenants: data, which browsers' translators leave alone.
        <ul className="cp-auth-list" translate="no">
          {accounts.value.map((a) => (
            <li key={a.email} className="cp-auth-list__item">
              <Button
                className="cp-auth-list__button"
                disabled={disabled}
                aria-describedby={`${headingId}-${a.email}`}
                onClick={() => onChoose(a.email)}
              >
                {a.email}
              </Button>
              <span id={`${headingId}-${a.email}`} className="cp-auth-list__meta">
                {a.displayName} · {a.tenants.join(', ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
