import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

export type HintPlacement = 'bottom' | 'left';

type Props = {
  // what the tooltip says (nothing: no tooltip); the control keeps its own accessible name
  title: string;
  placement?: HintPlacement;
  // one control (a button or link), or a span around a disabled one
  children: ReactNode;
};

// MUI's tooltip look (grey, 11 px, arrow) and timing (shows after 100 ms on hover, at once on
// keyboard focus; hides on leave, blur, click or Escape), without MUI's Tooltip and its popper
// positioning code: the authenticated shell shows a few of these on every screen. Fixed position
// from the control's box, kept inside the window.
const GAP = 14;
const ENTER_DELAY_MS = 100;
const EDGE = 8;
const COLOR = 'rgba(97, 97, 97, 0.92)';

function isFocusVisible(element: Element) {
  try {
    return element.matches(':focus-visible');
  } catch {
    // an engine without the selector: treat every focus as from the keyboard
    return true;
  }
}

export function Hint({ title, placement = 'bottom', children }: Props) {
  const id = useId();
  const [control, setControl] = useState<HTMLSpanElement | null>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const [shift, setShift] = useState(0);
  // a bottom tooltip with no room under its control goes above it, as MUI's popper flips it
  const [above, setAbove] = useState(false);

  const show = (delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const box = control?.firstElementChild;
      if (box) setAnchor(box.getBoundingClientRect());
    }, delay);
  };
  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setAnchor(null);
    setShift(0);
    setAbove(false);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  // Escape dismisses it wherever the focus is (WCAG 1.4.13); scrolling would leave it behind
  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  }, [anchor, hide]);
  // a bottom tooltip centred under a control at the window's edge moves back inside it (or above
  // the control, at the bottom edge)
  // (and fades in, as MUI's does)
  useLayoutEffect(() => {
    if (!anchor || !tipRef.current) return;
    tipRef.current.animate?.([{ opacity: 0 }, { opacity: 1 }], { duration: 150, easing: 'ease-out' });
    if (placement !== 'bottom') return;
    const box = tipRef.current.getBoundingClientRect();
    const overflowRight = box.right - (window.innerWidth - EDGE);
    const overflowLeft = EDGE - box.left;
    if (overflowRight > 0) setShift((current) => current - overflowRight);
    else if (overflowLeft > 0) setShift((current) => current + overflowLeft);
    if (box.bottom > window.innerHeight - EDGE) setAbove(true);
  }, [anchor, placement]);

  const position: CSSProperties =
    placement === 'bottom'
      ? {
          top: above ? (anchor?.top ?? 0) - GAP : (anchor?.bottom ?? 0) + GAP,
          left: (anchor ? anchor.left + anchor.width / 2 : 0) + shift,
          transform: above ? 'translate(-50%, -100%)' : 'translateX(-50%)',
        }
      : {
          top: anchor ? anchor.top + anchor.height / 2 : 0,
          right: anchor ? window.innerWidth - anchor.left + GAP : 0,
          transform: 'translateY(-50%)',
        };
  // a right-angled triangle, as MUI's arrow (a square turned 45 degrees, half hidden)
  const arrow: CSSProperties =
    placement === 'bottom'
      ? {
          ...(above
            ? { bottom: -6, borderTop: `6px solid ${COLOR}` }
            : { top: -6, borderBottom: `6px solid ${COLOR}` }),
          left: `calc(50% - ${shift}px)`,
          transform: 'translateX(-50%)',
          borderLeft: '6px solid transparent',
          borderRight: '6px solid transparent',
        }
      : {
          right: -6,
          top: '50%',
          transform: 'translateY(-50%)',
          borderTop: '6px solid transparent',
          borderBottom: '6px solid transparent',
          borderLeft: `6px solid ${COLOR}`,
        };

  if (!title) return <>{children}</>;
  // display: contents: the wrapper draws nothing, the control lays out as if it stood alone
  return (
    <span
      ref={setControl}
      style={{ display: 'contents' }}
      onMouseEnter={() => show(ENTER_DELAY_MS)}
      onMouseLeave={hide}
      onFocus={(event) => {
        // keyboard focus only, as MUI does: a click focuses the control too
        if (isFocusVisible(event.target)) show(0);
      }}
      onBlur={hide}
      onClick={hide}
    >
      {children}
      {anchor
        ? createPortal(
            <div
              ref={tipRef}
              id={id}
              role="tooltip"
              className="parley-hint"
              style={{
                position: 'fixed',
                zIndex: 1500,
                pointerEvents: 'none',
                background: COLOR,
                color: '#fff',
                borderRadius: 4,
                padding: '4px 8px',
                fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif',
                fontSize: '0.6875rem',
                fontWeight: 500,
                lineHeight: '1.4em',
                // its own width (up to 300 px, then it wraps), wherever it sits in the window
                width: 'max-content',
                maxWidth: 300,
                overflowWrap: 'break-word',
                ...position,
              }}
            >
              <span aria-hidden style={{ position: 'absolute', width: 0, height: 0, ...arrow }} />
              {title}
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}
