// spec §2 "Feedback dialog", §3 "Feedback", §5 "Feedback", §8 "Feedback"
/** The feedback dialog. */
export { FeedbackDialog, type FeedbackDialogProps } from './FeedbackDialog';
