export { Button } from './Button';
export type { ButtonProps } from './Button';
export { Dialog } from './Dialog';
export { Field } from './Field';
export type { FieldProps, TextAreaFieldProps } from './Field';
export type { DialogProps, DialogCloseReason } from './Dialog';
export { Tooltip } from './Tooltip';
export type { TooltipProps } from './Tooltip';
export { ProgressBar } from './ProgressBar';
export type { ProgressBarProps } from './ProgressBar';
export { Skeleton } from './Skeleton';
export type { SkeletonProps } from './Skeleton';
export { StarRating } from './StarRating';
export type { StarRatingProps } from './StarRating';
export { Icon } from './Icon';
export type { IconName, IconProps } from './Icon';

// The pieces' stylesheet and lazy-loading helpers, kept for @cloudportal/elements and the reference
// host, and stripped from the published types: not part of the public API.
/** @internal */
export { adoptStyles, useStyles } from './useStyles';
/** @internal */
export type { StyleRank } from './useStyles';
/** @internal */
export { useLoad } from './useLoad';
/** @internal */
export type { Loaded } from './useLoad';
