// Figures: what a case reports. Each has a median value; a figure measured against a floor also has the floor's
// median and the median of the per-round ratios; a budget applies to the ratio or to the value.
//
// { id, label, unit, value, floor?, ratio?, budget?: { max, on: 'ratio' | 'value' }, spread: { min, max, percent,
//   of: 'ratio' | 'value' }, rounds, note?, reason? (when not measured) }
import { median, spread } from './stats.mjs';

/** Subject and floor measured in the same rounds (arrays indexed by round). */
export function ratioFigure({ id, label, unit, subject, floor, budget, budgetOn = 'ratio', note }) {
  // A round whose floor is 0 (an event-loop delay that never was late) has no ratio.
  const perRound = subject.map((value, round) => value / floor[round]).filter(Number.isFinite);
  return {
    id, label, unit, note,
    value: median(subject),
    floor: median(floor),
    ratio: perRound.length > 0 ? median(perRound) : undefined,
    budget: budget === undefined ? undefined : { max: budget, on: budgetOn },
    spread: budgetOn === 'ratio' ? { ...spread(perRound), of: 'ratio' } : { ...spread(subject), of: 'value' },
    rounds: subject.length,
    samples: { subject, floor },
  };
}

/** A value with no floor (a size, a latency, a count); `budget` is its upper limit. */
export function valueFigure({ id, label, unit, samples, budget, note }) {
  return {
    id, label, unit, note,
    value: median(samples),
    budget: budget === undefined ? undefined : { max: budget, on: 'value' },
    spread: { ...spread(samples), of: 'value' },
    rounds: samples.length,
    samples: { subject: samples },
  };
}

export function notMeasured({ id, label, reason }) {
  return { id, label, reason, rounds: 0 };
}

/** 'ok', 'over', 'no budget' or 'not measured'. */
export function verdict(figure) {
  if (figure.reason !== undefined) return 'not measured';
  if (!figure.budget) return 'no budget';
  const measured = figure.budget.on === 'ratio' ? figure.ratio : figure.value;
  return measured <= figure.budget.max ? 'ok' : 'over';
}
