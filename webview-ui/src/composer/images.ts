// Images pasted or dropped into the composer: which are taken (only when the agent accepts images; known types;
// at most 10 MB each and 10 in all) and their base64 from a data URL. Pure.
import { IMAGE_MIME_TYPES, PROMPT_LIMITS } from '../../../src/shared/protocol/composerProtocol';

export interface ImageCandidate {
  type: string;
  size: number;
  name: string;
}

/** Why the image is not taken, in words for the user; undefined when it is. */
export function imageRejection(file: ImageCandidate, acceptsImages: boolean, attached: number): string | undefined {
  if (!acceptsImages) return 'This agent does not accept images.';
  if (!IMAGE_MIME_TYPES.includes(file.type)) return `${file.name || 'This file'} is not a PNG, JPEG, GIF or WebP image.`;
  if (file.size > PROMPT_LIMITS.imageBytes) return `${file.name || 'The image'} is larger than 10 MB.`;
  if (attached >= PROMPT_LIMITS.images) return `At most ${PROMPT_LIMITS.images} images go with one message.`;
  return undefined;
}

/** The base64 payload of a `data:<type>;base64,<data>` URL; undefined for anything else. */
export function base64OfDataUrl(url: string): string | undefined {
  const match = /^data:[^;,]+;base64,([A-Za-z0-9+/]*={0,2})$/.exec(url);
  return match ? match[1] : undefined;
}

/** True when a drag carries files (the only thing the composer takes from a drop). */
export function carriesFiles(types: readonly string[]): boolean {
  return types.includes('Files');
}
