import { useT } from '@cloudportal/react/provider';
import { useStyles } from '@cloudportal/react/ui';
import css from '../assistant.css?inline';

/** What {@link SignInPrompt} shows, loaded only for a signed-out visitor: the link to the portal's sign-in. */
export default function SignInPromptView({
  login,
  text,
  floating,
}: {
  login: string;
  text?: string;
  floating?: boolean;
}) {
  const ref = useStyles<HTMLParagraphElement>(css);
  const t = useT();
  const prompt = (
    <p ref={ref} className="cp-assistant-signin" part="signin" data-floating={floating || undefined}>
      <a href={login}>{text ?? t('chat.signIn')}</a>
    </p>
  );
  // Floating, it stands outside the partner's landmarks: it is one of its own, named like the launcher.
  return floating ? <aside aria-label={t('chat.open')}>{prompt}</aside> : prompt;
}
