// Slash commands in the composer: when a "/" starts the text and the caret is still in that first word, the agent's
// commands that fit are offered; completing one writes "/name " and shows the command's input hint. Pure.
import type { AvailableCommand } from '../../../src/shared/acp';

/** The typed part after "/" when the caret is inside a leading "/word"; undefined otherwise. */
export function slashQuery(text: string, caret: number): string | undefined {
  if (!text.startsWith('/') || caret < 1) return undefined;
  const typed = text.slice(1, caret);
  if (/\s/.test(typed)) return undefined;
  const rest = text.slice(caret);
  // The caret must be at the end of the word, not in the middle of "/wo|rd more".
  if (rest !== '' && !/^\s/.test(rest)) return undefined;
  return typed;
}

/** Commands whose name starts with the query first (in the agent's order), then those that contain it. */
export function matchCommands(commands: readonly AvailableCommand[], query: string): AvailableCommand[] {
  const wanted = query.toLowerCase();
  const prefix: AvailableCommand[] = [];
  const inside: AvailableCommand[] = [];
  for (const command of commands) {
    const name = command.name.toLowerCase();
    if (name.startsWith(wanted)) prefix.push(command);
    else if (wanted !== '' && name.includes(wanted)) inside.push(command);
  }
  return [...prefix, ...inside];
}

/** Replaces the leading "/word" with "/name " (keeping what follows) and puts the caret after it. */
export function completeCommand(text: string, name: string): { text: string; caret: number } {
  const rest = text.replace(/^\/\S*/, '').replace(/^[^\S\n]+/, '');
  const head = `/${name} `;
  return { text: head + rest, caret: head.length };
}

export interface CommandHint {
  /** The text the hint follows ("/name "), drawn invisibly so the hint lines up after it. */
  prefix: string;
  hint: string;
}

/** The command's input hint while the text is just "/name " (its argument not written yet). */
export function commandHint(text: string, commands: readonly AvailableCommand[]): CommandHint | undefined {
  const match = /^\/(\S+)(\s*)$/.exec(text);
  if (!match) return undefined;
  const command = commands.find((c) => c.name === match[1]);
  const hint = command?.input && typeof command.input === 'object' && 'hint' in command.input ? command.input.hint : undefined;
  if (typeof hint !== 'string' || hint.trim() === '') return undefined;
  return { prefix: match[2] === '' ? `${text} ` : text, hint };
}
