// Two visually hidden live regions: polite (finished agent messages, notices) and assertive (permission requests,
// the agent's questions). The transcript itself is not live (it is virtualized: rows come and go as the user
// scrolls), so what a screen reader hears is decided here, from consecutive states (logic/announcements.ts), once
// per change. What announced a request is cleared once that request is answered (or is no longer shown), so a
// screen reader's review of the live region does not find a stale prompt.
import { useEffect, useRef, useState } from 'preact/hooks';
import { announcementsBetween, isRequestPending, type Politeness } from '../logic/announcements';
import type { ChatStore } from '../store';

interface Said {
  text: string;
  /** Bumped so that the same text said twice is a new node, which screen readers announce again. */
  serial: number;
  /** The requests it announced (assertive only). */
  requestKeys?: string[];
}

function LiveRegion({ politeness, said }: { politeness: Politeness; said: Said | null }) {
  return (
    <div class="visually-hidden" role={politeness === 'assertive' ? 'alert' : 'status'} aria-live={politeness} aria-atomic="true" data-live-region={politeness}>
      {said ? <span key={said.serial}>{said.text}</span> : null}
    </div>
  );
}

/** Listens to every change of the store itself (the panel around it re-renders only when the list changes). */
export function LiveAnnouncer({ store }: { store: ChatStore }) {
  const serial = useRef(0);
  const [polite, setPolite] = useState<Said | null>(null);
  const [assertive, setAssertive] = useState<Said | null>(null);
  const assertiveNow = useRef<Said | null>(null);
  useEffect(() => {
    let previous = store.getState();
    const sayAssertive = (said: Said | null): void => {
      assertiveNow.current = said;
      setAssertive(said);
    };
    return store.subscribe((state) => {
      const said = announcementsBetween(previous, state);
      previous = state;
      const politeText = said.filter((a) => a.politeness === 'polite').map((a) => a.text).join(' ');
      const urgent = said.filter((a) => a.politeness === 'assertive');
      if (politeText) setPolite({ text: politeText, serial: ++serial.current });
      if (urgent.length > 0) {
        const requestKeys = urgent.flatMap((a) => (a.requestKey === undefined ? [] : [a.requestKey]));
        sayAssertive({ text: urgent.map((a) => a.text).join(' '), serial: ++serial.current, requestKeys });
      } else {
        const keys = assertiveNow.current?.requestKeys;
        if (keys && keys.length > 0 && !keys.some((key) => isRequestPending(state, key))) sayAssertive(null);
      }
    });
  }, [store]);
  return (
    <>
      <LiveRegion politeness="polite" said={polite} />
      <LiveRegion politeness="assertive" said={assertive} />
    </>
  );
}
