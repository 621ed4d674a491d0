import assert from 'node:assert/strict';
import { followTarget, isAtBottom, isOwnScroll, judgeScroll, maxScrollTop, meansScrolling, olderToRequest, type ListInput, type OlderRequest, type ScrollEvent } from '../../../../webview-ui/src/logic/scrollFollow';

describe('following the end of a scrolling list', () => {
  const metrics = (scrollTop: number, scrollHeight = 2000, clientHeight = 500) => ({ scrollTop, scrollHeight, clientHeight });

  it('knows the bottom, within a slack', () => {
    assert.equal(maxScrollTop(metrics(0)), 1500);
    assert.equal(maxScrollTop(metrics(0, 300)), 0, 'content shorter than the viewport');
    assert.equal(isAtBottom(metrics(1500), 24), true);
    assert.equal(isAtBottom(metrics(1476), 24), true);
    assert.equal(isAtBottom(metrics(1475), 24), false);
    assert.equal(isAtBottom(metrics(0, 300), 24), true, 'nothing to scroll: at the bottom');
  });

  it('following: the end of the grown content; nothing to write when already there', () => {
    assert.equal(followTarget({ stuck: true, anchoredTop: undefined }, metrics(1400)), 1500);
    assert.equal(followTarget({ stuck: true, anchoredTop: 200 }, metrics(1400)), 1500, 'following wins over an anchor');
    assert.equal(followTarget({ stuck: true, anchoredTop: undefined }, metrics(1500)), undefined);
    assert.equal(followTarget({ stuck: true, anchoredTop: undefined }, metrics(1499.5)), undefined, 'sub-pixel rounding is no move');
  });

  it('reading above: the anchor where it was, clamped to what can scroll; no anchor, no move', () => {
    assert.equal(followTarget({ stuck: false, anchoredTop: 640 }, metrics(600)), 640, 'heights above the anchor grew by 40');
    assert.equal(followTarget({ stuck: false, anchoredTop: 640 }, metrics(640)), undefined);
    assert.equal(followTarget({ stuck: false, anchoredTop: 5000 }, metrics(600)), 1500);
    assert.equal(followTarget({ stuck: false, anchoredTop: -20 }, metrics(600)), 0);
    assert.equal(followTarget({ stuck: false, anchoredTop: undefined }, metrics(600)), undefined);
  });

  it('tells its own scroll events from the others', () => {
    assert.equal(isOwnScroll(1500, 1500), true);
    assert.equal(isOwnScroll(1500.4, 1500), true);
    assert.equal(isOwnScroll(1400, 1500), false);
    assert.equal(isOwnScroll(1500, undefined), false);
  });

  describe('a scroll event it did not cause', () => {
    const event = (patch: Partial<ScrollEvent>): ScrollEvent => ({
      stuck: true,
      atBottom: false,
      userIntent: false,
      movedUpPx: 4,
      viewportHeight: 500,
      extentChanged: true,
      ...patch,
    });

    it('at the end: follow, whoever scrolled', () => {
      assert.equal(judgeScroll(event({ atBottom: true })), 'follow');
      assert.equal(judgeScroll(event({ atBottom: true, stuck: false, userIntent: true })), 'follow');
    });

    it('a little above the end with nobody scrolling (a clamp seen after newer content grew): follow on', () => {
      assert.equal(judgeScroll(event({})), 'refollow');
      assert.equal(judgeScroll(event({ movedUpPx: 500 })), 'refollow');
    });

    it('the user wheeled, pressed a key or touched: they left the end, however little', () => {
      assert.equal(judgeScroll(event({ userIntent: true })), 'leave');
      assert.equal(judgeScroll(event({ userIntent: true, movedUpPx: 30 })), 'leave');
    });

    it('a jump of more than a viewport is never a clamp (a script, find in page)', () => {
      assert.equal(judgeScroll(event({ movedUpPx: 501 })), 'leave');
    });

    it('nothing changed size since the list settled: an element was scrolled into view (a focus, a click), not a clamp', () => {
      assert.equal(judgeScroll(event({ extentChanged: false })), 'leave');
      assert.equal(judgeScroll(event({ extentChanged: false, movedUpPx: 1 })), 'leave', 'however little');
      assert.equal(judgeScroll(event({ extentChanged: false, atBottom: true })), 'follow', 'at the end it follows');
    });

    it('not following: any position away from the end stays where it is', () => {
      assert.equal(judgeScroll(event({ stuck: false })), 'leave');
    });
  });

  describe("which of the user's inputs mean scrolling", () => {
    const input = (patch: Partial<ListInput>): ListInput => ({ type: 'keydown', onList: false, onButton: false, ...patch });

    it('a wheel up does, a wheel down (towards the end) does not', () => {
      assert.equal(meansScrolling(input({ type: 'wheel', deltaY: -40 })), true);
      assert.equal(meansScrolling(input({ type: 'wheel', deltaY: 40 })), false);
    });

    it('a pointer on the list itself (its scrollbar) does, a click on a row does not', () => {
      assert.equal(meansScrolling(input({ type: 'pointerdown', onList: true })), true);
      assert.equal(meansScrolling(input({ type: 'pointerdown', onButton: true })), false, "a card's header");
      assert.equal(meansScrolling(input({ type: 'pointerdown' })), false, 'text in a row');
    });

    it('keys do, except Enter and Space working a button', () => {
      assert.equal(meansScrolling(input({ key: 'PageUp' })), true);
      assert.equal(meansScrolling(input({ key: 'ArrowUp', onButton: true })), true);
      assert.equal(meansScrolling(input({ key: ' ', onList: true })), true, 'Space on the list scrolls it');
      assert.equal(meansScrolling(input({ key: 'Enter', onButton: true })), false);
      assert.equal(meansScrolling(input({ key: ' ', onButton: true })), false);
    });

    it('a touch does (it pans)', () => {
      assert.equal(meansScrolling(input({ type: 'touchstart' })), true);
    });
  });

  describe('asking for older entries', () => {
    const request = (patch: Partial<OlderRequest>): OlderRequest => ({
      listScrollTop: 100,
      thresholdPx: 600,
      windowAtStart: true,
      olderAvailable: true,
      firstKey: 'e10',
      requestedBefore: undefined,
      ...patch,
    });

    it('near the top, with older entries on the host: before the first entry held', () => {
      assert.equal(olderToRequest(request({})), 'e10');
    });

    it('not twice for the same first entry, not when far from the top, not when none are left', () => {
      assert.equal(olderToRequest(request({ requestedBefore: 'e10' })), undefined);
      assert.equal(olderToRequest(request({ requestedBefore: 'e20' })), 'e10', 'a new page came: ask again');
      assert.equal(olderToRequest(request({ listScrollTop: 601 })), undefined);
      assert.equal(olderToRequest(request({ windowAtStart: false })), undefined);
      assert.equal(olderToRequest(request({ olderAvailable: false })), undefined);
      assert.equal(olderToRequest(request({ firstKey: undefined })), undefined);
    });
  });
});
