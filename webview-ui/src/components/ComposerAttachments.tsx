// What goes with the draft besides its text: a chip per @-mention still in the text and a thumbnail per image,
// each removable.
import type { MentionRef } from '../../../src/shared/protocol/composerProtocol';
import type { DraftImage } from '../composer/useDraft';
import { Icon } from '../ui/Icon';

interface ComposerAttachmentsProps {
  mentions: readonly MentionRef[];
  images: readonly DraftImage[];
  onRemoveMention(mention: MentionRef): void;
  onRemoveImage(id: string): void;
}

export function ComposerAttachments({ mentions, images, onRemoveMention, onRemoveImage }: ComposerAttachmentsProps) {
  if (mentions.length === 0 && images.length === 0) return null;
  return (
    <div class="attachments" role="list" aria-label="Attached to the message">
      {mentions.map((mention) => (
        <span key={`${mention.uri}#${mention.label}`} class="mention-chip" role="listitem" data-mention={mention.label} title={mention.uri}>
          <Icon name={mention.range ? 'list-selection' : 'file'} />
          <span class="mention-chip__label">{mention.label}</span>
          <button
            type="button"
            class="button button--icon mention-chip__remove"
            aria-label={`Remove ${mention.label}`}
            onClick={() => onRemoveMention(mention)}
          >
            <Icon name="close" />
          </button>
        </span>
      ))}
      {images.map((image) => (
        <span key={image.id} class="image-thumb" role="listitem" data-image={image.name ?? image.mimeType}>
          <img src={`data:${image.mimeType};base64,${image.data}`} alt={image.name ?? 'Pasted image'} />
          <button
            type="button"
            class="button button--icon image-thumb__remove"
            aria-label={`Remove image ${image.name ?? ''}`.trim()}
            onClick={() => onRemoveImage(image.id)}
          >
            <Icon name="close" />
          </button>
        </span>
      ))}
    </div>
  );
}
