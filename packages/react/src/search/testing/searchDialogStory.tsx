import { useState } from 'react';
import { SearchDialog } from '../SearchDialog';

// A story's component lives outside its stories file so that it is exported: the docs' props table
// (react-docgen) documents exported components only, and names the others by their minified name.

/** The dialog open, as the navbar's search box or Meta+K opens it; the chosen result is shown under it. */
export function OpenSearch() {
  const [open, setOpen] = useState(true);
  const [chosen, setChosen] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open search
      </button>
      <p>{chosen}</p>
      <SearchDialog
        open={open}
        onClose={() => setOpen(false)}
        onChoose={(r) => setChosen(`Chose ${r.name}${r.tabName ? ` (${r.tabName})` : ''}`)}
      />
    </>
  );
}
