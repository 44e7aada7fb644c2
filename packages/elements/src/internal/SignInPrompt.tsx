import { useT } from '@cloudportal/react/provider';
import { useStyles } from '@cloudportal/react/ui';
import css from '../assistant.css?inline';

/** Shown to a visitor without a portal session: where to sign in (the assistant, shell and report elements). */
export function SignInPrompt({ login, text }: { login: string; text?: string }) {
  const ref = useStyles<HTMLParagraphElement>(css);
  const t = useT();
  return (
    <p ref={ref} className="cp-assistant-signin" part="signin">
      <a href={login}>{text ?? t('chat.signIn')}</a>
    </p>
  );
}

