import { registerMessages, reportEn, TOOLTIP_DELAY_MS } from '@cloudportal/core';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useT } from '../provider/PortalProvider';
import { Tooltip } from '../ui/Tooltip';

// The toolbar's names ('Report tools', 'Drag left/right to change position') when it is used without a report view.
registerMessages(reportEn);

/** How far an arrow key moves the toolbar, in px (Shift: five times as far). */
const KEY_STEP_PX = 16;

/**
 * The report's toolbar (spec §2): draggable left and right within the report's width by its handle
 * (tooltip 'Drag left/right to change position' after 1500 ms), and by the handle's arrow keys,
 * Home and End — a pointer is not needed.
 */
export function ReportToolbar({ children }: { children: ReactNode }) {
  const t = useT();
  const bar = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ x: number; from: number } | null>(null);

  const clamp = (x: number) => {
    const el = bar.current;
    const room = el?.parentElement ? el.parentElement.clientWidth - el.offsetWidth : 0;
    return Math.min(Math.max(0, x), Math.max(0, room));
  };
  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    drag.current = { x: e.clientX, from: offset };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (drag.current) setOffset(clamp(drag.current.from + e.clientX - drag.current.x));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
    const next = e.key === 'ArrowLeft' ? offset - step : e.key === 'ArrowRight' ? offset + step : e.key === 'Home' ? 0 : e.key === 'End' ? Number.MAX_SAFE_INTEGER : null;
    if (next === null) return;
    e.preventDefault();
    setOffset(clamp(next));
  };
  return (
    <div ref={bar} className="cp-report-toolbar" role="toolbar" aria-label={t('report.toolbar')} style={{ transform: `translateX(${offset}px)` }} data-offset={offset} part="report-toolbar">
      <Tooltip content={t('report.drag')} delay={TOOLTIP_DELAY_MS.dragButton}>
        <button
          type="button"
          className="cp-report-toolbar__handle"
          aria-label={t('report.drag')}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onKeyDown={onKeyDown}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
            <circle cx="9" cy="6" r="1.6" /><circle cx="15" cy="6" r="1.6" /><circle cx="9" cy="12" r="1.6" /><circle cx="15" cy="12" r="1.6" /><circle cx="9" cy="18" r="1.6" /><circle cx="15" cy="18" r="1.6" />
          </svg>
        </button>
      </Tooltip>
      {children}
    </div>
  );
}
