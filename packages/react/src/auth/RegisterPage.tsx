import { pagesEn, registerMessages } from '@cloudportal/core';
import { useId } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { useStyles } from '../ui/useStyles';
import css from './auth.css?inline';
import { useProductName } from './useSession';

// The portal pages' messages (sign-in, tenants, onboarding, terms, route titles) are not in the core catalogue.
registerMessages(pagesEn);

// spec §2 "register"; §2 "A new, not-onboarded tenant is blocked"
/**
 * The /register page (title suffix Onboarding). New tenants are onboarded by
 * their partner — a tenant that is not onboarded yet is blocked — so the page says who to ask.
 * @public
 */
export function RegisterPage() {
  const ref = useStyles<HTMLDivElement>(css);
  const client = usePortalClient();
  const t = useT();
  const productName = useProductName();
  const headingId = useId();
  return (
    <div ref={ref} className="cp-auth-page">
      <section className="cp-auth-card" aria-labelledby={headingId}>
        <h1 id={headingId} className="cp-auth-card__title">
          {t('register.heading')}
        </h1>
        <p className="cp-auth-card__text">{t('register.text', { productName })}</p>
        <Button variant="primary" onClick={() => client.navigate('/login')}>
          {t('tenant.backToSignIn')}
        </Button>
      </section>
    </div>
  );
}
