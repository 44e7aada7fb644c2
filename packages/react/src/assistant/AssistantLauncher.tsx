import { chatEn, registerMessages, TOOLTIP_DELAY_MS } from '@cloudportal/core';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Tooltip } from '../ui/Tooltip';
import { useStyles } from '../ui/useStyles';
import css from './AssistantLauncher.css?inline';
import { ChatIcon } from './icons';

// The chat's messages, for the components that render before a chat store exists: the launcher, and
// AssistantChat, which imports this module.
registerMessages(chatEn);

/**
 * Props of {@link AssistantLauncher}.
 * @public
 */
export interface AssistantLauncherProps {
  /**
   * `floating`: a button with the sparkles icon and the text 'Assistant', fixed bottom right.
   * `navbar`: a round sparkles icon button named 'Assistant' with a tooltip (navbar delay, 500 ms).
   * @default 'floating'
   */
  variant?: 'floating' | 'navbar';
  /** Opens the chat (pass `() => setOpen(true)` of `<AssistantChat open onOpenChange>`). */
  onClick?: () => void;
  /** Whether the chat it opens is open (`aria-expanded`). */
  expanded?: boolean;
  /** A class added to the launcher's root, beside `cp-assistant-launcher`. */
  className?: string;
}

// spec §2
/**
 * The button labelled 'Assistant' (sparkles) that opens the assistant chat dialog, as a
 * floating button or as the navbar's icon button. Focus returns to it when the dialog closes.
 *
 * State: `data-variant` (`floating`, `navbar`). Parts: `launcher`.
 * Custom properties: `--cp-assistant-launcher-offset` (distance of the floating button from the
 * bottom right corner, default 24px).
 * @public
 */
export function AssistantLauncher({ variant = 'floating', onClick, expanded, className }: AssistantLauncherProps) {
  const ref = useStyles<HTMLSpanElement>(css);
  const t = useT();
  const label = t('chat.open');
  return (
    <span
      ref={ref}
      className={className ? `cp-assistant-launcher ${className}` : 'cp-assistant-launcher'}
      data-variant={variant}
    >
      {variant === 'navbar' ? (
        <Tooltip content={label} delay={TOOLTIP_DELAY_MS.navbar} placement="bottom">
          <Button
            variant="icon"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={expanded}
            part="launcher"
            onClick={onClick}
          >
            <ChatIcon name="sparkles" />
          </Button>
        </Tooltip>
      ) : (
        <Button variant="primary" aria-haspopup="dialog" aria-expanded={expanded} part="launcher" onClick={onClick}>
          <ChatIcon name="sparkles" />
          {label}
        </Button>
      )}
    </span>
  );
}
