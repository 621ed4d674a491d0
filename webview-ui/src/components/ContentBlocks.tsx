// Content blocks as the chat draws them: text as markdown, images (raster data: URIs only), resource links that
// open through the host, embedded resources with their text folded away, and unknown types as JSON, folded.
import type { OpenContentBlock } from '../logic/contentText';
import { contentRuns, type ContentRun } from '../logic/contentRuns';
import { formatRawOutput } from '../logic/rawOutput';
import { ChatLink } from './ChatLink';
import { Disclosure } from './Disclosure';
import { Icon } from '../ui/Icon';
import { Markdown } from './Markdown';

interface ContentBlocksProps {
  blocks: readonly OpenContentBlock[];
  /** The last block may still grow. */
  streaming: boolean;
  /** Unique per entry (and item): keys the folded parts' open state. */
  idPrefix: string;
  /** Text keeps every line break (tool output). */
  breaks?: boolean;
}

function ResourceLinkView({ run }: { run: Extract<ContentRun, { kind: 'resourceLink' }> }) {
  return (
    <div class="content-resource-link" data-content-block="resource_link">
      <Icon name="link" />
      {run.linkable ? <ChatLink href={run.uri}>{run.label}</ChatLink> : <span title={run.uri}>{run.label}</span>}
      {run.description ? <span class="content-resource-link__description">{run.description}</span> : null}
    </div>
  );
}

function ResourceView({ run, id }: { run: Extract<ContentRun, { kind: 'resource' }>; id: string }) {
  const label = (
    <>
      <Icon name="file" />
      <span class="content-resource__uri">{run.uri || 'Embedded resource'}</span>
    </>
  );
  return (
    <Disclosure id={id} label={label} class="content-resource">
      {run.text !== undefined ? (
        <div class="mono-block">{formatRawOutput(run.text)}</div>
      ) : (
        <div class="block-label">
          {run.binaryBytes !== undefined ? `Binary data, ${run.binaryBytes} bytes` : 'No content'}
          {run.mimeType ? ` (${run.mimeType})` : ''}
        </div>
      )}
    </Disclosure>
  );
}

function RunView({ run, streaming, id, breaks }: { run: ContentRun; streaming: boolean; id: string; breaks: boolean }) {
  switch (run.kind) {
    case 'markdown':
      return <Markdown text={run.text} streaming={streaming} breaks={breaks} />;
    case 'image':
      return <img class="content-image" src={run.src} alt={`Image (${run.mimeType})`} data-content-block="image" />;
    case 'imageLabel':
      return <div class="block-label" data-content-block="image">[image: {run.mimeType}]</div>;
    case 'resourceLink':
      return <ResourceLinkView run={run} />;
    case 'resource':
      return <ResourceView run={run} id={id} />;
    case 'other':
      return (
        <Disclosure id={id} label={<span class="block-label">[{run.type}]</span>} class="content-other">
          <div class="mono-block">{formatRawOutput(run.json)}</div>
        </Disclosure>
      );
    default:
      return null;
  }
}

export function ContentBlocks({ blocks, streaming, idPrefix, breaks = false }: ContentBlocksProps) {
  const runs = contentRuns(blocks);
  return (
    <>
      {runs.map((run, i) => (
        <RunView key={i} run={run} streaming={streaming && i === runs.length - 1} id={`${idPrefix}:${i}`} breaks={breaks} />
      ))}
    </>
  );
}
