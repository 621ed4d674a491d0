// When a permission prompt may be answered: PROMPT_ARM_MS after it came on screen (an IntersectionObserver on its
// buttons says when; without one, from mount). Scrolled or hidden away and back, the wait starts again, since a
// click can land on it as it reappears just as well. `armed` is state (the buttons look disabled until then) and
// `accepts()` is what a click or key handler asks, at the moment of the event.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import { isOnScreen, PROMPT_ARM_MS } from '../logic/permissionArming';

export function usePromptArming(target: RefObject<HTMLElement | null>): { armed: boolean; accepts(): boolean } {
  const [armed, setArmed] = useState(false);
  const armedNow = useRef(false);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let visible = false;
    const set = (value: boolean): void => {
      armedNow.current = value;
      setArmed(value);
    };
    const onScreen = (now: boolean): void => {
      if (now === visible) return;
      visible = now;
      clearTimeout(timer);
      set(false);
      if (now) timer = setTimeout(() => set(true), PROMPT_ARM_MS);
    };
    if (typeof IntersectionObserver !== 'function') {
      onScreen(true);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver((entries) => onScreen(isOnScreen(entries)));
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, []);

  return { armed, accepts: () => armedNow.current };
}
