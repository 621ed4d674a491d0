// A sent user message as composer parts again ("Edit" of a failed message): its text, its images, and the files it
// mentioned (resource links and embedded resources with a file URI) as mentions. Pure.
import type { ContentBlock } from '../../../src/shared/acp';
import type { ImageAttachment, MentionRef, PromptParts } from '../../../src/shared/protocol/composerProtocol';
import { IMAGE_MIME_TYPES } from '../../../src/shared/protocol/composerProtocol';

function fileMention(uri: unknown, name: unknown): MentionRef | undefined {
  if (typeof uri !== 'string' || !uri.startsWith('file://')) return undefined;
  const path = uri.replace(/#.*$/, '');
  const label = typeof name === 'string' && name.trim() !== '' ? name : decodeURIComponent(path.split('/').pop() ?? '');
  return label && !/[\r\n]/.test(label) ? { uri: path, label } : undefined;
}

export function promptPartsOfEntry(content: readonly ContentBlock[]): PromptParts {
  const texts: string[] = [];
  const mentions: MentionRef[] = [];
  const images: ImageAttachment[] = [];
  for (const block of content) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'image' && IMAGE_MIME_TYPES.includes(block.mimeType) && block.data) images.push({ mimeType: block.mimeType, data: block.data });
    else if (block.type === 'resource_link') {
      const mention = fileMention(block.uri, block.name);
      if (mention) mentions.push(mention);
    } else if (block.type === 'resource') {
      const mention = fileMention(block.resource.uri, undefined);
      if (mention) mentions.push(mention);
    }
  }
  // The composer keeps the mentions whose "@label" is still in the text.
  return { text: texts.join(''), mentions, images };
}
