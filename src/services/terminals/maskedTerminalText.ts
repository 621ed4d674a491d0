// A terminal's output as the chat view draws it: every secret masked by the chat's own rules (secretText.ts, the same
// ones as the transcript's entries in chat/view/maskedView.ts), so an agent that runs `printenv` does not put its key on
// a shared screen. The view appends each post to its text, or replaces its text with a post marked `replace`
// (terminalPosts.ts). A MaskedStream over the raw text since the view's text was last replaced masks each post, so a
// secret split across posts is never drawn whole: the chunk that completes it either only appends (its beginning was
// not drawn yet, or was drawn masked) or changes what the view already drew, and then the caller replaces the view's
// text (rare). Only the raw text after the stream's cut is kept (the longest secret and some, plus the newest chunk):
// a post costs its chunk and the longest secret, however long the terminal runs. What the agent reads
// (terminal/output) and the VS Code terminal keep the real bytes. Pure: no `vscode`.
import { MaskedStream, type MaskedGrowth } from '../../shared/text/maskedStream';
import type { SecretRules } from '../../shared/text/secretText';

export class MaskedTerminalText {
  private readonly stream: MaskedStream;
  /** The raw text from about `rules.reach` characters before the stream's cut on (what a later chunk may complete). */
  private raw = '';

  private constructor(readonly rules: SecretRules) {
    this.stream = new MaskedStream(rules);
  }

  /** The view's text becomes `shown` (raw): the masked text it gets instead, and the mask for what follows. */
  static start(rules: SecretRules, shown: string): { mask: MaskedTerminalText; text: string } {
    const mask = new MaskedTerminalText(rules);
    // A stream's first growth appends to nothing: its text is the whole masked text.
    return { mask, text: mask.add(shown).text };
  }

  /**
   * `chunk` arrived after what the view has: the masked text the view appends, or undefined when the chunk completed
   * a secret whose beginning the view already drew (the view's text must be replaced, masked again).
   */
  append(chunk: string): string | undefined {
    if (chunk === '') return '';
    const growth = this.add(chunk);
    return growth.kind === 'append' ? growth.text : undefined;
  }

  private add(chunk: string): MaskedGrowth {
    this.raw += chunk;
    const growth = this.stream.grow(this.raw);
    const settled = this.stream.settle();
    if (settled > 0) this.raw = this.raw.slice(settled);
    return growth;
  }
}
