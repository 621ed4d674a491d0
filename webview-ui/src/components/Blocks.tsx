// Content blocks as plain text (line breaks kept by CSS). Everything is a text node: Preact escapes it.
import type { OpenContentBlock } from '../logic/contentText';
import { blockViews } from '../logic/contentText';

interface BlocksProps {
  blocks: readonly OpenContentBlock[];
}

export function Blocks({ blocks }: BlocksProps) {
  return (
    <>
      {blockViews(blocks).map((view, i) =>
        view.kind === 'text' ? (
          <div key={i} class="text-block">
            {view.text}
          </div>
        ) : (
          <div key={i} class="block-label">
            {view.text}
          </div>
        ),
      )}
    </>
  );
}
