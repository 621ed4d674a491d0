// A fenced code block: highlighted when the language is one we bundle (and the code is not too long), with a
// copy button that hands the text to the host (VS Code's clipboard works in every webview).
import { useEffect, useState } from 'preact/hooks';
import { useHost } from '../hostContext';
import { highlightCode, type HlNode } from '../markdown/highlight';
import { Icon } from '../ui/Icon';

function HighlightedNodes({ nodes }: { nodes: readonly HlNode[] }) {
  return (
    <>
      {nodes.map((node, i) =>
        'text' in node ? (
          node.text
        ) : (
          <span key={i} class={node.classes}>
            <HighlightedNodes nodes={node.children} />
          </span>
        ),
      )}
    </>
  );
}

/** How long the copy button shows its check mark: a one-off timer after a click, nothing runs while idle. */
const COPIED_MS = 1500;

export function CodeBlock({ lang, text }: { lang: string; text: string }) {
  const host = useHost();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const tree = highlightCode(text, lang);
  return (
    <div class="code-block" data-code-lang={lang || undefined}>
      <div class="code-block__bar">
        <span class="code-block__lang">{lang || 'text'}</span>
        <button
          type="button"
          class="button button--icon code-block__copy"
          data-action="copy-code"
          aria-label={copied ? 'Copied' : 'Copy code'}
          title={copied ? 'Copied' : 'Copy code'}
          onClick={() => {
            host.post({ type: 'copyText', text });
            setCopied(true);
          }}
        >
          <Icon name={copied ? 'check' : 'copy'} />
        </button>
      </div>
      <pre class="code-block__pre">
        <code class={tree ? 'hljs' : undefined}>{tree ? <HighlightedNodes nodes={tree} /> : text}</code>
      </pre>
    </div>
  );
}
