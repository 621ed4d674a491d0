// Content blocks as plain text for this first panel (markdown comes later). Text blocks give their text; other
// block types give a short label, so nothing the agent sends is silently dropped.
import type { ContentBlock } from '../../../src/shared/acp';

/** A content block as it may arrive: a known variant, or an unknown `type` kept whole. */
export type OpenContentBlock = ContentBlock | { type: string; [key: string]: unknown };

export type BlockView = { kind: 'text'; text: string } | { kind: 'label'; text: string };

function stringField(block: OpenContentBlock, field: string): string | undefined {
  const value = (block as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function blockView(block: OpenContentBlock): BlockView {
  switch (block.type) {
    case 'text':
      return { kind: 'text', text: stringField(block, 'text') ?? '' };
    case 'image':
      return { kind: 'label', text: '[image]' };
    case 'audio':
      return { kind: 'label', text: '[audio]' };
    case 'resource_link':
      return { kind: 'label', text: `[${stringField(block, 'title') ?? stringField(block, 'name') ?? stringField(block, 'uri') ?? 'link'}]` };
    case 'resource': {
      const resource = (block as { resource?: { uri?: unknown } }).resource;
      return { kind: 'label', text: `[${typeof resource?.uri === 'string' ? resource.uri : 'resource'}]` };
    }
    default:
      return { kind: 'label', text: `[${String(block.type)}]` };
  }
}

/**
 * Consecutive text blocks joined into one run (streamed chunks arrive as many small blocks), labels kept apart.
 */
export function blockViews(blocks: readonly OpenContentBlock[]): BlockView[] {
  const views: BlockView[] = [];
  for (const block of blocks) {
    const view = blockView(block);
    const last = views[views.length - 1];
    if (view.kind === 'text' && last?.kind === 'text') views[views.length - 1] = { kind: 'text', text: last.text + view.text };
    else views.push(view);
  }
  return views;
}
