import { Toaster } from '@cloudportal/react/toasts';

/** The view of `<cp-toaster>`, loaded when the element first connects. */
export default function ToasterView() {
  return <Toaster />;
}
