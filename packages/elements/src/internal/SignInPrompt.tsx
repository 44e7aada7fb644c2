import { lazy, Suspense, type ComponentProps } from 'react';

// A signed-in visitor never sees it: it loads, with its CSS, only for a signed-out one.
const SignInPromptView = lazy(() => import('./SignInPromptView'));

/**
 * Shown to a visitor without a portal session: where to sign in (the assistant, shell, report,
 * search and feedback elements). `floating`: above the assistant's floating launcher, which asked for it.
 */
export function SignInPrompt(props: ComponentProps<typeof SignInPromptView>) {
  return (
    <Suspense fallback={null}>
      <SignInPromptView {...props} />
    </Suspense>
  );
}
