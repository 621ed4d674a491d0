// Builds a session/prompt's ContentBlock[] from the composer's parts and the agent's prompt capabilities. Pure.
//
// Decisions (the spec: "Clients MUST restrict types of content according to the Prompt Capabilities"):
// - The text goes first, as typed (a slash command stays at its start; mention tokens like "@src/a.ts" stay in it).
// - Each mention follows, once, in the order of the text:
//     embeddedContext and the text is known -> {type:"resource", resource:{uri, text, mimeType?}}
//     otherwise                               -> {type:"resource_link", uri, name}
//   A mention of lines (a selection) has a `#L10-L20` fragment in its URI. Without embeddedContext its lines also
//   go as a text block (a fenced code block headed by the label), because a bare link would lose which lines the
//   user meant and what they read at the time of sending.
// - Images last, only with the `image` capability. Audio is not offered by the composer.
// `restrictToCapabilities` is the last guard for every prompt, whoever built it.
import type { ContentBlock, PromptCapabilities } from '../shared/acp';
import type { ImageAttachment, LineRange } from '../shared/protocol/composerProtocol';

export interface ResolvedMention {
  uri: string;
  label: string;
  range?: LineRange;
  /** The file's (or the lines') current text; undefined when it could not or should not be read. */
  text?: string;
  mimeType?: string;
}

export interface PromptInput {
  text: string;
  mentions: readonly ResolvedMention[];
  images: readonly ImageAttachment[];
}

export interface BuiltPrompt {
  blocks: ContentBlock[];
  /** What was left out because the agent does not accept it, in words for the user. */
  dropped: string[];
}

export function rangeFragment(range: LineRange): string {
  return range.start === range.end ? `#L${range.start}` : `#L${range.start}-L${range.end}`;
}

export function mentionUri(mention: { uri: string; range?: LineRange }): string {
  return mention.range ? `${mention.uri.replace(/#.*$/, '')}${rangeFragment(mention.range)}` : mention.uri;
}

/** A fence longer than any run of backticks in the text. */
function fenced(label: string, text: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${label}:\n${fence}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}`;
}

function mentionBlocks(mention: ResolvedMention, caps: PromptCapabilities | undefined): ContentBlock[] {
  const uri = mentionUri(mention);
  if (caps?.embeddedContext === true && mention.text !== undefined) {
    const resource = mention.mimeType ? { uri, text: mention.text, mimeType: mention.mimeType } : { uri, text: mention.text };
    return [{ type: 'resource', resource }];
  }
  const link: ContentBlock = { type: 'resource_link', uri, name: mention.label };
  if (mention.range && mention.text !== undefined) return [link, { type: 'text', text: fenced(mention.label, mention.text) }];
  return [link];
}

export function buildPromptContent(input: PromptInput, caps: PromptCapabilities | undefined): BuiltPrompt {
  const blocks: ContentBlock[] = [];
  const dropped: string[] = [];
  if (input.text.trim() !== '') blocks.push({ type: 'text', text: input.text });
  const seen = new Set<string>();
  for (const mention of input.mentions) {
    const key = mentionUri(mention);
    if (seen.has(key)) continue;
    seen.add(key);
    blocks.push(...mentionBlocks(mention, caps));
  }
  for (const image of input.images) {
    if (caps?.image === true) blocks.push({ type: 'image', data: image.data, mimeType: image.mimeType });
    else dropped.push(`image ${image.name ?? image.mimeType}`);
  }
  return { blocks, dropped };
}

function lastSegment(uri: string): string {
  const path = uri.replace(/[?#].*$/, '');
  const segment = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment) || uri;
  } catch {
    return segment || uri;
  }
}

/**
 * Drops (or, for embedded resources, turns into links) every block the capabilities exclude. Text and
 * resource_link are the baseline every agent accepts; unknown block types are dropped.
 */
export function restrictToCapabilities(blocks: readonly ContentBlock[], caps: PromptCapabilities | undefined): ContentBlock[] {
  const allowed: ContentBlock[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
      case 'resource_link':
        allowed.push(block);
        break;
      case 'image':
        if (caps?.image === true) allowed.push(block);
        break;
      case 'audio':
        if (caps?.audio === true) allowed.push(block);
        break;
      case 'resource':
        if (caps?.embeddedContext === true) allowed.push(block);
        else allowed.push({ type: 'resource_link', uri: block.resource.uri, name: lastSegment(block.resource.uri) });
        break;
      default:
        break;
    }
  }
  return allowed;
}

/** The agent's prompt capabilities from its `initialize` answer, read leniently (anything but `true` is false). */
export function promptCapabilitiesOf(initializeResponse: unknown): PromptCapabilities {
  const agent = (initializeResponse as { agentCapabilities?: unknown } | null | undefined)?.agentCapabilities;
  const prompt = (agent as { promptCapabilities?: unknown } | null | undefined)?.promptCapabilities;
  const flags = typeof prompt === 'object' && prompt !== null ? (prompt as Record<string, unknown>) : {};
  return { image: flags.image === true, audio: flags.audio === true, embeddedContext: flags.embeddedContext === true };
}
