// Long tasks of the chat document's main thread, read from a Chromium trace (Chrome DevTools Protocol, Tracing
// domain on the browser session, so every process is traced whether or not the webview runs out of process).
//
// A trace window is bracketed by performance.mark() calls made in the chat document: the marks' trace events carry
// the pid/tid of the thread that runs the chat's script (its renderer main thread) and the trace clock, so no clock
// has to be converted. A task is one `ThreadControllerImpl::RunTask` slice (category `toplevel`) on that thread.
//
// Calibration: before the measured window, the chat document runs a deliberate CALIBRATION_MS busy task as an
// ordinary task of its own (setTimeout, not a CDP evaluation, which is no scheduler task). If the trace does not
// show a task at least that long around the calibration mark, the window's empty list proves nothing and the
// recorder says so (`calibrated: false`).

export const LONG_TASK_MS = 50;
export const CALIBRATION_MS = 80;
const CATEGORIES = ['toplevel', 'blink.user_timing', '__metadata'];
const TASK = 'ThreadControllerImpl::RunTask';

/** Starts a trace (of `extraCategories` too); `stop()` resolves with every event. One trace at a time per browser. */
export async function startTrace(browser, extraCategories = []) {
  const cdp = await browser.newBrowserCDPSession();
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: [...CATEGORIES, ...extraCategories], recordMode: 'recordContinuously' }, transferMode: 'ReportEvents' });
  return {
    async stop() {
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach().catch(() => {});
      return events;
    },
  };
}

/** Runs a CALIBRATION_MS busy task in `frame` as its own task, between two marks. */
export function runCalibrationTask(frame) {
  return frame.evaluate(
    (ms) =>
      new Promise((resolve) => {
        performance.mark('bench:calibration');
        setTimeout(() => {
          const start = performance.now();
          while (performance.now() - start < ms) {
            // a deliberate long task
          }
          resolve();
        }, 0);
      }),
    CALIBRATION_MS,
  );
}

export function mark(frame, name) {
  return frame.evaluate((markName) => performance.mark(markName), name);
}

/**
 * What the trace says about the window between the marks `bench:window-start` and `bench:window-end`:
 * `{ calibrated, calibrationMs, tasks: [ms of each task > LONG_TASK_MS], taskCpuMs: [their thread CPU ms], longestMs,
 * taskCount, busyMs (the tasks' time inside the window, summed), busyCpuMs (their thread CPU time, summed) }`.
 */
export function analyseTrace(events) {
  const marks = new Map(events.filter((e) => e.cat === 'blink.user_timing' && e.name.startsWith('bench:')).map((e) => [e.name, e]));
  const calibration = marks.get('bench:calibration');
  const start = marks.get('bench:window-start');
  const end = marks.get('bench:window-end');
  if (!calibration || !start || !end) throw new Error(`the trace lacks the chat document's marks (found: ${[...marks.keys()].join(', ') || 'none'})`);
  const onChatThread = (e) => e.ph === 'X' && e.name === TASK && e.pid === start.pid && e.tid === start.tid;
  const tasks = events.filter(onChatThread);
  const calibrationTask = tasks
    .filter((e) => e.ts >= calibration.ts && e.ts < start.ts)
    .reduce((longest, e) => Math.max(longest, e.dur / 1000), 0);
  const inWindow = tasks.filter((e) => e.ts + e.dur > start.ts && e.ts < end.ts);
  const long = inWindow.filter((e) => e.dur / 1000 > LONG_TASK_MS);
  return {
    calibrated: calibrationTask >= CALIBRATION_MS * 0.95,
    calibrationMs: calibrationTask,
    tasks: long.map((e) => e.dur / 1000),
    // The thread's own CPU time in each long task (`tdur`): far below the wall time when the thread was waiting
    // for a core (a busy machine), close to it when the task itself did that much work.
    taskCpuMs: long.map((e) => (e.tdur === undefined ? null : e.tdur / 1000)),
    longestMs: Math.max(0, ...inWindow.map((e) => e.dur / 1000)),
    taskCount: inWindow.length,
    busyMs: inWindow.reduce((sum, e) => sum + (Math.min(e.ts + e.dur, end.ts) - Math.max(e.ts, start.ts)) / 1000, 0),
    busyCpuMs: inWindow.reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0),
  };
}

/**
 * Traces `measured()` (which does the work to watch) on the chat document's main thread, after a calibration task;
 * resolves with `{ result: what measured() returned, ...analyseTrace }`.
 */
export async function traceLongTasks(browser, frame, measured) {
  const trace = await startTrace(browser);
  let result;
  try {
    await runCalibrationTask(frame);
    await mark(frame, 'bench:window-start');
    result = await measured();
    await mark(frame, 'bench:window-end');
  } catch (error) {
    await trace.stop().catch(() => {});
    throw error;
  }
  return { result, ...analyseTrace(await trace.stop()) };
}
