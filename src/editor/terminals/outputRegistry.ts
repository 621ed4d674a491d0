// Where the chat view finds the terminals' output: the terminal service publishes its book here when the extension
// creates it (see createTerminalService), the chat view provider reads it. One per extension host. No `vscode` here.
import type { TerminalOutputSource } from './terminalBook';

let published: TerminalOutputSource | undefined;

/** Makes `source` the one live views read; the returned function withdraws it. */
export function publishTerminalOutputs(source: TerminalOutputSource): () => void {
  published = source;
  return () => {
    if (published === source) published = undefined;
  };
}

/** The published terminal outputs, or undefined when the client offers no terminals. */
export function terminalOutputs(): TerminalOutputSource | undefined {
  return published;
}
