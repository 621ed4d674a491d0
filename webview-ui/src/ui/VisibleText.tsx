// Text the agent named, with its invisible and direction-changing characters shown as marked code points
// ("⟨U+202E⟩") instead of hiding text or reordering it (see src/shared/text/visibleText.ts). Isolated (<bdi>) so
// right-to-left letters in it do not reorder what stands around it.
import { hasHiddenChars, visibleRuns } from '../../../src/shared/text/visibleText';

export function VisibleText({ text }: { text: string }) {
  if (!hasHiddenChars(text)) return <bdi>{text}</bdi>;
  return (
    <bdi>
      {visibleRuns(text).map((run, i) =>
        run.kind === 'text' ? (
          run.text
        ) : (
          <span
            key={i}
            class={`hidden-char${run.bidi ? ' hidden-char--bidi' : ''}`}
            data-hidden-char={run.code}
            title={run.bidi ? `A direction-changing character (${run.code}), shown here instead of applied` : `An invisible character (${run.code})`}
          >
            {`⟨${run.code}⟩`}
          </span>
        ),
      )}
    </bdi>
  );
}
