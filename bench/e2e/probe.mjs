// Runs in every child frame of the workbench page from the moment it is created (Playwright init script), so it
// is already watching when the chat webview's document is (re)built. It records, with the page's Date.now():
//   window.__benchProbe.stamps[iso]  when a chunk stamped "@@iso@@" first appeared in the DOM
//   window.__benchProbe.marks[text]  when each marker text (FLOOD-END, STREAM-END) first appeared
//   window.__benchProbe.createdAt    when this window was created
//   window.__benchProbe.rootAt       when its current root element appeared (the webview's HTML written into it)
//   window.__benchProbe.onScreen[text] [[time, boolean], …]: each time the element showing that marker text came into
//                                    the viewport (true) or left it (false), from an IntersectionObserver on it
//   window.__benchProbe.resizes      [[time, width, height], …]: the window's resize events (the workbench sizes a
//                                    hidden webview to 0 × 0 and gives it its size back when it is shown)
//   window.__benchProbe.posted       with `countMessages`: characters of every message event the document received,
//                                    as JSON.stringify(event.data).length (what its host posted to it), and
//   window.__benchProbe.messages     how many
//   window.__benchProbe.received[iso] with `countMessages`: when a message carrying the stamp "@@iso@@" first arrived
//                                    (what of a stamp's latency is the host's and the way to the page, and what the
//                                    page's own, until the stamp is in the DOM)
// It only reads text of nodes the mutations added or changed. In the workbench's own top-level page it only records
// long tasks (> 50 ms) as window.__benchLongTasks: [start, duration] on the page clock (a cross-check of the trace
// in longTasks.mjs: Chromium reports there the tasks of same-origin frames in its renderer, the chat's included).
export function installProbe({ stampPattern, markPattern, countMessages = false }) {
  if (window.top === window) {
    // The chat webview is same-origin with the workbench page here (code-server serves both) and shares its
    // renderer; Chromium tells the top-level page of long tasks its frames run. Tasks run through CDP
    // (Runtime.evaluate) are no scheduler tasks and are never reported.
    const longTasks = [];
    window.__benchLongTasks = longTasks;
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push([performance.timeOrigin + entry.startTime, entry.duration]);
      }).observe({ type: 'longtask' });
    } catch {
      window.__benchLongTasks = null;
    }
    return;
  }
  const pattern = new RegExp(stampPattern, 'g');
  const markers = new RegExp(markPattern, 'g');
  const probe = { createdAt: Date.now(), stamps: {}, marks: {}, onScreen: {}, resizes: [], attached: 0, posted: 0, messages: 0, received: {} };
  window.__benchProbe = probe;
  // The innermost element showing `mark` inside `node` (which just came into the DOM or changed).
  const elementShowing = (node, mark) => {
    if (node.nodeType === Node.TEXT_NODE) return node.parentElement;
    const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) if (text.data.includes(mark)) return text.parentElement;
    return node.nodeType === Node.ELEMENT_NODE ? node : null;
  };
  // Callbacks come after the rendering step that laid the element out in (or out of) the viewport: the frame in
  // which it is painted there.
  const markOf = new Map();
  const screen = new IntersectionObserver((entries) => {
    const now = Date.now();
    for (const entry of entries) {
      const changes = probe.onScreen[markOf.get(entry.target)];
      if (changes.at(-1)?.[1] !== entry.isIntersecting) changes.push([now, entry.isIntersecting]);
    }
  });
  const watch = (mark, node) => {
    const element = elementShowing(node, mark);
    if (!element) return;
    probe.onScreen[mark] = [];
    markOf.set(element, mark);
    screen.observe(element);
  };
  const look = (node, text, now) => {
    if (!text) return;
    if (text.includes('@@')) {
      for (const match of text.matchAll(pattern)) probe.stamps[match[1] + match[2]] ??= now;
    }
    if (text.includes('-END')) {
      for (const [mark] of text.matchAll(markers)) {
        if (probe.marks[mark] !== undefined) continue;
        probe.marks[mark] = now;
        watch(mark, node);
      }
    }
  };
  const observer = new MutationObserver((records) => {
    const now = Date.now();
    for (const record of records) {
      if (record.type === 'characterData') look(record.target, record.target.data, now);
      else for (const node of record.addedNodes) look(node, node.textContent, now);
    }
  });
  const resized = () => probe.resizes.push([Date.now(), window.innerWidth, window.innerHeight]);
  const received = (event) => {
    const now = Date.now();
    const json = JSON.stringify(event.data) ?? '';
    probe.posted += json.length;
    if (json.includes('@@')) for (const match of json.matchAll(pattern)) probe.received[match[1] + match[2]] ??= now;
    probe.messages++;
  };
  // The webview host fills this frame with document.open()/write(), which drops observers registered before it
  // (in Chromium). So the probe re-attaches whenever the root element changed; a cheap check, 4 times a frame, for as
  // long as a document may still be written: it stops 30 s after the last change (the host writes a frame's document
  // once; a new document comes in a new frame, with a probe of its own), or when told (`stopPolling`, before the idle
  // figures are taken), so that a window at rest is not kept busy by its probe.
  let root;
  const attach = () => {
    if (document.documentElement === root || !document.documentElement) return;
    root = document.documentElement;
    observer.disconnect();
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    // document.open() also drops the window's listeners; adding the same listener again is a no-op otherwise.
    window.addEventListener('resize', resized);
    if (countMessages) window.addEventListener('message', received);
    probe.attached++;
    probe.rootAt = Date.now();
    look(root, root.textContent, Date.now());
  };
  attach();
  const polling = setInterval(() => {
    attach();
    if (Date.now() - probe.rootAt > 30_000) clearInterval(polling); // a literal: this function runs in the page
  }, 4);
  // Before an idle measurement: no more polling in this frame (its document is written by then).
  probe.stopPolling = () => clearInterval(polling);
}
