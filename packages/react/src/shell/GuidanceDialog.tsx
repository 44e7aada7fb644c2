import { registerMessages, shellEn } from '@cloudportal/core';
import { isAllowedGuidanceVideo } from '@cloudportal/core/rules';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useStyles } from '../ui/useStyles';
import { shellCss as css } from './shellStyles';
import { useShell } from './useShell';

// The video frame is shown without the shell too (a host's own guidance page): its texts come with it.
registerMessages(shellEn);

/**
 * Props of {@link VideoFrame}.
 * @public
 */
export interface VideoFrameProps {
  /** An embeddable video URL (the reference server's `/videos/embed/{id}`, or a video host's embed page). */
  src: string;
  /** What the video is about: the frame's accessible name. */
  title: string;
}

// spec §2 "Guidance dialog"
/**
 * An embedded video frame, 16:9. Only our own `/videos/` pages and
 * `https:` pages are framed (core's `isAllowedGuidanceVideo`): a `data:` or `javascript:` address
 * would run in the frame on a partner page that has no `frame-src` policy.
 * @public
 */
export function VideoFrame({ src, title }: VideoFrameProps) {
  const t = useT();
  if (!isAllowedGuidanceVideo(src)) {
    return (
      <p className="cp-video-frame cp-video-frame--blocked" role="note">
        {t('guidance.blocked')}
      </p>
    );
  }
  return (
    <iframe
      className="cp-video-frame"
      src={src}
      title={t('guidance.frame', { title })}
      allow="autoplay; fullscreen; picture-in-picture"
      allowFullScreen
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

// spec §2
/**
 * The guidance dialog: the page name as title, the page's (or its tab's) guidance video
 * in an embedded frame, and Close. Opened by the navbar's Video Guide button (`openGuidance()`).
 * @public
 */
export function GuidanceDialog() {
  const ref = useStyles<HTMLDivElement>(css);
  const shell = useShell();
  const t = useT();
  const id = useId();
  const dialog = useStore(shell.$dialog);
  const guidance = useStore(shell.page.$guidance);
  const open = dialog === 'guidance' && !!guidance.src;
  return (
    <div ref={ref}>
      <Dialog
        open={open}
        onClose={shell.closeDialog}
        labelledBy={`${id}-title`}
        className="cp-guidance"
        part="guidance-dialog"
      >
        <div className="cp-shell-dialog__head">
          <h2 id={`${id}-title`}>{guidance.title}</h2>
        </div>
        {guidance.src ? <VideoFrame src={guidance.src} title={guidance.title} /> : null}
        <div className="cp-shell-dialog__foot">
          <Button variant="primary" onClick={shell.closeDialog}>
            {t('common.close')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
