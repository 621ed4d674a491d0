// Runs in every child frame of the workbench page from the moment it is created (Playwright init script), so it
// is already watching when the chat webview's document is (re)built. It records, with the page's Date.now():
//   window.__benchProbe.stamps[iso]  when a chunk stamped "@@iso@@" first appeared in the DOM
//   window.__benchProbe.marks[text]  when each marker text (FLOOD-END, STREAM-END) first appeared
//   window.__benchProbe.createdAt    when this window was created
//   window.__benchProbe.rootAt       when its current root element appeared (the webview's HTML written into it)
// It only reads text of nodes the mutations added or changed. In the workbench's own top-level page it only records
// long tasks (> 50 ms) as window.__benchLongTasks: [start, duration] on the page clock (a cross-check of the trace
// in longTasks.mjs: Chromium reports there the tasks of same-origin frames in its renderer, the chat's included).
export function installProbe({ stampPattern, markPattern }) {
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
  const probe = { createdAt: Date.now(), stamps: {}, marks: {}, attached: 0 };
  window.__benchProbe = probe;
  const look = (text, now) => {
    if (!text) return;
    if (text.includes('@@')) {
      for (const match of text.matchAll(pattern)) probe.stamps[match[1] + match[2]] ??= now;
    }
    if (text.includes('-END')) {
      for (const match of text.matchAll(markers)) probe.marks[match[0]] ??= now;
    }
  };
  const observer = new MutationObserver((records) => {
    const now = Date.now();
    for (const record of records) {
      if (record.type === 'characterData') look(record.target.data, now);
      else for (const node of record.addedNodes) look(node.textContent, now);
    }
  });
  // The webview host fills this frame with document.open()/write(), which drops observers registered before it
  // (in Chromium). So the probe re-attaches whenever the root element changed; a cheap check, 4 times a frame.
  let root;
  const attach = () => {
    if (document.documentElement === root || !document.documentElement) return;
    root = document.documentElement;
    observer.disconnect();
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    probe.attached++;
    probe.rootAt = Date.now();
    look(root.textContent, Date.now());
  };
  attach();
  setInterval(attach, 4);
}
