import type { ElementViewProps } from './internal/viewProps';
import { Toaster } from '@cloudportal/react/toasts';

/** The view of `<cp-toaster>`, loaded when the element first connects. */
export default function ToasterView(_props: ElementViewProps) {
  return <Toaster />;
}
