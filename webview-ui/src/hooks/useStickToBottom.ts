// Keeps a scroller pinned to its bottom while the user is there (content growing, the scroller shrinking), and
// leaves it alone once they scroll up. `atBottom` drives a "jump to latest" button.
import type { RefObject } from 'preact';
import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** How close to the bottom (px) still counts as "at the bottom". */
const SLACK_PX = 24;

export interface StickToBottom {
  atBottom: boolean;
  scrollToBottom(): void;
}

export function useStickToBottom(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
): StickToBottom {
  const stuck = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  useLayoutEffect(() => {
    const outer = scroller.current;
    const inner = content.current;
    if (!outer || !inner) return undefined;
    const stick = (): void => {
      if (stuck.current) outer.scrollTop = outer.scrollHeight;
    };
    const onScroll = (): void => {
      const bottom = outer.scrollHeight - outer.scrollTop - outer.clientHeight <= SLACK_PX;
      stuck.current = bottom;
      setAtBottom(bottom);
    };
    const observer = new ResizeObserver(stick);
    observer.observe(inner);
    observer.observe(outer);
    outer.addEventListener('scroll', onScroll, { passive: true });
    stick();
    return () => {
      observer.disconnect();
      outer.removeEventListener('scroll', onScroll);
    };
  }, [scroller, content]);

  const scrollToBottom = useCallback(() => {
    stuck.current = true;
    setAtBottom(true);
    const outer = scroller.current;
    if (outer) outer.scrollTop = outer.scrollHeight;
  }, [scroller]);

  return { atBottom, scrollToBottom };
}
