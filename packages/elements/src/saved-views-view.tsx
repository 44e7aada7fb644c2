import { SavedViews } from '@cloudportal/react/report';
import { useStyles } from '@cloudportal/react/ui';
import { useStore } from '@nanostores/react';
import type { ElementViewProps } from './internal/viewProps';
import css from './saved-views.css?inline';
import { $reportStores } from './internal/reports';
import type { SavedViewsElementProps } from './saved-views';

/** The view of `<cp-saved-views>`: the saved-views buttons of the `<cp-report>` named by `for`. */
export default function SavedViewsElementView({ for: target, host }: SavedViewsElementProps & ElementViewProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const stores = useStore($reportStores);
  const root = host.getRootNode() as Document | ShadowRoot;
  const report = target ? root.getElementById?.(target) : null;
  const store = report ? (stores.get(report) ?? null) : null;
  return (
    <div ref={ref} className="cp-saved-views" part="saved-views">
      <SavedViews store={store?.views ?? null} />
    </div>
  );
}
