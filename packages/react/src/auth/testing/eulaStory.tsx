import { Toaster } from '../../toasts/Toaster';
import { EulaDialog } from '../EulaDialog';

// A story's component lives outside its stories file so that it is exported: the docs' props table
// (react-docgen) documents exported components only, and names the others by their minified name.

/** The terms dialog as the portal shows it, with the toasts its answers raise. */
export function Eula() {
  return (
    <>
      <EulaDialog />
      <Toaster />
    </>
  );
}
