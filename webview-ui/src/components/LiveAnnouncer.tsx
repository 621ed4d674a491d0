// Two visually hidden live regions: polite (finished agent messages, notices) and assertive (permission
// requests). The transcript itself is not live (it is virtualized: rows come and go as the user scrolls), so
// what a screen reader hears is decided here, from consecutive states (logic/announcements.ts), once per change.
import { useEffect, useRef, useState } from 'preact/hooks';
import { announcementsBetween, type Politeness } from '../logic/announcements';
import type { ChatStore } from '../store';

interface Said {
  text: string;
  /** Bumped so that the same text said twice is a new node, which screen readers announce again. */
  serial: number;
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
  useEffect(() => {
    let previous = store.getState();
    return store.subscribe((state) => {
      const said = announcementsBetween(previous, state);
      previous = state;
      const politeText = said.filter((a) => a.politeness === 'polite').map((a) => a.text).join(' ');
      const assertiveText = said.filter((a) => a.politeness === 'assertive').map((a) => a.text).join(' ');
      if (politeText) setPolite({ text: politeText, serial: ++serial.current });
      if (assertiveText) setAssertive({ text: assertiveText, serial: ++serial.current });
    });
  }, [store]);
  return (
    <>
      <LiveRegion politeness="polite" said={polite} />
      <LiveRegion politeness="assertive" said={assertive} />
    </>
  );
}
