import { ConfirmHost } from '../../../dialogs/ConfirmHost';
import { Toaster } from '../../../toasts/Toaster';
import SettingsDashboard from '../SettingsDashboard';

// A story's component lives outside its stories file so that it is exported: the docs' props table
// (react-docgen) documents exported components only, and names the others by their minified name.

/** The dashboard as the settings route shows it, with its dialogs and toasts. */
export function SettingsDashboardStory() {
  return (
    <>
      <SettingsDashboard />
      <ConfirmHost />
      <Toaster />
    </>
  );
}
