// Forced layouts (and style recalculations) caused by the chat's own script, from a Chromium trace: a `Layout` or
// `UpdateLayoutTree` event that carries a JavaScript stack is one a script forced by reading layout (scrollHeight,
// offsetTop, getBoundingClientRect...) while the page had changes not laid out yet. Layout the browser does on its
// own, once per frame, has no stack. Only stacks in our webview bundle (dist/webview.js) count: the workbench that
// shares the renderer forces layouts of its own.
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'blink.user_timing', '__metadata'];
const FORCED = new Set(['Layout', 'UpdateLayoutTree']);

/** Starts a browser-wide trace; `stop()` resolves with the forced layouts between the page's marks `start`/`end`. */
export async function traceForcedLayouts(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordContinuously' }, transferMode: 'ReportEvents' });
  return {
    /** @returns {Promise<{ forced: { name: string, ms: number, fn: string }[], layouts: number }>} */
    async stop(startMark, endMark) {
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach().catch(() => {});
      const start = events.find((e) => e.name === startMark);
      const end = events.find((e) => e.name === endMark);
      if (!start || !end) throw new Error(`the trace lacks the marks ${startMark} / ${endMark}`);
      const inWindow = events.filter((e) => e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts && e.ts <= end.ts && FORCED.has(e.name));
      const ours = (e) => (e.args?.beginData?.stackTrace ?? []).find((frame) => /\/webview\.js(\?|$)/.test(frame.url ?? ''));
      const forced = inWindow
        .filter((e) => ours(e))
        .map((e) => ({ name: e.name, ms: (e.dur ?? 0) / 1000, fn: ours(e).functionName || '(anonymous)' }));
      return { forced, layouts: inWindow.filter((e) => e.name === 'Layout').length };
    },
  };
}
