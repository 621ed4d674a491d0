// Moving through a menu's items with the keyboard: arrows wrap around, Home and End jump to the ends. Pure.
import { moveActive } from './listNavigation';

/**
 * The index of the item to focus after `key`, or undefined when the key does not move. `at` is the item that has the
 * focus (or holds it: a row's own button), -1 when none does: then Down goes to the first item and Up to the last.
 */
export function menuKeyTarget(key: string, at: number, count: number): number | undefined {
  if (count <= 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return at < 0 ? 0 : moveActive(at, count, 1);
    case 'ArrowUp':
      return at < 0 ? count - 1 : moveActive(at, count, -1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
