import { sessionStarted, type PortalClient, type SignInRefusal } from '@cloudportal/core';
import { siteAllows, type SiteNeed } from '@cloudportal/core/rules';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { usePortalClient } from '../provider/PortalProvider';
import { useLatest } from '../ui/useLatest';
import type { SignInPromptProps } from './SignInPromptView';

// A signed-in visitor never sees it: it loads, with its CSS, only for a signed-out one.
const SignInPromptView = lazy(() => import('./SignInPromptView'));

/**
 * The sign-in prompt every piece shows a visitor without a portal session, instead of its content:
 * a link to the portal's sign-in (part `signin`, class `cp-signin-prompt`). `floating`: above the
 * assistant's floating launcher, which asked for it. A connected site's visitor whom the portal
 * refused (the client's `signInRefusal`) reads why, with a 'Try again' button (parts `signin refused`).
 * @public
 */
export function SignInPrompt(props: SignInPromptProps) {
  const client = usePortalClient();
  // A connected site's visitor refused by the portal reads why instead of a sign-in link.
  const refusal = useStore(client.signInRefusal);
  return (
    <Suspense fallback={null}>
      <SignInPromptView refusal={refusal} onRetry={() => void client.start()} {...props} />
    </Suspense>
  );
}

/**
 * Starts `client`'s session once, when nobody has (`<SessionStart>` or `client.start()`): resumes the
 * visitor's portal session from its refresh cookie, as the `cp-*` elements do. A session on its way
 * or signed in is left as it is.
 * @public
 */
export function useStartedSession(client: PortalClient): void {
  useEffect(() => {
    if (!sessionStarted(client) && client.session.$session.get().status === 'anonymous') void client.start();
  }, [client]);
}

/**
 * Calls `onRefusal` with each refusal of the client's connected-site sign-in, and at
 * once with one already met: how an element raises its `cp-*-error` event with `{ code, message }`.
 * @public
 */
export function useSignInRefusal(client: PortalClient, onRefusal: (refusal: SignInRefusal) => void): void {
  const latest = useLatest(onRefusal);
  useEffect(
    () =>
      client.signInRefusal.subscribe((refusal) => {
        if (refusal) latest.current(refusal);
      }),
    [client, latest],
  );
}

/**
 * Whether a connected site's visitor's token leaves out what a piece `need`s: the
 * refusal ('This website may not show this part of the portal.') to show instead, or null — also
 * without a need, or outside a connected site. `onRefused` hears it once.
 * @public
 */
export function usePieceRefusal(
  need: SiteNeed | undefined,
  onRefused?: (refusal: SignInRefusal) => void,
): SignInRefusal | null {
  const client = usePortalClient();
  const { claims } = useStore(client.session.$session);
  const refused = !!need && !!claims?.site && !siteAllows(claims.site.pieces, need);
  const message = client.t('partner.pieceNotAllowed');
  const refusal = useMemo(() => (refused ? { code: 'piece-not-allowed' as const, message } : null), [refused, message]);
  const latest = useLatest(onRefused);
  useEffect(() => {
    if (refusal) latest.current?.(refusal);
  }, [refusal, latest]);
  return refusal;
}

/**
 * Props of {@link SignedIn}.
 * @public
 */
export interface SignedInProps extends Pick<SignInPromptProps, 'heading'> {
  /** The sign-in link's text, the piece's own ('Sign in to see this page'…). */
  text: string;
  /** Where the visitor signs in. @default the portal's `/login` (the client's `apiBase`) */
  signInHref?: string;
  /**
   * What the piece needs of a connected site's visitor's token: a piece the site may
   * not show reads 'This website may not show this part of the portal.' instead, without asking the
   * server. @default nothing beyond a session
   */
  need?: SiteNeed;
  /** Called once when `need` is refused (an element raises its `cp-*-error` event from it). */
  onRefused?: (refusal: SignInRefusal) => void;
  /** The piece's content, shown unless the visitor is signed out or refused. */
  children?: ReactNode;
}

/**
 * A piece's content, or — once the session has been started (`<SessionStart>`, `client.start()`)
 * and found no one — the same sign-in prompt the `cp-*` elements show, never an endless skeleton.
 * Until the session is known the content shows as it is (its own loading state). Unlike the
 * elements, a React piece does not start the session itself: the host decides when. `heading`: a
 * title above the prompt (in a dialog, the id it is labelled by).
 * @public
 */
export function SignedIn({ text, signInHref, heading, need, onRefused, children }: SignedInProps) {
  const client = usePortalClient();
  const { status } = useStore(client.session.$session);
  const refusal = usePieceRefusal(need, onRefused);
  if (refusal) return <SignInPrompt href="" refusal={refusal} onRetry={undefined} heading={heading} />;
  if (status !== 'anonymous' || !sessionStarted(client)) return <>{children}</>;
  return <SignInPrompt href={signInHref ?? `${client.config.apiBase}/login`} text={text} heading={heading} />;
}
