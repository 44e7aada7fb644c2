import { pagesEn, registerMessages } from '@cloudportal/core';
import { useCallback, useId, useState } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { ProgressBar } from '../ui/ProgressBar';
import { Skeleton } from '../ui/Skeleton';
import { useLoad } from '../ui/useLoad';
import { useStyles } from '../ui/useStyles';
import css from './auth.css?inline';
import { useSession } from './useSession';

// The portal pages' messages (sign-in, tenants, onboarding, terms, route titles) are not in the core catalogue.
registerMessages(pagesEn);

/**
 * Props of {@link TenantPicker}.
 * @public
 */
export interface TenantPickerProps {
  /** Where the user goes once signed in to the chosen tenant. @default '/billing/overview' */
  home?: string;
}

// spec §2 "tenant"; §8 "HTTP 300"
/**
 * The /tenant page (title suffix Select Tenant), where a sign-in answered with HTTP 300 goes: lists
 * the tenants of the identity with the token of the 300 answer and continues sign-in with the chosen one.
 * @public
 */
export function TenantPicker({ home = '/billing/overview' }: TenantPickerProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const client = usePortalClient();
  const t = useT();
  const { status } = useSession();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const canChoose = status === 'tenant-select';
  const loadTenants = useCallback(() => client.api.auth.tenants(), [client]);
  // The 300 answer's token lists the tenants; without it there is nothing to load.
  const [tenants] = useLoad(canChoose ? loadTenants : null);

  async function choose(tenantId: string) {
    setBusy(true);
    try {
      const outcome = await client.session.selectTenant(tenantId);
      if (outcome.kind === 'signed-in') client.navigate(home);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={ref} className="cp-auth-page">
      <section className="cp-auth-card" aria-labelledby={headingId} aria-busy={busy || undefined}>
        <h1 id={headingId} className="cp-auth-card__title">
          {t('tenant.heading')}
        </h1>
        {!canChoose ? (
          <>
            {/* The 300 token lives in memory only: after a reload the choice has to start again. */}
            <p className="cp-auth-card__text">{t('tenant.expired')}</p>
            <Button variant="primary" onClick={() => client.navigate('/login')}>
              {t('tenant.backToSignIn')}
            </Button>
          </>
        ) : (
          <>
            <p className="cp-auth-card__text">{t('tenant.intro')}</p>
            {busy ? <ProgressBar label={t('signIn.busy')} /> : null}
            {tenants.state === 'loading' ? (
              <Skeleton height={96} shape="rect" label={t('tenant.loading')} />
            ) : tenants.state === 'failed' ? (
              <p role="alert">{t('tenant.failed')}</p>
            ) : (
              <ul className="cp-auth-list" translate="no">
                {tenants.value.map((tenant) => (
                  <li key={tenant.id} className="cp-auth-list__item">
                    <Button className="cp-auth-list__button" disabled={busy} onClick={() => void choose(tenant.id)}>
                      {tenant.displayName}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}
