import { pagesEn, registerMessages, trustSanitizedHtml } from '@cloudportal/core';
import { useCallback, useEffect, useId, useState } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Skeleton } from '../ui/Skeleton';
import { useLoad } from '../ui/useLoad';
import { useStyles } from '../ui/useStyles';
import css from './EulaDialog.css?inline';
import { useAccount } from './useSession';

// The portal pages' messages (sign-in, tenants, onboarding, terms, route titles) are not in the core catalogue.
registerMessages(pagesEn);

// spec §2 "Forced terms dialog"; §8 "Terms"
/**
 * Shown when `whois.forceEula`; it cannot be closed until accepted;
 * Accept is enabled only after ticking 'I have read and agree to the Terms and Conditions.'; a user
 * who may not accept (`canAcceptEula` false) sees 'Not Accepted' and can only log out. The terms
 * HTML comes from the `eula` setting's URL, sanitized with DOMPurify (`sanitizeTerms`). Toasts.
 *
 * Parts: `dialog`, `terms`, `agree`, `accept-button`, `logout-button`.
 * @public
 */
export function EulaDialog() {
  const ref = useStyles<HTMLDivElement>(css);
  const client = usePortalClient();
  const t = useT();
  const { whois, settings } = useAccount();
  const titleId = useId();
  const textId = useId();
  const open = !!whois?.forceEula;
  const canAccept = whois?.canAcceptEula !== false;
  const url = settings?.eula;
  const [agreed, setAgreed] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const loadTerms = useCallback(async () => {
    // DOMPurify loads with the terms, only for a user who must accept them (not on every page's first load).
    const [html, { sanitizeTerms }] = await Promise.all([
      client.api.settings.eulaHtml(url ?? ''),
      import('./sanitizeTerms'),
    ]);
    // Made a TrustedHTML once, here: a page that enforces Trusted Types takes it at the sink below.
    return trustSanitizedHtml(sanitizeTerms(html));
  }, [client, url]);
  const [terms, reload] = useLoad(open && canAccept && url ? loadTerms : null);

  // Spec §8 "Terms": a load failure is also a toast.
  useEffect(() => {
    if (terms.state === 'failed') client.toast({ title: t('eula.loadFailed'), kind: 'error' });
  }, [terms.state, client, t]);

  async function accept() {
    setAccepting(true);
    try {
      await client.api.settings.acceptEula();
      client.toast({ title: t('eula.accepted'), kind: 'success' });
      client.account.eulaAccepted();
    } catch {
      client.toast({ title: t('eula.acceptFailed'), kind: 'error' });
    } finally {
      setAccepting(false);
    }
  }

  const logout = (
    <Button
      variant={canAccept ? 'secondary' : 'primary'}
      part="logout-button"
      data-autofocus={canAccept ? undefined : true}
      onClick={() => void client.session.logout()}
    >
      {t('session.logout')}
    </Button>
  );

  return (
    <Dialog
      open={open}
      dismissible={false}
      labelledBy={titleId}
      describedBy={canAccept ? undefined : textId}
      className="cp-eula-dialog"
    >
      <div ref={ref} className="cp-eula" data-state={canAccept ? terms.state : 'not-accepted'}>
        {canAccept ? (
          <>
            <h2 id={titleId} className="cp-eula__title">
              {t('eula.title')}
            </h2>
            {terms.state === 'loading' ? (
              <div className="cp-eula__terms">
                <Skeleton height={180} shape="rect" label={t('eula.loading')} />
              </div>
            ) : terms.state === 'failed' ? (
              <div className="cp-eula__terms cp-eula__failed">
                <p role="alert">{t('eula.loadFailed')}</p>
                <Button onClick={reload}>{t('eula.retry')}</Button>
              </div>
            ) : (
              <div
                className="cp-eula__terms"
                part="terms"
                role="region"
                aria-label={t('eula.title')}
                tabIndex={0}
                data-autofocus
                // The tenant's terms, as the server has them: a document, not a text of ours.
                translate="no"
                // Sanitized by sanitizeTerms (DOMPurify) above, and a TrustedHTML of the SDK's policy
                // where the browser has Trusted Types.
                dangerouslySetInnerHTML={{ __html: terms.value }}
              />
            )}
            <label className="cp-eula__agree" part="agree">
              <input
                type="checkbox"
                checked={agreed}
                disabled={terms.state !== 'loaded'}
                onChange={(e) => setAgreed(e.currentTarget.checked)}
              />
              {t('eula.agree')}
            </label>
            <div className="cp-eula__actions">
              {logout}
              <Button
                variant="primary"
                part="accept-button"
                disabled={!agreed || terms.state !== 'loaded' || accepting}
                onClick={() => void accept()}
              >
                {t('eula.accept')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <h2 id={titleId} className="cp-eula__title">
              {t('eula.notAccepted')}
            </h2>
            <p id={textId} className="cp-eula__text">
              {t('eula.notAcceptedText')}
            </p>
            <div className="cp-eula__actions">{logout}</div>
          </>
        )}
      </div>
    </Dialog>
  );
}
