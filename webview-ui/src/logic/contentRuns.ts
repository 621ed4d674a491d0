// Content blocks (of a message, a thought or a tool call) grouped for drawing: consecutive text blocks become one
// markdown text (streamed chunks arrive as many small blocks); images, links, embedded resources and unknown
// types stand alone, each reduced to what its view needs. Pure.
import { SAFE_IMAGE_MIME_TYPES, classifyLink, isSafeImageSource } from '../../../src/shared/text/links';
import type { OpenContentBlock } from './contentText';

export type ContentRun =
  | { kind: 'markdown'; text: string }
  | { kind: 'image'; src: string; mimeType: string }
  /** An image we do not show (not a raster data: image). */
  | { kind: 'imageLabel'; mimeType: string }
  | { kind: 'resourceLink'; label: string; uri: string; linkable: boolean; description?: string }
  | { kind: 'resource'; uri: string; text?: string; binaryBytes?: number; mimeType?: string }
  | { kind: 'other'; type: string; json: string };

function field(block: OpenContentBlock, name: string): unknown {
  return (block as Record<string, unknown>)[name];
}

function stringField(block: OpenContentBlock, name: string): string | undefined {
  const value = field(block, name);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function imageRun(block: OpenContentBlock): ContentRun {
  const mimeType = (stringField(block, 'mimeType') ?? '').toLowerCase();
  const data = stringField(block, 'data');
  if (data && SAFE_IMAGE_MIME_TYPES.has(mimeType)) {
    const src = `data:${mimeType};base64,${data.replace(/\s+/g, '')}`;
    if (isSafeImageSource(src)) return { kind: 'image', src, mimeType };
  }
  return { kind: 'imageLabel', mimeType: mimeType || 'unknown type' };
}

function resourceLinkRun(block: OpenContentBlock): ContentRun {
  const uri = stringField(block, 'uri') ?? '';
  const label = stringField(block, 'title') ?? stringField(block, 'name') ?? uri;
  const description = stringField(block, 'description');
  return { kind: 'resourceLink', label, uri, linkable: classifyLink(uri) !== undefined, ...(description ? { description } : {}) };
}

function resourceRun(block: OpenContentBlock): ContentRun {
  const resource = field(block, 'resource');
  if (typeof resource !== 'object' || resource === null) return { kind: 'other', type: 'resource', json: jsonText(block) };
  const r = resource as Record<string, unknown>;
  const uri = typeof r.uri === 'string' ? r.uri : '';
  const mimeType = typeof r.mimeType === 'string' ? r.mimeType : undefined;
  const run: ContentRun = { kind: 'resource', uri, ...(mimeType ? { mimeType } : {}) };
  if (typeof r.text === 'string') return { ...run, text: r.text };
  // base64: 4 characters carry 3 bytes.
  if (typeof r.blob === 'string') return { ...run, binaryBytes: Math.floor((r.blob.replace(/=+$/, '').length * 3) / 4) };
  return run;
}

export function contentRuns(blocks: readonly OpenContentBlock[]): ContentRun[] {
  const runs: ContentRun[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text': {
        const text = typeof field(block, 'text') === 'string' ? (field(block, 'text') as string) : '';
        const last = runs[runs.length - 1];
        if (last?.kind === 'markdown') runs[runs.length - 1] = { kind: 'markdown', text: last.text + text };
        else runs.push({ kind: 'markdown', text });
        break;
      }
      case 'image':
        runs.push(imageRun(block));
        break;
      case 'resource_link':
        runs.push(resourceLinkRun(block));
        break;
      case 'resource':
        runs.push(resourceRun(block));
        break;
      default:
        runs.push({ kind: 'other', type: String(block.type), json: jsonText(block) });
    }
  }
  return runs;
}
