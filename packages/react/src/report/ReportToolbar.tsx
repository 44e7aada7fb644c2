import { dragAutoScrollStep, dragHasStarted, registerMessages, reportEn, TOOLTIP_DELAY_MS } from '@cloudportal/core';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useT } from '../provider/PortalProvider';
import { Tooltip } from '../ui/Tooltip';

// The toolbar's names ('Report tools', 'Drag left/right to change position') when it is used without a report view.
registerMessages(reportEn);

/** How far an arrow key moves the toolbar, in px (Shift: five times as far). */
const KEY_STEP_PX = 16;

/** The nearest box around `el` that scrolls sideways (where a drag near its edge scrolls it), if any. */
function sidewaysScroller(el: HTMLElement | null): HTMLElement | null {
  for (let box = el?.parentElement ?? null; box; box = box.parentElement) {
    if (box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX !== 'visible') return box;
  }
  return null;
}

// spec §9 "Drag"
/**
 * The toolbar's drag: it starts once the pointer has moved past 5 px (a click on
 * the handle does not move it), and while the pointer is within 5 % of the edge of a box that scrolls
 * sideways, that box scrolls 2 px a frame.
 */
function useToolbarDrag(
  bar: RefObject<HTMLDivElement | null>,
  offset: number,
  setOffset: (x: number) => void,
  clamp: (x: number) => number,
) {
  const drag = useRef<{ x: number; from: number; started: boolean; pointer: number; frame: number } | null>(null);
  const stop = () => {
    if (drag.current) cancelAnimationFrame(drag.current.frame);
    drag.current = null;
  };
  useEffect(() => stop, []);
  const autoScroll = () => {
    const state = drag.current;
    const box = sidewaysScroller(bar.current);
    if (!state || !box) return;
    const rect = box.getBoundingClientRect();
    box.scrollLeft += dragAutoScrollStep(state.pointer, rect.left, rect.width);
    state.frame = requestAnimationFrame(autoScroll);
  };
  return {
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      drag.current = { x: e.clientX, from: offset, started: false, pointer: e.clientX, frame: 0 };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<HTMLButtonElement>) => {
      const state = drag.current;
      if (!state) return;
      state.pointer = e.clientX;
      const dx = e.clientX - state.x;
      if (!state.started && !dragHasStarted(dx)) return;
      if (!state.started) {
        state.started = true;
        state.frame = requestAnimationFrame(autoScroll);
      }
      setOffset(clamp(state.from + dx));
    },
    onPointerUp: stop,
    onPointerCancel: stop,
  };
}

// spec §2; §9 "Drag"
/**
 * The report's toolbar: draggable left and right within the report's width by its handle
 * (tooltip 'Drag left/right to change position' after 1500 ms; the drag starts past 5 px), and by the
 * handle's arrow keys, Home and End — a pointer is not needed.
 * @public
 */
export function ReportToolbar({
  children,
}: {
  /** The toolbar's controls (the report's pages, the saved views, 'Toggle Filter'), after its drag handle. */
  children: ReactNode;
}) {
  const t = useT();
  const bar = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);

  const clamp = (x: number) => {
    const el = bar.current;
    const room = el?.parentElement ? el.parentElement.clientWidth - el.offsetWidth : 0;
    return Math.min(Math.max(0, x), Math.max(0, room));
  };
  const pointer = useToolbarDrag(bar, offset, setOffset, clamp);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
    const next =
      e.key === 'ArrowLeft'
        ? offset - step
        : e.key === 'ArrowRight'
          ? offset + step
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? Number.MAX_SAFE_INTEGER
              : null;
    if (next === null) return;
    e.preventDefault();
    setOffset(clamp(next));
  };
  return (
    <div
      ref={bar}
      className="cp-report-toolbar"
      role="toolbar"
      aria-label={t('report.toolbar')}
      style={{ transform: `translateX(${offset}px)` }}
      data-offset={offset}
      part="report-toolbar"
    >
      <Tooltip content={t('report.drag')} delay={TOOLTIP_DELAY_MS.dragButton}>
        <button
          type="button"
          className="cp-report-toolbar__handle"
          aria-label={t('report.drag')}
          {...pointer}
          onKeyDown={onKeyDown}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
            <circle cx="9" cy="6" r="1.6" />
            <circle cx="15" cy="6" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="15" cy="12" r="1.6" />
            <circle cx="9" cy="18" r="1.6" />
            <circle cx="15" cy="18" r="1.6" />
          </svg>
        </button>
      </Tooltip>
      {children}
    </div>
  );
}
