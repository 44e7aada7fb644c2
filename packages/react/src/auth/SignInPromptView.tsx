import type { SignInRefusal } from '@cloudportal/core';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { useStyles } from '../ui/useStyles';
import css from './signInPrompt.css?inline';

/**
 * Props of {@link SignInPrompt}.
 * @public
 */
export interface SignInPromptProps {
  /** Where the visitor signs in: the portal's sign-in page. */
  href: string;
  /** The link's text. @default 'Sign in to use the assistant' */
  text?: string;
  /** Above the assistant's floating launcher, which asked for it: a landmark of its own. @default false */
  floating?: boolean;
  /** A heading above the prompt, with the id a dialog is labelled by (a signed-out visitor's dialog). */
  heading?: { id: string; text: string };
  /**
   * Why a connected site's visitor is not signed in (the client's `signInRefusal`):
   * shown in place of the link, with a button that tries again. @default none: the sign-in link
   */
  refusal?: SignInRefusal | null;
  /** Tries to sign in again (the refusal's button). */
  onRetry?: () => void;
}

/** What {@link SignInPrompt} shows, loaded only for a signed-out visitor: the link to the portal's sign-in. */
export default function SignInPromptView({ href, text, floating, heading, refusal, onRetry }: SignInPromptProps) {
  const ref = useStyles<HTMLDivElement & HTMLParagraphElement>(css);
  const t = useT();
  const prompt = refusal ? (
    // A connected site's visitor who was refused: why, said at once, and a way to try again.
    <div
      ref={ref}
      className="cp-signin-prompt"
      part="signin refused"
      data-refused={refusal.code}
      data-floating={floating || undefined}
    >
      <p role="alert">{refusal.message}</p>
      {onRetry ? <Button onClick={onRetry}>{t('partner.retry')}</Button> : null}
    </div>
  ) : (
    <p ref={ref} className="cp-signin-prompt" part="signin" data-floating={floating || undefined}>
      <a href={href}>{text ?? t('chat.signIn')}</a>
    </p>
  );
  if (heading)
    return (
      <div className="cp-dialog__body" part="signed-out">
        <h2 id={heading.id}>{heading.text}</h2>
        {prompt}
      </div>
    );
  // Floating, it stands outside the partner's landmarks: it is one of its own, named like the launcher.
  return floating ? <aside aria-label={t('chat.open')}>{prompt}</aside> : prompt;
}
