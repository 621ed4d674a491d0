import * as assert from 'node:assert/strict';
import { RestartBudget } from '../../../src/acp/restartBudget';

describe('RestartBudget', () => {
  let now = 0;
  const clock = (): number => now;

  beforeEach(() => {
    now = 1_000_000;
  });

  it('allows 4 restarts in 3 minutes by default, then refuses', () => {
    const budget = new RestartBudget({ now: clock });
    assert.equal(budget.remaining(), 4);
    for (let i = 0; i < 4; i++) {
      assert.equal(budget.tryConsume(), true, `restart ${i + 1}`);
      now += 1000;
    }
    assert.equal(budget.remaining(), 0);
    assert.equal(budget.tryConsume(), false);
    assert.equal(budget.remaining(), 0, 'a refused restart takes nothing');
  });

  it('frees each restart 3 minutes after it was taken (sliding window)', () => {
    const budget = new RestartBudget({ now: clock });
    const start = now;
    for (const offset of [0, 60_000, 120_000, 170_000]) {
      now = start + offset;
      assert.equal(budget.tryConsume(), true);
    }
    now = start + 179_999;
    assert.equal(budget.tryConsume(), false);
    now = start + 180_000;
    assert.equal(budget.remaining(), 1);
    assert.equal(budget.tryConsume(), true);
    assert.equal(budget.tryConsume(), false);
    now = start + 240_000;
    assert.equal(budget.remaining(), 1);
    now = start + 359_999;
    assert.equal(budget.remaining(), 3, 'only the restart taken at 180 s is still in the window');
    now = start + 360_000;
    assert.equal(budget.remaining(), 4);
  });

  it('takes its limits from the options', () => {
    const budget = new RestartBudget({ maxRestarts: 1, windowMs: 10, now: clock });
    assert.equal(budget.tryConsume(), true);
    assert.equal(budget.tryConsume(), false);
    now += 10;
    assert.equal(budget.tryConsume(), true);
  });

  it('uses the real clock by default', () => {
    const budget = new RestartBudget();
    assert.equal(budget.tryConsume(), true);
    assert.equal(budget.remaining(), 3);
  });
});
