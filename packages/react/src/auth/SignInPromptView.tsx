import { useT } from '../provider/PortalProvider';
import { useStyles } from '../ui/useStyles';
import css from './signInPrompt.css?inline';

/** Props of {@link SignInPrompt}. */
export interface SignInPromptProps {
  /** Where the visitor signs in: the portal's sign-in page. */
  href: string;
  /** The link's text. @default 'Sign in to use the assistant' */
  text?: string;
  /** Above the assistant's floating launcher, which asked for it: a landmark of its own. @default false */
  floating?: boolean;
  /** A heading above the prompt, with the id a dialog is labelled by (a signed-out visitor's dialog). */
  heading?: { id: string; text: string };
}

/** What {@link SignInPrompt} shows, loaded only for a signed-out visitor: the link to the portal's sign-in. */
export default function SignInPromptView({ href, text, floating, heading }: SignInPromptProps) {
  const ref = useStyles<HTMLParagraphElement>(css);
  const t = useT();
  const prompt = (
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
